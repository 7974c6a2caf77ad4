/**
 * The wallet ledger seam (issue 6): the only code that changes a wallet balance. Other modules (fitment approve/undo)
 * call it inside their own transaction so the balance change, the ledger row and their own change commit together.
 *
 * Invariants (amounts in integer paise):
 * - a debit is ONE conditional UPDATE (`balance_paise >= amount`): two concurrent debits can never both pass the check,
 *   because PostgreSQL re-evaluates the WHERE clause on the row version the first one committed;
 * - every balance change writes one wallet_transactions row with balance_after_paise, in the same transaction;
 * - so balance == SUM(credits) - SUM(debits) of the wallet's ledger, always.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import { AppError, BadRequestError } from '../../http/errors.ts';
import { WALLET_AMOUNT_MESSAGE, formatRupees } from '@civicfleet/shared';
import type { TransactionType } from '../../db/schema/wallets.ts';

export interface LedgerEntry {
  amountPaise: number;
  /** Shown in the transactions table (spec 02 §2 Wallet, "Description"). */
  description: string;
  /** What caused it: 'payment:<UTR>', 'fitment:<id>', 'manual:<reason>'. */
  reference: string | null;
  /** Who made the change (null for system jobs). */
  userId: bigint | null;
}

export interface OrganisationLedgerEntry extends LedgerEntry {
  organisationId: bigint;
}

export interface WalletLedgerEntry extends LedgerEntry {
  walletId: bigint;
}

export interface LedgerResult {
  walletId: bigint;
  balancePaise: number;
  transactionId: bigint;
}

export const NO_WALLET_MESSAGE =
  'No wallet for this organisation. Ask the platform administrator to open one.';

/** Debits the organisation's wallet; 409 with the exact balance when it does not cover the amount. */
export function debitOrganisationWallet(db: Db, entry: OrganisationLedgerEntry): Promise<LedgerResult> {
  return applyLedger(db, 'DEBIT', { organisationId: entry.organisationId }, entry);
}

export function creditOrganisationWallet(db: Db, entry: OrganisationLedgerEntry): Promise<LedgerResult> {
  return applyLedger(db, 'CREDIT', { organisationId: entry.organisationId }, entry);
}

/** By wallet id (the wallet routes: add money / deduct money). */
export function debitWallet(db: Db, entry: WalletLedgerEntry): Promise<LedgerResult> {
  return applyLedger(db, 'DEBIT', { walletId: entry.walletId }, entry);
}

export function creditWallet(db: Db, entry: WalletLedgerEntry): Promise<LedgerResult> {
  return applyLedger(db, 'CREDIT', { walletId: entry.walletId }, entry);
}

export function assertAmountPaise(amountPaise: number): void {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) {
    throw new BadRequestError(WALLET_AMOUNT_MESSAGE, {
      amountPaise: WALLET_AMOUNT_MESSAGE,
    });
  }
}

type Target = { organisationId: bigint } | { walletId: bigint };

async function applyLedger(
  db: Db,
  type: TransactionType,
  target: Target,
  entry: LedgerEntry,
): Promise<LedgerResult> {
  assertAmountPaise(entry.amountPaise);
  // On a transaction handle this is a savepoint inside the caller's transaction; on the root Db it opens one.
  return db.transaction(async (tx) => {
    const where =
      'walletId' in target ? sql`id = ${target.walletId}` : sql`organisation_id = ${target.organisationId}`;
    const amount = entry.amountPaise;
    const updated =
      type === 'DEBIT'
        ? await rows<{ id: string; balance: string }>(
            tx,
            sql`UPDATE wallets SET balance_paise = balance_paise - ${amount}, updated_at = now()
                WHERE ${where} AND balance_paise >= ${amount}
                RETURNING id::text AS id, balance_paise::text AS balance`,
          )
        : await rows<{ id: string; balance: string }>(
            tx,
            sql`UPDATE wallets SET balance_paise = balance_paise + ${amount}, updated_at = now()
                WHERE ${where}
                RETURNING id::text AS id, balance_paise::text AS balance`,
          );
    const wallet = updated[0];
    if (!wallet) throw await explainFailure(tx, where, amount, 'walletId' in target);
    const walletId = BigInt(wallet.id);
    const balancePaise = Number(wallet.balance);
    const inserted = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO wallet_transactions
            (wallet_id, transaction_type, amount_paise, balance_after_paise, description, reference, created_by_user_id)
          VALUES (${walletId}, ${type}, ${amount}, ${balancePaise}, ${entry.description}, ${entry.reference},
                  ${entry.userId})
          RETURNING id::text AS id`,
    );
    const transactionId = inserted[0]?.id;
    if (transactionId === undefined) throw new Error('wallet_transactions insert returned no row');
    return { walletId, balancePaise, transactionId: BigInt(transactionId) };
  });
}

/** The UPDATE matched nothing: either there is no wallet or (debit) its balance is short. */
async function explainFailure(
  tx: Db,
  where: ReturnType<typeof sql>,
  amountPaise: number,
  byWalletId: boolean,
): Promise<AppError> {
  const found = await rows<{ balance: string }>(
    tx,
    sql`SELECT balance_paise::text AS balance FROM wallets WHERE ${where}`,
  );
  const wallet = found[0];
  if (!wallet)
    return byWalletId ? new AppError(404, 'Wallet not found.') : new AppError(409, NO_WALLET_MESSAGE);
  return new AppError(
    409,
    `Insufficient wallet balance: ${formatRupees(Number(wallet.balance))} available, ${formatRupees(amountPaise)} needed`,
  );
}
