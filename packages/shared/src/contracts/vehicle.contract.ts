/**
 * Vehicles (spec 02 §3 "Vehicle"; spec 01 §7 "/vehicle", "/vehicle/statuses", "/vehicle/position/track").
 * Read-only here; create/edit/link come with the management issue.
 */
import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
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
  isTrackingActivated: z.boolean(),
  speedLimitKph: z.number().nullable(),
  createdAt: z.string(),
  /** The device linked now. */
  device: z.object({ id: z.string(), imei: z.string() }).nullable(),
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
