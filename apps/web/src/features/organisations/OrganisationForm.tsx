/** The add/edit organisation form: parent, type, names, contact, GSTIN, address, onboarded. */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORGANISATION_KINDS, type Organisation } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type Control, Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { useSession } from '@/session';
import { ParentPicker } from './ParentPicker';
import { createOrganisation, organisationKeys, updateOrganisation } from './api/organisations';
import {
  ADDRESS_ERROR_FIELDS,
  ORGANISATION_FORM_FIELDS,
  OrganisationFormSchema,
  toBody,
  toFormValues,
  type OrganisationFormValues,
} from './organisation-form';

const LIST_PATH = '/management/organisation';

type FieldProps = {
  control: Control<OrganisationFormValues>;
  name: Path<OrganisationFormValues>;
  label: string;
} & Omit<TextFieldProps, 'name' | 'label'>;

function Field({ control, name, label, ...props }: FieldProps) {
  const { t } = useTranslation('admin');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          fullWidth
          margin="normal"
          error={fieldState.error !== undefined}
          helperText={
            fieldState.error?.message
              ? t(fieldState.error.message, { defaultValue: fieldState.error.message })
              : props.helperText
          }
        />
      )}
    />
  );
}

export function OrganisationForm({ organisation }: { organisation?: Organisation }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(OrganisationFormSchema),
    defaultValues: toFormValues(organisation, user?.organisation.id ?? ''),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { parentId, ...rest } = toBody(values);
      // An unchanged parent is not sent: the caller may not see (or be allowed to pick) his own organisation's parent.
      const body = organisation && parentId === organisation.parentId ? rest : { ...rest, parentId };
      if (organisation) await updateOrganisation(organisation.id, body);
      else await createOrganisation(body);
      await queryClient.invalidateQueries({ queryKey: organisationKeys.all });
      enqueueSnackbar(organisation ? t('orgs.updated') : t('orgs.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors ?? {})) {
          const field =
            ADDRESS_ERROR_FIELDS[path as keyof typeof ADDRESS_ERROR_FIELDS] ??
            ORGANISATION_FORM_FIELDS.find((f) => f === path);
          if (field) setError(field, { type: 'server', message });
        }
      }
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const parentInitial = organisation?.parentId
    ? { id: organisation.parentId, label: organisation.parentName ?? organisation.parentId }
    : !organisation && user
      ? { id: user.organisation.id, label: user.organisation.tradeName }
      : undefined;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <ParentPicker control={control} initial={parentInitial} selfId={organisation?.id} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field control={control} name="kind" label={t('orgs.kind')} select required>
            {ORGANISATION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`orgs.kinds.${k}`)}
              </MenuItem>
            ))}
          </Field>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field control={control} name="tradeName" label={t('orgs.tradeName')} required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field control={control} name="brandName" label={t('orgs.brandName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field
            control={control}
            name="contact"
            label={t('orgs.contact')}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field control={control} name="email" type="email" label={t('orgs.email')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field
            control={control}
            name="gst"
            label={t('orgs.gst')}
            slotProps={{ htmlInput: { maxLength: 15 } }}
          />
        </Grid>
      </Grid>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {t('orgs.address')}
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field control={control} name="landmark" label={t('orgs.landmark')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Field control={control} name="city" label={t('orgs.city')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field control={control} name="state" label={t('orgs.state')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field
            control={control}
            name="pin"
            label={t('orgs.pin')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Field control={control} name="country" label={t('orgs.country')} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="isOnboarded"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(_, on) => field.onChange(on)} />}
                label={t('orgs.onboarded')}
              />
            )}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        <Button component={RouterLink} to={LIST_PATH} disabled={formState.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {organisation ? t('common.save') : t('orgs.add')}
        </Button>
      </Box>
    </Box>
  );
}
