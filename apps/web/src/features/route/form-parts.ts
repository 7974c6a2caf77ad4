/** How the route forms show field messages: contract and server messages by their i18n keys, others as sent. */
import { useTranslation } from 'react-i18next';
import { MESSAGE_KEYS } from './route-form';

export function useRouteMessages(): (message: string) => string {
  const { t } = useTranslation('divisions');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
