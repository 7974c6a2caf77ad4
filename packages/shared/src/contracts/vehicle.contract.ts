/**
 * Vehicles (spec 02 §3 "Vehicle"; spec 01 §7 "/vehicle", "/vehicle/statuses", "/vehicle/position/track").
 * Management (create, edit, delete, mail, tracking, device link, bulk, summary) at the end of the file.
 */
import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { VEHICLE_KINDS } from '../domain/enums.ts';
import { LivePositionSchema, VEHICLE_LIVE_STATUSES } from './live.contract.ts';

export const VehicleSchema = z.object({
  id: z.string(),
  organisation: z.object({ id: z.string(), tradeName: z.string(), brandName: z.string().nullable() }),
  category: z.string().nullable(),
  registrationNumber: z.string(),
  engineNo: z.string().nullable(),
  chassisNo: z.string().nullable(),
  rto: z.string().nullable(),
  rtoCode: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  /** yyyy-MM-dd. */
  regDate: z.string().nullable(),
  rcImages: z.array(z.string()),
  kind: z.string().nullable(),
  type: z.string().nullable(),
  groupId: z.string().nullable(),
  zoneId: z.string().nullable(),
  circleId: z.string().nullable(),
  wardId: z.string().nullable(),
  ownerUserId: z.string().nullable(),
  /** The CONTRACTOR organisation operating the vehicle (SWM scorecards); null = run by the owner. Optional: older producers leave it out. */
  contractorOrganisationId: z.string().nullable().optional(),
  isTrackingActivated: z.boolean(),
  speedLimitKph: z.number().nullable(),
  createdAt: z.string(),
  /** The device linked now. */
  device: z.object({ id: z.string(), imei: z.string() }).nullable(),
  /** Name of `wardId` (list column). Optional: older producers leave it out. */
  wardName: z.string().nullable().optional(),
  /** The current device's last packet (list "last update"). */
  lastUpdateAt: z.string().nullable().optional(),
});
export type Vehicle = z.infer<typeof VehicleSchema>;
export const VehiclePageSchema = listPageSchema(VehicleSchema);

/** `sortBy` keys of GET /vehicle (default: registration number). */
export const VEHICLE_SORT_FIELDS = [
  'registrationNumber',
  'make',
  'model',
  'type',
  'createdAt',
  'imei',
] as const;
export type VehicleSortField = (typeof VEHICLE_SORT_FIELDS)[number];

/**
 * GET /vehicle: paged (list.contract.ts); `search` matches the registration number, chassis and engine numbers and the
 * IMEI of the current device.
 */
export const VehicleListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  zoneId: IdSchema.optional(),
  wardId: IdSchema.optional(),
});
export type VehicleListQuery = z.infer<typeof VehicleListQuerySchema>;

export const VehicleStatusRowSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  organisationId: z.string(),
  deviceId: z.string().nullable(),
  imei: z.string().nullable(),
  status: z.enum(VEHICLE_LIVE_STATUSES),
  statusSince: z.string().nullable(),
  lastPacketAt: z.string().nullable(),
  fixTime: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  speedKph: z.number().nullable(),
  ignition: z.boolean().nullable(),
  /** Device health and placement for the status board (optional: older producers leave them out). */
  mainPower: z.boolean().nullable().optional(),
  batteryVoltageV: z.number().nullable().optional(),
  gsmSignal: z.number().nullable().optional(),
  groupId: z.string().nullable().optional(),
  groupName: z.string().nullable().optional(),
  wardName: z.string().nullable().optional(),
  /** Vehicle kind and body type (live map icons: tipper, compactor, door-to-door …). Optional as above. */
  kind: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});
export type VehicleStatusRow = z.infer<typeof VehicleStatusRowSchema>;

export const VehicleStatusCountsSchema = z.object({
  total: z.number().int(),
  moving: z.number().int(),
  idle: z.number().int(),
  stopped: z.number().int(),
  offline: z.number().int(),
  'never-connected': z.number().int(),
});

/** GET /vehicle/statuses: counts over the whole scope, rows paged (filtered by `status` and `search`). */
export const VehicleStatusesSchema = z.object({
  counts: VehicleStatusCountsSchema,
  rows: z.array(VehicleStatusRowSchema),
  total: z.number().int(),
});
export type VehicleStatuses = z.infer<typeof VehicleStatusesSchema>;

export const VehicleStatusesQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(5000).default(500),
  status: z.enum(VEHICLE_LIVE_STATUSES).optional(),
});
export type VehicleStatusesQuery = z.infer<typeof VehicleStatusesQuerySchema>;

/** GET /vehicle/position/track?vehicleId=&minutes=: the live position and the recent trail. */
export const VehicleTrackQuerySchema = z.object({
  vehicleId: IdSchema,
  minutes: z.coerce.number().int().min(1).max(1440).default(30),
});
export type VehicleTrackQuery = z.infer<typeof VehicleTrackQuerySchema>;

export const TrackPointSchema = z.object({
  fixTime: z.string(),
  lat: z.number(),
  lon: z.number(),
  speedKph: z.number().nullable(),
  headingDeg: z.number().nullable(),
});

export const VehicleTrackSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  position: LivePositionSchema.nullable(),
  trail: z.array(TrackPointSchema),
});
export type VehicleTrack = z.infer<typeof VehicleTrackSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Management (spec 01 §2.6 vehicle, §7 "/vehicle/…"): create, edit, delete, mail, tracking, device link, bulk, summary.

