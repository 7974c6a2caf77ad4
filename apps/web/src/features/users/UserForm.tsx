/** The add/edit user form: names, e-mail, phone (10 digits, +91 added), role, organisation, enabled. */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { PHONE_PREFIX, type User } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '@/session';
import { useAssignableRoles } from './api/options';
import { createUser, updateUser, userKeys } from './api/users';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { OrganisationPicker } from '@/components/OrganisationPicker';
import { useAdminMessages } from './form-parts';
import {
  EMPTY_USER_FORM,
  USER_FORM_FIELDS,
  UserFormSchema,
  toFormValues,
  toUserBody,
  type UserFormValues,
} from './user-form';

const LIST_PATH = '/management/user';

export function UserForm({ user }: { user?: User }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const roles = useAssignableRoles();
  const isSelf = user !== undefined && user.id === me?.id;
  const { control, handleSubmit, formState, setError } = useForm<UserFormValues>({
    resolver: zodResolver(UserFormSchema),
    defaultValues: user
      ? toFormValues(user)
      : { ...EMPTY_USER_FORM, organisationId: me?.organisation.id ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toUserBody(values);
      if (user) await updateUser(user.id, body);
      else await createUser(body);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      enqueueSnackbar(user ? t('users.updated') : t('users.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, USER_FORM_FIELDS);
      enqueueSnackbar(message || t('common.failed'), { variant: 'error' });
    }
  });

  // The current role stays selectable even when the caller could not hand it out (it is shown, not changed).
  const roleOptions = roles.data ?? [];
  const shownRoles =
    user && !roleOptions.some((r) => r.id === user.role.id)
      ? [{ id: user.role.id, label: user.role.name }, ...roleOptions]
      : roleOptions;
  const initialOrganisation = user
    ? { id: user.organisation.id, label: user.organisation.tradeName }
    : me
      ? { id: me.organisation.id, label: me.organisation.tradeName }
      : undefined;

  const messages = useAdminMessages();
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="firstName" label={t('users.firstName')} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="lastName" label={t('users.lastName')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="email"
              type="email"
              autoComplete="off"
              label={t('users.email')}
              helperText={t('users.contactHint')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="phone"
              label={t('users.phone')}
              helperText={t('users.phoneHint')}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 10 },
                input: { startAdornment: <InputAdornment position="start">{PHONE_PREFIX}</InputAdornment> },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="roleId"
              select
              required
              disabled={isSelf}
              label={t('users.role')}
              helperText={roles.isError ? t('common.loadFailed') : undefined}
            >
              {shownRoles.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.label}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <OrganisationPicker
              control={control}
              name="organisationId"
              label={t('users.organisation')}
              initial={initialOrganisation}
            />
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="isEnabled"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      disabled={isSelf}
                      onChange={(_, checked) => field.onChange(checked)}
                    />
                  }
                  label={t('users.enabled')}
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
            {user ? t('common.save') : t('users.add')}
          </Button>
        </Box>
      </Box>
    </FieldMessages>
  );
}
