/**
 * Activation (spec 02 §2 Fitment row actions, §7 "bulk activation"; issue 6 "Activation inventory"): a fitment's
 * activation, approved from the fitment list. Approving debits the vendor's wallet by the plan price and turns tracking
 * on until fitmentDate + durationInDays; undo credits the charge back and turns tracking off, atomically.
 *
 * Routes:
 *   GET /v1/activation-plans                 any signed-in user: the active plans, shortest first
 *   GET /v1/activation                       module fitment: the activation inventory (ActivationListQuery)
 *   PUT /v1/activation/approve/:id           fitment:change-status-result-table → ActivationChangeResult
 *   PUT /v1/activation/undo/:id              fitment:change-status-result-table → ActivationChangeResult
 *   POST /v1/activation/bulk                 fitment:create-activation: CSV rows → ActivationBulkResult
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { ACTIVATION_STATUSES } from './fitment.contract.ts';

export const ActivationPlanSchema = z.object({
  id: z.string(),
  /** '1 year', '2 year' … (spec 02 §9). */
  name: z.string(),
  durationInDays: z.number().int(),
  /** Debited from the vendor's wallet on approval. */
  pricePaise: z.number().int(),
});
export type ActivationPlan = z.infer<typeof ActivationPlanSchema>;
export const ActivationPlansSchema = z.array(ActivationPlanSchema);

export const ACTIVATION_MESSAGES = {
  approved: 'Activation approved',
  undone: 'Activation undone',
  alreadyApproved: 'This activation is already approved.',
  notApproved: 'This activation is not approved, there is nothing to undo.',
  noPlan: (days: number) => `No activation plan for ${days} days`,
  bulkDone: 'Activations created successfully',
  bulkFailed: 'Something went wrong',
  /** Spec 02 §5, CSV header check (the console checks it before sending). */
  headersWrong: 'Required fields are not present or Headers are wrong',
  tooManyRows: (max: number) => `At most ${max} rows can be uploaded at once`,
} as const;

/** One row of the activation inventory. */
export const ActivationRowSchema = z.object({
  /** The fitment's id. */
  id: z.string(),
  imei: z.string(),
  registrationNumber: z.string(),
  /** The vendor organisation whose wallet pays. */
  organisation: z.object({ id: z.string(), name: z.string() }),
  customerName: z.string(),
  /** 'YYYY-MM-DD'. */
  fitmentDate: z.string(),
  durationInDays: z.number().int(),
  deviceActivate: z.boolean(),
  activationStatus: z.enum(ACTIVATION_STATUSES),
  /** 'YYYY-MM-DD', set on approval. */
  expiresOn: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  chargedPaise: z.number().int().nullable(),
  /** Price of the plan for `durationInDays` now (null: no such plan). */
  planPricePaise: z.number().int().nullable(),
  /** Whether the vehicle's tracking is on now (expired activations are turned off by the worker). */
  isTrackingActivated: z.boolean(),
  createdAt: z.string(),
});
export type ActivationRow = z.infer<typeof ActivationRowSchema>;
export const ActivationPageSchema = listPageSchema(ActivationRowSchema);

export const ACTIVATION_SORT_FIELDS = [
  'fitmentDate',
  'createdAt',
  'approvedAt',
  'expiresOn',
  'imei',
  'registrationNumber',
] as const;
export type ActivationSortField = (typeof ACTIVATION_SORT_FIELDS)[number];

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GET /v1/activation: paged; `search` matches IMEI and registration number. Default order: newest first. */
export const ActivationListQuerySchema = ListQuerySchema.extend({
  status: z.preprocess(emptyToUndefined, z.enum(ACTIVATION_STATUSES).optional()),
  organisationId: z.preprocess(emptyToUndefined, IdSchema.optional()),
  /** Exact IMEI or a part of it. */
  imei: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
});
export type ActivationListQuery = z.infer<typeof ActivationListQuerySchema>;

