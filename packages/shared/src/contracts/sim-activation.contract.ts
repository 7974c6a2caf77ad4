/**
 * SIM activation orders (spec 01 §2.10, §3 "SIM activation", §5; spec 02 §2 "Sim Activation Order", §3, §4, §5, §6).
 * A vendor asks the tracker's manufacturer to activate the SIMs of a device; SUPER_ADMIN or a user of the order's
 * manufacturer organisation edits it and moves it through its statuses; DONE records the SIMs on the device.
 *
 *   GET  /v1/sim-activation            list (paged; filters simStatus, organisation, imei, _id for the edit load)
 *   POST /v1/sim-activation            raise an order: SimActivationInput
 *   PUT  /v1/sim-activation/:id        SimActivationInput (edit) or SimStatusChange (status dialog): SimActivationUpdate
 *
 * Choices made here (the spec leaves them open):
 * - `uid` is the device's ICCID (the SIM's own identity, what the manufacturer activates); null when unknown.
 * - An IP entry is an IPv4 address with an optional port (`103.21.58.10`, `103.21.58.10:5010`) or a host name with a
 *   port (`gw.civicfleet.in:5010`): what AIS-140 trackers are programmed with.
 * - Phone numbers travel with +91 (the form shows +91 fixed and sends `+91` + 10 digits).
 * - MSISDNs of the DONE step are 10 to 15 digits (M2M numbers are often 13), as the device's sim1/sim2.
 */
import { z } from 'zod';
import { ESIM_PROVIDERS } from '../domain/enums.ts';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

/** Spec 02 §4 statuses plus DONE, the final step that records the SIMs (offered by the change-status dialog). */
export const SIM_ORDER_STATUS_CHOICES = ['INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED', 'DONE'] as const;
export type SimOrderStatusChoice = (typeof SIM_ORDER_STATUS_CHOICES)[number];
/** Rows in these statuses can no longer be edited or have their status changed (spec 02 §4). */
export const SIM_ORDER_LOCKED_STATUSES: readonly SimOrderStatusChoice[] = ['COMPLETED', 'REJECTED'];
/** A device has at most one order in these statuses at a time. */
export const SIM_ORDER_OPEN_STATUSES: readonly SimOrderStatusChoice[] = ['INITIATED', 'APPROVED'];
/** The orders screen opens filtered on this status (spec 02 §4). */
export const DEFAULT_SIM_ORDER_STATUS: SimOrderStatusChoice = 'INITIATED';
export const SIM_ACTIVATION_MAX_IPS = 4;
export const SIM_ACTIVATION_MAX_NUMBERS = 4;
/** Suggestions for the operator fields of the DONE step (free text is accepted). */
export const SIM_OPERATOR_SUGGESTIONS = ['Airtel', 'BSNL', 'Jio', 'Vi'] as const;

export function isSimOrderLocked(status: SimOrderStatusChoice): boolean {
  return SIM_ORDER_LOCKED_STATUSES.includes(status);
}

/** Every user-visible message of this contract and its routes, word for word where the spec quotes one. */
export const SIM_ACTIVATION_MESSAGES = {
  atLeastOneIp: 'Atleast one ips is required',
  atLeastOneNumber: 'Atleast one Phone Number is required',
  maxIps: `At most ${SIM_ACTIVATION_MAX_IPS} IPs can be given`,
  maxNumbers: `At most ${SIM_ACTIVATION_MAX_NUMBERS} phone numbers can be given`,
  ip: 'Each IP must be an IPv4 address (optionally with :port) or host:port',
  number: 'Each phone number must be +91 followed by 10 digits',
  imei: 'The IMEI must be 15 digits',
  imeiFilter: 'The IMEI filter takes digits only',
  duration: 'Choose an activation duration',
  statusRequired: 'Status is required',
  statusInvalid: `The status must be one of ${SIM_ORDER_STATUS_CHOICES.join(', ')}`,
  doneDetails: 'SIM OPERATORs,E-SIM Provider and MSISDNs are required',
  msisdn: 'The MSISDN must be 10 to 15 digits',
  operator: 'The SIM operator must be at most 40 characters',
  eSimProvider: `The E-SIM provider must be one of ${ESIM_PROVIDERS.join(', ')}`,
  // Answered by the server's rules (not by this schema):
  notFound: 'SIM activation order not found.',
  deviceNotFound: 'No device with this IMEI in your organisations',
  noPlan: 'Choose one of the active activation plans',
  openOrder: 'This device already has an open SIM activation order',
  imeiFixed: 'The IMEI of an order cannot be changed; raise a new order for the other device',
  manufacturerOnly: "Only the device's manufacturer or a super admin can change this order",
  /** `locked(status)`: COMPLETED and REJECTED rows. */
  locked: (status: string) => `This order is ${status} and can no longer be changed`,
} as const;

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

