/** GET /raw-logs?imei=&from=&to= (spec 01 §7 "raw-logs"): frames as received, newest first. */
import { z } from 'zod';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

/** Paged (list.contract.ts); newest first unless `sortBy` says otherwise; `search` matches the IMEI and decode error. */
export const RawLogQuerySchema = ListQuerySchema.extend({
  imei: z
    .string()
    .regex(/^\d{8,17}$/, 'The IMEI must be 8 to 17 digits')
    .optional(),
  /** Default: 24 hours before `to`. */
  from: z.coerce.date().optional(),
  /** Default: now. */
  to: z.coerce.date().optional(),
});

/** `sortBy` keys of GET /raw-logs (default: newest first). */
export const RAW_LOG_SORT_FIELDS = ['receivedAt', 'imei', 'protocol'] as const;
export type RawLogSortField = (typeof RAW_LOG_SORT_FIELDS)[number];
export type RawLogQuery = z.infer<typeof RawLogQuerySchema>;

export const RawLogSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  imei: z.string().nullable(),
  deviceId: z.string().nullable(),
  protocol: z.string(),
  remoteAddr: z.string().nullable(),
  length: z.number().int(),
  /** Lower-case hex of the bytes. */
  hex: z.string(),
  /** The bytes as text: printable ASCII kept, anything else shown as '.'. */
  text: z.string(),
  decodeError: z.string().nullable(),
  checksumOk: z.boolean().nullable(),
  /** The frame decoded again by packages/protocols (normalised messages as JSON); null when it cannot be decoded. */
  decoded: z.array(z.record(z.string(), z.unknown())).nullable(),
});
export type RawLog = z.infer<typeof RawLogSchema>;
export const RawLogPageSchema = listPageSchema(RawLogSchema);
