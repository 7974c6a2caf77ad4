/** How the vehicle forms show field messages: the contract's messages by their vehicle i18n keys, others as sent. */
import { useTranslation } from 'react-i18next';
import { MESSAGE_KEYS } from './vehicle-form';

export function useVehicleMessages(): (message: string) => string {
  const { t } = useTranslation('vehicle');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