/** What the DONE step records (spec 02 §3 "Status payload fields"); stored on the order as `simDetails`. */
export const SimDetailsSchema = z.object({
  sim1: z.string().optional(),
  sim2: z.string().optional(),
  sim1_operator: z.string().optional(),
  sim2_operator: z.string().optional(),
  eSimProvider: z.string().optional(),
});
export type SimDetails = z.infer<typeof SimDetailsSchema>;

export const SimActivationOrderSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  imei: z.string(),
  /** The device's ICCID (see the file comment); null when the device record has none. */
  uid: z.string().nullable(),
  status: z.enum(SIM_ORDER_STATUS_CHOICES),
  durationInDays: z.number().int(),
  ips: z.array(z.string()),
  /** With +91. */
  numbers: z.array(z.string()),
  /** The organisation that raised it. */
  organisation: NamedRefSchema,
  /** The device's manufacturer organisation: who (with SUPER_ADMIN) may edit it and change its status. */
  manufacturer: NamedRefSchema.nullable(),
  simDetails: SimDetailsSchema,
  isSimActivated: z.boolean(),
  simActivationApprovedBy: NamedRefSchema.nullable(),
  simActivationDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SimActivationOrder = z.infer<typeof SimActivationOrderSchema>;
export const SimActivationOrderPageSchema = listPageSchema(SimActivationOrderSchema);

/** `sortBy` keys of GET /sim-activation (default: newest first). */
export const SIM_ORDER_SORT_FIELDS = [
  'createdAt',
  'imei',
  'status',
  'durationInDays',
  'simActivationDate',
] as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * GET /sim-activation. `simStatus`: one status; `organisation`: orders raised by that organisation or whose
 * manufacturer it is; `imei`: digits contained in the IMEI; `_id`: one order (the edit form's load).
 */
export const SimActivationListQuerySchema = ListQuerySchema.extend({
  simStatus: z.preprocess(
    blankToUndefined,
    z.enum(SIM_ORDER_STATUS_CHOICES, SIM_ACTIVATION_MESSAGES.statusInvalid).optional(),
  ),
  organisation: z.preprocess(blankToUndefined, IdSchema.optional()),
  imei: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, SIM_ACTIVATION_MESSAGES.imeiFilter)
      .optional(),
  ),
  _id: z.preprocess(blankToUndefined, IdSchema.optional()),
});
export type SimActivationListQuery = z.infer<typeof SimActivationListQuerySchema>;
export type SimActivationListQueryInput = z.input<typeof SimActivationListQuerySchema>;

