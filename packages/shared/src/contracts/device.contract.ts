/** Devices (spec 02 §3 "Device"): GET /device, GET /device/:id, GET /device/unknown. Create/edit: management issue. */
import { z } from 'zod';
import { DEVICE_STATUSES } from '../domain/enums.ts';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const DEVICE_PROTOCOLS = ['ais140', 'gt06', 'teltonika'] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

export const DeviceSchema = z.object({
  id: z.string(),
  imei: z.string(),
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
  /** The vehicle it is linked to now. */
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;
export const DevicePageSchema = listPageSchema(DeviceSchema);

/** `sortBy` keys of GET /device (default: IMEI). */
export const DEVICE_SORT_FIELDS = ['imei', 'iccid', 'status', 'model', 'createdAt', 'lastSeenAt'] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

/** GET /device: paged (list.contract.ts); `search` matches IMEI, ICCID and SIM numbers. */
export const DeviceListQuerySchema = ListQuerySchema.extend({
  status: z.enum(DEVICE_STATUSES).optional(),
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
