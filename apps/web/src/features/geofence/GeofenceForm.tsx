/**
 * The add/edit geofence form (spec 01 §2.6 geofence): name, kind, shape (polygon | circle), the shape drawn on the map
 * (or typed / imported as GeoJSON) with the organisation's other fences faintly around it, a circle's radius
 * (previewed on the map) and the dwell override. The owner organisation is the caller's (the server's default) on
 * add, and stays the fence's own on edit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { GEOFENCE_KINDS, type Geofence, type GeofenceInput } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormTextField,
  useFieldError,
} from '@/components/form';
import { GeometryField, type GeometryFieldProps } from '@/components/map';
import { useSession } from '@/session';
import { createGeofence, geofenceKeys, listMapGeofences, updateGeofence } from './api/geofences';
import { fenceFeatures } from './fence-features';
import {
  EMPTY_GEOFENCE_FORM,
  GEOFENCE_FORM_FIELDS,
  GEOFENCE_LIST_PATH,
  GEOFENCE_SHAPES,
  geofenceFormSchema,
  toFormValues,
  type GeofenceFormValues,
  type GeofenceShape,
} from './geofence-form';
import { useFenceLabels, useGeofenceMessages } from './labels';

/** Server paths such as `geometry.coordinates.0` name the form field `geometry`. */
function serverFieldMap(error: unknown): Partial<Record<string, Path<GeofenceFormValues>>> {
  if (!(error instanceof ApiError)) return {};
  const map: Partial<Record<string, Path<GeofenceFormValues>>> = {};
  for (const path of Object.keys(error.errors ?? {})) {
    const field = GEOFENCE_FORM_FIELDS.find((f) => f === path.split('.')[0]);
    if (field) map[path] = field;
  }
  return map;
}

const toRadius = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : null);

export function GeofenceForm({ fence }: { fence?: Geofence | undefined }) {
  const { t } = useTranslation('geofence');
  const labels = useFenceLabels();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const messages = useGeofenceMessages();
  const schema = useMemo(() => geofenceFormSchema(), []);
  const organisationId = fence?.organisationId ?? user?.organisation.id;
  const others = useQuery({
    queryKey: geofenceKeys.map(organisationId),
    queryFn: () => listMapGeofences(organisationId),
  });
  const context = useMemo(
    () => fenceFeatures((others.data?.items ?? []).filter((f) => f.id !== fence?.id)),
    [others.data, fence?.id],
  );
  const form = useForm<GeofenceFormValues, unknown, GeofenceInput>({
    resolver: zodResolver(schema),
    defaultValues: fence ? toFormValues(fence) : EMPTY_GEOFENCE_FORM,
  });
  const { handleSubmit, formState, setError, setValue, getValues } = form;
  const control = form.control as unknown as Control<GeofenceFormValues>;
  const [shape, radiusText] = useWatch({ control, name: ['shape', 'radiusM'] });
  const isCircle = shape === 'circle';

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (fence) await updateGeofence(fence.id, values);
      else await createGeofence(values);
      await queryClient.invalidateQueries({ queryKey: geofenceKeys.all });
      enqueueSnackbar(fence ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(GEOFENCE_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, GEOFENCE_FORM_FIELDS, serverFieldMap(error));
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  /** A drawn polygon is no circle centre (and the reverse): switching the shape starts the drawing afresh. */
  const onShape = (next: GeofenceShape) => {
    setValue('shape', next);
    const geometry = getValues('geometry');
    if (geometry && (geometry.type === 'Point') !== (next === 'circle'))
      setValue('geometry', null, { shouldValidate: formState.isSubmitted });
  };

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {fence?.poiId && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('form.poiOwned')}
          </Alert>
        )}
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="name" label={t('fields.name')} required />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="kind" select label={t('fields.kind')} required>
              {GEOFENCE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {labels.kind(k)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        </Grid>

        <Box sx={{ mt: 2 }}>
          <FormLabel id="geofence-shape">{t('fields.shape')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="geofence-shape"
            name="shape"
            value={shape}
            onChange={(e) => onShape(e.target.value as GeofenceShape)}
          >
            {GEOFENCE_SHAPES.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={t(`shapes.${s}`)} />
            ))}
          </RadioGroup>
        </Box>

        <Box sx={{ mt: 1 }}>
          <Controller
            control={control}
            name="geometry"
            render={({ field, fieldState }) => (
              <GeometryFieldBound
                kind={isCircle ? 'circle' : 'area'}
                label={isCircle ? t('form.centre') : t('form.area')}
                value={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
                radiusM={isCircle ? toRadius(radiusText ?? '') : null}
                context={context}
              />
            )}
          />
        </Box>

        <Grid container columnSpacing={2}>
          {isCircle && (
            <Grid size={half}>
              <FormTextField
                control={control}
                name="radiusM"
                label={t('fields.radiusM')}
                helperText={t('form.radiusHint')}
                required
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
                }}
              />
            </Grid>
          )}
          <Grid size={half}>
            <FormTextField
              control={control}
              name="dwellS"
              label={t('fields.dwellS')}
              helperText={t('form.dwellHint')}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                input: { endAdornment: <InputAdornment position="end">s</InputAdornment> },
              }}
            />
          </Grid>
        </Grid>
        <FormActions
          cancelTo={GEOFENCE_LIST_PATH}
          submitting={formState.isSubmitting}
          submitLabel={fence ? t('common.save') : t('form.add')}
        />
      </Box>
    </FieldMessages>
  );
}

/** GeometryField with the form's message translated like the other fields'. */
function GeometryFieldBound({
  error,
  ...props
}: Omit<GeometryFieldProps, 'error'> & { error: string | undefined }) {
  const translate = useFieldError();
  return <GeometryField {...props} required error={translate(error)} />;
}
