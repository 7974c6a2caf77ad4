/** Field messages of the wallet forms: our validation keys translated; a server's own message shows as sent. */
import { useTranslation } from 'react-i18next';

export function useWalletMessages(): (message: string) => string {
  const { t, i18n } = useTranslation('wallet');
  return (message) =>
    i18n.exists(`validation.${message}`, { ns: 'wallet' }) ? t(`validation.${message}`) : message;
}
