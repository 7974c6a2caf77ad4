/** Request a password reset (spec 01 §2.1 /auth/forgot-password): the server sends a 6-digit code. */
import { zodResolver } from '@hookform/resolvers/zod';
import { normaliseUsername } from '@civicfleet/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { forgotPassword } from '@/api/auth';
import { paths } from '@/lib/paths';
import { AuthLayout } from './auth-layout';
import { FormError, SubmitButton } from './auth-form-parts';
import { ForgotPasswordFormSchema, type ForgotPasswordFormInput } from './auth-schemas';
import { TextInput } from './form-fields';

const EMPTY_FORM: ForgotPasswordFormInput = { username: '' };

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    setSubmitError(null);
    const normalised = normaliseUsername(username);
    const result = await forgotPassword(normalised);
    if (!result.success) {
      setSubmitError(result.message);
      return;
    }
    enqueueSnackbar(result.message || t('forgot.sent'), { variant: 'success' });
    // The server names the reset it started; the contract keys an OTP reset by the username it was sent for.
    await navigate(paths.auth.resetPassword(result.data.otpToken ?? normalised));
  });

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <TextInput control={control} name="username" label={t('login.username')} autoComplete="username" />
        <FormError message={submitError} />
        <SubmitButton loading={formState.isSubmitting}>{t('forgot.submit')}</SubmitButton>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component={RouterLink} to={paths.auth.login} variant="body2" underline="hover">
            {t('common.backToSignIn')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
