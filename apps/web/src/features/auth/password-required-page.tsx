/**
 * First sign-in with the brand's default password (ASVS 2.3.1): the server allows such a session only to change the
 * password (http/authenticate.ts), so this screen stands alone, without the console's navigation, until it is done.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { changePassword } from '@/api/auth';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { AuthLayout } from './auth-layout';
import { FormError, SubmitButton } from './auth-form-parts';
import { ChangePasswordFields } from './change-password-fields';
import { ChangePasswordFormSchema, type ChangePasswordFormInput } from './auth-schemas';

const EMPTY_FORM: ChangePasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const SERVER_FIELDS: Record<string, FieldPath<ChangePasswordFormInput>> = {
  password: 'currentPassword',
  newpassword: 'newPassword',
};

export function PasswordRequiredPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const { status, user, logout } = useSession();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isDone, setIsDone] = useState(false);
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setSubmitError(null);
    const username = user?.email ?? user?.phone;
    if (!username) {
      setSubmitError(t('change.noUsername'));
      return;
    }
    const result = await changePassword({ username, password: currentPassword, newpassword: newPassword });
    if (!result.success) {
      for (const [serverField, message] of Object.entries(result.errors ?? {})) {
        const field = SERVER_FIELDS[serverField];
        if (field !== undefined) setError(field, { message });
      }
      setSubmitError(result.message);
      return;
    }
    setIsDone(true);
    enqueueSnackbar(t('passwordRequired.done'), { variant: 'success' });
    // A full load: the session continues with the tokens the change answered, now without the restriction.
    window.location.assign(paths.home);
  });

  if (status === 'initialising') return <FullScreenLoader />;
  if (status === 'anonymous') return <Navigate to={paths.auth.login} replace />;

  return (
    <AuthLayout title={t('passwordRequired.title')} subtitle={t('passwordRequired.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <ChangePasswordFields
          control={control}
          currentPasswordLabel={t('passwordRequired.currentPassword')}
          owner={{ email: user?.email ?? null, phone: user?.phone ?? null }}
        />
        <FormError message={submitError} />
        <SubmitButton loading={formState.isSubmitting || isDone}>{t('change.submit')}</SubmitButton>
        <Button fullWidth sx={{ mt: 1 }} onClick={() => void logout()}>
          {t('passwordRequired.signOut')}
        </Button>
      </Box>
    </AuthLayout>
  );
}
