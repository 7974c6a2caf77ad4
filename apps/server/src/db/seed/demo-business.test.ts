/** The business demo data: vendor stock, funded wallets whose ledger sums to the balance, fitments and activations. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { DEMO_ORGS, orgId } from '../../modules/fitment/fitment-testing.ts';
import {
  deviceModels,
  devices,
  fitments,
  users,
  vehicles,
  walletTransactions,
  wallets,
} from '../schema/index.ts';
import { BHOPAL_VENDOR_ADMIN, DEMO_STOCK_SIZE, demoStockImei, withLuhn } from './demo-business.ts';
import { demoDeviceUid } from './demo-device-models.ts';
import { prepareDatabase } from './index.ts';

describe('demo business seed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openEmptyDatabase();
    expect(await prepareDatabase(t.database, { demo: true })).toEqual({ seededDemo: true });
  }, 120_000);
  afterAll(async () => t?.close());

  it('stocks the manufacturer and allocates to both vendors', async () => {
    const [manufacturer, malwa, bhopalVendor] = await Promise.all(
      [DEMO_ORGS.manufacturer, DEMO_ORGS.malwa, DEMO_ORGS.bhopalVendor].map((n) => orgId(t.db, n)),
    );
    const stock = await t.db
      .select()
      .from(devices)
      .where(sql`${devices.imei} like '86804504%'`);
    expect(stock).toHaveLength(DEMO_STOCK_SIZE);
    const count = (status: string, org: bigint | undefined) =>
      stock.filter((d) => d.status === status && d.organisationId === org).length;
    expect(count('NEW', manufacturer)).toBe(10);
    expect(count('ALLOCATED', malwa)).toBe(15);
    expect(count('ALLOCATED', bhopalVendor)).toBe(5);
    expect(
      stock
        .filter((d) => d.status === 'ALLOCATED')
        .every((d) => d.allocatedFromOrganisationId === manufacturer),
    ).toBe(true);
    expect(demoStockImei(0)).toMatch(/^\d{15}$/);
    // Every tracker (stock and fleet) carries a UID and its model a TAC number: the certificate prints both.
    expect(stock.every((d) => d.uid === demoDeviceUid(d.imei))).toBe(true);
    const models = await t.db.select().from(deviceModels);
    const tacOf = new Map(models.map((m) => [m.name, m.tacNumber]));
    const all = await t.db.select({ uid: devices.uid, model: devices.model }).from(devices);
    expect(all.every((d) => d.uid !== null && d.model !== null && tacOf.get(d.model))).toBe(true);
    expect(new Set(all.map((d) => d.uid)).size).toBe(all.length);
    expect(withLuhn('49015420323751')).toBe('490154203237518');
  });

  it('opens a wallet per vendor; 3 approved activations debited Malwa; the ledger sums to the balance', async () => {
    const malwa = await orgId(t.db, DEMO_ORGS.malwa);
    const bhopalVendor = await orgId(t.db, DEMO_ORGS.bhopalVendor);
    const rows = await t.db.select().from(wallets).orderBy(asc(wallets.id));
    const malwaWallet = rows.find((w) => w.organisationId === malwa);
    const bhopalWallet = rows.find((w) => w.organisationId === bhopalVendor);
    const live = await t.db.select().from(fitments).where(eq(fitments.deleted, false));
    const charged = live.reduce((sum, f) => sum + (f.chargedPaise ?? 0), 0);
    expect(malwaWallet?.balancePaise).toBe(2_500_000 - charged);
    expect(bhopalWallet?.balancePaise).toBe(500_000);
    for (const wallet of [malwaWallet, bhopalWallet]) {
      const ledger = await t.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.walletId, wallet?.id ?? 0n));
      const sum = ledger.reduce(
        (s, r) => s + (r.transactionType === 'CREDIT' ? r.amountPaise : -r.amountPaise),
        0,
      );
      expect(sum).toBe(wallet?.balancePaise);
    }
    const [holder] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, bhopalWallet?.userId ?? 0n));
    expect(holder?.email).toBe(BHOPAL_VENDOR_ADMIN.email);

    expect(live).toHaveLength(5);
    expect(live.every((f) => f.organisationId === malwa && f.fitterUserId !== null)).toBe(true);
    const approved = live.filter((f) => f.activationStatus === 'APPROVED');
    expect(approved).toHaveLength(3);
    expect(approved.every((f) => f.expiresOn !== null && (f.chargedPaise ?? 0) > 0)).toBe(true);
    const debits = await t.db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.walletId, malwaWallet?.id ?? 0n),
          eq(walletTransactions.transactionType, 'DEBIT'),
        ),
      );
    expect(debits.map((d) => d.reference).sort()).toEqual(approved.map((f) => `fitment:${f.id}`).sort());
    const tracked = await t.db
      .select({ on: vehicles.isTrackingActivated })
      .from(vehicles)
      .where(
        sql`${vehicles.id} in (${sql.join(
          approved.map((f) => sql`${f.vehicleId}`),
          sql`, `,
        )})`,
      );
    expect(tracked.every((v) => v.on)).toBe(true);
  });
});
