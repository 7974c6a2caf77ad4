/**
 * Wallets (spec 02 §2 Wallet, §3 Wallet, §4, §7 "Wallet and inventory"): a prepaid wallet per vendor organisation,
 * money in integer paise (display divides by 100), and its append-only ledger. Activation approval debits it (fitment
 * module); SUPER_ADMIN credits verified bank payments (PUT /wallet/add/{id}) and can deduct (PUT /wallet/deduct/{id}).
 *
 * Routes (all under /v1):
 * - GET  /wallet?userId=…|organisationId=…  → Wallet[] (the console takes the first: id and balancePaise)
 * - GET  /wallet/all                         → WalletPage (SUPER_ADMIN: every wallet)
 * - POST /wallet                             → Wallet (open a wallet for an organisation; 409 if it has one)
 * - GET  /wallet/{id}/transactions           → WalletTransactionPage (newest first, with in-range sums)
 * - PUT  /wallet/add/{id}                    → WalletChange
 * - PUT  /wallet/deduct/{id}                 → WalletChange
 */
import { z } from 'zod';
import { ORGANISATION_KINDS, TRANSACTION_TYPES } from '../domain/enums.ts';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const WALLET_AMOUNT_MESSAGE = 'Amount must be a positive whole number of paise.';
/** ₹1 crore: a single recorded payment or deduction above this is almost certainly a typo. */
export const MAX_WALLET_CHANGE_PAISE = 10_000_000_00;

export const WalletAmountPaiseSchema = z
  .number({ error: WALLET_AMOUNT_MESSAGE })
  .int(WALLET_AMOUNT_MESSAGE)
  .positive(WALLET_AMOUNT_MESSAGE)
  .max(MAX_WALLET_CHANGE_PAISE, 'Amount is above the ₹1,00,00,000 limit of one change.');

export const WalletSchema = z.object({
  id: z.string(),
  balancePaise: z.number().int().nonnegative(),
  organisation: z.object({ id: z.string(), tradeName: z.string(), kind: z.enum(ORGANISATION_KINDS) }),
  /** The account holder (spec 02 §3 Wallet userId). */
  holder: z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  lastTransactionAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

/** GET /wallet: at least one of userId / organisationId; answers a list (empty when not visible). */
export const WalletQuerySchema = z
  .object({ userId: IdSchema.optional(), organisationId: IdSchema.optional() })
  .refine((q) => q.userId !== undefined || q.organisationId !== undefined, {
    message: 'Give a userId or an organisationId',
    path: ['userId'],
  });
export type WalletQuery = z.infer<typeof WalletQuerySchema>;
export const WalletListSchema = z.array(WalletSchema);

/** GET /wallet/all (SUPER_ADMIN): `search` matches organisation name, holder name, phone and e-mail. */
export const WALLET_SORT_FIELDS = [
  'organisation',
  'holder',
  'balancePaise',
  'lastTransactionAt',
  'createdAt',
] as const;
export type WalletSortField = (typeof WALLET_SORT_FIELDS)[number];
export const WalletAllQuerySchema = ListQuerySchema.extend({
  organisationKind: z.enum(ORGANISATION_KINDS).optional(),
});
export type WalletAllQuery = z.infer<typeof WalletAllQuerySchema>;
export const WalletPageSchema = listPageSchema(WalletSchema);
export type WalletPage = z.infer<typeof WalletPageSchema>;

/** POST /wallet: userId defaults to the organisation's first RFC_ADMIN / ADMIN user. */
export const CreateWalletBodySchema = z.object({ organisationId: IdSchema, userId: IdSchema.optional() });
export type CreateWalletBody = z.infer<typeof CreateWalletBodySchema>;

export const WalletTransactionSchema = z.object({
  id: z.string(),
  walletId: z.string(),
  transactionType: z.enum(TRANSACTION_TYPES),
  amountPaise: z.number().int().positive(),
  balanceAfterPaise: z.number().int().nonnegative(),
  description: z.string(),
  /** 'payment:<UTR>', 'fitment:<id>', 'manual:<reason>' … */
  reference: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

const isoDateTime = z.iso.datetime({
  offset: true,
  error: 'Give an ISO date-time, e.g. 2026-01-31T18:30:00.000Z',
});

/**
 * GET /wallet/{id}/transactions: paged, newest first; `search` matches the description; fromDate/toDate are ISO
 * instants (the console sends the start and end of the chosen days in Asia/Kolkata), both inclusive.
 */
export const WalletTransactionQuerySchema = ListQuerySchema.extend({
  transactionType: z.enum(TRANSACTION_TYPES).optional(),
  fromDate: isoDateTime.optional(),
  toDate: isoDateTime.optional(),
}).refine((q) => !q.fromDate || !q.toDate || Date.parse(q.fromDate) <= Date.parse(q.toDate), {
  message: 'From Date must not be after To Date',
  path: ['toDate'],
});
export type WalletTransactionQuery = z.infer<typeof WalletTransactionQuerySchema>;

/**
 * One page of the ledger plus sums over EVERY row matching the filters (all pages): the console's 'In Date Range'
 * figure is `netPaise` = creditPaise − debitPaise (a gain when ≥ 0).
 */
export const WalletTransactionPageSchema = listPageSchema(WalletTransactionSchema).extend({
  creditPaise: z.number().int().nonnegative(),
  debitPaise: z.number().int().nonnegative(),
  netPaise: z.number().int(),
});
export type WalletTransactionPage = z.infer<typeof WalletTransactionPageSchema>;

/** PUT /wallet/add/{id} (SUPER_ADMIN, wallet:add-money): records a verified bank payment. */
export const AddMoneyBodySchema = z.object({
  amountPaise: WalletAmountPaiseSchema,
  /** Bank / UTR reference of the verified payment; required so every credit can be traced to the bank statement. */
  reference: z
    .string({ error: 'The bank reference (UTR) is required' })
    .trim()
    .min(1, 'The bank reference (UTR) is required')
    .max(100),
  description: z.string().trim().max(200).optional(),
});
export type AddMoneyBody = z.infer<typeof AddMoneyBodySchema>;

/** PUT /wallet/deduct/{id} (wallet:deduct-money): a manual correction with a reason. */
export const DeductMoneyBodySchema = z.object({
  amountPaise: WalletAmountPaiseSchema,
  reason: z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(200),
});
export type DeductMoneyBody = z.infer<typeof DeductMoneyBodySchema>;

/** Answer of add / deduct: the wallet after the change and the ledger row written. */
export const WalletChangeSchema = z.object({ wallet: WalletSchema, transaction: WalletTransactionSchema });
export type WalletChange = z.infer<typeof WalletChangeSchema>;
