/** How the device forms show field messages: a rule's message key translated, a server's own message as sent. */
import { useTranslation } from 'react-i18next';

export function useDeviceMessages(): (message: string) => string {
  const { t } = useTranslation('device');
  return (message) => t(message, { defaultValue: message });
}
