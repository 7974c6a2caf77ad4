/**
 * The add/edit division form (spec 01 §2.6 admin-division): type, name, code, parent (zone of a circle, circle of a
 * ward, from the API) and the polygon drawn on the map or typed as GeoJSON, with sibling divisions as context.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { ADMIN_DIVISION_TYPES, type AdminDivision, type AdminDivisionType } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormTextField,
  useFieldError,
} from '@/components/form';
import { GeometryField } from '@/components/map';
import { createDivision, divisionKeys, updateDivision } from './api/admin-divisions';
import {
  DIVISION_FORM_FIELDS,
  divisionFormSchema,
  emptyDivisionForm,
  serverFieldMap,
  toDivisionBody,
  toFormValues,
  type DivisionFormOutput,
  type DivisionFormValues,
} from './division-form';
import { useDivisionMessages } from './form-parts';
import { ParentFields } from './ParentFields';
import { useDivisionContext } from './use-division-context';

export const DIVISION_LIST_PATH = '/management/admin-division';

export interface AdminDivisionFormProps {
  division?: AdminDivision | undefined;
  /** Type preselected when adding (from the list's type filter). */
  initialType?: AdminDivisionType | undefined;
}

export function AdminDivisionForm({ division, initialType }: AdminDivisionFormProps) {
  const { t } = useTranslation('divisions');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = useDivisionMessages();
  const form = useForm<DivisionFormValues, unknown, DivisionFormOutput>({
    resolver: zodResolver(divisionFormSchema),
    defaultValues: division ? toFormValues(division) : emptyDivisionForm(initialType),
  });
  const { handleSubmit, formState, setError, setValue } = form;
  const control = form.control as unknown as Control<DivisionFormValues>;
  const [type, zoneId, circleId] = useWatch({ control, name: ['type', 'zoneId', 'circleId'] });
  const context = useDivisionContext({ type, zoneId, circleId, selfId: division?.id });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toDivisionBody(values);
      if (division) {
        const { type: _type, ...update } = body;
        await updateDivision(division.id, update);
      } else await createDivision(body);
      await queryClient.invalidateQueries({ queryKey: divisionKeys.all });
      enqueueSnackbar(division ? t('adminDivision.form.updated') : t('adminDivision.form.created'), {
        variant: 'success',
      });
      void navigate(DIVISION_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        DIVISION_FORM_FIELDS,
        serverFieldMap(values.type, error),
      );
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name="type"
              select
              required
              disabled={division !== undefined}
              label={t('adminDivision.fields.type')}
              helperText={division ? t('adminDivision.form.typeFixed') : undefined}
            >
              {ADMIN_DIVISION_TYPES.map((v) => (
                <MenuItem key={v} value={v}>
                  {t(`adminDivision.types.${v}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormTextField control={control} name="name" required label={t('adminDivision.fields.name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <FormTextField control={control} name="code" label={t('adminDivision.fields.code')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ParentFields control={control} setValue={setValue} selfId={division?.id} />
          </Grid>
          <Grid size={12} sx={{ mt: 2 }}>
            <Controller
              control={control}
              name="geometry"
              render={({ field, fieldState }) => (
                <GeometryFieldWithMessage
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  context={context}
                  label={t('adminDivision.fields.geometry')}
                />
              )}
            />
          </Grid>
        </Grid>
        <FormActions
          cancelTo={DIVISION_LIST_PATH}
          submitting={formState.isSubmitting}
          submitLabel={division ? t('common.save') : t('adminDivision.form.add')}
        />
      </Box>
    </FieldMessages>
  );
}

type GeometryValue = DivisionFormValues['geometry'];

/** The polygon field with its message translated like the other fields' (contract → i18n key). */
function GeometryFieldWithMessage(props: {
  value: GeometryValue;
  onChange: (value: GeometryValue) => void;
  error: string | undefined;
  context: ReturnType<typeof useDivisionContext>;
  label: string;
}) {
  const { t } = useTranslation('divisions');
  const errorText = useFieldError()(props.error);
  return (
    <>
      <GeometryField
        kind="area"
        label={props.label}
        value={props.value}
        onChange={(g) => props.onChange(g && g.type !== 'Point' && g.type !== 'LineString' ? g : null)}
        error={errorText}
        context={props.context}
      />
      {props.value?.type === 'MultiPolygon' && (
        <Box component="p" sx={{ typography: 'caption', color: 'text.secondary', mt: 0.5, mb: 0 }}>
          {t('adminDivision.form.multiPolygonHint')}
        </Box>
      )}
    </>
  );
}
