import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

export type TransactionType = 'CREDIT' | 'DEBIT';

/**
 * A vendor's prepaid wallet (spec 02 §3 "Wallet": _id, balance in paise, userId). One per organisation; userId is the
 * account holder (the organisation's RFC_ADMIN/ADMIN). The balance never goes below zero (check constraint) and always
 * equals the sum of its ledger rows: every change writes a wallet_transactions row in the same transaction.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallets_organisation_uq').on(t.organisationId),
    uniqueIndex('wallets_user_uq').on(t.userId),
    check('wallets_balance_chk', sql`${t.balancePaise} >= 0`),
  ],
);

/** The ledger (spec 02 §3 "Transaction"): append-only. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    walletId: ref('wallet_id')
      .notNull()
      .references(() => wallets.id),
    transactionType: text('transaction_type').$type<TransactionType>().notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** What caused it: 'payment:<bank ref>', 'fitment:<id>' (approval / undo), 'manual'. */
    reference: text('reference'),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('wallet_transactions_wallet_idx').on(t.walletId, t.createdAt),
    check('wallet_transactions_type_chk', sql`${t.transactionType} in ('CREDIT', 'DEBIT')`),
    check('wallet_transactions_amount_chk', sql`${t.amountPaise} > 0`),
  ],
);
