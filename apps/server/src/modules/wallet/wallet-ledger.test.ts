/**
 * The ledger seam: exact messages, atomicity with the caller's transaction, and the race the issue asks for — 100
 * concurrent debits where only N fit. Under PostgreSQL (TEST_DATABASE_URL) the debits run on 20 separate connections,
 * so they really race on the wallet row; under PGlite they interleave on its single connection.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rows, openPostgres, type Db } from '../../db/client.ts';
import { users, wallets } from '../../db/schema/index.ts';
import { organisationId } from '../../gateway/testing/fleet.ts';
import { AppError } from '../../http/errors.ts';
import { demoAccount, openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { adminQuery, databaseUrlFor, randomDbName } from '../../../test/template.ts';
import { NO_WALLET_MESSAGE, creditOrganisationWallet, debitOrganisationWallet } from './wallet-ledger.ts';

/** A private database; on PostgreSQL with a pool wide enough for the race. */
async function openRaceDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ? inject('postgresServerUrl') : undefined;
  if (!serverUrl) return openTestDatabase();
  const name = randomDbName('cf_w');
  await adminQuery(serverUrl, `create database ${name} template ${inject('postgresTemplateDb')}`);
  const database = openPostgres(databaseUrlFor(serverUrl, name), 20);
  return {
    database,
    db: database.db,
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

const entry = (organisation: bigint, amountPaise: number, userId: bigint | null = null) => ({
  organisationId: organisation,
  amountPaise,
  description: 'Activation 1 year',
  reference: 'test',
  userId,
});

async function ledgerSums(db: Db, walletId: bigint) {
  const [sums] = await rows<{ credit: string; debit: string; balance: string; n: string; negative: string }>(
    db,
    sql`select
          coalesce(sum(amount_paise) filter (where transaction_type = 'CREDIT'), 0)::text as credit,
          coalesce(sum(amount_paise) filter (where transaction_type = 'DEBIT'), 0)::text as debit,
          count(*)::text as n,
          count(*) filter (where balance_after_paise < 0)::text as negative,
          (select balance_paise from wallets where id = ${walletId})::text as balance
        from wallet_transactions where wallet_id = ${walletId}`,
  );
  if (!sums) throw new Error('no sums');
  return {
    credit: Number(sums.credit),
    debit: Number(sums.debit),
    balance: Number(sums.balance),
    rows: Number(sums.n),
    negative: Number(sums.negative),
  };
}

describe('wallet ledger', () => {
  let t: TestDatabase;
  let vendor: bigint;
  let walletId: bigint;
  let holder: bigint;

  beforeAll(async () => {
    t = await openRaceDatabase();
    vendor = await organisationId(t.db, 'Malwa Auto Electricals');
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccount('RFC_ADMIN').email));
    if (!user) throw new Error('no RFC_ADMIN');
    holder = user.id;
    const [wallet] = await t.db
      .insert(wallets)
      .values({ organisationId: vendor, userId: holder })
      .returning({ id: wallets.id });
    if (!wallet) throw new Error('no wallet');
    walletId = wallet.id;
  });
  afterAll(async () => t.close());

  it('rejects amounts that are not positive whole paise', async () => {
    for (const amount of [0, -100, 12.5, Number.NaN]) {
      await expect(debitOrganisationWallet(t.db, entry(vendor, amount))).rejects.toMatchObject({
        statusCode: 400,
      });
      await expect(creditOrganisationWallet(t.db, entry(vendor, amount))).rejects.toMatchObject({
        statusCode: 400,
      });
    }
  });

  it('answers a clear 4xx when the organisation has no wallet or too little money', async () => {
    const indore = await organisationId(t.db, 'Indore Municipal Corporation');
    await expect(debitOrganisationWallet(t.db, entry(indore, 100))).rejects.toMatchObject({
      statusCode: 409,
      message: NO_WALLET_MESSAGE,
    });
    await expect(creditOrganisationWallet(t.db, entry(indore, 100))).rejects.toMatchObject({
      message: NO_WALLET_MESSAGE,
    });
    await expect(debitOrganisationWallet(t.db, entry(vendor, 150_000))).rejects.toMatchObject({
      statusCode: 409,
      message: 'Insufficient wallet balance: ₹0.00 available, ₹1,500.00 needed',
    });
  });

  it('credits and debits with a ledger row each, and rolls back with the caller’s transaction', async () => {
    const credit = await creditOrganisationWallet(t.db, entry(vendor, 200_000, holder));
    expect(credit).toMatchObject({ walletId, balancePaise: 200_000 });
    const debit = await debitOrganisationWallet(t.db, entry(vendor, 150_000, holder));
    expect(debit.balancePaise).toBe(50_000);
    expect(debit.transactionId).toBeGreaterThan(credit.transactionId);

    // The caller's own change fails after the debit: the debit and its ledger row go with it.
    await expect(
      t.db.transaction(async (tx) => {
        await debitOrganisationWallet(tx, entry(vendor, 20_000, holder));
        throw new AppError(400, 'fitment approval failed later');
      }),
    ).rejects.toThrow('fitment approval failed later');
    // An insufficient debit inside a caller's transaction throws; the caller decides (here: commits other work).
    await t.db.transaction(async (tx) => {
      await expect(debitOrganisationWallet(tx, entry(vendor, 60_000))).rejects.toMatchObject({
        statusCode: 409,
      });
      await creditOrganisationWallet(tx, entry(vendor, 1));
    });
    const sums = await ledgerSums(t.db, walletId);
    expect(sums).toMatchObject({ balance: 50_001, credit: 200_001, debit: 150_000, rows: 3 });
  });

  it('lets exactly the debits that fit through 100 concurrent ones, never below zero, ledger = balance', async () => {
    const start = await ledgerSums(t.db, walletId);
    const amount = 1_500;
    // Top up so exactly 33 debits fit, with 999 paise left over.
    const target = 33 * amount + 999;
    await creditOrganisationWallet(t.db, entry(vendor, target - start.balance));

    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => debitOrganisationWallet(t.db, entry(vendor, amount, holder))),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(succeeded).toHaveLength(33);
    expect(failed).toHaveLength(67);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(AppError);
      expect((f.reason as AppError).message).toMatch(
        /^Insufficient wallet balance: ₹[\d,]+\.\d{2} available, ₹15\.00 needed$/,
      );
    }
    // Each success saw a distinct balance after it: the debits serialised on the row.
    const after = succeeded.map(
      (r) => (r as PromiseFulfilledResult<{ balancePaise: number }>).value.balancePaise,
    );
    expect(new Set(after).size).toBe(33);
    expect(Math.min(...after)).toBe(999);

    const sums = await ledgerSums(t.db, walletId);
    expect(sums.balance).toBe(999);
    expect(sums.negative).toBe(0);
    expect(sums.credit - sums.debit).toBe(sums.balance);
    expect(sums.rows).toBe(start.rows + 1 + 33);
  });
});
