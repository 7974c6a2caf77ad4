/**
 * The second sign-in step (two-step verification, ASVS 2.3.2): after a right password the server answers a challenge
 * instead of a session; the user enters the 6-digit code of their authenticator app, or one of their recovery codes.
 * Rules are checked without zod, like the sign-in form (bundle budget of the sign-in route, login-form.ts).
 */
import type { LoginResult } from '@civicfleet/shared';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toNestErrors } from '@hookform/resolvers';
import { type FieldError, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginMfa } from '@/api/auth';
import { FormError, SubmitButton } from './auth-form-parts';
import { TextInput } from './form-fields';

interface MfaStepInput {
  /** Which kind of code the field holds (switched by the link under it). */
  kind: 'totp' | 'recovery';
  code: string;
}

const TOTP_CODE = /^\d{6}$/;
/** Two groups of five of the server's recovery alphabet (Crockford base32), the dash optional. */
const RECOVERY_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/i;

const stepResolver: Resolver<MfaStepInput> = (values, _context, options) => {
  const code = values.code.trim();
  const isRecovery = values.kind === 'recovery';
  const isValid = isRecovery ? RECOVERY_CODE.test(code) : TOTP_CODE.test(code);
  if (isValid) {
    const valid: ResolverResult<MfaStepInput> = { values: { kind: values.kind, code }, errors: {} };
    return valid;
  }
  const message = isRecovery ? 'mfaStep.recoveryFormat' : 'mfaStep.codeFormat';
  const error: FieldError = { type: 'pattern', message };
  const invalid: ResolverResult<MfaStepInput> = {
    values: {},
    errors: toNestErrors({ code: error }, options),
  };
  return invalid;
};

interface MfaSignInStepProps {
  challenge: string;
  /** The session the server answered (the caller stores it and leaves the sign-in screen). */
  onSignedIn: (result: LoginResult) => void;
  /** Back to the password form (e.g. when the challenge expired). */
  onRestart: () => void;
}

export function MfaSignInStep({ challenge, onSignedIn, onRestart }: MfaSignInStepProps) {
  const { t } = useTranslation('auth');
  const [isRecovery, setIsRecovery] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { control, handleSubmit, formState, reset, setFocus } = useForm<MfaStepInput>({
    resolver: stepResolver,
    defaultValues: { kind: 'totp', code: '' },
  });

  useEffect(() => {
    setFocus('code');
  }, [isRecovery, setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setSubmitError(null);
    const result = await loginMfa(isRecovery ? { challenge, recoveryCode: code } : { challenge, code });
    if (!result.success) {
      setSubmitError(result.hasServerMessage ? result.message : t('login.failed'));
      return;
    }
    onSignedIn(result.data);
  });

  const switchKind = () => {
    const next = !isRecovery;
    setIsRecovery(next);
    setSubmitError(null);
    reset({ kind: next ? 'recovery' : 'totp', code: '' });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('mfaStep.title')}>
      <Typography variant="body2" color="text.secondary">
        {isRecovery ? t('mfaStep.recoveryHint') : t('mfaStep.codeHint')}
      </Typography>
      {isRecovery ? (
        <TextInput
          key="recovery"
          control={control}
          name="code"
          label={t('mfaStep.recoveryLabel')}
          autoComplete="off"
          maxLength={11}
        />
      ) : (
        <TextInput
          key="totp"
          control={control}
          name="code"
          label={t('mfaStep.codeLabel')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
        <Link component="button" type="button" variant="body2" underline="hover" onClick={switchKind}>
          {isRecovery ? t('mfaStep.useApp') : t('mfaStep.useRecovery')}
        </Link>
        <Link component="button" type="button" variant="body2" underline="hover" onClick={onRestart}>
          {t('mfaStep.restart')}
        </Link>
      </Box>
      <FormError message={submitError} />
      <SubmitButton loading={formState.isSubmitting}>{t('mfaStep.submit')}</SubmitButton>
    </Box>
  );
}
