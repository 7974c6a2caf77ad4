/** Enumerations of spec 02 §9 and §4. */
export const DEVICE_STATUSES = ['NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

export const SIM_ORDER_STATUSES = ['INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED'] as const;
export type SimOrderStatus = (typeof SIM_ORDER_STATUSES)[number];

export const ESIM_PROVIDERS = ['TAISYS', 'VENTEL'] as const;

export const VEHICLE_KINDS = [
  'PERSON',
  'BUS',
  'TRUCK',
  'SMALL_CAR',
  'BIKE',
  'MINI_VAN',
  'SEDAN',
  'SHIP',
  'SUV',
  'BARGE',
] as const;

export const GENDERS = ['MALE', 'FEMALE', 'OTHERS'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;
export const TRANSACTION_TYPES = ['CREDIT', 'DEBIT'] as const;

/** Organisation kinds of the tree: platform → manufacturer / vendor (RFC) → municipal customer. */
export const ORGANISATION_KINDS = [
  'PLATFORM',
  'MANUFACTURER',
  'VENDOR',
  'MUNICIPAL',
  'CUSTOMER',
  'CONTRACTOR',
] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/** Activation durations of spec 01 §9 / spec 02 §9 (named options mapped to day counts). */
export const ACTIVATION_DURATIONS = [
  { name: '1 year', durationInDays: 365 },
  { name: '2 year', durationInDays: 730 },
] as const;

/** Time zone and display formats of spec 01 §9. */
export const TIME_ZONE = 'Asia/Kolkata';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';
