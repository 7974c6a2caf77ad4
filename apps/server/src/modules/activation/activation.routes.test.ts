/** Activation: plans, inventory, approve / undo with the vendor's wallet, bulk upload, the expiry job. */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVATION_BULK_MAX_ROWS,
  PASSWORD_POLICY_MESSAGES,
  type ActivationBulkResult,
  type ActivationChangeResult,
  type ActivationPlan,
  type ActivationRow,
  type FitmentRow,
  type ListPage,
} from '@civicfleet/shared';
import { fitments, users, vehicles, walletTransactions, wallets } from '../../db/schema/index.ts';
import { loadBrand } from '../../config/brand.ts';
import { useTestApp } from '../../../test/helpers.ts';
import {
  DEMO_ORGS,
  NOW,
  fitmentBody,
  fundWallet,
  nextPhone,
  orgId,
  stockDevice,
} from '../fitment/fitment-testing.ts';
import { activationExpiryJob } from './activation-expiry-job.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/activation', () => {
  const t = useTestApp({ clock: () => NOW });
  let malwa: bigint;
  let bhopalVendor: bigint;
  let manufacturer: bigint;

  const call = async <T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const res = await t.call(who, method, url, body);
    return { status: res.statusCode, body: res.json() as Body<T> };
  };
  const wallet = async (organisationId: bigint) => {
    const [row] = await t.db.select().from(wallets).where(eq(wallets.organisationId, organisationId));
    if (!row) throw new Error('no wallet');
    const ledger = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, row.id))
      .orderBy(asc(walletTransactions.id));
    return { balancePaise: row.balancePaise, ledger };
  };
  const fit = async (who = 'RFC_ADMIN', organisationId = malwa) => {
    const stock = await stockDevice(t.db, { organisationId, allocatedFrom: manufacturer });
    const res = await call<FitmentRow>(who, 'POST', '/v1/fitment', fitmentBody(stock.imei));
    if (res.status !== 200) throw new Error(`fitment failed: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const tracking = async (vehicleId: string) => {
    const [row] = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, BigInt(vehicleId)));
    return row?.isTrackingActivated;
  };

  beforeAll(async () => {
    malwa = await orgId(t.db, DEMO_ORGS.malwa);
    bhopalVendor = await orgId(t.db, DEMO_ORGS.bhopalVendor);
    manufacturer = await orgId(t.db, DEMO_ORGS.manufacturer);
    await fundWallet(t.db, malwa, 500_000);
    await fundWallet(t.db, bhopalVendor, 100_000);
  });

  it('lists the active plans, shortest first, to any signed-in user', async () => {
    const res = await call<ActivationPlan[]>('LIMITED_USER', 'GET', '/v1/activation-plans');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => [p.name, p.durationInDays, p.pricePaise])).toEqual([
      ['1 year', 365, 150000],
      ['2 year', 730, 270000],
      ['3 year', 1095, 380000],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/activation-plans' })).statusCode).toBe(401);
  });

  it('approves: debits the vendor wallet by the plan price, tracking on until fitment date + duration', async () => {
    const fitment = await fit();
    const before = await wallet(malwa);
    const res = await call<ActivationChangeResult>(
      'RFC_ADMIN',
      'PUT',
      `/v1/activation/approve/${fitment.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Activation approved');
    expect(res.body.data.activation).toMatchObject({
      id: fitment.id,
      activationStatus: 'APPROVED',
      expiresOn: '2027-11-20',
      chargedPaise: 150000,
      planPricePaise: 150000,
      isTrackingActivated: true,
      approvedBy: { name: 'Pooja Malviya' },
    });
    expect(res.body.data.wallet).toMatchObject({
      balancePaise: before.balancePaise - 150000,
      amountPaise: 150000,
    });
    const after = await wallet(malwa);
    expect(after.balancePaise).toBe(before.balancePaise - 150000);
    const debit = after.ledger.at(-1);
    expect(debit).toMatchObject({
      transactionType: 'DEBIT',
      amountPaise: 150000,
      balanceAfterPaise: after.balancePaise,
      reference: `fitment:${fitment.id}`,
      description: `Activation ${fitment.vehicle.registrationNumber} (IMEI ${fitment.device.imei}), 1 year`,
    });
    expect(await tracking(fitment.vehicle.id)).toBe(true);

    const twice = await call('RFC_ADMIN', 'PUT', `/v1/activation/approve/${fitment.id}`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This activation is already approved.');
    expect((await wallet(malwa)).balancePaise).toBe(after.balancePaise);

    // While approved, the paid parts cannot change.
    const locked = await call('RFC_ADMIN', 'PUT', `/v1/fitment/${fitment.id}`, {
      ...fitmentBody(fitment.device.imei, { customerPhone: fitment.customer.phone ?? '' }),
      durationInDays: 730,
    });
    expect(locked.status).toBe(409);

    // Undo: the charge comes back, tracking off.
    const undo = await call<ActivationChangeResult>('RFC_ADMIN', 'PUT', `/v1/activation/undo/${fitment.id}`);
    expect(undo.status).toBe(200);
    expect(undo.body.message).toBe('Activation undone');
    expect(undo.body.data.activation).toMatchObject({
      activationStatus: 'PENDING',
      expiresOn: null,
      approvedAt: null,
      approvedBy: null,
      chargedPaise: null,
      isTrackingActivated: false,
    });
    const undone = await wallet(malwa);
    expect(undone.balancePaise).toBe(before.balancePaise);
    expect(undone.ledger.at(-1)).toMatchObject({
      transactionType: 'CREDIT',
      amountPaise: 150000,
      reference: `fitment:${fitment.id}`,
    });
    expect(await tracking(fitment.vehicle.id)).toBe(false);
    const again = await call('RFC_ADMIN', 'PUT', `/v1/activation/undo/${fitment.id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This activation is not approved, there is nothing to undo.');
  });

  it('changes nothing when the wallet balance is short', async () => {
    // Bhopal's vendor holds ₹1,000; the 1 year plan costs ₹1,500.
    const stock = await stockDevice(t.db, { organisationId: bhopalVendor, allocatedFrom: manufacturer });
    const created = await call<FitmentRow>('SUPER_ADMIN', 'POST', '/v1/fitment', fitmentBody(stock.imei));
    expect(created.status).toBe(200);
    expect(created.body.data.organisation.id).toBe(String(bhopalVendor));
    const before = await wallet(bhopalVendor);
    const res = await call('SUPER_ADMIN', 'PUT', `/v1/activation/approve/${created.body.data.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Insufficient wallet balance: ₹1,000.00 available, ₹1,500.00 needed');
    expect(await wallet(bhopalVendor)).toEqual(before);
    const [row] = await t.db
      .select()
      .from(fitments)
      .where(eq(fitments.id, BigInt(created.body.data.id)));
    expect(row).toMatchObject({
      activationStatus: 'PENDING',
      expiresOn: null,
      chargedPaise: null,
      approvedAt: null,
    });
    expect(await tracking(created.body.data.vehicle.id)).toBe(false);
  });

  it('refuses a duration without a plan, other organisations (404) and callers without the permission (403)', async () => {
    const fitment = await fit();
    await t.db
      .update(fitments)
      .set({ durationInDays: 100 })
      .where(eq(fitments.id, BigInt(fitment.id)));
    const noPlan = await call('RFC_ADMIN', 'PUT', `/v1/activation/approve/${fitment.id}`);
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('No activation plan for 100 days');

    expect((await call('FITTER', 'PUT', `/v1/activation/approve/${fitment.id}`)).status).toBe(403);
    expect((await call('LIMITED_USER', 'GET', '/v1/activation')).status).toBe(403);
    expect((await call('RFC', 'POST', '/v1/activation/bulk', { rows: [] })).status).toBe(403);
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/activation/approve/${fitment.id}`)).status).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/activation/undo/${fitment.id}`)).status).toBe(404);
    expect((await call('RFC_ADMIN', 'PUT', '/v1/activation/approve/987654321')).status).toBe(404);
  });

  it('lists the activation inventory with status, organisation and IMEI filters', async () => {
    const fitment = await fit();
    const byImei = await call<ListPage<ActivationRow>>(
      'RFC_ADMIN',
      'GET',
      `/v1/activation?imei=${fitment.device.imei}`,
    );
    expect(byImei.status).toBe(200);
    expect(byImei.body.data.items).toEqual([
      expect.objectContaining({
        id: fitment.id,
        imei: fitment.device.imei,
        registrationNumber: fitment.vehicle.registrationNumber,
        organisation: { id: String(malwa), name: DEMO_ORGS.malwa },
        customerName: 'Sunita Patel',
        activationStatus: 'PENDING',
        planPricePaise: 150000,
      }),
    ]);
    const approved = await call<ListPage<ActivationRow>>(
      'RFC_ADMIN',
      'GET',
      '/v1/activation?status=APPROVED&pageSize=100',
    );
    expect(approved.body.data.items.every((r) => r.activationStatus === 'APPROVED')).toBe(true);
    const bhopalOnly = await call<ListPage<ActivationRow>>(
      'SUPER_ADMIN',
      'GET',
      `/v1/activation?organisationId=${bhopalVendor}`,
    );
    expect(bhopalOnly.body.data.items.every((r) => r.organisation.id === String(bhopalVendor))).toBe(true);
    const theirs = await call<ListPage<ActivationRow>>(
      BHOPAL_ADMIN,
      'GET',
      `/v1/activation?imei=${fitment.device.imei}`,
    );
    expect(theirs.body.data.total).toBe(0);
  });

  it('bulk-creates activations row by row, with a message for each failed row', async () => {
    const good = await stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer });
    const second = await stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer });
    const row = (n: number, imei: string, extra: Record<string, string> = {}) => ({
      row: n,
      category: 'Goods',
      registrationNumber: `MP09BK${imei.slice(-4)}`,
      rto: 'Indore',
      rtoCode: 'MP_09',
      imei,
      customerFirstName: 'Ravi',
      customerLastName: 'Jain',
      customerPhone: nextPhone(),
      fitterPhone: '',
      durationInDays: '365',
      deviceActivate: 'true',
      ...extra,
    });
    const res = await call<ActivationBulkResult>('RFC_ADMIN', 'POST', '/v1/activation/bulk', {
      rows: [
        row(1, good.imei),
        row(2, '356307042441999'),
        row(3, second.imei, { registrationNumber: '' }),
        row(4, second.imei, { customerPhone: '9000000005' }),
        row(5, second.imei, { durationInDays: '100' }),
        row(6, second.imei, { deviceActivate: 'maybe' }),
        row(7, second.imei, { customerPassword: 'Password@2024' }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('1 created, 6 failed');
    expect(res.body.data).toMatchObject({ created: 1, failed: 6 });
    expect(res.body.data.rows.map((r) => [r.row, r.success, r.message])).toEqual([
      [1, true, 'Created'],
      [2, false, 'No device with this IMEI in your organisations.'],
      [3, false, 'registrationNumber: Registration number is required'],
      [4, false, "This is not a customer's number"],
      [5, false, 'No activation plan for 100 days'],
      [6, false, 'deviceActivate: deviceActivate must be true or false'],
      [7, false, `customerPassword: ${PASSWORD_POLICY_MESSAGES.common}`],
    ]);
    const id = res.body.data.rows[0]?.fitmentId ?? '';
    const saved = await call<FitmentRow>('RFC_ADMIN', 'GET', `/v1/fitment/${id}`);
    expect(saved.body.data).toMatchObject({
      fitmentDate: '2026-11-20',
      deviceActivate: true,
      fitter: null,
      vehicle: { rcImages: [] },
      device: { imei: good.imei, deviceImages: [] },
      customer: { firstName: 'Ravi', kycDocs: [] },
    });

    const allGood = await call<ActivationBulkResult>('RFC_ADMIN', 'POST', '/v1/activation/bulk', {
      rows: [row(1, second.imei)],
    });
    expect(allGood.body.message).toBe('Activations created successfully');

    const tooMany = await call('RFC_ADMIN', 'POST', '/v1/activation/bulk', {
      rows: Array.from({ length: ACTIVATION_BULK_MAX_ROWS + 1 }, (_, i) => ({ row: i + 1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('At most 2000 rows can be uploaded at once');
  });

  it("flags customers created on the brand's default password to change it at first sign-in (ASVS 2.3.1)", async () => {
    const [first, second] = await Promise.all([
      stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer }),
      stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer }),
    ]);
    const onDefault = nextPhone();
    const ownPassword = nextPhone();
    const row = (n: number, imei: string, phone: string, extra: Record<string, string> = {}) => ({
      row: n,
      category: 'Goods',
      registrationNumber: `MP09BM${imei.slice(-4)}`,
      rto: 'Indore',
      rtoCode: 'MP_09',
      imei,
      customerFirstName: 'Asha',
      customerPhone: phone,
      durationInDays: '365',
      ...extra,
    });
    const res = await call<ActivationBulkResult>('RFC_ADMIN', 'POST', '/v1/activation/bulk', {
      rows: [
        row(1, first.imei, onDefault),
        row(2, second.imei, ownPassword, { customerPassword: 'Brisk7Lantern#Ward' }),
      ],
    });
    expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ created: 2, failed: 0 });
    const flag = async (phone: string) =>
      (
        await t.db
          .select({ mustChangePassword: users.mustChangePassword })
          .from(users)
          .where(eq(users.phone, `+91${phone}`))
      )[0]?.mustChangePassword;
    expect(await flag(onDefault)).toBe(true);
    expect(await flag(ownPassword)).toBe(false);
    const session = await t.signIn(`+91${onDefault}`, loadBrand(t.env.brand).defaultPassword);
    expect(session.mustChangePassword).toBe(true);
    expect((await t.signIn(`+91${ownPassword}`, 'Brisk7Lantern#Ward')).mustChangePassword).toBeUndefined();
  });

  it('the expiry job turns tracking off once an approved activation has expired (India date)', async () => {
    const expired = await fit();
    const running = await fit();
    for (const f of [expired, running]) {
      expect((await call('RFC_ADMIN', 'PUT', `/v1/activation/approve/${f.id}`)).status).toBe(200);
    }
    await t.db
      .update(fitments)
      .set({ expiresOn: '2026-11-19' })
      .where(eq(fitments.id, BigInt(expired.id)));
    await t.db
      .update(fitments)
      .set({ expiresOn: '2026-11-20' })
      .where(eq(fitments.id, BigInt(running.id)));
    // 2026-11-19T19:00Z is already 20 Nov in India: the one that ended on the 19th expires, the other runs today.
    const summary = await activationExpiryJob(t.db, () => new Date('2026-11-19T19:00:00Z')).run();
    expect(summary).toBe('tracking turned off on 1 vehicles with an expired activation');
    expect(await tracking(expired.vehicle.id)).toBe(false);
    expect(await tracking(running.vehicle.id)).toBe(true);
    // Idempotent.
    expect(await activationExpiryJob(t.db, () => new Date('2026-11-19T19:00:00Z')).run()).toBe(
      'tracking turned off on 0 vehicles with an expired activation',
    );
  });
});
