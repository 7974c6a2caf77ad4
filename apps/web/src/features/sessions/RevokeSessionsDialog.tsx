/**
 * Asks the password again before ending sessions (ASVS 3.3.4 "having re-entered login credentials"): one session, or
 * every session but this one. A wrong password stays in the dialog with the server's message on the field; wrong
 * passwords count against the sign-in limits on the server.
 */
import type { ActiveSession } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmWithPasswordDialog } from '@/components/ConfirmWithPasswordDialog';
import { revokeSessions } from './api';

/** One session of the list, or every other session. */
export type RevokeTarget = { session: ActiveSession; label: string } | 'others';

interface RevokeSessionsDialogProps {
  target: RevokeTarget;
  onClose: () => void;
  onRevoked: (revoked: number) => void;
}

export function RevokeSessionsDialog({ target, onClose, onRevoked }: RevokeSessionsDialogProps) {
  const { t } = useTranslation('sessions');
  const isOne = target !== 'others';
  return (
    <ConfirmWithPasswordDialog
      title={isOne ? t('dialog.oneTitle') : t('dialog.othersTitle')}
      description={isOne ? t('dialog.oneText', { device: target.label }) : t('dialog.othersText')}
      passwordLabel={t('dialog.password')}
      passwordHint={t('dialog.passwordHint')}
      passwordRequiredMessage={t('dialog.passwordRequired')}
      confirmLabel={isOne ? t('actions.signOut') : t('actions.signOutOthers')}
      cancelLabel={t('dialog.cancel')}
      failedMessage={t('toast.failed')}
      onConfirm={async ({ password }) => {
        const result = await revokeSessions(
          isOne ? { password, sessionId: target.session.id } : { password },
        );
        onRevoked(result.revoked);
      }}
      onClose={onClose}
    />
  );
}
