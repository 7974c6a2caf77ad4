/**
 * Asks the password again before ending sessions (ASVS 3.3.4 "having re-entered login credentials"): one session, or
 * every session but this one. A wrong password stays in the dialog with the server's message on the field; wrong
 * passwords count against the sign-in limits on the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { PASSWORD_MAX, type ActiveSession } from '@civicfleet/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/api/api-error';
import { revokeSessions } from './api';

const FormSchema = z.object({
  password: z.string().min(1, 'dialog.passwordRequired').max(PASSWORD_MAX, 'dialog.passwordRequired'),
});

/** One session of the list, or every other session. */
export type RevokeTarget = { session: ActiveSession; label: string } | 'others';

interface RevokeSessionsDialogProps {
  target: RevokeTarget;
  onClose: () => void;
  onRevoked: (revoked: number) => void;
}

export function RevokeSessionsDialog({ target, onClose, onRevoked }: RevokeSessionsDialogProps) {
  const { t } = useTranslation('sessions');
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(FormSchema),
    defaultValues: { password: '' },
  });
  const revoke = useMutation({ mutationFn: revokeSessions });
  const isOne = target !== 'others';

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const result = await revoke.mutateAsync(
        isOne ? { password, sessionId: target.session.id } : { password },
      );
      onRevoked(result.revoked);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('toast.failed');
      const fieldMessage = error instanceof ApiError ? error.errors?.password : undefined;
      if (fieldMessage) setError('password', { message: fieldMessage });
      else setFormError(message);
    }
  });

  return (
    <Dialog
      open
      onClose={revoke.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{isOne ? t('dialog.oneTitle') : t('dialog.othersTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {isOne ? t('dialog.oneText', { device: target.label }) : t('dialog.othersText')}
          </DialogContentText>
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                type="password"
                label={t('dialog.password')}
                autoComplete="current-password"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field (WAI-ARIA dialog: focus it)
                autoFocus
                fullWidth
                error={fieldState.error !== undefined}
                helperText={
                  fieldState.error?.message === undefined
                    ? t('dialog.passwordHint')
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={revoke.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={revoke.isPending}>
            {isOne ? t('actions.signOut') : t('actions.signOutOthers')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
