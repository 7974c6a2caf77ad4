/**
 * The vehicle form's rules: the contract's VehicleInputSchema, with the inputs the form holds as text (speed limit,
 * kind, ward, organisation, group, owner: '' = none) and the shared date and image rules. Contract messages are English; `messageKey` finds their i18n key.
 */
import {
  RC_IMAGE_COUNT,
  VEHICLE_KINDS,
  VehicleInputSchema,
  type Vehicle,
  type VehicleInput,
} from '@civicfleet/shared';
import { z } from 'zod';
import { dateFieldSchema } from '@/components/form';

const ORGANISATION_REQUIRED = 'Choose an organisation';
const emptyToNull = z.string().transform((v) => (v === '' ? null : v));

export function vehicleFormSchema() {
  return VehicleInputSchema.extend({
    kind: z.union([z.literal(''), z.enum(VEHICLE_KINDS)]).transform((v) => (v === '' ? null : v)),
    wardId: emptyToNull,
    organisationId: z.string().min(1, ORGANISATION_REQUIRED),
    groupId: emptyToNull,
    ownerUserId: emptyToNull,
    contractorOrganisationId: emptyToNull,
    speedLimitKph: z
      .string()
      .trim()
      .refine((v) => v === '' || /^\d+(\.\d+)?$/.test(v), 'Enter a number')
      .transform((v) => (v === '' ? null : Number(v)))
      .refine((v) => v === null || (v >= 5 && v <= 200), 'Speed limit must be between 5 and 200 km/h'),
    regDate: dateFieldSchema({ minDate: '1980-01-01' }),
    rcImages: z
      .array(z.string())
      .refine((v) => v.length === 0 || v.length === RC_IMAGE_COUNT, { message: 'min' }),
  });
}

export type VehicleFormValues = z.input<ReturnType<typeof vehicleFormSchema>>;

export const VEHICLE_FORM_FIELDS = [
  'registrationNumber',
  'category',
  'kind',
  'type',
  'make',
  'model',
  'engineNo',
  'chassisNo',
  'rto',
  'rtoCode',
  'regDate',
  'rcImages',
  'wardId',
  'speedLimitKph',
  'organisationId',
  'groupId',
  'ownerUserId',
  'contractorOrganisationId',
] as const;

export const EMPTY_VEHICLE_FORM: VehicleFormValues = {
  registrationNumber: '',
  category: '',
  kind: '',
  type: '',
  make: '',
  model: '',
  engineNo: '',
  chassisNo: '',
  rto: '',
  rtoCode: '',
  regDate: null,
  rcImages: [],
  wardId: '',
  speedLimitKph: '',
  organisationId: '',
  groupId: '',
  ownerUserId: '',
  contractorOrganisationId: '',
};

export function toFormValues(v: Vehicle): VehicleFormValues {
  return {
    registrationNumber: v.registrationNumber,
    category: v.category ?? '',
    kind: (VEHICLE_KINDS as readonly string[]).includes(v.kind ?? '')
      ? (v.kind as VehicleInput['kind'] & string)
      : '',
    type: v.type ?? '',
    make: v.make ?? '',
    model: v.model ?? '',
    engineNo: v.engineNo ?? '',
    chassisNo: v.chassisNo ?? '',
    rto: v.rto ?? '',
    rtoCode: v.rtoCode ?? '',
    regDate: v.regDate,
    rcImages: v.rcImages,
    wardId: v.wardId ?? '',
    speedLimitKph: v.speedLimitKph === null ? '' : String(v.speedLimitKph),
    organisationId: v.organisation.id,
    groupId: v.groupId ?? '',
    ownerUserId: v.ownerUserId ?? '',
    contractorOrganisationId: v.contractorOrganisationId ?? '',
  };
}

/**
 * The body: zone and circle follow the ward on the server. Group and owner are always sent: a session that may not
 * list groups or users does not see those pickers, and the form keeps the vehicle's own values for them.
 */
export function toVehicleBody(values: VehicleInput): VehicleInput {
  return { ...values, zoneId: null, circleId: null };
}

/** Contract and server messages → `vehicle` i18n keys (anything else is shown as sent). */
export const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Registration number is required': 'validation.registrationRequired',
  'Enter a valid registration number, e.g. MP09AB1234': 'validation.registrationInvalid',
  'RTO code must look like MP_09': 'validation.rtoCode',
  'Speed limit must be between 5 and 200 km/h': 'validation.speedLimit',
  'Enter a number': 'validation.number',
  'Upload exactly 2 RC images (front and back)': 'validation.rcImages',
  'A vehicle with this registration number already exists in this organisation.':
    'validation.registrationTaken',
  'Registration date cannot be in the future.': 'validation.futureRegDate',
  'Choose a vehicle kind': 'validation.kind',
  [ORGANISATION_REQUIRED]: 'validation.organisation',
  "Choose a group of the vehicle's organisation.": 'validation.group',
  'Owner not found in this organisation.': 'validation.owner',
};
