/** Turning two-step verification off asks the password and a current code (or a recovery code) again. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmWithPasswordDialog } from '@/components/ConfirmWithPasswordDialog';
import { disableMfa } from './api';

interface DisableMfaDialogProps {
  onClose: () => void;
  onDisabled: () => void;
}

export function DisableMfaDialog({ onClose, onDisabled }: DisableMfaDialogProps) {
  const { t } = useTranslation('mfa');
  // Stable between renders: the dialog builds its form rules from it.
  const codeField = useMemo(
    () => ({
      label: t('disable.code'),
      hint: t('disable.codeHint'),
      invalidMessage: t('validation.codeOrRecovery'),
    }),
    [t],
  );
  return (
    <ConfirmWithPasswordDialog
      title={t('disable.title')}
      description={t('disable.text')}
      passwordLabel={t('disable.password')}
      passwordRequiredMessage={t('validation.passwordRequired')}
      codeField={codeField}
      confirmLabel={t('disable.submit')}
      cancelLabel={t('disable.cancel')}
      failedMessage={t('disable.failed')}
      onConfirm={async (values) => {
        await disableMfa(values);
        onDisabled();
      }}
      onClose={onClose}
    />
  );
}
