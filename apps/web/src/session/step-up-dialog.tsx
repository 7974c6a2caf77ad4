/**
 * "Confirm it's you" (step-up, ASVS 4.3.3): the password again, and a code when two-step verification is on, before
 * a high-value call that the server refused with STEP_UP_MESSAGES.required. Opened by step-up-provider.tsx on the
 * shared ConfirmWithPasswordDialog; the code field appears when the server's 403 or a later 400 asks for a code.
 * Wrong answers stay in the dialog with the message on the field (they count against the sign-in limits).
 */
import { AUTH_MESSAGES, MFA_MESSAGES } from '@civicfleet/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { ConfirmWithPasswordDialog } from '@/components/ConfirmWithPasswordDialog';
import { confirmStepUp } from './step-up-api';

/** The server's fixed English messages, shown in the console's language. */
const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [AUTH_MESSAGES.wrongCurrentPassword]: 'wrongPassword',
  [MFA_MESSAGES.codeInvalid]: 'codeInvalid',
  [MFA_MESSAGES.codeRequired]: 'codeRequired',
};

interface StepUpDialogProps {
  /** The server will want a code too (its 403 said so); a 400 asking for one shows the field as well. */
  needsCode: boolean;
  /** true once the server confirmed, false on Cancel or Esc. */
  onDone: (confirmed: boolean) => void;
}

export function StepUpDialog({ needsCode, onDone }: StepUpDialogProps) {
  const { t } = useTranslation('stepUp');
  const [showCode, setShowCode] = useState(needsCode);
  // Stable between renders: the dialog builds its form rules from it.
  const codeField = useMemo(
    () =>
      showCode ? { label: t('code'), hint: t('codeHint'), invalidMessage: t('codeRequired') } : undefined,
    [showCode, t],
  );
  const translateMessage = useCallback(
    (message: string) => {
      const key = SERVER_MESSAGE_KEYS[message];
      return key === undefined ? message : t(key);
    },
    [t],
  );
  return (
    <ConfirmWithPasswordDialog
      title={t('title')}
      description={showCode ? t('textWithCode') : t('text')}
      passwordLabel={t('password')}
      passwordRequiredMessage={t('passwordRequired')}
      codeField={codeField}
      confirmLabel={t('confirm')}
      cancelLabel={t('cancel')}
      failedMessage={t('failed')}
      isDestructive={false}
      translateMessage={translateMessage}
      onConfirm={async ({ password, code }) => {
        try {
          await confirmStepUp(showCode ? { password, code } : { password });
        } catch (error) {
          if (error instanceof ApiError && error.errors?.code !== undefined) setShowCode(true);
          throw error;
        }
        onDone(true);
      }}
      onClose={() => onDone(false)}
    />
  );
}
