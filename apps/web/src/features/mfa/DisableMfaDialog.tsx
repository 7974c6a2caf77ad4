/** Turning two-step verification off asks the password and a current code (or a recovery code) again. */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { disableMfa } from './api';
import { DisableFormSchema, type DisableFormInput } from './mfa-schemas';

interface DisableMfaDialogProps {
  onClose: () => void;
  onDisabled: () => void;
}

export function DisableMfaDialog({ onClose, onDisabled }: DisableMfaDialogProps) {
  const { t } = useTranslation('mfa');
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<DisableFormInput>({
    resolver: zodResolver(DisableFormSchema),
    defaultValues: { password: '', code: '' },
  });
  const disable = useMutation({ mutationFn: disableMfa });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await disable.mutateAsync(values);
      onDisabled();
    } catch (error) {
      setFormError(error instanceof ApiError ? error.message : t('disable.failed'));
    }
  });

  const errorText = (message: string | undefined, hint: string) =>
    message === undefined ? hint : t(message, { defaultValue: message });

  return (
    <Dialog
      open
      onClose={disable.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{t('disable.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('disable.text')}</DialogContentText>
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="password"
                label={t('disable.password')}
                autoComplete="current-password"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's first field (WAI-ARIA dialog: focus it)
                autoFocus
                fullWidth
                margin="dense"
                error={fieldState.error !== undefined}
                helperText={errorText(fieldState.error?.message, ' ')}
              />
            )}
          />
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label={t('disable.code')}
                autoComplete="one-time-code"
                fullWidth
                margin="dense"
                error={fieldState.error !== undefined}
                helperText={errorText(fieldState.error?.message, t('disable.codeHint'))}
              />
            )}
          />
          {formError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={disable.isPending}>
            {t('disable.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={disable.isPending}>
            {t('disable.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
