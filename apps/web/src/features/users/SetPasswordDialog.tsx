/** Set another user's password (action set-user-password): new password twice, the change-password rules. */
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FieldMessages, FormPasswordField } from '@/components/form';
import { PasswordStrengthMeter } from '@/components/form/PasswordStrengthMeter';
import { useAdminMessages } from './form-parts';
import { setUserPassword } from './api/users';
import { SetPasswordFormSchema, type SetPasswordFormValues } from './user-form';

const EMPTY: SetPasswordFormValues = { password: '', confirmPassword: '' };

export function SetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const { control, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (user) reset(EMPTY);
  }, [user, reset]);
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!user) return;
    try {
      await setUserPassword(user.id, password);
      enqueueSnackbar(t('users.passwordSet'), { variant: 'success' });
      onClose();
    } catch (error) {
      const message = applyServerErrors(error, setError, ['password']);
      enqueueSnackbar(message || t('common.failed'), { variant: 'error' });
    }
  });

  const messages = useAdminMessages();
  return (
    <FieldMessages translate={messages}>
      <Dialog
        open={user !== null}
        onClose={formState.isSubmitting ? undefined : onClose}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <DialogTitle id={titleId}>{t('users.setPasswordTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('users.setPasswordBody', { name: user ? `${user.firstName} ${user.lastName}`.trim() : '' })}
            </DialogContentText>
            <FormPasswordField
              control={control}
              name="password"
              label={t('users.newPassword')}
              helperText={t('password.hint')}
              required
            />
            <PasswordStrengthMeter password={password} owner={{ email: user?.email, phone: user?.phone }} />
            <FormPasswordField
              control={control}
              name="confirmPassword"
              label={t('users.confirmPassword')}
              required
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={formState.isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={formState.isSubmitting}
              startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t('users.setPassword')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </FieldMessages>
  );
}
