/**
 * The add/edit POI form (spec 01 §2.6 POI): name, kind, location (latitude, longitude, catch radius), address, ward.
 * The location section takes a picker (`renderLocationPicker`, e.g. a map later) that reads and sets the same fields
 * the typed coordinates use; without one the coordinates are typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { POI_KINDS, type Poi, type PoiInput } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { useSession } from '@/session';
import { createPoi, listWards, poiKeys, updatePoi } from './api/pois';
import {
  EMPTY_POI_FORM,
  POI_FORM_FIELDS,
  POI_LIST_PATH,
  poiFormSchema,
  toFormValues,
  usePoiMessages,
  type PoiFormValues,
} from './poi-form';

/** What a location picker gets: the typed point (null while not a number) and a setter for a picked one. */
export interface PoiLocationPickerProps {
  lat: number | null;
  lon: number | null;
  radiusM: number | null;
  onPick: (point: { lat: number; lon: number }) => void;
}

interface PoiFormProps {
  poi?: Poi | undefined;
  /** The location slot: a map picker goes here; the typed fields below stay the source of truth. */
  renderLocationPicker?: (props: PoiLocationPickerProps) => ReactNode;
}

const toNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

export function PoiForm({ poi, renderLocationPicker }: PoiFormProps) {
  const { t } = useTranslation('poi');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  // Opening the edit screen needs only the module; saving needs the action (the server checks it too).
  const canSave = poi ? can('poi', 'edit-poi-result-table') : can('poi', 'add-poi');
  const messages = usePoiMessages();
  const schema = useMemo(() => poiFormSchema(), []);
  const organisationId = poi?.organisationId ?? user?.organisation.id;
  const wards = useQuery({
    queryKey: ['admin-divisions', 'WARD', organisationId],
    queryFn: () => listWards(organisationId),
    enabled: can('admin-division'),
  });
  const form = useForm<PoiFormValues, unknown, PoiInput>({
    resolver: zodResolver(schema),
    defaultValues: poi ? toFormValues(poi) : EMPTY_POI_FORM,
  });
  const { handleSubmit, formState, setError, setValue } = form;
  const control = form.control as unknown as Control<PoiFormValues>;
  const [lat = '', lon = '', radiusM = ''] = useWatch({ control, name: ['lat', 'lon', 'radiusM'] });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (poi) await updatePoi(poi.id, values);
      else await createPoi(values);
      await queryClient.invalidateQueries({ queryKey: poiKeys.all });
      enqueueSnackbar(poi ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(POI_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, POI_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const onPick = (point: { lat: number; lon: number }) => {
    setValue('lat', point.lat.toFixed(6), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('lon', point.lon.toFixed(6), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const half = { xs: 12, sm: 6 } as const;
  const third = { xs: 12, sm: 4 } as const;
  const decimal = { htmlInput: { inputMode: 'decimal' } } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="name" label={t('fields.name')} required />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="kind" select label={t('fields.kind')} required>
              {POI_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kinds.${k}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        </Grid>

        <Box component="section" aria-labelledby="poi-location" sx={{ mt: 2 }}>
          <Typography id="poi-location" variant="subtitle1" component="h3">
            {t('form.location')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('form.locationHint')}
          </Typography>
          {renderLocationPicker?.({
            lat: toNumber(lat),
            lon: toNumber(lon),
            radiusM: toNumber(radiusM),
            onPick,
          })}
          <Grid container columnSpacing={2}>
            <Grid size={third}>
              <FormTextField
                control={control}
                name="lat"
                label={t('fields.lat')}
                helperText={t('form.latHint')}
                required
                slotProps={decimal}
              />
            </Grid>
            <Grid size={third}>
              <FormTextField
                control={control}
                name="lon"
                label={t('fields.lon')}
                helperText={t('form.lonHint')}
                required
                slotProps={decimal}
              />
            </Grid>
            <Grid size={third}>
              <FormTextField
                control={control}
                name="radiusM"
                label={t('fields.radiusM')}
                helperText={t('form.radiusHint')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
                }}
              />
            </Grid>
          </Grid>
        </Box>

        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="address" label={t('fields.address')} multiline />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="wardId"
              select
              label={t('fields.ward')}
              helperText={wards.isError ? t('common.loadFailed') : undefined}
            >
              <MenuItem value="">{t('form.none')}</MenuItem>
              {(wards.data ?? []).map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        </Grid>
        {canSave ? (
          <FormActions
            cancelTo={POI_LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={poi ? t('common.save') : t('form.add')}
          />
        ) : (
          <Alert
            severity="info"
            sx={{ mt: 3 }}
            action={
              <Button component={RouterLink} to={POI_LIST_PATH} color="inherit" size="small">
                {t('form.backToList')}
              </Button>
            }
          >
            {t('form.readOnly')}
          </Alert>
        )}
      </Box>
    </FieldMessages>
  );
}
