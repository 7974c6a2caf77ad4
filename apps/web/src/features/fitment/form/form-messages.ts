/**
 * Contract and server messages of the fitment form (English on the wire) → `fitment` i18n keys. A message not listed
 * here is shown as sent. The date and image fields translate their own problem codes (components/form).
 */
import { FITMENT_LOOKUP_MESSAGES, FITMENT_MESSAGES } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Category is required': 'validation.category',
  'Registration number is required': 'validation.registrationRequired',
  'Enter a valid registration number, e.g. MP09AB1234': 'validation.registrationInvalid',
  'State is required': 'validation.state',
  'RTO is required': 'validation.rto',
  'RTO code must look like MP_09': 'validation.rtoCode',
  'IMEI is required': 'validation.imeiRequired',
  'The IMEI must be 15 digits': 'validation.imei',
  'Panic buttons must be a number': 'validation.panicButtons',
  'Panic buttons must be a whole number': 'validation.panicButtons',
  'Panic buttons must be between 0 and 8': 'validation.panicButtons',
  'First name is required': 'validation.firstName',
  'Last name is required': 'validation.lastName',
  'Fitter first name is required': 'validation.firstName',
  'Enter a valid e-mail address': 'validation.email',
  'Phone is required': 'validation.phone',
  'Fitter phone is required': 'validation.phone',
  'The phone number must be 10 digits with +91': 'validation.phone',
  'Address is required': 'validation.address',
  'Activation duration is required': 'validation.duration',
  [FITMENT_MESSAGES.notCustomer]: 'lookup.notCustomer',
  [FITMENT_MESSAGES.notFitter]: 'lookup.notFitter',
  [FITMENT_LOOKUP_MESSAGES.rateLimited]: 'lookup.rateLimited',
  [FITMENT_LOOKUP_MESSAGES.deletedUser]: 'lookup.deletedUser',
  [FITMENT_MESSAGES.deviceNotFound]: 'validation.deviceNotFound',
  [FITMENT_MESSAGES.deviceDefected]: 'validation.deviceDefected',
  [FITMENT_MESSAGES.deviceInstalled]: 'validation.deviceInstalled',
  [FITMENT_MESSAGES.futureFitmentDate]: 'validation.futureFitmentDate',
  [FITMENT_MESSAGES.futureRegDate]: 'validation.futureRegDate',
  [FITMENT_MESSAGES.rcImages]: 'validation.rcImages',
  [FITMENT_MESSAGES.deviceImages]: 'validation.deviceImages',
  [FITMENT_MESSAGES.aadhar]: 'validation.aadhar',
  [FITMENT_MESSAGES.pan]: 'validation.pan',
};

export function useFitmentMessages(): (message: string) => string {
  const { t } = useTranslation('fitment');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
