/**
 * Fitment (spec 02 §2 "Fitment", §3 Fitment / Vehicle / Device / Customer / Fitter, §5, §7 "Fitment", §8): a tracker
 * fitted to a vehicle for a customer by a vendor's fitter. One fitment row is also its activation (activation.contract.ts).
 *
 * Routes (module `fitment`):
 *   GET    /v1/fitment            paged list (FitmentListQuery); `?_id=` answers the one row in `items` (edit load)
 *   GET    /v1/fitment/:id        one row
 *   POST   /v1/fitment            FitmentInput → FitmentSaveResult, message 'Fitment created'     (add-fitment)
 *   PUT    /v1/fitment/:id        FitmentInput → FitmentSaveResult, message 'Fitment Updated'     (edit-fitment-result-table)
 *   DELETE /v1/fitment/:id        soft delete while PENDING; the device goes back to the vendor   (delete-fitment-result-table)
 *
 * The spec's form schema has no rules (its required marks are visual only); beyond the spec the server validates the
 * required fields with these messages (HTTP 400, `errors` keyed by field path such as `vehicle.registrationNumber`).
 * Ids are decimal strings, times ISO-8601, dates 'YYYY-MM-DD' on the wire.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { INDIAN_STATE_CODES } from './rto.contract.ts';
import { PhoneInputSchema } from './user.contract.ts';
import { NewPasswordSchema } from './auth.contract.ts';
import {
  RC_IMAGE_COUNT,
  REGISTRATION_PATTERN,
  RTO_CODE_PATTERN,
  normaliseRegistration,
} from './vehicle.contract.ts';

export const ACTIVATION_STATUSES = ['PENDING', 'APPROVED'] as const;
export type ActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** Image counts of spec 02 §5. */
export const FITMENT_IMAGE_LIMITS = {
  rcImages: { min: RC_IMAGE_COUNT, max: RC_IMAGE_COUNT },
  deviceImages: { min: 2, max: 3 },
  AADHAR: { min: 1, max: 2 },
  PAN: { min: 1, max: 2 },
} as const;

export const KYC_DOC_NAMES = ['AADHAR', 'PAN'] as const;
export type KycDocName = (typeof KYC_DOC_NAMES)[number];

/** The fitment's messages (spec 02 §5 and §8 word for word where the spec has them). */
export const FITMENT_MESSAGES = {
  created: 'Fitment created',
  updated: 'Fitment Updated',
  deleted: 'Fitment deleted',
  notFound: 'Fitment not found.',
  notCustomer: "This is not a customer's number",
  notFitter: "This is not a fitter's number",
  deviceNotFound: 'No device with this IMEI in your organisations.',
  deviceDefected: 'This device is marked DEFECTED and cannot be fitted.',
  deviceInstalled: 'This device is already installed on another vehicle.',
  deleteApproved: 'An approved fitment cannot be deleted: undo its activation first.',
  futureFitmentDate: 'The fitment date cannot be in the future.',
  futureRegDate: 'The registration date cannot be in the future.',
  rcImages: 'Upload exactly 2 RC images (front and back)',
  deviceImages: 'Upload 2 to 3 device images',
  aadhar: 'Upload 1 or 2 Aadhaar images',
  pan: 'Upload 1 or 2 PAN images',
} as const;

const required = (label: string) => `${label} is required`;

