/**
 * Raise (and edit) a complaint: category, description, the location picked on the map or typed, address, photos
 * (uploaded at once through POST /v1/file), and the citizen's name and phone. The ward is found by the server from
 * the location.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { COMPLAINT_CATEGORIES, COMPLAINT_MAX_PHOTOS, type ComplaintDetail } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormImageUpload,
  FormTextField,
} from '@/components/form';
import { complaintKeys, createComplaint, updateComplaint } from './api/complaints';
import { complaintPaths } from './complaint-paths';
import {
  COMPLAINT_FORM_FIELDS,
  complaintFormSchema,
  EMPTY_COMPLAINT_FORM,
  toFormValues,
  toInput,
  useComplaintMessages,
  type ComplaintFormOutput,
  type ComplaintFormValues,
} from './complaint-form';
import { LocationPicker } from './LocationPicker';

const toNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

interface ComplaintFormProps {
  complaint?: ComplaintDetail | undefined;
  /** Edit mode: called after saving instead of going to the new complaint. */
  onSaved?: (complaint: ComplaintDetail) => void;
  cancelTo?: string;
}

export function ComplaintForm({ complaint, onSaved, cancelTo = complaintPaths.list }: ComplaintFormProps) {
  const { t } = useTranslation('complaints');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = useComplaintMessages();
  const form = useForm<ComplaintFormValues, unknown, ComplaintFormOutput>({
    // The form holds text (coordinates, '' for no category); the schema turns it into the contract's input.
    resolver: zodResolver(complaintFormSchema) as unknown as Resolver<
      ComplaintFormValues,
      unknown,
      ComplaintFormOutput
    >,
    defaultValues: complaint ? toFormValues(complaint) : EMPTY_COMPLAINT_FORM,
  });
  const { handleSubmit, formState, setError, setValue } = form;
  const control = form.control as unknown as Control<ComplaintFormValues>;
  const [lat = '', lon = ''] = useWatch({ control, name: ['lat', 'lon'] });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = complaint
        ? await updateComplaint(complaint.id, toInput(values))
        : await createComplaint(toInput(values));
      await queryClient.invalidateQueries({ queryKey: complaintKeys.all });
      enqueueSnackbar(complaint ? t('form.updated') : t('form.created', { id: saved.id }), {
        variant: 'success',
      });
      if (onSaved) onSaved(saved);
      else void navigate(complaintPaths.detail(saved.id));
    } catch (error) {
      const message = applyServerErrors(error, setError, COMPLAINT_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const onPick = (point: { lat: number; lon: number }) => {
    const validate = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('lat', point.lat.toFixed(6), validate);
    setValue('lon', point.lon.toFixed(6), validate);
  };

  const half = { xs: 12, sm: 6 } as const;
  const decimal = { htmlInput: { inputMode: 'decimal' } } as const;
  const locationError = formState.errors.lat?.message ?? formState.errors.lon?.message;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="category" select label={t('fields.category')} required>
              {COMPLAINT_CATEGORIES.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {t(`categories.${c.id}`)} · {t('sla.hours', { count: c.slaHours })}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="address" label={t('fields.address')} />
          </Grid>
        </Grid>
        <FormTextField
          control={control}
          name="description"
          label={t('fields.description')}
          multiline
          minRows={2}
        />

        <Box component="section" aria-labelledby="complaint-location" sx={{ mt: 2 }}>
          <Typography id="complaint-location" variant="subtitle1" component="h3">
            {t('form.location')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('form.locationHint')}
          </Typography>
          <LocationPicker
            lat={toNumber(lat)}
            lon={toNumber(lon)}
            onPick={onPick}
            error={locationError ? messages(locationError) : undefined}
          />
          <Grid container columnSpacing={2}>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="lat"
                label={t('fields.lat')}
                required
                slotProps={decimal}
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="lon"
                label={t('fields.lon')}
                required
                slotProps={decimal}
              />
            </Grid>
          </Grid>
        </Box>

        <Box sx={{ mt: 2 }}>
          <FormImageUpload
            control={control}
            name="photos"
            label={t('fields.photos')}
            folder="complaint"
            maxCount={COMPLAINT_MAX_PHOTOS}
          />
        </Box>

        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="citizenName" label={t('fields.citizenName')} />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="citizenPhone"
              label={t('fields.citizenPhone')}
              slotProps={{
                htmlInput: { inputMode: 'tel', maxLength: 10 },
                input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
              }}
            />
          </Grid>
        </Grid>
        <FormActions
          cancelTo={cancelTo}
          submitting={formState.isSubmitting}
          submitLabel={complaint ? t('actions.save') : t('actions.raise')}
        />
      </Box>
    </FieldMessages>
  );
}
