/**
 * Profile of a user without the user module (spec 01 §2.9): his own names, e-mail and phone, saved through
 * PUT /users/me; role and organisation shown read-only (an administrator changes them); a way to change password.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { PHONE_PREFIX, type SessionUser } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { updateProfile, userKeys } from './api/users';
import { useAdminMessages } from './form-parts';
import {
  PROFILE_FORM_FIELDS,
  ProfileFormSchema,
  toProfileBody,
  toProfileFormValues,
  type ProfileFormValues,
} from './user-form';

export function ProfileCard() {
  const { t } = useTranslation('admin');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={t('users.profileTitle')} subtitle={t('users.profileSubtitle')} />
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <ProfileForm user={user} />
        </CardContent>
      </Card>
    </Box>
  );
}

function ProfileForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { applyProfile } = useSession();
  const messages = useAdminMessages();
  const { control, handleSubmit, formState, setError, reset } = useForm<ProfileFormValues>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: toProfileFormValues(user),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await updateProfile(toProfileBody(values));
      applyProfile({
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        phone: saved.phone,
        avatar: saved.avatar,
      });
      reset(toProfileFormValues(saved));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      enqueueSnackbar(t('users.profileUpdated'), { variant: 'success' });
    } catch (error) {
      const message = applyServerErrors(error, setError, PROFILE_FORM_FIELDS);
      enqueueSnackbar(message || t('common.failed'), { variant: 'error' });
    }
  });

  const readOnly: Array<[string, string]> = [
    [t('users.role'), user.role.name],
    [t('users.organisation'), user.organisation.brandName ?? user.organisation.tradeName],
  ];
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
        </Grid>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, mt: 2, mb: 0 }}
        >
          {readOnly.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap', mt: 3 }}>
          <Button component={RouterLink} to="/change-password" variant="outlined">
            {t('users.changePassword')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting || !formState.isDirty}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('common.save')}
          </Button>
        </Box>
      </Box>
    </FieldMessages>
  );
}
