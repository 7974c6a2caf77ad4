/** How the users forms show field messages: a rule's message key translated, a server's own message as sent. */
import { useTranslation } from 'react-i18next';

export function useAdminMessages(): (message: string) => string {
  const { t } = useTranslation('admin');
  return (message) => t(message, { defaultValue: message });
}