/** "mp 09-ab 1234" → "MP09AB1234": how registration numbers are stored and compared (unique per organisation). */
export const normaliseRegistration = (value: string): string => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalId = IdSchema.nullish().transform((v) => v ?? null);

/** `rtoCode` is `<state>_<code>` (spec 02 §3), e.g. MP_09. */
export const RTO_CODE_PATTERN = /^[A-Z]{2}_[A-Z0-9]{1,4}$/;
/** Registration numbers after normalising: 4 to 12 letters and digits (MP09AB1234, 22BH1234AA). */
export const REGISTRATION_PATTERN = /^[A-Z0-9]{4,12}$/;
/** RC (registration certificate) images: front and back, exactly 2 when given (spec 02 §5). */
export const RC_IMAGE_COUNT = 2;

export const VehicleInputSchema = z.object({
  /** Default: the caller's organisation; otherwise one within the caller's scope. */
  organisationId: IdSchema.optional(),
  registrationNumber: z
    .string({ error: 'Registration number is required' })
    .trim()
    .min(1, 'Registration number is required')
    .transform(normaliseRegistration)
    .refine((v) => REGISTRATION_PATTERN.test(v), 'Enter a valid registration number, e.g. MP09AB1234'),
  category: optionalText(60),
  engineNo: optionalText(40),
  chassisNo: optionalText(40),
  rto: optionalText(80),
  rtoCode: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || RTO_CODE_PATTERN.test(v), 'RTO code must look like MP_09'),
  make: optionalText(60),
  model: optionalText(60),
  /** yyyy-MM-dd, not in the future (checked by the server against its clock). */
  regDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-MM-dd')
    .nullish()
    .transform((v) => v ?? null),
  rcImages: z
    .array(z.string().min(1).max(2048))
    .default([])
    .refine(
      (v) => v.length === 0 || v.length === RC_IMAGE_COUNT,
      'Upload exactly 2 RC images (front and back)',
    ),
  kind: z
    .enum(VEHICLE_KINDS, { error: 'Choose a vehicle kind' })
    .nullish()
    .transform((v) => v ?? null),
  type: optionalText(40),
  groupId: optionalId,
  zoneId: optionalId,
  circleId: optionalId,
  wardId: optionalId,
  ownerUserId: optionalId,
  /** A CONTRACTOR organisation in the caller's scope; null clears it; left out keeps the stored one (edit). */
  contractorOrganisationId: IdSchema.nullish(),
  speedLimitKph: z
    .number({ error: 'Enter a number' })
    .min(5, 'Speed limit must be between 5 and 200 km/h')
    .max(200, 'Speed limit must be between 5 and 200 km/h')
    .nullish()
    .transform((v) => v ?? null),
  isTrackingActivated: z.boolean().optional(),
});
/** What the form holds (before the schema's transforms). */
export type VehicleInputValues = z.input<typeof VehicleInputSchema>;
export type VehicleInput = z.output<typeof VehicleInputSchema>;

export const VehicleDeviceParamsSchema = z.object({ vehicleId: IdSchema, deviceId: IdSchema });
export const VehicleUnlinkParamsSchema = z.object({ vehicleId: IdSchema });

/** GET /vehicle/linkable-devices/:vehicleId: devices of the vehicle's organisation with no open link. */
export const LinkableDeviceSchema = z.object({
  id: z.string(),
  imei: z.string(),
  model: z.string().nullable(),
});
export type LinkableDevice = z.infer<typeof LinkableDeviceSchema>;
export const LinkableDevicesSchema = z.array(LinkableDeviceSchema);

/** POST /vehicle/bulk: a CSV whose header names VehicleInput fields; registrationNumber is required. */
export const VehicleBulkInputSchema = z.object({
  csv: z.string().min(1, 'The CSV is empty').max(1_000_000, 'The CSV is larger than 1 MB'),
  organisationId: IdSchema.optional(),
});
export type VehicleBulkInput = z.infer<typeof VehicleBulkInputSchema>;

export const VEHICLE_CSV_COLUMNS = [
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
  'speedLimitKph',
] as const;
export const VEHICLE_CSV_SAMPLE =
  `${VEHICLE_CSV_COLUMNS.join(',')}\n` +
  'MP09AB1234,Goods,TRUCK,Tipper,Tata,Ace,EN123,CH456,Indore,MP_09,2024-04-01,40\n';

/** One CSV data row's outcome (row 1 = the first line after the header). */
export const VehicleBulkRowResultSchema = z.object({
  row: z.number().int(),
  success: z.boolean(),
  message: z.string(),
  id: z.string().optional(),
});
export type VehicleBulkRowResult = z.infer<typeof VehicleBulkRowResultSchema>;
export const VehicleBulkResultSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  rows: z.array(VehicleBulkRowResultSchema),
});
export type VehicleBulkResult = z.infer<typeof VehicleBulkResultSchema>;

/** GET /vehicle/summary: counts over the caller's organisations ("none" = kind/type not set). */
export const VehicleSummarySchema = z.object({
  total: z.number().int(),
  byKind: z.record(z.string(), z.number().int()),
  byType: z.record(z.string(), z.number().int()),
  byStatus: VehicleStatusCountsSchema.omit({ total: true }),
  trackingActivated: z.number().int(),
  linked: z.number().int(),
});
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;
