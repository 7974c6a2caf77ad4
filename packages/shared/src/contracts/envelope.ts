import { z } from 'zod';

/** Every /v1 answer: `{ success, message, data }` (ARCHITECTURE.md "API"). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Field errors of a failed validation: path → message. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** Older paged answer (organisation list, vehicle statuses); new lists use list.contract.ts `listPageSchema`. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int().nonnegative() });
}

/** Older 0-based page query (organisation list, vehicle statuses); new lists use list.contract.ts `ListQuerySchema`. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  search: z.string().max(200).optional(),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Ids are bigint in the database and decimal strings on the wire (safe past 2^53). */
export const IdSchema = z.string().regex(/^\d{1,19}$/, 'Invalid id');
export const IdParamsSchema = z.object({ id: IdSchema });