/** Required text: trimmed, not blank. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `${label} may be at most ${max} characters`);

/** Optional text: blank, null or absent → null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' and a real calendar date. */
export const IsoDateSchema = (label: string) =>
  z
    .string({ error: required(label) })
    .regex(DATE_RE, `${label}: enter a date as YYYY-MM-DD`)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label} is not a valid date`,
      },
    );

const url = z.string().trim().min(1, 'An image link is empty').max(2048);

export const FitmentVehicleInputSchema = z.object({
  category: requiredText('Category', 60),
  registrationNumber: z
    .string({ error: required('Registration number') })
    .trim()
    .min(1, required('Registration number'))
    .transform(normaliseRegistration)
    .refine((v) => REGISTRATION_PATTERN.test(v), 'Enter a valid registration number, e.g. MP09AB1234'),
  engineNo: optionalText(40),
  chassisNo: optionalText(40),
  regDate: IsoDateSchema('Registration date'),
  /** State or union territory code (rto.contract.ts INDIAN_STATES), e.g. MP; the RTO choices follow it. */
  state: z.enum(INDIAN_STATE_CODES, { error: required('State') }),
  rto: requiredText('RTO', 80),
  /** `<state>_<code>`, e.g. MP_09 (must start with `state`). */
  rtoCode: z
    .string({ error: required('RTO code') })
    .trim()
    .toUpperCase()
    .regex(RTO_CODE_PATTERN, 'RTO code must look like MP_09'),
  make: optionalText(60),
  model: optionalText(60),
  rcImages: z
    .array(url, { error: FITMENT_MESSAGES.rcImages })
    .length(RC_IMAGE_COUNT, FITMENT_MESSAGES.rcImages),
});

export const FitmentDeviceInputSchema = z.object({
  /** An existing device in the caller's organisations (not DEFECTED, not installed elsewhere). */
  imei: z
    .string({ error: required('IMEI') })
    .trim()
    .regex(/^\d{15}$/, 'The IMEI must be 15 digits'),
  panicButtonCount: z.coerce
    .number({ error: 'Panic buttons must be a number' })
    .int('Panic buttons must be a whole number')
    .min(0, 'Panic buttons must be between 0 and 8')
    .max(8, 'Panic buttons must be between 0 and 8')
    .default(0),
  deviceImages: z
    .array(url, { error: FITMENT_MESSAGES.deviceImages })
    .min(FITMENT_IMAGE_LIMITS.deviceImages.min, FITMENT_MESSAGES.deviceImages)
    .max(FITMENT_IMAGE_LIMITS.deviceImages.max, FITMENT_MESSAGES.deviceImages),
});

export const KycDocSchema = z.object({
  name: z.enum(KYC_DOC_NAMES, { error: 'A KYC document is AADHAR or PAN' }),
  link: url,
});
export type KycDoc = z.infer<typeof KycDocSchema>;

const countOf = (docs: KycDoc[], name: KycDocName) => docs.filter((d) => d.name === name).length;

/** 1–2 AADHAR and 1–2 PAN images (spec 02 §5). */
export const KycDocsSchema = z
  .array(KycDocSchema, { error: 'Upload the Aadhaar and PAN images' })
  .superRefine((docs, ctx) => {
    const aadhar = countOf(docs, 'AADHAR');
    const pan = countOf(docs, 'PAN');
    if (aadhar < FITMENT_IMAGE_LIMITS.AADHAR.min || aadhar > FITMENT_IMAGE_LIMITS.AADHAR.max)
      ctx.addIssue({ code: 'custom', message: FITMENT_MESSAGES.aadhar });
    if (pan < FITMENT_IMAGE_LIMITS.PAN.min || pan > FITMENT_IMAGE_LIMITS.PAN.max)
      ctx.addIssue({ code: 'custom', message: FITMENT_MESSAGES.pan });
  });

export const FitmentCustomerInputSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: z
    .string({ error: required('E-mail') })
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter a valid e-mail address').max(255)),
  /** 10 digits or +91XXXXXXXXXX; stored with +91. An existing user with this phone must be a customer (LIMITED_USER). */
  phone: z.string({ error: required('Phone') }).pipe(PhoneInputSchema),
  /** For a new customer only; default: the brand's default password. Ignored for an existing customer. */
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), NewPasswordSchema.optional()),
  /** The form's "customerAddress". */
  address: requiredText('Address', 500),
  kycDocs: KycDocsSchema,
});

export const FitmentFitterInputSchema = z.object({
  firstName: requiredText('Fitter first name', 100),
  lastName: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v ?? ''),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email('Enter a valid e-mail address').max(255).nullable()),
  /** An existing user with this phone must be a fitter (FITTER); a new one is created in the vendor organisation. */
  phone: z.string({ error: required('Fitter phone') }).pipe(PhoneInputSchema),
});

/** Day counts of the activation plans (GET /v1/activation-plans); the server checks that a plan exists. */
export const DurationInDaysSchema = z.coerce
  .number({ error: required('Activation duration') })
  .int('Activation duration must be a whole number of days')
  .min(1, required('Activation duration'))
  .max(36_500, 'Activation duration is too long');

/**
 * POST /v1/fitment, PUT /v1/fitment/:id. The images are links from POST /v1/file. `fitter` may be null or left out
 * (no fitter recorded).
 */
export const FitmentInputSchema = z.object({
  vehicle: FitmentVehicleInputSchema,
  device: FitmentDeviceInputSchema,
  customer: FitmentCustomerInputSchema,
  fitter: FitmentFitterInputSchema.nullish().transform((v) => v ?? null),
  /** 'YYYY-MM-DD', not in the future (India time). */
  fitmentDate: IsoDateSchema('Fitment date'),
  durationInDays: DurationInDaysSchema,
  /** The fitter asks for activation at once (still approved from the list). */
  deviceActivate: z.boolean({ error: required('Device activate') }),
});
/** What the form holds (before the schema's transforms). */
export type FitmentInputValues = z.input<typeof FitmentInputSchema>;
export type FitmentInput = z.output<typeof FitmentInputSchema>;

const PersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** One fitment as the list and the edit form load it. */
export const FitmentRowSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM-DD'. */
  fitmentDate: z.string(),
  durationInDays: z.number().int(),
  deviceActivate: z.boolean(),
  activationStatus: z.enum(ACTIVATION_STATUSES),
  /** 'YYYY-MM-DD': fitmentDate + durationInDays, set on approval. */
  expiresOn: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** The vendor organisation that fitted it (whose wallet pays the activation). */
  organisation: z.object({ id: z.string(), name: z.string() }),
  vehicle: z.object({
    id: z.string(),
    registrationNumber: z.string(),
    category: z.string().nullable(),
    engineNo: z.string().nullable(),
    chassisNo: z.string().nullable(),
    /** 'YYYY-MM-DD'. */
    regDate: z.string().nullable(),
    rto: z.string().nullable(),
    /** `<state>_<code>`; the state is its first two letters. */
    rtoCode: z.string().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    rcImages: z.array(z.string()),
    isTrackingActivated: z.boolean(),
  }),
  device: z.object({
    id: z.string(),
    imei: z.string(),
    panicButtonCount: z.number().int(),
    deviceImages: z.array(z.string()),
    model: z.string().nullable(),
  }),
  customer: PersonSchema.extend({ address: z.string().nullable(), kycDocs: z.array(KycDocSchema) }),
  fitter: PersonSchema.nullable(),
  /** What the approval debited (paise); null while PENDING. */
  chargedPaise: z.number().int().nullable(),
  createdAt: z.string(),
});
export type FitmentRow = z.infer<typeof FitmentRowSchema>;
export const FitmentPageSchema = listPageSchema(FitmentRowSchema);

/** POST / PUT answer: the saved row (message 'Fitment created' / 'Fitment Updated'). */
export const FitmentSaveResultSchema = FitmentRowSchema;

export const FITMENT_SORT_FIELDS = [
  'fitmentDate',
  'createdAt',
  'registrationNumber',
  'imei',
  'activationStatus',
  'expiresOn',
] as const;
export type FitmentSortField = (typeof FITMENT_SORT_FIELDS)[number];

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalQueryDate = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z.string().regex(DATE_RE, `${label}: enter a date as YYYY-MM-DD`).optional(),
  );

/**
 * GET /v1/fitment: paged; `search` matches the registration number, IMEI, customer phone and customer name. Default
 * order: newest fitment date first. `fromDate`/`toDate` bound the fitment date (inclusive, 'YYYY-MM-DD').
 */
export const FitmentListQuerySchema = ListQuerySchema.extend({
  /** The edit load (spec 02 §7 "GET with _id filter"): only this fitment. */
  _id: z.preprocess(emptyToUndefined, IdSchema.optional()),
  activationStatus: z.preprocess(emptyToUndefined, z.enum(ACTIVATION_STATUSES).optional()),
  organisationId: z.preprocess(emptyToUndefined, IdSchema.optional()),
  fromDate: optionalQueryDate('From date'),
  toDate: optionalQueryDate('To date'),
});
export type FitmentListQuery = z.infer<typeof FitmentListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// The form's lookups (module `fitment`, permission add-fitment OR edit-fitment-result-table, checked by the service):
// what a fitter needs to fill the form without the `user` / `device` modules, which would list every user and device
// of their organisation tree.
//
//   GET /v1/fitment/lookup/person?phone=&role=   FitmentPersonLookupQuery → FitmentPersonLookup (rate limited per user)
//   GET /v1/fitment/lookup/devices?search=&limit= FitmentDeviceLookupQuery → FitmentDeviceOption[]

/** The roles the form looks people up by: customers (LIMITED_USER) and fitters (FITTER). */
export const FITMENT_PERSON_ROLES = ['LIMITED_USER', 'FITTER'] as const;
export type FitmentPersonRole = (typeof FITMENT_PERSON_ROLES)[number];

export const FITMENT_LOOKUP_MESSAGES = {
  phone: 'Enter exactly 10 digits (+91 is added)',
  role: 'The role must be LIMITED_USER or FITTER',
  forbidden: 'You may not add or edit fitments.',
  rateLimited: 'Too many lookups. Try again in a minute.',
  /** The phone of a deleted user stays reserved (the save refuses it too). */
  deletedUser: 'This phone number belongs to a deleted user.',
} as const;

/**
 * `phone`: exactly 10 digits, "+91" optional (spaces and dashes ignored); yields the stored +91 form. Only people of
 * the caller's organisations fill the form; another vendor's customer or fitter answers `matchesRole: false` with the
 * save's own refusal, naming nobody.
 */
export const FitmentPersonLookupQuerySchema = z.object({
  phone: z
    .string({ error: FITMENT_LOOKUP_MESSAGES.phone })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^(\+91)?\d{10}$/.test(v), FITMENT_LOOKUP_MESSAGES.phone)
    .transform((v) => (v.startsWith('+91') ? v : `+91${v}`)),
  role: z.enum(FITMENT_PERSON_ROLES, { error: FITMENT_LOOKUP_MESSAGES.role }),
});
export type FitmentPersonLookupQuery = z.infer<typeof FitmentPersonLookupQuerySchema>;

/** A found person of the asked role; `address` is the customer's (always null for a fitter). */
export const FitmentLookupPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string().nullable(),
});
export type FitmentLookupPerson = z.infer<typeof FitmentLookupPersonSchema>;

/**
 * Nobody (visible) has the phone → `found: false`; someone of another role → `matchesRole: false` with
 * "This is not a customer's number" / "This is not a fitter's number" and nothing about them.
 */
export const FitmentPersonLookupSchema = z.union([
  z.object({ found: z.literal(false) }),
  z.object({ found: z.literal(true), matchesRole: z.literal(false), message: z.string() }),
  z.object({ found: z.literal(true), matchesRole: z.literal(true), person: FitmentLookupPersonSchema }),
]);
export type FitmentPersonLookup = z.infer<typeof FitmentPersonLookupSchema>;

export const FITMENT_DEVICE_LOOKUP_MAX = 20;

/**
 * `search`: digits of the IMEI, matched as a prefix or a suffix; `limit` 1–20, required (the picker says how many it
 * shows; it also keeps a bare call from reaching the service's permission check, like the other lookups' required
 * fields — see the permission matrix).
 */
export const FitmentDeviceLookupQuerySchema = z.object({
  search: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'Search by the digits of the IMEI')
      .optional(),
  ),
  limit: z.coerce
    .number({ error: 'Give a limit between 1 and 20' })
    .int('The limit must be a whole number')
    .min(1, `The limit must be between 1 and ${FITMENT_DEVICE_LOOKUP_MAX}`)
    .max(FITMENT_DEVICE_LOOKUP_MAX, `The limit must be between 1 and ${FITMENT_DEVICE_LOOKUP_MAX}`),
});
export type FitmentDeviceLookupQuery = z.infer<typeof FitmentDeviceLookupQuerySchema>;

/** A device that can be fitted: in the caller's organisations, NEW or ALLOCATED, live (not an expired temporary one). */
export const FitmentDeviceOptionSchema = z.object({
  id: z.string(),
  imei: z.string(),
  model: z.string().nullable(),
  status: z.enum(['NEW', 'ALLOCATED']),
  panicButtonCount: z.number().int(),
});
export type FitmentDeviceOption = z.infer<typeof FitmentDeviceOptionSchema>;
export const FitmentDeviceOptionsSchema = z.array(FitmentDeviceOptionSchema);
