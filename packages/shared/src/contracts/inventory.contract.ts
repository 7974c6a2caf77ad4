/**
 * Inventory panel (spec 02 §7 "Wallet and inventory": GET {erp}/stock-counts, {erp}/fitment-counts,
 * {erp}/search/{term} with inFeature), for MANUFACTURER, INVENTORY_MANAGER and RFC roles (permission module `device`).
 * Everything is limited to the caller's organisation subtree (SUPER_ADMIN: all).
 *
 * Routes (all under /v1):
 * - GET /erp/stock-counts?organisationId=…             → StockCounts
 * - GET /erp/fitment-counts?fromDate&toDate&groupBy     → FitmentCounts
 * - GET /erp/search/{term}?inFeature=stock|fitment|sim  → InventorySearchResult
 */
import { z } from 'zod';
import { DEVICE_STATUSES, ORGANISATION_KINDS } from '../domain/enums.ts';
import { IdSchema } from './envelope.ts';

const OrganisationRefSchema = z.object({
  id: z.string(),
  tradeName: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
});

/** Device counts by status; every status is present (0 when none). */
export const InventoryStatusCountsSchema = z.object({
  NEW: z.number().int().nonnegative(),
  ALLOCATED: z.number().int().nonnegative(),
  INSTALLED: z.number().int().nonnegative(),
  DEFECTED: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type InventoryStatusCounts = z.infer<typeof InventoryStatusCountsSchema>;

export const StockCountRowSchema = z.object({
  organisation: OrganisationRefSchema,
  /** Device model name; null for devices registered without one. */
  model: z.string().nullable(),
  counts: InventoryStatusCountsSchema,
});
export type StockCountRow = z.infer<typeof StockCountRowSchema>;

/** GET /erp/stock-counts: optional organisationId narrows to that organisation (must be in scope, else 404). */
export const StockCountsQuerySchema = z.object({ organisationId: IdSchema.optional() });
export type StockCountsQuery = z.infer<typeof StockCountsQuerySchema>;

/** Rows ordered by organisation name then model; `totals` sums every row. Deleted devices are not counted. */
export const StockCountsSchema = z.object({
  statuses: z.array(z.enum(DEVICE_STATUSES)),
  rows: z.array(StockCountRowSchema),
  totals: InventoryStatusCountsSchema,
});
export type StockCounts = z.infer<typeof StockCountsSchema>;

export const FITMENT_COUNT_GROUPS = ['day', 'month'] as const;
export type FitmentCountGroup = (typeof FITMENT_COUNT_GROUPS)[number];
const isoDate = z.iso.date({ error: 'Give a date as YYYY-MM-DD' });

/**
 * GET /erp/fitment-counts: fitments (not deleted) by the vendor organisation that made them and by fitment date
 * (a calendar date, so no time zone applies), both bounds inclusive. Default: the last 12 months, by month.
 */
export const FitmentCountsQuerySchema = z
  .object({
    fromDate: isoDate.optional(),
    toDate: isoDate.optional(),
    groupBy: z.enum(FITMENT_COUNT_GROUPS).default('month'),
    organisationId: IdSchema.optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'From Date must not be after To Date',
    path: ['toDate'],
  });
export type FitmentCountsQuery = z.infer<typeof FitmentCountsQuerySchema>;

export const InventoryActivationCountsSchema = z.object({
  approved: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type InventoryActivationCounts = z.infer<typeof InventoryActivationCountsSchema>;

export const FitmentCountRowSchema = z.object({
  organisation: OrganisationRefSchema,
  /** 'YYYY-MM-DD' (groupBy=day) or 'YYYY-MM' (groupBy=month). */
  period: z.string(),
  counts: InventoryActivationCountsSchema,
});
export type FitmentCountRow = z.infer<typeof FitmentCountRowSchema>;

/** Rows ordered by period (newest first) then organisation name. fromDate/toDate echo the range applied. */
export const FitmentCountsSchema = z.object({
  fromDate: z.string(),
  toDate: z.string(),
  groupBy: z.enum(FITMENT_COUNT_GROUPS),
  rows: z.array(FitmentCountRowSchema),
  totals: InventoryActivationCountsSchema,
});
export type FitmentCounts = z.infer<typeof FitmentCountsSchema>;

export const INVENTORY_FEATURES = ['stock', 'fitment', 'sim'] as const;
export type InventoryFeature = (typeof INVENTORY_FEATURES)[number];

/**
 * GET /erp/search/{term}: term (3–40 chars) matches IMEI, ICCID or SIM numbers of devices, and the registration number
 * of the vehicle a device is fitted to (case-insensitive substring). `inFeature` limits the answer to one section; the
 * others are then empty. At most 20 devices match.
 */
export const InventorySearchParamsSchema = z.object({
  term: z
    .string()
    .trim()
    .min(3, 'Type at least 3 characters to search')
    .max(40, 'The search term is too long'),
});
export const InventorySearchQuerySchema = z.object({ inFeature: z.enum(INVENTORY_FEATURES).optional() });
export type InventorySearchQuery = z.infer<typeof InventorySearchQuerySchema>;
export const INVENTORY_SEARCH_LIMIT = 20;

export const StockHitSchema = z.object({
  deviceId: z.string(),
  imei: z.string(),
  iccid: z.string().nullable(),
  sim1: z.string().nullable(),
  sim2: z.string().nullable(),
  status: z.enum(DEVICE_STATUSES),
  model: z.string().nullable(),
  organisation: OrganisationRefSchema,
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
});
export type StockHit = z.infer<typeof StockHitSchema>;

export const FitmentHitSchema = z.object({
  fitmentId: z.string(),
  imei: z.string(),
  registrationNumber: z.string(),
  vendor: OrganisationRefSchema,
  fitmentDate: z.string(),
  activationStatus: z.enum(['PENDING', 'APPROVED']),
  expiresOn: z.string().nullable(),
});
export type FitmentHit = z.infer<typeof FitmentHitSchema>;

export const SimOrderHitSchema = z.object({
  orderId: z.string(),
  imei: z.string(),
  status: z.enum(['INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED', 'DONE']),
  isSimActivated: z.boolean(),
  organisation: OrganisationRefSchema,
  manufacturer: OrganisationRefSchema.nullable(),
  createdAt: z.string(),
});
export type SimOrderHit = z.infer<typeof SimOrderHitSchema>;

export const InventorySearchResultSchema = z.object({
  term: z.string(),
  stock: z.array(StockHitSchema),
  fitments: z.array(FitmentHitSchema),
  simOrders: z.array(SimOrderHitSchema),
});
export type InventorySearchResult = z.infer<typeof InventorySearchResultSchema>;
