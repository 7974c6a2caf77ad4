/** /v1/fitment: create / edit / delete in one transaction, list and edit load, validation, scope and permissions. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_MESSAGES, PASSWORD_POLICY_MESSAGES, type FitmentRow, type ListPage } from '@civicfleet/shared';
import {
  auditLog,
  devices,
  fitments,
  organisations,
  roles,
  users,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { loadBrand } from '../../config/brand.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { DEMO_ORGS, NOW, fitmentBody, nextPhone, orgId, stockDevice } from './fitment-testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/fitment', () => {
  const t = useTestApp({ clock: () => NOW });
  let malwa: bigint;
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
  const device = () => stockDevice(t.db, { organisationId: malwa, allocatedFrom: manufacturer });
  const deviceRow = async (id: bigint) => {
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id));
    return row;
  };
  const openLink = async (deviceId: bigint) => {
    const [row] = await t.db
      .select()
      .from(vehicleDeviceLinks)
      .where(and(eq(vehicleDeviceLinks.deviceId, deviceId), isNull(vehicleDeviceLinks.unlinkedAt)));
    return row;
  };
  const userByPhone = async (phone: string) => {
    const [row] = await t.db
      .select({
        id: users.id,
        organisationId: users.organisationId,
        role: roles.name,
        kycDocs: users.kycDocs,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.phone, phone));
    return row;
  };

  beforeAll(async () => {
    malwa = await orgId(t.db, DEMO_ORGS.malwa);
    manufacturer = await orgId(t.db, DEMO_ORGS.manufacturer);
  });

  it('bills the vendor above a municipal stock holder: a device held by Indore is a Malwa Auto fitment', async () => {
    const indore = await orgId(t.db, DEMO_ORGS.indore);
    const held = await stockDevice(t.db, { organisationId: indore, status: 'NEW' });
    const body = fitmentBody(held.imei, { registrationNumber: 'MP09FA1777' });
    const { status, body: res } = await call<FitmentRow>('RFC_ADMIN', 'POST', '/v1/fitment', body);
    expect(status, JSON.stringify(res)).toBe(200);
    expect(res.data.organisation).toEqual({ id: String(malwa), name: DEMO_ORGS.malwa });
  });

  it('creates vehicle, customer, fitter and fitment in one go; the device is installed and linked', async () => {
    const stock = await device();
    const body = fitmentBody(stock.imei, { registrationNumber: 'mp 09-fa 1001' });
    const { status, body: res } = await call<FitmentRow>('RFC_ADMIN', 'POST', '/v1/fitment', body);
    expect(status).toBe(200);
    expect(res.message).toBe('Fitment created');
    expect(res.data).toMatchObject({
      activationStatus: 'PENDING',
      fitmentDate: '2026-11-20',
      durationInDays: 365,
      deviceActivate: true,
      expiresOn: null,
      chargedPaise: null,
      organisation: { id: String(malwa), name: DEMO_ORGS.malwa },
      vehicle: { registrationNumber: 'MP09FA1001', rtoCode: 'MP_09', isTrackingActivated: false },
      device: { imei: stock.imei, panicButtonCount: 1, deviceImages: body.device.deviceImages },
      customer: { firstName: 'Sunita', phone: `+91${body.customer.phone}`, address: '12 MG Road, Indore' },
      fitter: { firstName: 'Mohan', phone: `+91${body.fitter?.phone ?? ''}` },
    });
    expect(res.data.customer.kycDocs).toHaveLength(2);

    const customer = await userByPhone(`+91${body.customer.phone}`);
    expect(customer?.role).toBe('LIMITED_USER');
    const [customerOrg] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, customer?.organisationId ?? 0n));
    expect(customerOrg).toMatchObject({ kind: 'CUSTOMER', parentId: malwa, tradeName: 'Sunita Patel' });
    const fitter = await userByPhone(`+91${body.fitter?.phone ?? ''}`);
    expect(fitter).toMatchObject({ role: 'FITTER', organisationId: malwa });

    const installed = await deviceRow(stock.id);
    expect(installed).toMatchObject({
      status: 'INSTALLED',
      organisationId: customer?.organisationId,
      allocatedFromOrganisationId: malwa,
    });
    expect((await openLink(stock.id))?.vehicleId).toBe(BigInt(res.data.vehicle.id));
    const [vehicle] = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, BigInt(res.data.vehicle.id)));
    expect(vehicle).toMatchObject({ organisationId: customer?.organisationId, ownerUserId: customer?.id });

    // The new customer and fitter sign in with the brand's default password, and must choose their own first
    // (ASVS 2.3.1): the answer says so and every other call is refused meanwhile.
    const { defaultPassword } = loadBrand(t.env.brand);
    const customerSession = await t.signIn(`+91${body.customer.phone}`, defaultPassword);
    expect(customerSession.mustChangePassword).toBe(true);
    const fitterSession = await t.signIn(`+91${body.fitter?.phone ?? ''}`, defaultPassword);
    expect(fitterSession.mustChangePassword).toBe(true);
    const restricted = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/sessions',
      headers: { authorization: `Bearer ${customerSession.token.access.token}` },
    });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().message).toBe(MFA_MESSAGES.passwordChangeRequired);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fitment.created'), eq(auditLog.entityId, res.data.id)));
    expect(audit?.organisationId).toBe(malwa);
  });

  it('answers 400 with a message per field, image counts included', async () => {
    const empty = await call('RFC_ADMIN', 'POST', '/v1/fitment', {});
    expect(empty.status).toBe(400);
    expect(empty.body.success).toBe(false);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(
      expect.arrayContaining([
        'vehicle',
        'device',
        'customer',
        'fitmentDate',
        'durationInDays',
        'deviceActivate',
      ]),
    );

    const stock = await device();
    const body = fitmentBody(stock.imei);
    const bad = await call('RFC_ADMIN', 'POST', '/v1/fitment', {
      ...body,
      vehicle: { ...body.vehicle, registrationNumber: '', regDate: '01/04/2024', rcImages: ['/one.png'] },
      device: { ...body.device, deviceImages: ['/one.png'] },
      customer: {
        ...body.customer,
        firstName: ' ',
        phone: '12345',
        kycDocs: [{ name: 'AADHAR', link: '/a.png' }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'vehicle.registrationNumber': 'Registration number is required',
      'vehicle.regDate': 'Registration date: enter a date as YYYY-MM-DD',
      'vehicle.rcImages': 'Upload exactly 2 RC images (front and back)',
      'device.deviceImages': 'Upload 2 to 3 device images',
      'customer.firstName': 'First name is required',
      'customer.phone': 'The phone number must be 10 digits with +91',
      'customer.kycDocs': 'Upload 1 or 2 PAN images',
    });

    const future = await call('RFC_ADMIN', 'POST', '/v1/fitment', { ...body, fitmentDate: '2026-11-21' });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ fitmentDate: 'The fitment date cannot be in the future.' });

    const noPlan = await call('RFC_ADMIN', 'POST', '/v1/fitment', { ...body, durationInDays: 100 });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe('No activation plan for 100 days');
  });

  it("refuses a customer password the user policy refuses (ASVS 2.1.7); keeps a good one and the brand's default", async () => {
    const body = fitmentBody((await device()).imei);
    const common = await call('RFC_ADMIN', 'POST', '/v1/fitment', {
      ...body,
      customer: { ...body.customer, password: 'Password@2024' },
    });
    expect(common.status).toBe(400);
    expect(common.body.errors).toEqual({ 'customer.password': PASSWORD_POLICY_MESSAGES.common });
    const personal = await call('RFC_ADMIN', 'POST', '/v1/fitment', {
      ...body,
      customer: { ...body.customer, password: `Ward${body.customer.phone}` },
    });
    expect(personal.status).toBe(400);
    expect(personal.body.message).toBe(PASSWORD_POLICY_MESSAGES.personal);
    const short = await call('RFC_ADMIN', 'POST', '/v1/fitment', {
      ...body,
      customer: { ...body.customer, password: 'Tiger#Lily7' },
    });
    expect(short.body.errors).toMatchObject({
      'customer.password': 'The password must be at least 12 characters long',
    });

    const good = await call('RFC_ADMIN', 'POST', '/v1/fitment', {
      ...body,
      customer: { ...body.customer, password: 'Brisk7Lantern#Ward' },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    // A password of their own: nothing to change first.
    const session = await t.signIn(`+91${body.customer.phone}`, 'Brisk7Lantern#Ward');
    expect(session.mustChangePassword).toBeUndefined();
  });

  it("refuses a non-customer's and a non-fitter's number, and devices that cannot be fitted", async () => {
    const stock = await device();
    const rfcPhone = '9000000005';
    const notCustomer = await call(
      'RFC_ADMIN',
      'POST',
      '/v1/fitment',
      fitmentBody(stock.imei, { customerPhone: rfcPhone }),
    );
    expect(notCustomer.status).toBe(400);
    expect(notCustomer.body.message).toBe("This is not a customer's number");
    expect(notCustomer.body.errors).toEqual({ 'customer.phone': "This is not a customer's number" });

    const notFitter = await call(
      'RFC_ADMIN',
      'POST',
      '/v1/fitment',
      fitmentBody(stock.imei, { fitterPhone: '9000000008' }),
    );
    expect(notFitter.status).toBe(400);
    expect(notFitter.body.message).toBe("This is not a fitter's number");

    const unknown = await call('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody('356307042441999'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('No device with this IMEI in your organisations.');

    const defected = await stockDevice(t.db, { organisationId: malwa, status: 'DEFECTED' });
    const broken = await call('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody(defected.imei));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('This device is marked DEFECTED and cannot be fitted.');

    // Bhopal's vendor stock is invisible to Malwa.
    const bhopalStock = await stockDevice(t.db, {
      organisationId: await orgId(t.db, DEMO_ORGS.bhopalVendor),
    });
    expect((await call('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody(bhopalStock.imei))).status).toBe(400);

    const first = await call<FitmentRow>('FITTER', 'POST', '/v1/fitment', fitmentBody(stock.imei));
    expect(first.status).toBe(200);
    const again = await call('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody(stock.imei));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This device is already installed on another vehicle.');
  });

  it('leaves nothing behind when the save fails half-way (one transaction)', async () => {
    const stock = await device();
    // The customer, their organisation and the vehicle are written before the fitter check fails.
    const body = fitmentBody(stock.imei, { registrationNumber: 'MP09ZZ9999', fitterPhone: '9000000008' });
    const before = await t.db.select({ id: organisations.id }).from(organisations);
    const res = await call('RFC_ADMIN', 'POST', '/v1/fitment', body);
    expect(res.status).toBe(400);
    expect(await userByPhone(`+91${body.customer.phone}`)).toBeUndefined();
    expect(
      await t.db.select().from(vehicles).where(eq(vehicles.registrationNumber, 'MP09ZZ9999')),
    ).toHaveLength(0);
    expect(await t.db.select().from(fitments).where(eq(fitments.deviceId, stock.id))).toHaveLength(0);
    expect(await t.db.select({ id: organisations.id }).from(organisations)).toHaveLength(before.length);
    expect(await deviceRow(stock.id)).toMatchObject({ status: 'ALLOCATED', organisationId: malwa });
  });

  it('rolls everything back when the very last write (the fitment row) fails', async () => {
    const stock = await device();
    const body = fitmentBody(stock.imei, { registrationNumber: 'MP09ZZ8888' });
    await t.db.execute(sql`create function fitment_fail() returns trigger language plpgsql as
      $$ begin raise exception 'injected failure'; end $$`);
    await t.db.execute(sql`create trigger fitment_fail before insert on fitments
      for each row execute function fitment_fail()`);
    try {
      const res = await call('RFC_ADMIN', 'POST', '/v1/fitment', body);
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger fitment_fail on fitments`);
      await t.db.execute(sql`drop function fitment_fail()`);
    }
    expect(await userByPhone(`+91${body.customer.phone}`)).toBeUndefined();
    expect(await userByPhone(`+91${body.fitter?.phone ?? ''}`)).toBeUndefined();
    expect(
      await t.db.select().from(vehicles).where(eq(vehicles.registrationNumber, 'MP09ZZ8888')),
    ).toHaveLength(0);
    expect(await deviceRow(stock.id)).toMatchObject({ status: 'ALLOCATED', organisationId: malwa });
    expect(await openLink(stock.id)).toBeUndefined();
  });

  it('lists with search, filters and the _id edit load; another organisation sees nothing (404)', async () => {
    const stock = await device();
    const created = await call<FitmentRow>(
      'RFC_ADMIN',
      'POST',
      '/v1/fitment',
      fitmentBody(stock.imei, { registrationNumber: 'MP09LS4242' }),
    );
    const id = created.body.data.id;

    const byReg = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', '/v1/fitment?search=ls4242');
    expect(byReg.body.data.items.map((r) => r.id)).toEqual([id]);
    const byImei = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', `/v1/fitment?search=${stock.imei}`);
    expect(byImei.body.data.total).toBe(1);
    const phone = created.body.data.customer.phone?.slice(3) ?? '';
    const byPhone = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', `/v1/fitment?search=${phone}`);
    expect(byPhone.body.data.items[0]?.id).toBe(id);
    const byName = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', '/v1/fitment?search=sunita%20patel');
    expect(byName.body.data.total).toBeGreaterThanOrEqual(1);

    const edit = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', `/v1/fitment?_id=${id}`);
    expect(edit.body.data.items).toHaveLength(1);
    expect(edit.body.data.items[0]).toEqual(created.body.data);
    expect((await call('RFC_ADMIN', 'GET', `/v1/fitment/${id}`)).body.data).toEqual(created.body.data);

    const pending = await call<ListPage<FitmentRow>>(
      'RFC_ADMIN',
      'GET',
      '/v1/fitment?activationStatus=APPROVED',
    );
    expect(pending.body.data.items.some((r) => r.id === id)).toBe(false);
    const dated = await call<ListPage<FitmentRow>>('RFC_ADMIN', 'GET', '/v1/fitment?fromDate=2026-11-21');
    expect(dated.body.data.total).toBe(0);
    const sorted = await call('RFC_ADMIN', 'GET', '/v1/fitment?sortBy=password');
    expect(sorted.status).toBe(400);

    expect((await call('SUPER_ADMIN', 'GET', `/v1/fitment/${id}`)).status).toBe(200);
    expect((await call(BHOPAL_ADMIN, 'GET', `/v1/fitment/${id}`)).status).toBe(404);
    const theirs = await call<ListPage<FitmentRow>>(BHOPAL_ADMIN, 'GET', `/v1/fitment?_id=${id}`);
    expect(theirs.body.data.items).toEqual([]);
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/fitment/${id}`, fitmentBody(stock.imei))).status).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'DELETE', `/v1/fitment/${id}`)).status).toBe(404);
  });

  it('refuses callers without the permission (403)', async () => {
    const stock = await device();
    expect((await call('LIMITED_USER', 'GET', '/v1/fitment')).status).toBe(403);
    expect((await call('LIMITED_USER', 'POST', '/v1/fitment', fitmentBody(stock.imei))).status).toBe(403);
    expect((await call('INVENTORY_MANAGER', 'PUT', '/v1/fitment/1', fitmentBody(stock.imei))).status).toBe(
      403,
    );
    const denied = await call('FITTER', 'DELETE', '/v1/fitment/1');
    expect(denied.status).toBe(403);
    expect(denied.body.success).toBe(false);
  });

  it('edits: an existing customer keeps their organisation; a new device replaces the old one, which goes back to the vendor', async () => {
    const first = await device();
    const body = fitmentBody(first.imei);
    const created = await call<FitmentRow>('RFC_ADMIN', 'POST', '/v1/fitment', body);
    const id = created.body.data.id;
    const customer = await userByPhone(`+91${body.customer.phone}`);

    const second = await device();
    const edited = await call<FitmentRow>('RFC_ADMIN', 'PUT', `/v1/fitment/${id}`, {
      ...body,
      device: { ...body.device, imei: second.imei, deviceImages: ['/a.png', '/b.png', '/c.png'] },
      customer: { ...body.customer, firstName: 'Sunitha', address: '14 MG Road, Indore' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Fitment Updated');
    expect(edited.body.data).toMatchObject({
      id,
      device: { imei: second.imei, deviceImages: ['/a.png', '/b.png', '/c.png'] },
      customer: { id: String(customer?.id), firstName: 'Sunitha', address: '14 MG Road, Indore' },
      vehicle: { id: created.body.data.vehicle.id },
    });
    expect(await deviceRow(first.id)).toMatchObject({
      status: 'ALLOCATED',
      organisationId: malwa,
      allocatedFromOrganisationId: manufacturer,
    });
    expect(await openLink(first.id)).toBeUndefined();
    expect((await openLink(second.id))?.vehicleId).toBe(BigInt(created.body.data.vehicle.id));
    expect((await userByPhone(`+91${body.customer.phone}`))?.organisationId).toBe(customer?.organisationId);

    // A second fitment for the same customer (another vehicle) keeps their organisation too.
    const third = await device();
    const again = await call<FitmentRow>(
      'RFC_ADMIN',
      'POST',
      '/v1/fitment',
      fitmentBody(third.imei, { customerPhone: body.customer.phone }),
    );
    expect(again.status).toBe(200);
    expect(again.body.data.customer.id).toBe(String(customer?.id));
    expect((await deviceRow(third.id))?.organisationId).toBe(customer?.organisationId);

    // The same vehicle cannot get a second live fitment.
    const fourth = await device();
    const twice = await call(
      'RFC_ADMIN',
      'POST',
      '/v1/fitment',
      fitmentBody(fourth.imei, { registrationNumber: body.vehicle.registrationNumber }),
    );
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `This vehicle already has a fitment (device ${second.imei}): edit that fitment or delete it first.`,
    );
  });

  it('deletes a PENDING fitment: the device is unlinked and ALLOCATED at the vendor again', async () => {
    const stock = await device();
    const created = await call<FitmentRow>('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody(stock.imei));
    const id = created.body.data.id;
    const removed = await call('RFC_ADMIN', 'DELETE', `/v1/fitment/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Fitment deleted');
    expect(await deviceRow(stock.id)).toMatchObject({ status: 'ALLOCATED', organisationId: malwa });
    expect(await openLink(stock.id)).toBeUndefined();
    expect((await call('RFC_ADMIN', 'GET', `/v1/fitment/${id}`)).status).toBe(404);
    // The device can be fitted again.
    expect(
      (
        await call(
          'RFC_ADMIN',
          'POST',
          '/v1/fitment',
          fitmentBody(stock.imei, { customerPhone: nextPhone() }),
        )
      ).status,
    ).toBe(200);

    // An APPROVED one cannot be deleted.
    const other = await device();
    const approved = await call<FitmentRow>('RFC_ADMIN', 'POST', '/v1/fitment', fitmentBody(other.imei));
    await t.db
      .update(fitments)
      .set({ activationStatus: 'APPROVED' })
      .where(eq(fitments.id, BigInt(approved.body.data.id)));
    const refused = await call('RFC_ADMIN', 'DELETE', `/v1/fitment/${approved.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('An approved fitment cannot be deleted: undo its activation first.');
  });
});
