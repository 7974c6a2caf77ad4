/** Vehicle management routes: create/edit/delete, bulk, summary, send mail, tracking, device link/unlink. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle, VehicleBulkResult, VehicleSummary } from '@civicfleet/shared';
import {
  adminDivisions,
  auditLog,
  groups,
  outbox,
  users,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { createDevice } from '../device/device.repository.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = new Date('2026-11-20T10:00:00Z');

type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/vehicle management', () => {
  const t = useTestApp({ clock: () => NOW });
  let indore: bigint;
  let bhopal: bigint;
  let ward: { id: bigint; circleId: bigint; zoneId: bigint };
  let otherCircleWard: bigint;
  let bhopalWard: bigint;
  let ownerId: bigint;

  const call = async <T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const res = await t.call(who, method, url, body);
    return { status: res.statusCode, body: res.json() as Body<T> };
  };
  const create = (reg: string, extra: Record<string, unknown> = {}, who = 'ADMIN') =>
    call<Vehicle>(who, 'POST', '/v1/vehicle', { registrationNumber: reg, ...extra });

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    const divisions = await t.db
      .select()
      .from(adminDivisions)
      .where(eq(adminDivisions.organisationId, indore));
    const byId = new Map(divisions.map((d) => [d.id, d]));
    const wards = divisions.filter((d) => d.type === 'WARD' && d.parentId !== null);
    const first = wards[0];
    const circle = first?.parentId ? byId.get(first.parentId) : undefined;
    if (!first || !circle?.parentId) throw new Error('the template has no Indore zone/circle/ward');
    ward = { id: first.id, circleId: circle.id, zoneId: circle.parentId };
    const other = wards.find((w) => w.parentId !== circle.id);
    if (!other) throw new Error('need a ward of another circle');
    otherCircleWard = other.id;
    const [b] = await t.db
      .insert(adminDivisions)
      .values({ organisationId: bhopal, type: 'WARD', name: 'Bhopal ward 1' })
      .returning({ id: adminDivisions.id });
    if (!b) throw new Error('no Bhopal ward');
    bhopalWard = b.id;
    const [owner] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'limited_user@demo.civicfleet.in'));
    if (!owner) throw new Error('no owner');
    ownerId = owner.id;
  });

  it('creates a vehicle with a normalised registration number, placed on a ward (zone and circle filled in)', async () => {
    const { status, body } = await create('mp 09-ab 1234', {
      kind: 'TRUCK',
      type: 'Tipper',
      make: 'Tata',
      rtoCode: 'mp_09',
      regDate: '2024-04-01',
      rcImages: ['/files/rc/front.png', '/files/rc/back.png'],
      wardId: String(ward.id),
      speedLimitKph: 40,
      ownerUserId: String(ownerId),
    });
    expect(status).toBe(200);
    expect(body.message).toBe('Vehicle created');
    expect(body.data).toMatchObject({
      registrationNumber: 'MP09AB1234',
      rtoCode: 'MP_09',
      kind: 'TRUCK',
      wardId: String(ward.id),
      circleId: String(ward.circleId),
      zoneId: String(ward.zoneId),
      organisation: { id: String(indore) },
      isTrackingActivated: true,
      device: null,
    });
    expect(typeof body.data.wardName).toBe('string');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vehicle.created'), eq(auditLog.entityId, body.data.id)));
    expect(audit?.organisationId).toBe(indore);
  });

  it('refuses a duplicate registration (409), bad fields (400 with field messages) and inconsistent divisions', async () => {
    const dup = await create('MP-09-AB-1234');
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      success: false,
      message: 'A vehicle with this registration number already exists in this organisation.',
    });
    // The same number is free in another organisation.
    expect((await create('MP09AB1234', {}, BHOPAL_ADMIN)).status).toBe(200);

    const bad = await create('x', {
      rcImages: ['one.png'],
      rtoCode: '09',
      speedLimitKph: 500,
      kind: 'ROCKET',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.errors).toMatchObject({
      registrationNumber: 'Enter a valid registration number, e.g. MP09AB1234',
      rcImages: 'Upload exactly 2 RC images (front and back)',
      rtoCode: 'RTO code must look like MP_09',
      speedLimitKph: 'Speed limit must be between 5 and 200 km/h',
    });
    expect((await create('', {})).body.errors?.registrationNumber).toBe('Registration number is required');

    const future = await create('MP09ZZ0001', { regDate: '2030-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.errors?.regDate).toBe('Registration date cannot be in the future.');

    const foreignWard = await create('MP09ZZ0002', { wardId: String(bhopalWard) });
    expect(foreignWard.body.errors?.wardId).toBe("Choose a ward of the vehicle's organisation.");
    const mismatch = await create('MP09ZZ0003', {
      wardId: String(otherCircleWard),
      circleId: String(ward.circleId),
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.wardId).toBe('The ward is not in the chosen circle.');
    const otherOrg = await create('MP09ZZ0004', { organisationId: String(bhopal) });
    expect(otherOrg.status).toBe(404);
  });

  it('edits, keeps uniqueness on edit, and deletes softly (404 afterwards, number reusable)', async () => {
    const a = (await create('MP09ED0001')).body.data;
    const b = (await create('MP09ED0002')).body.data;
    const edited = await call<Vehicle>('ADMIN', 'PUT', `/v1/vehicle/${a.id}`, {
      registrationNumber: 'MP09ED0001',
      make: 'Ashok Leyland',
      kind: 'BUS',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ make: 'Ashok Leyland', kind: 'BUS' });
    const clash = await call('ADMIN', 'PUT', `/v1/vehicle/${a.id}`, { registrationNumber: 'mp09ed0002' });
    expect(clash.status).toBe(409);
    expect(
      (await call('ADMIN', 'PUT', `/v1/vehicle/${a.id}`, { registrationNumber: 'MP09ED0001' })).status,
    ).toBe(200);
    expect(
      (await call(BHOPAL_ADMIN, 'PUT', `/v1/vehicle/${a.id}`, { registrationNumber: 'X1234' })).status,
    ).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'DELETE', `/v1/vehicle/${b.id}`)).status).toBe(404);
    const del = await call('ADMIN', 'DELETE', `/v1/vehicle/${b.id}`);
    expect(del).toMatchObject({ status: 200, body: { message: 'You successfully deleted the item' } });
    expect((await call('ADMIN', 'GET', `/v1/vehicle/${b.id}`)).status).toBe(404);
    expect((await create('MP09ED0002')).status).toBe(200);
  });

  it('puts a vehicle in a live group of its organisation, refusing any other group id with a 400', async () => {
    const addGroup = async (organisationId: bigint, name: string, deleted = false) => {
      const [row] = await t.db
        .insert(groups)
        .values({ organisationId, name, deleted })
        .returning({ id: groups.id });
      if (!row) throw new Error('no group');
      return String(row.id);
    };
    const north = await addGroup(indore, 'North tippers');
    const gone = await addGroup(indore, 'Old group', true);
    const bhopalGroup = await addGroup(bhopal, 'Bhopal group');
    const message = "Choose a group of the vehicle's organisation.";

    const created = await create('MP09GR0001', { groupId: north });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.groupId).toBe(north);

    for (const groupId of ['987654321', gone, bhopalGroup]) {
      const res = await create('MP09GR0002', { groupId });
      expect(res.status, groupId).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, errors: { groupId: message } });
      const edit = await call('ADMIN', 'PUT', `/v1/vehicle/${created.body.data.id}`, {
        registrationNumber: 'MP09GR0001',
        groupId,
      });
      expect(edit.status, groupId).toBe(400);
      expect(edit.body).toMatchObject({ success: false, message, errors: { groupId: message } });
    }
    expect(
      (await call<Vehicle>('ADMIN', 'GET', `/v1/vehicle/${created.body.data.id}`)).body.data.groupId,
    ).toBe(north);
    // The database itself refuses a dangling group id now (vehicles_group_id_groups_id_fk).
    await expect(
      t.db
        .update(vehicles)
        .set({ groupId: 987654321n })
        .where(eq(vehicles.id, BigInt(created.body.data.id))),
    ).rejects.toThrow();
  });

  it('answers 403 to roles without the action', async () => {
    const v = (await create('MP09PM0001')).body.data;
    // RFC_ADMIN may add, edit and link, but not delete, mail or switch tracking.
    expect((await call('RFC_ADMIN', 'DELETE', `/v1/vehicle/${v.id}`)).status).toBe(403);
    expect((await call('RFC_ADMIN', 'POST', `/v1/vehicle/send-mail/${v.id}`)).status).toBe(403);
    expect((await call('RFC_ADMIN', 'POST', `/v1/vehicle/activate-tracking/${v.id}`)).status).toBe(403);
    expect((await call('RFC_ADMIN', 'POST', `/v1/vehicle/deactivate-tracking/${v.id}`)).status).toBe(403);
    // RFC sees vehicles only.
    expect((await call('RFC', 'POST', '/v1/vehicle', { registrationNumber: 'MP09PM0002' })).status).toBe(403);
    expect(
      (await call('RFC', 'PUT', `/v1/vehicle/${v.id}`, { registrationNumber: 'MP09PM0001' })).status,
    ).toBe(403);
    expect(
      (await call('RFC', 'POST', '/v1/vehicle/bulk', { csv: 'registrationNumber\nMP09PM0003' })).status,
    ).toBe(403);
    expect((await call('RFC', 'DELETE', `/v1/vehicle/device/${v.id}`)).status).toBe(403);
    expect((await call('CUSTOM', 'GET', '/v1/vehicle/summary')).status).toBe(403);
  });

  it('switches tracking off and on', async () => {
    const v = (await create('MP09TR0001')).body.data;
    const off = await call<Vehicle>('ADMIN', 'POST', `/v1/vehicle/deactivate-tracking/${v.id}`);
    expect(off.body).toMatchObject({ message: 'Tracking deactivated', data: { isTrackingActivated: false } });
    const on = await call<Vehicle>('ADMIN', 'POST', `/v1/vehicle/activate-tracking/${v.id}`);
    expect(on.body.data.isTrackingActivated).toBe(true);
    expect((await call(BHOPAL_ADMIN, 'POST', `/v1/vehicle/activate-tracking/${v.id}`)).status).toBe(404);
  });

  it('links a device (closing both previous links, history kept), lists linkable devices and unlinks', async () => {
    const v1 = (await create('MP09LK0001')).body.data;
    const v2 = (await create('MP09LK0002')).body.data;
    const d1 = await createDevice(t.db, { imei: '864000000000001', organisationId: indore });
    const d2 = await createDevice(t.db, { imei: '864000000000002', organisationId: indore });
    const foreign = await createDevice(t.db, { imei: '864000000000003', organisationId: bhopal });

    const linkable = await call<Array<{ imei: string }>>(
      'ADMIN',
      'GET',
      `/v1/vehicle/linkable-devices/${v1.id}`,
    );
    expect(linkable.body.data.map((d) => d.imei)).toEqual(
      expect.arrayContaining(['864000000000001', '864000000000002']),
    );
    expect(linkable.body.data.map((d) => d.imei)).not.toContain('864000000000003');

    const linked = await call<Vehicle>('ADMIN', 'PUT', `/v1/vehicle/device/${v1.id}/${d1}`);
    expect(linked.body).toMatchObject({
      message: 'Device linked',
      data: { device: { imei: '864000000000001' } },
    });
    // d1 moves to v2: v1's link closes; then v2 gets d2: d1's link on v2 closes.
    await call('ADMIN', 'PUT', `/v1/vehicle/device/${v2.id}/${d1}`);
    expect((await call<Vehicle>('ADMIN', 'GET', `/v1/vehicle/${v1.id}`)).body.data.device).toBeNull();
    const moved = await call<Vehicle>('RFC_ADMIN', 'PUT', `/v1/vehicle/device/${v2.id}/${d2}`);
    expect(moved.status).toBe(200);
    expect(moved.body.data.device?.imei).toBe('864000000000002');
    const closed = await t.db
      .select()
      .from(vehicleDeviceLinks)
      .where(and(eq(vehicleDeviceLinks.deviceId, d1), isNotNull(vehicleDeviceLinks.unlinkedAt)));
    expect(closed).toHaveLength(2);

    const cross = await call('ADMIN', 'PUT', `/v1/vehicle/device/${v1.id}/${foreign}`);
    expect(cross.status).toBe(404);
    expect(cross.body.message).toBe('Device not found.');
    const superCross = await call('SUPER_ADMIN', 'PUT', `/v1/vehicle/device/${v1.id}/${foreign}`);
    expect(superCross.status).toBe(400);
    expect(superCross.body.message).toBe("The device belongs to another organisation than the vehicle's.");
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/vehicle/device/${v1.id}/${foreign}`)).status).toBe(404);

    const unlinked = await call<Vehicle>('ADMIN', 'DELETE', `/v1/vehicle/device/${v2.id}`);
    expect(unlinked.body).toMatchObject({ message: 'Device unlinked', data: { device: null } });
    const again = await call('ADMIN', 'DELETE', `/v1/vehicle/device/${v2.id}`);
    expect(again).toMatchObject({ status: 400, body: { message: 'This vehicle has no linked device.' } });
  });

  it('mails the vehicle details to its owner through the outbox', async () => {
    const v = (await create('MP09ML0001', { ownerUserId: String(ownerId), make: 'Tata' })).body.data;
    const sent = await call<{ to: string }>('ADMIN', 'POST', `/v1/vehicle/send-mail/${v.id}`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.to).toBe('limited_user@demo.civicfleet.in');
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'limited_user@demo.civicfleet.in'));
    expect(mails.some((m) => m.subject.includes('MP09ML0001'))).toBe(true);
    const ownerless = (await create('MP09ML0002')).body.data;
    const refused = await call('ADMIN', 'POST', `/v1/vehicle/send-mail/${ownerless.id}`);
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, message: 'This vehicle has no owner with an e-mail address.' },
    });
    expect((await call(BHOPAL_ADMIN, 'POST', `/v1/vehicle/send-mail/${v.id}`)).status).toBe(404);
  });

  it('bulk-creates the valid CSV rows and explains the others', async () => {
    const csv = [
      'registrationNumber,kind,type,make,regDate,speedLimitKph',
      'MP09BK0001,truck,Tipper,Tata,2024-01-01,40',
      '"MP 09 BK 0002",BUS,,,,',
      'MP09BK0001,TRUCK,,,,',
      'x,TRUCK,,,,',
      'MP09BK0003,ROCKET,,,,',
    ].join('\n');
    const { status, body } = await call<VehicleBulkResult>('ADMIN', 'POST', '/v1/vehicle/bulk', { csv });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ created: 2, failed: 3 });
    expect(body.data.rows.map((r) => [r.row, r.success])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
      [5, false],
    ]);
    expect(body.data.rows[2]?.message).toBe(
      'A vehicle with this registration number already exists in this organisation.',
    );
    expect(body.data.rows[3]?.message).toContain('registrationNumber');
    expect(body.data.rows[4]?.message).toContain('kind');
    const badHeader = await call('ADMIN', 'POST', '/v1/vehicle/bulk', { csv: 'reg,imei\nA,B' });
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.message).toBe('Required fields are not present or Headers are wrong: reg, imei');
  });

  it('summarises by kind, type and status over the caller’s organisations only', async () => {
    const indoreSummary = (await call<VehicleSummary>('ADMIN', 'GET', '/v1/vehicle/summary')).body.data;
    const bhopalSummary = (await call<VehicleSummary>(BHOPAL_ADMIN, 'GET', '/v1/vehicle/summary')).body.data;
    expect(indoreSummary.total).toBeGreaterThan(bhopalSummary.total);
    expect(indoreSummary.byKind.TRUCK).toBeGreaterThan(0);
    const statuses = Object.values(indoreSummary.byStatus).reduce((a, b) => a + b, 0);
    expect(statuses).toBe(indoreSummary.total);
    expect(bhopalSummary.byKind.TRUCK).toBeUndefined();
    expect((await call('ADMIN', 'GET', '/v1/vehicle/statuses')).status).toBe(200);
  });
});
