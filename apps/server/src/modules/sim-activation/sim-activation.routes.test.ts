/**
 * /v1/sim-activation: raising orders (device scope, plans, one open order per device), the list's filters and scope
 * (raiser or manufacturer), the manufacturer-only edit and status change, locked statuses, and DONE writing the SIMs
 * onto the device.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SIM_ACTIVATION_MESSAGES as MSG, type Device, type SimActivationOrder } from '@civicfleet/shared';
import { auditLog, devices } from '../../db/schema/index.ts';
import { BHOPAL, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { createDevice } from '../device/device.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const VENDOR = 'Malwa Auto Electricals';
const URL = '/v1/sim-activation';
const NOW = new Date('2026-03-10T06:30:00.000Z');

type Page = { items: SimActivationOrder[]; total: number };
const dataOf = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

describe('/v1/sim-activation', () => {
  const t = useTestApp({ clock: () => NOW });
  const imeis = {
    a: '356938035643801',
    b: '356938035643802',
    c: '356938035643803',
    d: '356938035643804',
    bhopal: '356938035643809',
  };
  const body = (imei: string, extra: object = {}) => ({
    imei,
    ips: ['103.21.58.10:5010'],
    numbers: ['+919826012345'],
    durationInDays: 365,
    ...extra,
  });

  async function raise(who: string, imei: string, extra: object = {}): Promise<SimActivationOrder> {
    const res = await t.call(who, 'POST', URL, body(imei, extra));
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<SimActivationOrder>(res);
  }

  beforeAll(async () => {
    const vendorId = await organisationId(t.db, VENDOR);
    for (const key of ['a', 'b', 'c', 'd'] as const)
      await createDevice(t.db, { imei: imeis[key], iccid: `89910${imeis[key]}`, organisationId: vendorId });
    await createDevice(t.db, { imei: imeis.bhopal, organisationId: await organisationId(t.db, BHOPAL) });
  });

  it('raises an order for a device of the caller and lists it to the raiser and the manufacturer', async () => {
    const res = await t.call('RFC_ADMIN', 'POST', URL, {
      ...body(imeis.a),
      ips: ['103.21.58.10:5010', 'gw.civicfleet.in:5010'],
      numbers: ['+919826012345', '+919425067890'],
      durationInDays: 730,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Sim Activation created' });
    const order = dataOf<SimActivationOrder>(res);
    expect(order).toMatchObject({
      imei: imeis.a,
      uid: `89910${imeis.a}`,
      status: 'INITIATED',
      durationInDays: 730,
      ips: ['103.21.58.10:5010', 'gw.civicfleet.in:5010'],
      numbers: ['+919826012345', '+919425067890'],
      organisation: { name: VENDOR },
      manufacturer: { name: 'Narmada Telematics Pvt Ltd' },
      simDetails: {},
      isSimActivated: false,
      simActivationApprovedBy: null,
      simActivationDate: null,
    });

    for (const who of ['RFC_ADMIN', 'MANUFACTURER', 'SUPER_ADMIN', 'INVENTORY_MANAGER']) {
      const page = dataOf<Page>(await t.call(who, 'GET', `${URL}?_id=${order.id}`));
      expect(
        page.items.map((o) => o.id),
        who,
      ).toEqual([order.id]);
    }
  });

  it('answers every validation message word for word', async () => {
    const cases: Array<[object, string, string]> = [
      [{ ips: [] }, 'ips', 'Atleast one ips is required'],
      [{ numbers: [] }, 'numbers', 'Atleast one Phone Number is required'],
      [{ ips: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5'] }, 'ips', MSG.maxIps],
      [{ numbers: Array.from({ length: 5 }, (_, i) => `+91982601234${i}`) }, 'numbers', MSG.maxNumbers],
      [{ ips: ['300.1.1.1'] }, 'ips.0', MSG.ip],
      [{ ips: ['gw.civicfleet.in'] }, 'ips.0', MSG.ip],
      [{ numbers: ['9826012345'] }, 'numbers.0', MSG.number],
      [{ imei: '12345' }, 'imei', 'The IMEI must be 15 digits'],
      [{ durationInDays: 0 }, 'durationInDays', 'Choose an activation duration'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await t.call('RFC_ADMIN', 'POST', URL, body(imeis.b, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field]).toBe(message);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    const plan = await t.call('RFC_ADMIN', 'POST', URL, body(imeis.b, { durationInDays: 100 }));
    expect(plan.statusCode).toBe(400);
    expect(plan.json()).toMatchObject({ message: 'Choose one of the active activation plans' });
    const unknown = await t.call('RFC_ADMIN', 'POST', URL, body('999999999999999'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'No device with this IMEI in your organisations' });
  });

  it('keeps one open order per device', async () => {
    const first = await raise('RFC_ADMIN', imeis.b);
    const again = await t.call('RFC_ADMIN', 'POST', URL, body(imeis.b));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `This device already has an open SIM activation order (#${first.id}, INITIATED)`,
    });
    // Rejected orders are closed: the device can be ordered again.
    expect(
      (await t.call('MANUFACTURER', 'PUT', `${URL}/${first.id}`, { status: 'REJECTED' })).statusCode,
    ).toBe(200);
    const second = await raise('RFC_ADMIN', imeis.b);
    expect(second.status).toBe('INITIATED');
  });

  it("hides another organisation's devices and orders", async () => {
    const foreign = await t.call('RFC_ADMIN', 'POST', URL, body(imeis.bhopal));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: 'No device with this IMEI in your organisations' });

    const bhopalOrder = await raise(BHOPAL_ADMIN, imeis.bhopal);
    expect(bhopalOrder.organisation.name).toBe('Bhopal Municipal Corporation');
    expect(bhopalOrder.manufacturer?.name).toBe('Narmada Telematics Pvt Ltd');

    const vendorView = dataOf<Page>(await t.call('RFC_ADMIN', 'GET', `${URL}?pageSize=100`));
    expect(vendorView.items.map((o) => o.imei)).not.toContain(imeis.bhopal);
    expect(dataOf<Page>(await t.call('RFC_ADMIN', 'GET', `${URL}?_id=${bhopalOrder.id}`)).items).toEqual([]);
    const bhopalView = dataOf<Page>(await t.call(BHOPAL_ADMIN, 'GET', `${URL}?pageSize=100`));
    expect(bhopalView.items.map((o) => o.imei)).toEqual([imeis.bhopal]);
    // Indore (below Malwa Auto) sees neither the vendor's orders nor Bhopal's.
    expect(dataOf<Page>(await t.call('ADMIN', 'GET', URL)).total).toBe(0);
    // The manufacturer sees the orders of both vendors' trees.
    const manufacturerView = dataOf<Page>(await t.call('MANUFACTURER', 'GET', `${URL}?pageSize=100`));
    expect(manufacturerView.items.map((o) => o.imei)).toEqual(
      expect.arrayContaining([imeis.a, imeis.bhopal]),
    );

    const put = await t.call('RFC_ADMIN', 'PUT', `${URL}/${bhopalOrder.id}`, { status: 'APPROVED' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ success: false, message: 'SIM activation order not found.' });
    expect((await t.call('MANUFACTURER', 'PUT', `${URL}/987654321`, { status: 'APPROVED' })).statusCode).toBe(
      404,
    );
  });

  it('filters by status, organisation and IMEI, newest first', async () => {
    const vendorId = String(await organisationId(t.db, VENDOR));
    const initiated = dataOf<Page>(
      await t.call('MANUFACTURER', 'GET', `${URL}?simStatus=INITIATED&pageSize=100`),
    );
    expect(initiated.items.length).toBeGreaterThan(0);
    expect(initiated.items.every((o) => o.status === 'INITIATED')).toBe(true);
    const created = initiated.items.map((o) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const byOrg = dataOf<Page>(
      await t.call('MANUFACTURER', 'GET', `${URL}?organisation=${vendorId}&pageSize=100`),
    );
    expect(byOrg.items.every((o) => o.organisation.id === vendorId)).toBe(true);
    expect(byOrg.items.map((o) => o.imei)).not.toContain(imeis.bhopal);

    const byImei = dataOf<Page>(await t.call('MANUFACTURER', 'GET', `${URL}?imei=35643801`));
    expect(byImei.items.map((o) => o.imei)).toEqual([imeis.a]);

    const badStatus = await t.call('MANUFACTURER', 'GET', `${URL}?simStatus=OPEN`);
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ message: MSG.statusInvalid });
    expect((await t.call('MANUFACTURER', 'GET', `${URL}?imei=35x`)).json()).toMatchObject({
      message: 'The IMEI filter takes digits only',
    });
    expect((await t.call('MANUFACTURER', 'GET', `${URL}?sortBy=numbers`)).statusCode).toBe(400);
  });

  it('lets only SUPER_ADMIN or the manufacturer organisation edit and change the status', async () => {
    const order = await raise('RFC_ADMIN', imeis.c);
    const path = `${URL}/${order.id}`;

    const vendorStatus = await t.call('RFC_ADMIN', 'PUT', path, { status: 'APPROVED' });
    expect(vendorStatus.statusCode).toBe(403);
    // RFC_ADMIN holds the edit action by default, yet is not the manufacturer.
    const vendorEdit = await t.call('RFC_ADMIN', 'PUT', path, body(imeis.c));
    expect(vendorEdit.statusCode).toBe(403);
    expect(vendorEdit.json()).toEqual({
      success: false,
      message: "Only the device's manufacturer or a super admin can change this order",
    });
    // A manufacturer user without the change-status action.
    expect((await t.call('INVENTORY_MANAGER', 'PUT', path, { status: 'APPROVED' })).statusCode).toBe(403);
    // Without the module at all.
    expect((await t.call('FITTER', 'GET', URL)).statusCode).toBe(403);
    expect((await t.call('LIMITED_USER', 'PUT', path, { status: 'APPROVED' })).statusCode).toBe(403);

    const edit = await t.call('MANUFACTURER', 'PUT', path, {
      ...body(imeis.c),
      ips: ['10.1.2.3:6000'],
      numbers: ['+919000012345', '+919000012346'],
      durationInDays: 1095,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ message: 'Sim Activation updated' });
    expect(dataOf<SimActivationOrder>(edit)).toMatchObject({
      ips: ['10.1.2.3:6000'],
      numbers: ['+919000012345', '+919000012346'],
      durationInDays: 1095,
      status: 'INITIATED',
    });
    const moved = await t.call('MANUFACTURER', 'PUT', path, body(imeis.d));
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ message: MSG.imeiFixed });

    const approved = await t.call('MANUFACTURER', 'PUT', path, { status: 'APPROVED' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(dataOf<SimActivationOrder>(approved).status).toBe('APPROVED');
    expect((await t.call('SUPER_ADMIN', 'PUT', path, { status: 'INITIATED' })).statusCode).toBe(200);
  });

  it('validates the status payload and DONE details word for word', async () => {
    const order = await raise('RFC_ADMIN', imeis.d);
    const path = `${URL}/${order.id}`;
    for (const payload of [{ status: '' }, { status: null }, { sim1: '5754210000101' }]) {
      const res = await t.call('MANUFACTURER', 'PUT', path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Status is required',
        errors: { status: 'Status is required' },
      });
    }
    const partial = await t.call('MANUFACTURER', 'PUT', path, {
      status: 'DONE',
      sim1: '5754210000101',
      sim2: '5754210000102',
      sim1_operator: 'Airtel',
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({
      message: 'SIM OPERATORs,E-SIM Provider and MSISDNs are required',
      errors: {
        sim2_operator: 'SIM OPERATORs,E-SIM Provider and MSISDNs are required',
        eSimProvider: 'SIM OPERATORs,E-SIM Provider and MSISDNs are required',
      },
    });
    const provider = await t.call('MANUFACTURER', 'PUT', path, {
      status: 'DONE',
      sim1: '5754210000101',
      sim2: '5754210000102',
      sim1_operator: 'Airtel',
      sim2_operator: 'BSNL',
      eSimProvider: 'ACME',
    });
    expect(provider.json()).toMatchObject({ message: 'The E-SIM provider must be one of TAISYS, VENTEL' });
    const msisdn = await t.call('MANUFACTURER', 'PUT', path, { status: 'APPROVED', sim1: '12ab' });
    expect(msisdn.json()).toMatchObject({ message: 'The MSISDN must be 10 to 15 digits' });
  });

  it('DONE records the activation and writes the SIMs onto the device in one go; final statuses lock', async () => {
    const [order] = dataOf<Page>(await t.call('MANUFACTURER', 'GET', `${URL}?imei=${imeis.d}`)).items;
    if (!order) throw new Error('order of the previous test missing');
    const path = `${URL}/${order.id}`;
    const done = await t.call('MANUFACTURER', 'PUT', path, {
      status: 'DONE',
      sim1: '5754210000101',
      sim2: '5754210000102',
      sim1_operator: 'Airtel',
      sim2_operator: 'BSNL',
      eSimProvider: 'TAISYS',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ message: 'Status updated' });
    expect(dataOf<SimActivationOrder>(done)).toMatchObject({
      status: 'DONE',
      isSimActivated: true,
      simActivationApprovedBy: { name: 'Sunil Patidar' },
      simActivationDate: NOW.toISOString(),
      simDetails: {
        sim1: '5754210000101',
        sim2: '5754210000102',
        sim1_operator: 'Airtel',
        sim2_operator: 'BSNL',
        eSimProvider: 'TAISYS',
      },
    });
    const [device] = await t.db
      .select({ id: devices.id, sim1: devices.sim1, sim2: devices.sim2, esimProvider: devices.esimProvider })
      .from(devices)
      .where(eq(devices.imei, imeis.d));
    expect(device).toMatchObject({ sim1: '5754210000101', sim2: '5754210000102', esimProvider: 'TAISYS' });
    const viaApi = dataOf<Device>(await t.call('RFC_ADMIN', 'GET', `/v1/device/${String(device?.id)}`));
    expect(viaApi).toMatchObject({ sim1: '5754210000101', sim2: '5754210000102', eSimProvider: 'TAISYS' });
    const audits = await t.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sim-activation-order'), eq(auditLog.entityId, order.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['sim-activation.raised', 'sim-activation.status-changed']),
    );
    expect(audits.find((a) => a.action === 'sim-activation.status-changed')?.detail).toMatchObject({
      before: 'INITIATED',
      after: 'DONE',
    });

    // DONE is not final: the manufacturer closes it as COMPLETED, and then nothing changes any more.
    expect((await t.call('MANUFACTURER', 'PUT', path, { status: 'COMPLETED' })).statusCode).toBe(200);
    for (const payload of [{ status: 'APPROVED' }, body(imeis.d)]) {
      const res = await t.call('SUPER_ADMIN', 'PUT', path, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'This order is COMPLETED and can no longer be changed',
      });
    }
    const [rejected] = dataOf<Page>(
      await t.call('MANUFACTURER', 'GET', `${URL}?imei=${imeis.b}&simStatus=REJECTED`),
    ).items;
    const locked = await t.call('MANUFACTURER', 'PUT', `${URL}/${String(rejected?.id)}`, {
      status: 'APPROVED',
    });
    expect(locked.json()).toMatchObject({ message: 'This order is REJECTED and can no longer be changed' });
  });
});
