/**
 * An administrator resets the two-step verification of a user who lost the phone and the recovery codes
 * (POST /users/:id/mfa/reset, docs/security.md 2.5.x): confirmed with the administrator's own password.
 */
import type { User } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ConfirmWithPasswordDialog } from '@/components/ConfirmWithPasswordDialog';
import { resetUserMfa } from './api/users';

interface ResetMfaDialogProps {
  user: User;
  onClose: () => void;
  /** After the success toast (e.g. to refetch the list). */
  onReset: () => void;
}

export function ResetMfaDialog({ user, onClose, onReset }: ResetMfaDialogProps) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <ConfirmWithPasswordDialog
      title={t('users.resetMfaTitle')}
      description={t('users.resetMfaBody', { name })}
      passwordLabel={t('users.yourPassword')}
      passwordHint={t('users.resetMfaPasswordHint')}
      passwordRequiredMessage={t('users.passwordRequired')}
      confirmLabel={t('users.resetMfaConfirm')}
      cancelLabel={t('common.cancel')}
      failedMessage={t('users.resetMfaFailed')}
      onConfirm={async ({ password }) => {
        // A refusal stays in the dialog (on the password field or above the buttons), as in the other dialogs.
        const { sessionsRevoked } = await resetUserMfa(user.id, password);
        enqueueSnackbar(t('users.resetMfaDone', { count: sessionsRevoked }), { variant: 'success' });
        onReset();
        onClose();
      }}
      onClose={onClose}
    />
  );
}
