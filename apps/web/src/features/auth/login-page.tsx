/**
 * Sign-in (spec 01 §2.8, §4, §5, §8). Shown at /auth/login and, by RequireAuth, in place of any protected page; on
 * success it stores the session and reloads at the requested path.
 */
import { normaliseUsername, type LoginResult } from '@civicfleet/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { login } from '@/api/auth';
import { paths } from '@/lib/paths';
import { forgetRequestedPath, setFlash, signInTarget, storeSignIn } from '@/session';
import { AuthLayout } from './auth-layout';
import { FormError, SubmitButton } from './auth-form-parts';
import { PasswordInput, TextInput } from './form-fields';
import { loginFormResolver, type LoginFormInput } from './login-form';
import { MfaSignInStep } from './mfa-sign-in-step';

const EMPTY_FORM: LoginFormInput = { username: '', password: '', acceptTerms: false };

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { enqueueSnackbar } = useSnackbar();
  const location = useLocation();
  /** The failure shown under the form; submit stays disabled until the user edits a field. */
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);
  /** Set when the password was right and the account has two-step verification on: the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm({
    resolver: loginFormResolver,
    defaultValues: EMPTY_FORM,
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setSubmitError(null);
    const result = await login({ username: normaliseUsername(username), password });
    if (!result.success) {
      setSubmitError(result.hasServerMessage ? result.message : t('login.failed'));
      return;
    }
    if ('mfaRequired' in result.data) {
      setChallenge(result.data.challenge);
      return;
    }
    finishSignIn(result.data);
  });

  function finishSignIn(session: LoginResult) {
    storeSignIn(session);
    enqueueSnackbar(t('session.loggedIn'), { variant: 'success' });
    setFlash('session.loggedIn');
    setIsRedirecting(true);
    const target = signInTarget(location);
    forgetRequestedPath();
    // A restricted session (server: http/authenticate.ts) may use one screen only until it is done there.
    const restricted = session.mustChangePassword
      ? paths.auth.passwordRequired
      : session.mfaEnrolmentRequired
        ? paths.auth.mfaRequired
        : null;
    // A full load (spec 01 §4 "Login stores the tokens and reloads the page") starts the session from storage.
    window.location.assign(restricted ?? target);
  }

  const isBusy = formState.isSubmitting || isRedirecting;

  if (challenge !== null) {
    return (
      <AuthLayout title={t('mfaStep.title')} subtitle={t('mfaStep.subtitle')}>
        <MfaSignInStep challenge={challenge} onSignedIn={finishSignIn} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} onChange={() => setSubmitError(null)}>
        <TextInput control={control} name="username" label={t('login.username')} autoComplete="username" />
        <PasswordInput
          control={control}
          name="password"
          label={t('login.password')}
          autoComplete="current-password"
        />
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field, fieldState }) => (
            <Box sx={{ mt: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { ref: field.ref } }}
                  />
                }
                label={
                  <Trans
                    t={t}
                    i18nKey="login.acceptTerms"
                    components={{
                      termsLink: (
                        <Link
                          href={paths.public.termsOfUse}
                          target="_blank"
                          rel="noopener noreferrer"
                          underline="hover"
                        />
                      ),
                    }}
                  />
                }
              />
              {fieldState.error?.message && (
                <FormHelperText error sx={{ mt: 0 }}>
                  {t(fieldState.error.message, { defaultValue: fieldState.error.message })}
                </FormHelperText>
              )}
            </Box>
          )}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Link component={RouterLink} to={paths.auth.forgotPassword} variant="body2" underline="hover">
            {t('login.lostPassword')}
          </Link>
        </Box>
        <FormError message={submitError} />
        <SubmitButton loading={isBusy} disabled={submitError !== null}>
          {t('login.submit')}
        </SubmitButton>
      </Box>
    </AuthLayout>
  );
}
