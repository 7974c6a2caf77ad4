/**
 * Devices (spec 02 §3 "Device", §7 "Device service"): list/read, create/edit/delete, bulk create, allocation down the
 * organisation tree and rollback, status changes (DEVICE_STATUS_TRANSITIONS), firmware updates, temporary devices.
 */
import { z } from 'zod';
import { AllowedNetworksSchema } from './device-network.contract.ts';
import { DEVICE_STATUSES, ESIM_PROVIDERS, type DeviceStatus } from '../domain/enums.ts';
import { IdSchema } from './envelope.ts';
import { RawLogSchema } from './raw-log.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const DEVICE_PROTOCOLS = ['ais140', 'gt06', 'teltonika'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

export const DeviceSchema = z.object({
  id: z.string(),
  imei: z.string(),
  /** AIS-140 UID: the serial/ID printed on the unit (fitment certificate); null when not recorded. */
  uid: z.string().nullable(),
  iccid: z.string().nullable(),
  sim1: z.string().nullable(),
  sim2: z.string().nullable(),
  eSimProvider: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  model: z.string().nullable(),
  organisation: z.object({ id: z.string(), tradeName: z.string(), brandName: z.string().nullable() }),
  panicButtonCount: z.number().int(),
  firmware: z.string().nullable(),
  protocol: z.enum(DEVICE_PROTOCOLS).nullable(),
  strictChecksum: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  /** Firmware version an update was last queued for. */
  targetFirmware: z.string().nullable(),
  /** Temporary devices: when the gateway stops accepting it. */
  expiresAt: z.string().nullable(),
  /** The vehicle it is linked to now. */
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
  /** Its own allowed source networks; null = its organisation's (device-network.contract.ts), [] = any address. */
  allowedNetworks: z.array(z.string()).nullable(),
  /** An open identity conflict (a takeover from another address while it was sending): last one, count. */
  identityConflictAt: z.string().nullable(),
  identityConflicts: z.number().int(),
  /** Set once the conflicts flapped between addresses (clone suspected); cleared when the desk closes the alert. */
  cloneSuspectedAt: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DevicePageSchema = listPageSchema(DeviceSchema);

/** `sortBy` keys of GET /device (default: IMEI). */
export const DEVICE_SORT_FIELDS = ['imei', 'iccid', 'status', 'model', 'createdAt', 'lastSeenAt'] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

/** GET /device: paged (list.contract.ts); `search` matches IMEI, ICCID and SIM numbers. */
const statusList = z
  .string()
  .transform((v) => v.split(',').filter((s) => s !== ''))
  .pipe(z.array(z.enum(DEVICE_STATUSES)).min(1, 'Give at least one status'));

/** GET /device: `status` and `statusNotIn` take one status or a comma list (fitment's IMEI picker: statusNotIn=INSTALLED). */
export const DeviceListQuerySchema = ListQuerySchema.extend({
  status: statusList.optional(),
  statusNotIn: statusList.optional(),
  organisationId: IdSchema.optional(),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuerySchema>;

/** IMEIs that connected without being registered (SUPER_ADMIN). */
export const UnknownDeviceSchema = z.object({
  imei: z.string(),
  protocol: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  packets: z.number().int(),
  remoteAddr: z.string().nullable(),
});
export type UnknownDevice = z.infer<typeof UnknownDeviceSchema>;
/** GET /device/unknown (SUPER_ADMIN): paged; `search` matches the IMEI; newest activity first by default. */
export const UnknownDevicePageSchema = listPageSchema(UnknownDeviceSchema);
export const UnknownDeviceQuerySchema = ListQuerySchema;
export const UNKNOWN_DEVICE_SORT_FIELDS = [
  'imei',
  'protocol',
  'firstSeenAt',
  'lastSeenAt',
  'packets',
] as const;
export type UnknownDeviceSortField = (typeof UNKNOWN_DEVICE_SORT_FIELDS)[number];

/** 15-digit IMEI; the Luhn check digit is verified (luhnValid) as well. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const ImeiSchema = z
  .string()
  .trim()
  .regex(/^\d{15}$/, 'The IMEI must be 15 digits')
  .refine(isLuhnValid, 'The IMEI check digit (Luhn) is wrong');

const optionalText = (max: number, pattern?: RegExp, message?: string) => {
  const base = z.string().trim().max(max);
  const checked = pattern ? base.regex(pattern, message) : base;
  return z
    .union([checked, z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
};

/** Letters, digits, dash and slash, up to 40 characters (AIS-140 UIDs such as "NT/AIS140/0001"); blank = none. */
export const DEVICE_UID_PATTERN = /^[A-Za-z0-9/-]{0,40}$/;
export const DEVICE_UID_MESSAGE = 'The UID must be 1 to 40 letters, digits, - or /';

/** POST /device, PUT /device/:id (status changes go through PUT /device/status/:id). */
export const DeviceInputSchema = z.object({
  imei: ImeiSchema,
  /** AIS-140 UID printed on the unit; unique among devices when given (409 otherwise). */
  uid: z
    .string()
    .trim()
    .regex(DEVICE_UID_PATTERN, DEVICE_UID_MESSAGE)
    .nullish()
    .transform((v) => (v === '' || v === undefined || v === null ? null : v)),
  iccid: optionalText(22, /^\d{18,22}$/, 'The ICCID must be 18 to 22 digits'),
  sim1: optionalText(15, /^\d{10,15}$/, 'The SIM number must be 10 to 15 digits'),
  sim2: optionalText(15, /^\d{10,15}$/, 'The SIM number must be 10 to 15 digits'),
  eSimProvider: z
    .union([z.enum(ESIM_PROVIDERS), z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  model: optionalText(64),
  firmware: optionalText(64),
  protocol: z
    .union([z.enum(DEVICE_PROTOCOLS), z.literal('')])
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  panicButtonCount: z.coerce.number().int().min(0).max(8).default(0),
  /** Owner; default: the caller's organisation. */
  organisationId: IdSchema.optional(),
  /** Allowed source networks of this device; null/absent = its organisation's, [] = any address. */
  allowedNetworks: AllowedNetworksSchema.nullish().transform((v) => v ?? null),
});
export type DeviceInput = z.input<typeof DeviceInputSchema>;
export type DeviceInputParsed = z.output<typeof DeviceInputSchema>;

/** POST /device/bulk: a CSV (header row with DeviceInput's field names, imei required) or a list of devices. */
export const DeviceBulkCreateSchema = z
  .object({
    csv: z.string().max(1_000_000).optional(),
    devices: z.array(z.record(z.string(), z.unknown())).max(5000).optional(),
    organisationId: IdSchema.optional(),
  })
  .refine((b) => (b.csv === undefined) !== (b.devices === undefined), {
    message: 'Send either csv or devices',
    path: ['csv'],
  });
export type DeviceBulkCreate = z.infer<typeof DeviceBulkCreateSchema>;

export const DEVICE_CSV_SAMPLE =
  'imei,uid,iccid,sim1,sim2,eSimProvider,model,firmware,protocol,panicButtonCount\n' +
  '862000000000007,NT-862000000000007,8991000000000000001,9876543210,,TAISYS,AIS140-X1,1.0.3,ais140,1\n';

/** Per-row outcome of a bulk operation (row is 1-based; for CSV it counts data rows after the header). */
export const BulkRowResultSchema = z.object({
  row: z.number().int(),
  key: z.string(),
  ok: z.boolean(),
  message: z.string(),
  id: z.string().nullable(),
});
export type BulkRowResult = z.infer<typeof BulkRowResultSchema>;
export const BulkResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(BulkRowResultSchema),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** PUT /device/allocate/:id: hand a NEW device to an organisation below the caller's own (NEW → ALLOCATED). */
export const DeviceAllocateSchema = z.object({ organisationId: IdSchema });
export type DeviceAllocate = z.infer<typeof DeviceAllocateSchema>;

const deviceRefs = {
  ids: z.array(IdSchema).min(1).max(1000).optional(),
  imeis: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{15}$/, 'The IMEI must be 15 digits'),
    )
    .min(1)
    .max(1000)
    .optional(),
};
const oneOfRefs = (b: { ids?: string[] | undefined; imeis?: string[] | undefined }) =>
  (b.ids === undefined) !== (b.imeis === undefined);

/** POST /device/allocate-bulk. */
export const DeviceAllocateBulkSchema = z
  .object({ ...deviceRefs, organisationId: IdSchema })
  .refine(oneOfRefs, { message: 'Send either ids or imeis', path: ['ids'] });
export type DeviceAllocateBulk = z.infer<typeof DeviceAllocateBulkSchema>;

/** POST /device/rollback-bulk (PUT /device/rollback/:id has no body). */
export const DeviceRollbackBulkSchema = z
  .object(deviceRefs)
  .refine(oneOfRefs, { message: 'Send either ids or imeis', path: ['ids'] });
export type DeviceRollbackBulk = z.infer<typeof DeviceRollbackBulkSchema>;

/**
 * Allowed status changes by PUT /device/status/:id. Allocation (NEW → ALLOCATED) and rollback (ALLOCATED → NEW) have
 * their own routes; INSTALLED is reached by fitment / linking to a vehicle. A DEFECTED device goes back to NEW once
 * repaired (it returns to stock); an INSTALLED one goes back to ALLOCATED when removed from its vehicle.
 */
export const DEVICE_STATUS_TRANSITIONS: Record<DeviceStatus, readonly DeviceStatus[]> = {
  NEW: ['DEFECTED'],
  ALLOCATED: ['DEFECTED'],
  INSTALLED: ['ALLOCATED', 'DEFECTED'],
  DEFECTED: ['NEW'],
};

export const DeviceStatusChangeSchema = z.object({ status: z.enum(DEVICE_STATUSES) });
export type DeviceStatusChange = z.infer<typeof DeviceStatusChangeSchema>;

/** POST /device/firmware/:id: records the target and queues the protocol's update command. */
export const DeviceFirmwareUpdateSchema = z.object({
  version: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(64)
    .regex(/^[\w.-]+$/, 'Letters, digits, dot, dash and underscore only'),
  /** Where the device downloads it from (AIS-140 FOTA, GT06 UPGRADE); optional for Teltonika (FOTA WEB). */
  url: z.url().max(300).optional(),
});
export type DeviceFirmwareUpdate = z.infer<typeof DeviceFirmwareUpdateSchema>;
export const DeviceFirmwareResultSchema = z.object({
  device: DeviceSchema,
  commandId: z.string(),
  text: z.string(),
});
export type DeviceFirmwareResult = z.infer<typeof DeviceFirmwareResultSchema>;

/** POST /device/temporary (debug): an ephemeral device for a bench test, gone after `expiresInMinutes`. */
export const TemporaryDeviceSchema = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'The IMEI must be 15 digits'),
  protocol: z.enum(DEVICE_PROTOCOLS).optional(),
  expiresInMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(24 * 60),
});
export type TemporaryDevice = z.input<typeof TemporaryDeviceSchema>;

export const DeviceSearchParamsSchema = z.object({
  searchTerm: z.string().trim().min(1).max(40),
});

/** GET /device/details/:searchTerm (IMEI, ICCID or id): everything support needs on one page. */
export const DeviceDetailsSchema = z.object({
  device: DeviceSchema,
  latest: z
    .object({
      fixedAt: z.string().nullable(),
      lastPacketAt: z.string(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      speedKph: z.number().nullable(),
      ignition: z.boolean().nullable(),
      status: z.string(),
    })
    .nullable(),
  health: z.object({
    mainPower: z.boolean().nullable(),
    mainVoltageV: z.number().nullable(),
    batteryVoltageV: z.number().nullable(),
    gsmSignal: z.number().nullable(),
    satellites: z.number().nullable(),
    gpsValid: z.boolean().nullable(),
    lastPacketAt: z.string().nullable(),
  }),
  /** Newest first, at most 50, each with its decoded messages. */
  rawPackets: z.array(RawLogSchema),
});
export type DeviceDetails = z.infer<typeof DeviceDetailsSchema>;

/**
 * GET /device/gateway (debug): where trackers connect — the gateway's device ports per protocol (0 = that listener
 * is off) and the host trackers should use (the public URL's host name).
 */
export const GatewayInfoSchema = z.object({
  host: z.string(),
  ports: z.object({ ais140: z.number().int(), gt06: z.number().int(), teltonika: z.number().int() }),
});
export type GatewayInfo = z.infer<typeof GatewayInfoSchema>;
