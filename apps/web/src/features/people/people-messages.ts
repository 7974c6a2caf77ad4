/**
 * Contract and server messages of the people module → `people` i18n keys; anything else is shown as sent (the server
 * message is already a sentence).
 */
import { PEOPLE_MESSAGES } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export const CHOOSE_VEHICLE = 'Choose a vehicle';
export const CHOOSE_STAFF = 'Choose a staff member';

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  'The phone number must be 10 digits with +91': 'validation.phone',
  'The role must be driver, helper, sweeper or supervisor': 'validation.role',
  [PEOPLE_MESSAGES.tagId]: 'validation.tagId',
  [PEOPLE_MESSAGES.tagTaken]: 'validation.tagTaken',
  [PEOPLE_MESSAGES.day]: 'validation.day',
  [PEOPLE_MESSAGES.reasonRequired]: 'validation.reasonRequired',
  [PEOPLE_MESSAGES.futureDay]: 'validation.futureDay',
  [PEOPLE_MESSAGES.alreadyEnded]: 'validation.alreadyEnded',
  [PEOPLE_MESSAGES.inactiveStaff]: 'validation.inactiveStaff',
  [PEOPLE_MESSAGES.staffOrganisation]: 'validation.staffOrganisation',
  [PEOPLE_MESSAGES.staffNotFound]: 'validation.staffNotFound',
  [PEOPLE_MESSAGES.licenceMissing]: 'warnings.licenceMissing',
  [PEOPLE_MESSAGES.licenceExpired]: 'warnings.licenceExpired',
  'The shift must be morning, afternoon or night': 'validation.shift',
  'Choose a vehicle of your organisation': 'validation.vehicleOrganisation',
  'This person is already allocated to this vehicle for this shift': 'validation.alreadyAllocated',
  "Choose a ward of the staff member's organisation.": 'validation.wardOrganisation',
  [CHOOSE_VEHICLE]: 'validation.chooseVehicle',
  [CHOOSE_STAFF]: 'validation.chooseStaff',
};

export function usePeopleMessages(): (message: string) => string {
  const { t } = useTranslation('people');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
