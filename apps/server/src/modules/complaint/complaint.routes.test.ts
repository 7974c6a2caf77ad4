/**
 * /v1/complaint: raising (ward detection, SLA), validation, permissions, another organisation's complaints and staff,
 * the list's filters, the status transitions and the GPS evidence read from positions.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPLAINT_MESSAGES as MSG,
  type ComplaintDetail,
  type ComplaintEvidence,
  type ComplaintPage,
} from '@civicfleet/shared';
import { destinationPoint } from '../../derive/geo.ts';
import { adminDivisions, complaints, positions, staff } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const URL = '/v1/complaint';
const NOW = new Date('2026-11-25T08:30:00.000Z'); // 14:00 IST
const HOUR = 3_600_000;
/** Rajwada, in Ward 15 Sarafa of the seeded Indore wards. */
const RAJWADA = { lat: 22.7186, lon: 75.8553 };

type Res = { statusCode: number; body: string; json: <R>() => R };
const dataOf = <T>(res: Res) => res.json<{ data: T }>().data;

describe('/v1/complaint', () => {
  const t = useTestApp({ clock: () => NOW });
  let indore: bigint;
  let bhopal: bigint;
  const staffIds = { ravi: '', inactive: '', bhopal: '' };

  const body = (extra: object = {}) => ({
    category: 'garbage-not-collected',
    description: 'Garbage heap near the temple gate',
    lat: RAJWADA.lat,
    lon: RAJWADA.lon,
    citizenName: 'Sunita Jain',
    citizenPhone: '9826012345',
    photos: ['/v1/file/complaint/abc123.jpg'],
    ...extra,
  });

  async function raise(who = 'ADMIN', extra: object = {}): Promise<ComplaintDetail> {
    const res = await t.call(who, 'POST', URL, body(extra));
    expect(res.statusCode, res.body).toBe(200);
    return dataOf<ComplaintDetail>(res);
  }

  /** Moves a complaint's raised and due times `hours` into the past (the clock is fixed: tokens must stay valid). */
  async function backdate(id: string, hours: number): Promise<void> {
    const shift = sql.raw(`interval '${hours} hours'`);
    await t.db
      .update(complaints)
      .set({ createdAt: sql`created_at - ${shift}`, dueAt: sql`due_at - ${shift}` })
      .where(eq(complaints.id, BigInt(id)));
  }

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    const [ravi, inactive, other] = await t.db
      .insert(staff)
      .values([
        { organisationId: indore, name: 'Ravi Solanki', role: 'supervisor' },
        { organisationId: indore, name: 'Old Hand', role: 'sweeper', active: false },
        { organisationId: bhopal, name: 'Bhopal Person', role: 'driver' },
      ])
      .returning({ id: staff.id });
    staffIds.ravi = String(ravi?.id);
    staffIds.inactive = String(inactive?.id);
    staffIds.bhopal = String(other?.id);

    // An Indore tipper passes Rajwada 2 h ago (closest 20 m); a Bhopal vehicle stands right on it (another
    // organisation: never evidence for Indore); another Indore vehicle stays 400 m away.
    const tipper = await seedTrackedVehicle(t.db, {
      imei: '863200000007001',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09CP7001',
    });
    const far = await seedTrackedVehicle(t.db, {
      imei: '863200000007002',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09CP7002',
    });
    const foreign = await seedTrackedVehicle(t.db, {
      imei: '863200000007003',
      protocol: 'gt06',
      organisationId: bhopal,
      registrationNumber: 'MP04CP7003',
    });
    const fix = (v: typeof tipper, minutesAgo: number, bearing: number, distanceM: number, extra = {}) => {
      const p = destinationPoint(RAJWADA, bearing, distanceM);
      const at = new Date(NOW.getTime() - minutesAgo * 60_000);
      return {
        deviceId: v.deviceId,
        vehicleId: v.vehicleId,
        fixedAt: at,
        serverAt: at,
        lat: p.lat,
        lon: p.lon,
        speedKph: 14,
        gpsValid: true,
        ...extra,
      };
    };
    await t.db.insert(positions).values([
      fix(tipper, 125, 0, 300),
      fix(tipper, 124, 0, 60),
      fix(tipper, 123, 0, 20, { speedKph: 8 }),
      fix(tipper, 122, 180, 70),
      fix(tipper, 121, 180, 5, { gpsValid: false }), // invalid fix: never evidence
      fix(tipper, 120, 180, 400),
      fix(far, 100, 90, 400),
      fix(foreign, 110, 0, 1),
    ]);
    await setCustomRoleScopes(t.db, { complaint: {} });
  });

  it('raises a complaint with the ward found from the location and the category SLA', async () => {
    const res = await t.call('ADMIN', 'POST', URL, body());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Complaint raised' });
    const c = dataOf<ComplaintDetail>(res);
    expect(c).toMatchObject({
      category: 'garbage-not-collected',
      status: 'open',
      organisation: { name: INDORE },
      citizenPhone: '+919826012345',
      slaHours: 12,
      dueAt: new Date(NOW.getTime() + 12 * HOUR).toISOString(),
      overdue: false,
      assignedStaff: null,
      evidence: null,
      reopenCount: 0,
      photos: ['/v1/file/complaint/abc123.jpg'],
      createdBy: { name: 'Rakesh Verma' },
    });
    expect(c.ward?.name).toContain('Sarafa');
    expect(c.timeline.map((e) => e.action)).toEqual(['raise']);

    const dead = await raise('ADMIN', { category: 'dead-animal', description: '' });
    expect(dead.slaHours).toBe(48);
    expect(dead.description).toBeNull();
    // Outside every ward polygon: no ward, still raised.
    const outside = await raise('ADMIN', { lat: 22.9, lon: 76.2 });
    expect(outside.ward).toBeNull();
  });

  it('answers clear validation messages', async () => {
    const cases: Array<[object, string, string]> = [
      [{ category: 'potholes' }, 'category', MSG.category],
      [{ lat: undefined }, 'lat', MSG.location],
      [{ lat: 51.5 }, 'lat', MSG.lat],
      [{ photos: ['https://evil.example/x.jpg'] }, 'photos.0', MSG.photo],
      [{ citizenPhone: '12345' }, 'citizenPhone', MSG.citizenPhone],
      [{ description: 'x'.repeat(2001) }, 'description', MSG.description],
    ];
    for (const [extra, field, message] of cases) {
      const res = await t.call('ADMIN', 'POST', URL, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors[field], field).toBe(message);
    }
    const [bhopalWard] = await t.db
      .select({ id: adminDivisions.id })
      .from(adminDivisions)
      .where(eq(adminDivisions.organisationId, bhopal))
      .limit(1);
    if (bhopalWard) {
      const res = await t.call('ADMIN', 'POST', URL, body({ wardId: String(bhopalWard.id) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.wardNotFound });
    }
    const org = await t.call('ADMIN', 'POST', URL, body({ organisationId: String(bhopal) }));
    expect(org.statusCode).toBe(400);
    expect(org.json()).toMatchObject({ message: MSG.organisationNotFound });
    const radius = await t.call('ADMIN', 'GET', `${URL}/1/evidence?radiusM=5000`);
    expect(radius.statusCode).toBe(400);
    expect(radius.json()).toMatchObject({ message: MSG.radius });
    const sort = await t.call('ADMIN', 'GET', `${URL}?sortBy=citizenName`);
    expect(sort.statusCode).toBe(400);
  });

  it('refuses callers without the permission (403)', async () => {
    expect((await t.call('RFC_ADMIN', 'GET', URL)).statusCode).toBe(403);
    const c = await raise();
    // CUSTOM sees complaints but holds none of the actions.
    expect((await t.call('CUSTOM', 'GET', `${URL}/${c.id}`)).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'POST', URL, body())).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'PUT', `${URL}/${c.id}`, body())).statusCode).toBe(403);
    const steps: Array<[string, object]> = [
      ['assign', { staffId: staffIds.ravi }],
      ['note', { note: 'x' }],
      ['resolve', { note: 'x' }],
      ['reopen', { reason: 'x' }],
    ];
    for (const [step, payload] of steps)
      expect((await t.call('CUSTOM', 'POST', `${URL}/${c.id}/${step}`, payload)).statusCode, step).toBe(403);
  });

  it("hides another organisation's complaints and staff", async () => {
    const c = await raise();
    const theirs = await raise(BHOPAL_ADMIN, { lat: 23.2599, lon: 77.4126 });
    for (const [method, path, payload] of [
      ['GET', `${URL}/${c.id}`, undefined],
      ['GET', `${URL}/${c.id}/evidence`, undefined],
      ['PUT', `${URL}/${c.id}`, body()],
      ['POST', `${URL}/${c.id}/assign`, { staffId: staffIds.bhopal }],
      ['POST', `${URL}/${c.id}/note`, { note: 'hello' }],
      ['POST', `${URL}/${c.id}/resolve`, { note: 'done' }],
    ] as const) {
      const res = await t.call(BHOPAL_ADMIN, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: MSG.notFound });
    }
    const bhopalList = dataOf<ComplaintPage>(await t.call(BHOPAL_ADMIN, 'GET', `${URL}?pageSize=100`));
    expect(bhopalList.items.map((i) => i.id)).toEqual([theirs.id]);
    const indoreList = dataOf<ComplaintPage>(await t.call('ADMIN', 'GET', `${URL}?pageSize=100`));
    expect(indoreList.items.map((i) => i.id)).not.toContain(theirs.id);

    // Staff of another organisation, or inactive, cannot be assigned.
    for (const staffId of [staffIds.bhopal, staffIds.inactive, '999999']) {
      const res = await t.call('ADMIN', 'POST', `${URL}/${c.id}/assign`, { staffId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: MSG.staffNotFound,
        errors: { staffId: MSG.staffNotFound },
      });
    }
    // SUPER_ADMIN sees both.
    expect((await t.call('SUPER_ADMIN', 'GET', `${URL}/${theirs.id}`)).statusCode).toBe(200);
  });

  it('moves through assign, note, resolve with GPS evidence, and reopen', async () => {
    const c = await raise('ADMIN', { description: 'Overflowing bin at Rajwada' });
    await backdate(c.id, 3);

    const assigned = await t.call('ADMIN', 'POST', `${URL}/${c.id}/assign`, {
      staffId: staffIds.ravi,
      note: 'Please clear today',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(dataOf<ComplaintDetail>(assigned)).toMatchObject({
      status: 'assigned',
      assignedStaff: { id: staffIds.ravi, name: 'Ravi Solanki' },
      assignedAt: NOW.toISOString(),
    });

    const noted = await t.call('ADMIN', 'POST', `${URL}/${c.id}/note`, { note: 'Tipper on the way' });
    expect(dataOf<ComplaintDetail>(noted).status).toBe('assigned');
    expect((await t.call('ADMIN', 'POST', `${URL}/${c.id}/note`, { note: '  ' })).json()).toMatchObject({
      message: MSG.noteRequired,
    });
    expect(
      (await t.call('ADMIN', 'POST', `${URL}/${c.id}/reopen`, { reason: 'again' })).json(),
    ).toMatchObject({
      message: MSG.notResolved,
    });

    // The evidence before closing: the Indore tipper passed 20 m away 123 minutes ago, seen in 3 valid fixes.
    const evidence = dataOf<ComplaintEvidence>(await t.call('ADMIN', 'GET', `${URL}/${c.id}/evidence`));
    expect(evidence).toMatchObject({
      radiusM: 100,
      from: new Date(NOW.getTime() - 3 * HOUR).toISOString(),
      to: NOW.toISOString(),
      anyVehiclePassed: true,
    });
    expect(evidence.vehicles).toHaveLength(1);
    expect(evidence.vehicles[0]).toMatchObject({
      registrationNumber: 'MP09CP7001',
      closestDistanceM: 20,
      closestAt: new Date(NOW.getTime() - 123 * 60_000).toISOString(),
      speedKph: 8,
      fixesInside: 3,
    });
    const wide = dataOf<ComplaintEvidence>(
      await t.call('ADMIN', 'GET', `${URL}/${c.id}/evidence?radiusM=500`),
    );
    expect(wide.vehicles.map((v) => [v.registrationNumber, v.fixesInside])).toEqual([
      ['MP09CP7001', 5],
      ['MP09CP7002', 1],
    ]);
    const lastHour = dataOf<ComplaintEvidence>(
      await t.call('ADMIN', 'GET', `${URL}/${c.id}/evidence?hours=1`),
    );
    expect(lastHour.anyVehiclePassed).toBe(false);

    expect((await t.call('ADMIN', 'POST', `${URL}/${c.id}/resolve`, { note: '' })).json()).toMatchObject({
      message: MSG.resolutionRequired,
    });
    const resolved = await t.call('ADMIN', 'POST', `${URL}/${c.id}/resolve`, {
      note: 'Cleared by the tipper',
      photos: ['/v1/file/complaint/after.jpg'],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ message: 'Complaint resolved' });
    const closed = dataOf<ComplaintDetail>(resolved);
    expect(closed).toMatchObject({
      status: 'resolved',
      resolvedAt: NOW.toISOString(),
      resolvedBy: { name: 'Rakesh Verma' },
      resolvedLate: false,
      resolutionNote: 'Cleared by the tipper',
      resolutionPhotos: ['/v1/file/complaint/after.jpg'],
      overdue: false,
    });
    expect(closed.evidence?.vehicles.map((v) => v.registrationNumber)).toEqual(['MP09CP7001']);
    expect(closed.timeline.map((e) => e.action)).toEqual(['raise', 'assign', 'note', 'resolve']);

    // Locked once resolved: no edit, assign or second resolve.
    const edit = await t.call('ADMIN', 'PUT', `${URL}/${c.id}`, body());
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: MSG.resolved });
    expect(
      (await t.call('ADMIN', 'POST', `${URL}/${c.id}/assign`, { staffId: staffIds.ravi })).statusCode,
    ).toBe(409);
    expect((await t.call('ADMIN', 'POST', `${URL}/${c.id}/resolve`, { note: 'again' })).json()).toMatchObject(
      {
        message: MSG.alreadyResolved,
      },
    );

    expect((await t.call('ADMIN', 'POST', `${URL}/${c.id}/reopen`, {})).json()).toMatchObject({
      message: MSG.reasonRequired,
    });
    const reopened = dataOf<ComplaintDetail>(
      await t.call('ADMIN', 'POST', `${URL}/${c.id}/reopen`, { reason: 'Heap is back' }),
    );
    expect(reopened).toMatchObject({
      status: 'reopened',
      reopenCount: 1,
      dueAt: new Date(NOW.getTime() + 12 * HOUR).toISOString(),
      resolvedAt: null,
      evidence: null,
    });
    const resolveStep = reopened.timeline.find((e) => e.action === 'resolve');
    expect(resolveStep?.attrs).toMatchObject({ evidence: { anyVehiclePassed: true } });

    // Editable again; a new category keeps the SLA start and takes its hours.
    const edited = await t.call('ADMIN', 'PUT', `${URL}/${c.id}`, body({ category: 'dead-animal' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<ComplaintDetail>(edited)).toMatchObject({
      category: 'dead-animal',
      slaHours: 48,
      dueAt: new Date(NOW.getTime() + 48 * HOUR).toISOString(),
    });
  });

  it('says loudly when no vehicle passed before the closure', async () => {
    const c = await raise('ADMIN', { lat: 22.7534, lon: 75.8937 }); // Vijay Nagar: no fix near it
    await backdate(c.id, 5);
    const res = await t.call('ADMIN', 'POST', `${URL}/${c.id}/resolve`, { note: 'Closed by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Complaint resolved. No vehicle passed within 100 m of the location in the window.',
    });
    expect(dataOf<ComplaintDetail>(res).evidence).toMatchObject({ anyVehiclePassed: false, vehicles: [] });
    const again = dataOf<ComplaintDetail>(await t.call('ADMIN', 'GET', `${URL}/${c.id}`));
    expect(again.evidence?.anyVehiclePassed).toBe(false);
  });

  it('filters the list by status, category, ward, overdue, raised time and search', async () => {
    const late = await raise('ADMIN', {
      description: 'Sweeping not done at Kothari Market',
      category: 'sweeping-not-done',
    });
    await backdate(late.id, 13);
    const fresh = await raise('ADMIN', {
      category: 'drain-blocked',
      description: 'Drain choked near school',
    });

    const list = async (query: string) =>
      dataOf<ComplaintPage>(await t.call('ADMIN', 'GET', `${URL}?pageSize=100&${query}`));
    const overdue = await list('overdue=true');
    expect(overdue.items.map((i) => i.id)).toContain(late.id);
    expect(overdue.items.map((i) => i.id)).not.toContain(fresh.id);
    expect(overdue.items.every((i) => i.overdue)).toBe(true);
    expect((await list('overdue=false')).items.map((i) => i.id)).toContain(fresh.id);
    expect((await list('category=drain-blocked')).items.map((i) => i.id)).toEqual([fresh.id]);
    expect((await list('search=kothari')).items.map((i) => i.id)).toEqual([late.id]);
    expect((await list(`search=${fresh.id}`)).items.map((i) => i.id)).toContain(fresh.id);
    const wardId = fresh.ward?.id ?? '';
    expect((await list(`wardId=${wardId}`)).items.every((i) => i.ward?.id === wardId)).toBe(true);
    const since = encodeURIComponent(new Date(NOW.getTime() - HOUR).toISOString());
    const recent = await list(`from=${since}`);
    expect(recent.items.map((i) => i.id)).toContain(fresh.id);
    expect(recent.items.map((i) => i.id)).not.toContain(late.id);
    const statuses = (await list('status=resolved')).items.map((i) => i.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['resolved']));
    const unresolved = (await list('status=unresolved')).items;
    expect(unresolved.map((i) => i.id)).toContain(fresh.id);
    expect(unresolved.some((i) => i.status === 'resolved')).toBe(false);
    const byDue = await list('sortBy=dueAt&sortOrder=asc');
    const due = byDue.items.map((i) => i.dueAt);
    expect(due).toEqual([...due].sort());
    expect((await t.call('ADMIN', 'GET', `${URL}?status=closed`)).json()).toMatchObject({
      message: MSG.status,
    });
  });
});