const IPV4 = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}`;
const PORT = String.raw`(?:6553[0-5]|655[0-2]\d|65[0-4]\d{2}|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3})`;
const HOST = String.raw`(?=.{1,253}:)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}`;
const IP_RE = new RegExp(`^(?:${IPV4}(?::${PORT})?|${HOST}:${PORT})$`);

export function isSimActivationIp(value: string): boolean {
  return IP_RE.test(value);
}

export const SimActivationIpSchema = z.string().trim().refine(isSimActivationIp, SIM_ACTIVATION_MESSAGES.ip);
export const SimActivationNumberSchema = z
  .string()
  .trim()
  .regex(/^\+91\d{10}$/, SIM_ACTIVATION_MESSAGES.number);

/** POST /sim-activation and the edit variant of PUT /sim-activation/:id (action raise-sim-activation / edit-…). */
export const SimActivationInputSchema = z.object({
  imei: z
    .string(SIM_ACTIVATION_MESSAGES.imei)
    .trim()
    .regex(/^\d{15}$/, SIM_ACTIVATION_MESSAGES.imei),
  ips: z
    .array(SimActivationIpSchema, SIM_ACTIVATION_MESSAGES.atLeastOneIp)
    .min(1, SIM_ACTIVATION_MESSAGES.atLeastOneIp)
    .max(SIM_ACTIVATION_MAX_IPS, SIM_ACTIVATION_MESSAGES.maxIps),
  numbers: z
    .array(SimActivationNumberSchema, SIM_ACTIVATION_MESSAGES.atLeastOneNumber)
    .min(1, SIM_ACTIVATION_MESSAGES.atLeastOneNumber)
    .max(SIM_ACTIVATION_MAX_NUMBERS, SIM_ACTIVATION_MESSAGES.maxNumbers),
  /** Must be the duration of an active activation plan (GET /activation-plans). */
  durationInDays: z.coerce
    .number(SIM_ACTIVATION_MESSAGES.duration)
    .int(SIM_ACTIVATION_MESSAGES.duration)
    .positive(SIM_ACTIVATION_MESSAGES.duration),
});
export type SimActivationInput = z.infer<typeof SimActivationInputSchema>;

/** Blank, null and missing all mean "not given" (the dialog sends empty fields for statuses other than DONE). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

/** The change-status dialog's payload (spec 02 §3 "Status payload fields", §5 "Sim status change"). */
export const SimStatusChangeSchema = z
  .object({
    status: z.enum(SIM_ORDER_STATUS_CHOICES, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? SIM_ACTIVATION_MESSAGES.statusRequired
          : SIM_ACTIVATION_MESSAGES.statusInvalid,
    }),
    sim1: optional(
      z
        .string()
        .trim()
        .regex(/^\d{10,15}$/, SIM_ACTIVATION_MESSAGES.msisdn),
    ),
    sim2: optional(
      z
        .string()
        .trim()
        .regex(/^\d{10,15}$/, SIM_ACTIVATION_MESSAGES.msisdn),
    ),
    sim1_operator: optional(z.string().trim().max(40, SIM_ACTIVATION_MESSAGES.operator)),
    sim2_operator: optional(z.string().trim().max(40, SIM_ACTIVATION_MESSAGES.operator)),
    eSimProvider: optional(z.enum(ESIM_PROVIDERS, SIM_ACTIVATION_MESSAGES.eSimProvider)),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'DONE') return;
    for (const key of ['sim1', 'sim2', 'sim1_operator', 'sim2_operator', 'eSimProvider'] as const) {
      if (v[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: SIM_ACTIVATION_MESSAGES.doneDetails });
    }
  });
export type SimStatusChange = z.infer<typeof SimStatusChangeSchema>;
export type SimStatusChangeInput = z.input<typeof SimStatusChangeSchema>;

const STATUS_KEYS = ['status', 'sim1', 'sim2', 'sim1_operator', 'sim2_operator', 'eSimProvider'];
const EDIT_KEYS = ['imei', 'ips', 'numbers', 'durationInDays'];

/** A PUT body is the status payload when it carries a status field (or SIM fields) and none of the edit fields. */
export function isSimStatusPayload(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body);
  return keys.some((k) => STATUS_KEYS.includes(k)) && !keys.some((k) => EDIT_KEYS.includes(k));
}

export type SimActivationUpdate =
  ({ kind: 'status' } & SimStatusChange) | ({ kind: 'edit' } & SimActivationInput);

/**
 * PUT /sim-activation/:id: either the edit fields (action edit-sim-activation-order-result-table) or the status
 * payload (action change-status-result-table), told apart by isSimStatusPayload; each validated by its own schema
 * so the messages stay those of the form and the dialog.
 */
export const SimActivationUpdateSchema = z.unknown().transform((body, ctx): SimActivationUpdate => {
  const isStatus = isSimStatusPayload(body);
  const result = (isStatus ? SimStatusChangeSchema : SimActivationInputSchema).safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return isStatus
    ? { kind: 'status', ...(result.data as SimStatusChange) }
    : { kind: 'edit', ...(result.data as SimActivationInput) };
});
