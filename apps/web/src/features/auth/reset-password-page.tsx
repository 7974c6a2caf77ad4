/**
 * Set a new password (spec 01 §2.1 /auth/reset-password/{otpToken}, §7). Two forms: with `?token=` (the e-mailed
 * link) only the new password is asked; otherwise the 6-digit code sent by forgot-password as well.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { resetPassword } from '@/api/auth';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter';
import { paths } from '@/lib/paths';
import { AuthLayout } from './auth-layout';
import { FormError, SubmitButton } from './auth-form-parts';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from './auth-schemas';
import { PasswordInput, TextInput } from './form-fields';

const EMPTY_FORM: ResetPasswordFormInput = { code: '', password: '', confirmPassword: '' };
/** Server field names → form field names, for validation failures. */
const SERVER_FIELDS: Record<string, FieldPath<ResetPasswordFormInput>> = {
  otp: 'code',
  password: 'password',
};

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { otpToken = '' } = useParams();
  const [searchParams] = useSearchParams();
  const linkToken = searchParams.get('token') || null;
  const requiresCode = linkToken === null;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const schema = useMemo(() => resetPasswordFormSchema(requiresCode), [requiresCode]);
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_FORM,
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ code, password }) => {
    setSubmitError(null);
    const result = await resetPassword(
      linkToken === null ? { otp: code, otpToken, password } : { token: linkToken, password },
    );
    if (!result.success) {
      for (const [serverField, message] of Object.entries(result.errors ?? {})) {
        const field = SERVER_FIELDS[serverField];
        if (field !== undefined) setError(field, { message });
      }
      setSubmitError(result.message);
      return;
    }
    enqueueSnackbar(result.message || t('reset.done'), { variant: 'success' });
    await navigate(paths.auth.login);
  });

  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={requiresCode ? t('reset.subtitleCode') : t('reset.subtitleLink')}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        {requiresCode && (
          <TextInput
            control={control}
            name="code"
            label={t('reset.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
          />
        )}
        <PasswordInput
          control={control}
          name="password"
          label={t('reset.newPassword')}
          autoComplete="new-password"
          helperText={t('password.hint')}
        />
        {/* The account is not known here (anonymous): length and common-password rules only. */}
        <PasswordStrengthMeter password={password} />
        <PasswordInput
          control={control}
          name="confirmPassword"
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
        />
        <FormError message={submitError} />
        <SubmitButton loading={formState.isSubmitting}>{t('reset.submit')}</SubmitButton>
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Link component={RouterLink} to={paths.auth.login} variant="body2" underline="hover">
            {t('common.backToSignIn')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
