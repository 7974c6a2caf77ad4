/**
 * Enrolment in two-step verification (TOTP, RFC 6238): start → scan the QR code (or type the secret) → confirm with a
 * code → the recovery codes, shown once. Used by the account page and by the enrolment the platform requires.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MfaSetup } from '@civicfleet/shared';
import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { enableMfa, startMfaSetup } from './api';
import { EnableFormSchema, type EnableFormInput } from './mfa-schemas';
import { RecoveryCodes } from './RecoveryCodes';
import { QrCode } from '@/components/QrCode';

/** The secret in groups of four, easier to type into an app by hand. */
const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export function MfaSetupFlow({ onEnabled }: { onEnabled: () => void }) {
  const { t } = useTranslation('mfa');
  const { enqueueSnackbar } = useSnackbar();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const start = useMutation({ mutationFn: startMfaSetup, onSuccess: setSetup });
  const enable = useMutation({ mutationFn: enableMfa });
  const { control, handleSubmit } = useForm<EnableFormInput>({
    resolver: zodResolver(EnableFormSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      const result = await enable.mutateAsync(code);
      setCodes(result.recoveryCodes);
      enqueueSnackbar(t('setup.enabled'), { variant: 'success' });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : t('setup.failed'));
    }
  });

  if (codes !== null) return <RecoveryCodes codes={codes} onDone={onEnabled} />;

  if (setup === null) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          {t('setup.intro')}
        </Typography>
        {start.isError && (
          <Alert severity="error">
            {start.error instanceof ApiError ? start.error.message : t('setup.failed')}
          </Alert>
        )}
        <Button variant="contained" loading={start.isPending} onClick={() => start.mutate()}>
          {t('setup.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('setup.scan')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
        <QrCode value={setup.uri} size={200} label={t('setup.qrLabel')} />
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('setup.manual')}
          </Typography>
          <Typography
            component="code"
            data-testid="mfa-secret"
            sx={{
              display: 'block',
              fontFamily: 'monospace',
              fontSize: '1.05rem',
              wordBreak: 'break-all',
              mt: 1,
            }}
          >
            {groupSecret(setup.secret)}
          </Typography>
        </Box>
      </Stack>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 320 }}>
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label={t('setup.codeLabel')}
              autoComplete="one-time-code"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- shown after "Set up": the code is what comes next
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message === undefined
                  ? t('setup.codeHint')
                  : t(fieldState.error.message, { defaultValue: fieldState.error.message })
              }
            />
          )}
        />
        {formError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {formError}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={enable.isPending}>
          {t('setup.confirm')}
        </Button>
      </Box>
    </Stack>
  );
}
