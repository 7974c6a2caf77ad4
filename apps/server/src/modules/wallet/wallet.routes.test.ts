/** /v1/wallet: open, find by user, ledger with filters and sums, add / deduct money, permissions, scope, audit. */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STEP_UP_MESSAGES,
  type Wallet,
  type WalletChange,
  type WalletTransactionPage,
} from '@civicfleet/shared';
import { auditLog, users, walletTransactions } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { demoAccount, useTestApp } from '../../../test/helpers.ts';
import { WALLET_AUDIT, WALLET_MESSAGES } from './wallet.service.ts';

const MALWA = 'Malwa Auto Electricals';
type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/wallet', () => {
  const t = useTestApp();
  const ids = { malwa: 0n, indore: 0n, bhopal: 0n, rfcAdmin: '', bhopalAdmin: '', indoreAdmin: '' };
  let malwaWallet: Wallet;
  let bhopalWallet: Wallet;

  const userIdOf = async (email: string) => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return String(row.id);
  };

  beforeAll(async () => {
    ids.malwa = await organisationId(t.db, MALWA);
    ids.indore = await organisationId(t.db, INDORE);
    ids.bhopal = await organisationId(t.db, BHOPAL);
    ids.rfcAdmin = await userIdOf(demoAccount('RFC_ADMIN').email);
    ids.indoreAdmin = await userIdOf(demoAccount('ADMIN').email);
    ids.bhopalAdmin = await userIdOf('admin.bhopal@demo.civicfleet.in');
    // Adding and deducting money need a recent password confirmation (ASVS 4.3.3); `call` uses these sessions.
    await t.stepUp('SUPER_ADMIN');
    await t.stepUp('ADMIN');
  });

  it('opens a wallet per organisation (holder defaults to its RFC_ADMIN), once', async () => {
    const res = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', { organisationId: String(ids.malwa) });
    expect(res.statusCode, res.body).toBe(200);
    malwaWallet = res.json<Body<Wallet>>().data;
    expect(malwaWallet).toMatchObject({
      balancePaise: 0,
      organisation: { tradeName: MALWA, kind: 'VENDOR' },
      holder: { id: ids.rfcAdmin, name: 'Pooja Malviya' },
      lastTransactionAt: null,
    });
    const again = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', { organisationId: String(ids.malwa) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: WALLET_MESSAGES.exists });

    const outside = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', {
      organisationId: String(ids.bhopal),
      userId: ids.rfcAdmin,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<Body<null>>().errors?.userId).toBe(WALLET_MESSAGES.holderOutside);

    const bhopal = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', {
      organisationId: String(ids.bhopal),
      userId: ids.bhopalAdmin,
    });
    expect(bhopal.statusCode, bhopal.body).toBe(200);
    bhopalWallet = bhopal.json<Body<Wallet>>().data;

    expect(
      (await t.call('RFC_ADMIN', 'POST', '/v1/wallet', { organisationId: String(ids.indore) })).statusCode,
    ).toBe(403);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, WALLET_AUDIT.opened), eq(auditLog.entityId, malwaWallet.id)));
    expect(audit?.organisationId).toBe(ids.malwa);
  });

  it('finds the wallet by its holder, only within the caller’s organisations', async () => {
    const own = await t.call('RFC_ADMIN', 'GET', `/v1/wallet?userId=${ids.rfcAdmin}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Body<Wallet[]>>().data.map((w) => w.id)).toEqual([malwaWallet.id]);

    const other = await t.call('RFC_ADMIN', 'GET', `/v1/wallet?userId=${ids.bhopalAdmin}`);
    expect(other.json<Body<Wallet[]>>().data).toEqual([]);
    expect((await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${bhopalWallet.id}`)).statusCode).toBe(404);
    expect((await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${bhopalWallet.id}/transactions`)).statusCode).toBe(
      404,
    );
    expect((await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}`)).statusCode).toBe(200);

    const missing = await t.call('RFC_ADMIN', 'GET', '/v1/wallet');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Body<null>>().message).toContain('Give a userId or an organisationId');
    // FITTER holds no wallet permission.
    expect((await t.call('FITTER', 'GET', `/v1/wallet?userId=${ids.rfcAdmin}`)).statusCode).toBe(403);
  });

  it('records a verified payment (SUPER_ADMIN) as a CREDIT ledger row with its audit row', async () => {
    const res = await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, {
      amountPaise: 500_000,
      reference: 'UTR0001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json<Body<WalletChange>>().data;
    expect(change.wallet.balancePaise).toBe(500_000);
    expect(change.transaction).toMatchObject({
      transactionType: 'CREDIT',
      amountPaise: 500_000,
      balanceAfterPaise: 500_000,
      description: 'Wallet recharge (bank ref. UTR0001)',
      reference: 'payment:UTR0001',
      createdBy: { name: 'Aditi Sharma' },
    });
    expect(change.wallet.lastTransactionAt).toBe(change.transaction.createdAt);

    const dup = await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, {
      amountPaise: 500_000,
      reference: 'UTR0001',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<Body<null>>().message).toBe(WALLET_MESSAGES.duplicateReference);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, WALLET_AUDIT.moneyAdded), eq(auditLog.entityId, malwaWallet.id)));
    expect(audit?.detail).toMatchObject({
      amountPaise: 500_000,
      reference: 'UTR0001',
      balancePaise: 500_000,
    });
  });

  it('rejects non-integer, negative and unreferenced amounts', async () => {
    const put = (payload: unknown) =>
      t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, payload);
    for (const amountPaise of [100.5, -5, 0, '100']) {
      const res = await put({ amountPaise, reference: 'UTR9' });
      expect(res.statusCode, String(amountPaise)).toBe(400);
      expect(res.json<Body<null>>().errors?.amountPaise).toBe(
        'Amount must be a positive whole number of paise.',
      );
    }
    const noRef = await put({ amountPaise: 100 });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json<Body<null>>().errors?.reference).toBe('The bank reference (UTR) is required');
    const blankRef = await put({ amountPaise: 100, reference: '  ' });
    expect(blankRef.json<Body<null>>().errors?.reference).toBe('The bank reference (UTR) is required');
    const noReason = await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/deduct/${malwaWallet.id}`, {
      amountPaise: 1,
    });
    expect(noReason.json<Body<null>>().errors?.reason).toBe('A reason is required');
    expect(
      (await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/add/999999`, { amountPaise: 1, reference: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('moves no money before the session confirms the password (ASVS 4.3.3)', async () => {
    const fresh = { authorization: `Bearer ${(await t.signIn('SUPER_ADMIN')).token.access.token}` };
    const before = (await t.call('SUPER_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}`)).json<Body<Wallet>>()
      .data;
    for (const [kind, payload] of [
      ['add', { amountPaise: 100, reference: 'UTR-UNCONFIRMED' }],
      ['deduct', { amountPaise: 100, reason: 'unconfirmed' }],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/wallet/${kind}/${malwaWallet.id}`,
        headers: fresh,
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<Body<null>>().message).toBe(STEP_UP_MESSAGES.required);
    }
    const after = (await t.call('SUPER_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}`)).json<Body<Wallet>>()
      .data;
    expect(after.balancePaise).toBe(before.balancePaise);
  });

  it('lets only the platform administrator add money (403 / 404 for everyone else)', async () => {
    const body = { amountPaise: 100, reference: 'UTR-SELF' };
    // RFC_ADMIN holds no wallet:add-money.
    expect((await t.call('RFC_ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, body)).statusCode).toBe(403);
    expect(
      (await t.call('RFC_ADMIN', 'PUT', `/v1/wallet/deduct/${malwaWallet.id}`, { ...body, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    // An organisation's ADMIN holds no wallet administration by default (default-roles.ts) …
    expect((await t.call('ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, body)).statusCode).toBe(403);
    // … and a custom role that grants it still cannot credit its own organisation's wallet.
    const indore = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', { organisationId: String(ids.indore) });
    const indoreWallet = indore.json<Body<Wallet>>().data;
    expect(indoreWallet.holder.id).toBe(ids.indoreAdmin);
    const grant = (scopes: string) =>
      t.db.execute(sql`update roles set auth_scopes = auth_scopes || ${scopes}::jsonb where name = 'ADMIN'`);
    await grant('{"wallet": true}');
    try {
      const self = await t.call('ADMIN', 'PUT', `/v1/wallet/add/${indoreWallet.id}`, body);
      expect(self.statusCode).toBe(403);
      expect(self.json<Body<null>>().message).toBe(WALLET_MESSAGES.ownWallet);
    } finally {
      await grant('{"wallet": false}');
    }
    expect(
      (await t.call('ADMIN', 'GET', `/v1/wallet/${indoreWallet.id}`)).json<Body<Wallet>>().data.balancePaise,
    ).toBe(0);
  });

  it('deducts with a reason and never below zero', async () => {
    const res = await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/deduct/${malwaWallet.id}`, {
      amountPaise: 100_000,
      reason: 'Correction of a duplicate credit',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body<WalletChange>>().data).toMatchObject({
      wallet: { balancePaise: 400_000 },
      transaction: {
        transactionType: 'DEBIT',
        description: 'Correction of a duplicate credit',
        balanceAfterPaise: 400_000,
      },
    });
    const over = await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/deduct/${malwaWallet.id}`, {
      amountPaise: 1_000_000,
      reason: 'Too much',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<Body<null>>().message).toBe(
      'Insufficient wallet balance: ₹4,000.00 available, ₹10,000.00 needed',
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, WALLET_AUDIT.moneyDeducted), eq(auditLog.entityId, malwaWallet.id)));
    expect(audit?.detail).toMatchObject({ amountPaise: 100_000, reason: 'Correction of a duplicate credit' });
    const after = await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}`);
    expect(after.json<Body<Wallet>>().data.balancePaise).toBe(400_000);
  });

  it('lists the ledger newest first with type, date range, search, paging and in-range sums', async () => {
    // Five more rows, then spread all rows over known days (the ledger is append-only; only the test moves times).
    for (const [i, amountPaise] of [10_000, 20_000, 30_000].entries()) {
      await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/add/${malwaWallet.id}`, {
        amountPaise,
        reference: `UTR-R${i}`,
      });
    }
    for (const amountPaise of [5_000, 7_000]) {
      await t.call('SUPER_ADMIN', 'PUT', `/v1/wallet/deduct/${malwaWallet.id}`, {
        amountPaise,
        reason: `Fee ${amountPaise}`,
      });
    }
    const ledger = await t.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, BigInt(malwaWallet.id)))
      .orderBy(walletTransactions.id);
    expect(ledger).toHaveLength(7);
    // Row i on 2026-11-(10+i) 12:00 UTC.
    for (const [i, row] of ledger.entries()) {
      await t.db.execute(
        sql`update wallet_transactions set created_at = ${`2026-11-${10 + i}T12:00:00Z`}::timestamptz where id = ${row.id}`,
      );
    }
    const get = async (query: string) => {
      const res = await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}/transactions${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Body<WalletTransactionPage>>().data;
    };
    const all = await get('');
    expect(all.total).toBe(7);
    expect(all.items.map((r) => r.amountPaise)).toEqual([
      7_000, 5_000, 30_000, 20_000, 10_000, 100_000, 500_000,
    ]);
    expect(all).toMatchObject({ creditPaise: 560_000, debitPaise: 112_000, netPaise: 448_000 });

    const credits = await get('?transactionType=CREDIT');
    expect(credits.items.every((r) => r.transactionType === 'CREDIT')).toBe(true);
    expect(credits).toMatchObject({ total: 4, creditPaise: 560_000, debitPaise: 0 });

    // From the 12th 00:00 to the 15th 23:59:59.999 in Asia/Kolkata: the rows of the 12th … 15th.
    const range = await get('?fromDate=2026-11-11T18:30:00.000Z&toDate=2026-11-15T18:29:59.999Z');
    expect(range.items.map((r) => r.amountPaise)).toEqual([5_000, 30_000, 20_000, 10_000]);
    expect(range).toMatchObject({ creditPaise: 60_000, debitPaise: 5_000, netPaise: 55_000 });

    // The sums cover every page, not just the one shown.
    const paged = await get('?pageSize=5&page=2');
    expect(paged.items.map((r) => r.amountPaise)).toEqual([100_000, 500_000]);
    expect(paged).toMatchObject({ total: 7, creditPaise: 560_000, debitPaise: 112_000 });

    const searched = await get('?search=fee');
    expect(searched.items.map((r) => r.description)).toEqual(['Fee 7000', 'Fee 5000']);
    expect(searched.netPaise).toBe(-12_000);

    const bad = await t.call(
      'RFC_ADMIN',
      'GET',
      `/v1/wallet/${malwaWallet.id}/transactions?fromDate=yesterday`,
    );
    expect(bad.statusCode).toBe(400);
    const reversed = await t.call(
      'RFC_ADMIN',
      'GET',
      `/v1/wallet/${malwaWallet.id}/transactions?fromDate=2026-11-15T00:00:00Z&toDate=2026-11-14T00:00:00Z`,
    );
    expect(reversed.json<Body<null>>().errors?.toDate).toBe('From Date must not be after To Date');
    expect(
      (await t.call('RFC_ADMIN', 'GET', `/v1/wallet/${malwaWallet.id}/transactions?transactionType=REFUND`))
        .statusCode,
    ).toBe(400);
  });

  it('lists every wallet for the platform administrator', async () => {
    const res = await t.call('SUPER_ADMIN', 'GET', '/v1/wallet/all?sortBy=balancePaise&sortOrder=desc');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Body<{ items: Wallet[]; total: number }>>().data;
    expect(page.total).toBe(3);
    expect(page.items[0]).toMatchObject({
      organisation: { tradeName: MALWA },
      balancePaise: 448_000,
      holder: { phone: demoAccount('RFC_ADMIN').phone },
    });
    expect(page.items[0]?.lastTransactionAt).toBe('2026-11-16T12:00:00.000Z');

    const searched = await t.call('SUPER_ADMIN', 'GET', '/v1/wallet/all?search=arvind');
    expect(
      searched.json<Body<{ items: Wallet[] }>>().data.items.map((w) => w.organisation.tradeName),
    ).toEqual([BHOPAL]);
    const vendors = await t.call('SUPER_ADMIN', 'GET', '/v1/wallet/all?organisationKind=VENDOR');
    expect(vendors.json<Body<{ total: number }>>().data.total).toBe(1);
    expect((await t.call('SUPER_ADMIN', 'GET', '/v1/wallet/all?sortBy=password')).statusCode).toBe(400);
    expect((await t.call('RFC_ADMIN', 'GET', '/v1/wallet/all')).statusCode).toBe(403);
  });
});