/** The wallet after an approve / undo (what was debited or credited and the new balance). */
export const ActivationChangeResultSchema = z.object({
  activation: ActivationRowSchema,
  /** Null when the plan is free (nothing debited or credited). */
  wallet: z
    .object({
      walletId: z.string(),
      balancePaise: z.number().int(),
      transactionId: z.string(),
      amountPaise: z.number().int(),
    })
    .nullable(),
});
export type ActivationChangeResult = z.infer<typeof ActivationChangeResultSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Bulk upload: "Create Multiple Activations" (spec 02 §2, §3 "Bulk CSV columns", §5 CSV upload).

/** The CSV columns in the spec's order. */
export const ACTIVATION_CSV_COLUMNS = [
  'category',
  'registrationNumber',
  'engineNo',
  'chassisNo',
  'regDate',
  'rto',
  'rtoCode',
  'make',
  'model',
  'imei',
  'panicButtonCount',
  'customerFirstName',
  'customerLastName',
  'customerEmail',
  'customerPhone',
  'customerPassword',
  'fitterFirstName',
  'fitterLastName',
  'fitterEmail',
  'fitterPhone',
  'fitmentDate',
  'durationInDays',
  'deviceActivate',
] as const;
export type ActivationCsvColumn = (typeof ACTIVATION_CSV_COLUMNS)[number];

/** Columns the header must contain, else ACTIVATION_MESSAGES.headersWrong. */
export const ACTIVATION_CSV_REQUIRED = [
  'category',
  'registrationNumber',
  'rto',
  'rtoCode',
  'imei',
  'customerPhone',
  'durationInDays',
] as const satisfies readonly ActivationCsvColumn[];

export const ACTIVATION_CSV_SAMPLE =
  `${ACTIVATION_CSV_COLUMNS.join(',')}\n` +
  'Goods,MP09AB1234,EN12345,CH67890,2024-04-01,Indore,MP_09,Tata Motors,Ace Gold,356307042441013,1,' +
  'Kavita,Rathore,kavita@example.in,9876543210,,Ramesh,Yadav,ramesh@example.in,9876501234,2026-11-20,365,true\n';

/** At most this many rows per POST /v1/activation/bulk (400 beyond). */
export const ACTIVATION_BULK_MAX_ROWS = 2000;

const cell = z.string().max(500).optional();

/**
 * One CSV data row as parsed (strings, as read), plus `row`: its number in the file (1 = first line after the header).
 * Bulk rows are looser than POST /v1/fitment: no images (RC, device, KYC: add them by editing the fitment), and only
 * the spec's required columns must be filled. A new customer (phone not known) also needs customerFirstName; a blank
 * fitterPhone means no fitter; a blank fitmentDate means today (India time); deviceActivate is 'true'/'yes'/'1' or not.
 */
export const ActivationBulkRowSchema = z.object({
  row: z.number().int().min(1),
  ...(Object.fromEntries(ACTIVATION_CSV_COLUMNS.map((c) => [c, cell])) as Record<
    ActivationCsvColumn,
    typeof cell
  >),
  /** Not a spec column: the customer's address (optional; filled from the existing customer when known). */
  customerAddress: cell,
  /** Not a spec column: state code; default: the first two letters of rtoCode. */
  state: cell,
});
export type ActivationBulkRow = z.infer<typeof ActivationBulkRowSchema>;

export const ActivationBulkInputSchema = z.object({
  rows: z
    .array(ActivationBulkRowSchema)
    .min(1, 'The file has no data rows')
    .max(ACTIVATION_BULK_MAX_ROWS, ACTIVATION_MESSAGES.tooManyRows(ACTIVATION_BULK_MAX_ROWS)),
});
export type ActivationBulkInput = z.infer<typeof ActivationBulkInputSchema>;

export const ActivationBulkRowResultSchema = z.object({
  row: z.number().int(),
  success: z.boolean(),
  message: z.string(),
  fitmentId: z.string().optional(),
});
export type ActivationBulkRowResult = z.infer<typeof ActivationBulkRowResultSchema>;

export const ActivationBulkResultSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  rows: z.array(ActivationBulkRowResultSchema),
});
export type ActivationBulkResult = z.infer<typeof ActivationBulkResultSchema>;
