/**
 * The route's ordered checkpoints: add, remove, move up/down; each a name and a point typed as latitude/longitude or
 * taken from a POI of the route's organisation (when the session may read POIs).
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField, useFieldError } from '@/components/form';
import { PoiPicker } from './PoiPicker';
import { EMPTY_CHECKPOINT, type RouteFormValues } from './route-form';

export interface CheckpointListProps {
  control: Control<RouteFormValues>;
  setValue: UseFormSetValue<RouteFormValues>;
  organisationId: string | undefined;
  canPickPoi: boolean;
}

export function CheckpointList({ control, setValue, organisationId, canPickPoi }: CheckpointListProps) {
  const { t } = useTranslation('divisions');
  const { fields, append, remove, move } = useFieldArray({ control, name: 'checkpoints' });
  const { errors } = useFormState({ control, name: 'checkpoints' });
  const current = useWatch({ control, name: 'checkpoints' });
  const listError = useFieldError()(errors.checkpoints?.message ?? errors.checkpoints?.root?.message);
  const small = { size: 'small', margin: 'dense' } as const;

  return (
    <Box component="section" aria-labelledby="route-checkpoints-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="route-checkpoints-title" variant="subtitle1" component="h2">
          {t('route.checkpoints.title')}
        </Typography>
        <Button startIcon={<AddIcon />} onClick={() => append({ ...EMPTY_CHECKPOINT })}>
          {t('route.checkpoints.add')}
        </Button>
      </Stack>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('route.checkpoints.none')}
        </Typography>
      )}
      <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <Paper
              key={field.id}
              component="li"
              variant="outlined"
              sx={{ p: 1 }}
              aria-label={t('route.checkpoints.item', { number })}
            >
              <Grid container columnSpacing={1} sx={{ alignItems: 'center' }}>
                <Grid size={{ xs: 12, md: 'auto' }}>
                  <Typography variant="body2" sx={{ fontWeight: 700, minWidth: 24 }}>
                    {number}.
                  </Typography>
                </Grid>
                <Grid size={{ xs: 12, md: 3 }}>
                  <FormTextField
                    {...small}
                    control={control}
                    name={`checkpoints.${index}.name`}
                    label={t('route.checkpoints.name', { number })}
                    required
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormTextField
                    {...small}
                    control={control}
                    name={`checkpoints.${index}.lat`}
                    label={t('route.checkpoints.lat', { number })}
                    required
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 2 }}>
                  <FormTextField
                    {...small}
                    control={control}
                    name={`checkpoints.${index}.lon`}
                    label={t('route.checkpoints.lon', { number })}
                    required
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </Grid>
                {canPickPoi && (
                  <Grid size={{ xs: 12, md: 3 }} sx={{ pt: 0.5 }}>
                    <PoiPicker
                      poiId={current[index]?.poiId ?? ''}
                      name={current[index]?.name ?? ''}
                      organisationId={organisationId}
                      label={t('route.checkpoints.poi', { number })}
                      onPick={(poi) => {
                        const opts = { shouldDirty: true, shouldValidate: true } as const;
                        setValue(`checkpoints.${index}.poiId`, poi?.id ?? '', { shouldDirty: true });
                        if (!poi) return;
                        setValue(`checkpoints.${index}.name`, poi.name, opts);
                        setValue(`checkpoints.${index}.lat`, String(poi.lat), opts);
                        setValue(`checkpoints.${index}.lon`, String(poi.lon), opts);
                      }}
                    />
                  </Grid>
                )}
                <Grid size={{ xs: 12, md: 'grow' }}>
                  <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                    <IconButton
                      aria-label={t('route.checkpoints.up', { number })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('route.checkpoints.down', { number })}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('route.checkpoints.remove', { number })}
                      color="error"
                      onClick={() => remove(index)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                </Grid>
              </Grid>
            </Paper>
          );
        })}
      </Stack>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
    </Box>
  );
}
