/**
 * /v1/dashboard: seeded rows with known numbers (Indore) next to a Bhopal copy that must stay invisible; validation
 * messages; 403 per dashboard module. The clock is 2026-11-20 12:00 IST.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  CityDashboard,
  DashboardSeries,
  DivisionNode,
  DivisionsDashboard,
  FleetDashboard,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import {
  adminDivisions,
  attendance,
  complaints,
  dailyVehicleStats,
  deviceLatest,
  events,
  geofences,
  geofenceVisits,
  jobRuns,
  jobs,
  positions,
  staff,
  stateIntervals,
  vehicles,
} from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { createVehicle } from '../vehicle/vehicle.repository.ts';

const NOW = new Date('2026-11-20T06:30:00Z');
const at = (iso: string) => new Date(iso);
const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';

interface Division {
  zone: bigint;
  circle: bigint;
  ward: bigint;
}

async function firstWard(db: Db, org: bigint): Promise<Division> {
  const wards = await db
    .select({ id: adminDivisions.id, parentId: adminDivisions.parentId })
    .from(adminDivisions)
    .where(and(eq(adminDivisions.organisationId, org), eq(adminDivisions.type, 'WARD')))
    .limit(1);
  const ward = wards[0];
  if (ward?.parentId) {
    const [circle] = await db.select().from(adminDivisions).where(eq(adminDivisions.id, ward.parentId));
    if (circle?.parentId) return { zone: circle.parentId, circle: circle.id, ward: ward.id };
  }
  const add = async (type: 'ZONE' | 'CIRCLE' | 'WARD', parentId: bigint | null) => {
    const [row] = await db
      .insert(adminDivisions)
      .values({ organisationId: org, type, name: `Test ${type}`, parentId })
      .returning({ id: adminDivisions.id });
    if (!row) throw new Error('division insert');
    return row.id;
  };
  const zone = await add('ZONE', null);
  const circle = await add('CIRCLE', zone);
  return { zone, circle, ward: await add('WARD', circle) };
}

/** One organisation's fixture: the numbers the assertions below expect. */
async function seedOrganisation(db: Db, org: bigint, prefix: string, imeiBase: number) {
  const div = await firstWard(db, org);
  const v1 = await seedTrackedVehicle(db, {
    imei: String(imeiBase + 1),
    protocol: 'gt06',
    organisationId: org,
    registrationNumber: `${prefix}01`,
  });
  const v2 = await seedTrackedVehicle(db, {
    imei: String(imeiBase + 2),
    protocol: 'gt06',
    organisationId: org,
    registrationNumber: `${prefix}02`,
  });
  const v3 = await createVehicle(db, { organisationId: org, registrationNumber: `${prefix}03` });
  for (const v of [v1.vehicleId, v2.vehicleId])
    await db
      .update(vehicles)
      .set({ zoneId: div.zone, circleId: div.circle, wardId: div.ward })
      .where(eq(vehicles.id, v));

  const latest = { organisationId: org, lat: 22.7, lon: 75.8, fixedAt: NOW };
  await db.insert(deviceLatest).values([
    {
      ...latest,
      deviceId: v1.deviceId,
      vehicleId: v1.vehicleId,
      status: 'moving',
      statusSince: at('2026-11-20T06:00:00Z'),
      lastPacketAt: at('2026-11-20T06:29:00Z'),
    },
    {
      ...latest,
      deviceId: v2.deviceId,
      vehicleId: v2.vehicleId,
      status: 'stopped',
      mainPower: false,
      statusSince: at('2026-11-20T03:00:00Z'),
      lastPacketAt: at('2026-11-20T04:30:00Z'),
    },
  ]);
  await db.insert(stateIntervals).values({
    deviceId: v2.deviceId,
    vehicleId: v2.vehicleId,
    organisationId: org,
    kind: 'offline',
    startedAt: at('2026-11-20T04:30:00Z'),
    offlineReason: 'power-cut',
  });
  const stat = (
    v: typeof v1,
    day: string,
    distanceM: number,
    runS: number,
    idleS: number,
    ign: [string, string],
  ) => ({
    deviceId: v.deviceId,
    vehicleId: v.vehicleId,
    organisationId: org,
    day,
    distanceM,
    runS,
    idleS,
    maxSpeedKph: 52,
    firstIgnitionAt: at(ign[0]),
    lastIgnitionAt: at(ign[1]),
  });
  await db
    .insert(dailyVehicleStats)
    .values([
      stat(v1, '2026-11-20', 12_000, 3600, 600, ['2026-11-20T01:00:00Z', '2026-11-20T05:00:00Z']),
      stat(v2, '2026-11-20', 3000, 1800, 0, ['2026-11-20T02:00:00Z', '2026-11-20T03:00:00Z']),
      stat(v1, '2026-11-19', 5000, 1200, 0, ['2026-11-19T02:00:00Z', '2026-11-19T03:00:00Z']),
    ]);
  const [job] = await db
    .insert(jobs)
    .values({
      organisationId: org,
      name: 'Ward sweep',
      scheduleType: 'Recurring',
      recurrence: 'daily',
      startDate: '2026-11-01',
      startTime: '06:00',
      endTime: '10:00',
      vehicleId: v1.vehicleId,
    })
    .returning({ id: jobs.id });
  if (!job) throw new Error('job insert');
  await db.insert(jobRuns).values({
    jobId: job.id,
    day: '2026-11-20',
    organisationId: org,
    vehicleId: v1.vehicleId,
    windowStart: at('2026-11-20T00:30:00Z'),
    windowEnd: at('2026-11-20T04:30:00Z'),
    status: 'finished',
    checkpointsTotal: 4,
    checkpointsMet: 3,
  });
  const [yard] = await db
    .insert(geofences)
    .values({
      organisationId: org,
      name: `${prefix} dump yard`,
      kind: 'dump-yard',
      geometry: { type: 'Point', coordinates: [75.8, 22.7] },
      radiusM: 200,
    })
    .returning({ id: geofences.id });
  if (!yard) throw new Error('geofence insert');
  const visit = (v: typeof v1, enteredAt: string, exitedAt: string | null) => ({
    deviceId: v.deviceId,
    vehicleId: v.vehicleId,
    organisationId: org,
    fenceKey: `g${yard.id}`,
    geofenceId: yard.id,
    enteredAt: at(enteredAt),
    exitedAt: exitedAt === null ? null : at(exitedAt),
    dwellS: exitedAt === null ? null : 1200,
  });
  await db
    .insert(geofenceVisits)
    .values([
      visit(v1, '2026-11-20T03:00:00Z', '2026-11-20T03:20:00Z'),
      visit(v1, '2026-11-20T06:00:00Z', null),
      visit(v2, '2026-11-19T05:00:00Z', '2026-11-19T05:20:00Z'),
    ]);
  const event = (v: typeof v1, type: string, deskStatus: string | null, startedAt: string) => ({
    deviceId: v.deviceId,
    vehicleId: v.vehicleId,
    organisationId: org,
    type,
    startedAt: at(startedAt),
    lastAt: at(startedAt),
    endedAt: at(startedAt),
    deskStatus,
  });
  await db
    .insert(events)
    .values([
      event(v1, 'sos', 'new', '2026-11-20T05:00:00Z'),
      event(v2, 'tamper', 'closed', '2026-11-20T04:00:00Z'),
      event(v1, 'overspeed', null, '2026-11-20T02:00:00Z'),
      event(v1, 'overspeed', null, '2026-11-20T02:10:00Z'),
    ]);
  await db.insert(positions).values(
    (
      [
        ['2026-11-20T04:00:00Z', 50],
        ['2026-11-20T04:10:00Z', 48],
        ['2026-11-20T04:20:00Z', 60],
        ['2026-11-20T04:30:00Z', 55],
      ] as const
    ).map(([fixedAt, fuelLevelL]) => ({
      deviceId: v1.deviceId,
      vehicleId: v1.vehicleId,
      fixedAt: at(fixedAt),
      serverAt: at(fixedAt),
      lat: 22.7,
      lon: 75.8,
      attrs: { io: { fuelLevelL } },
    })),
  );
  const person = async (name: string, active = true) => {
    const [row] = await db
      .insert(staff)
      .values({
        organisationId: org,
        name,
        role: 'driver',
        zoneId: div.zone,
        circleId: div.circle,
        wardId: div.ward,
        active,
      })
      .returning({ id: staff.id });
    if (!row) throw new Error('staff insert');
    return row.id;
  };
  const s1 = await person(`${prefix} present`);
  const s2 = await person(`${prefix} absent`);
  await person(`${prefix} unmarked`);
  const s4 = await person(`${prefix} inactive`, false);
  const mark = (staffId: bigint, day: string, status: 'PRESENT' | 'ABSENT') => ({
    staffId,
    day,
    organisationId: org,
    status,
    source: 'supervisor',
  });
  await db
    .insert(attendance)
    .values([
      mark(s1, '2026-11-20', 'PRESENT'),
      mark(s2, '2026-11-20', 'ABSENT'),
      mark(s4, '2026-11-20', 'PRESENT'),
      mark(s1, '2026-11-19', 'PRESENT'),
      mark(s2, '2026-11-19', 'PRESENT'),
    ]);
  const complaint = (status: string, wardId: bigint | null, dueAt: string, createdAt: string) => ({
    organisationId: org,
    category: 'garbage',
    wardId,
    lat: 22.7,
    lon: 75.8,
    status: status as 'open',
    slaHours: 24,
    dueAt: at(dueAt),
    createdAt: at(createdAt),
  });
  await db
    .insert(complaints)
    .values([
      complaint('open', div.ward, '2026-11-20T01:00:00Z', '2026-11-19T01:00:00Z'),
      complaint('assigned', div.ward, '2026-11-21T01:00:00Z', '2026-11-20T01:00:00Z'),
      complaint('resolved', div.ward, '2026-11-20T01:00:00Z', '2026-11-19T02:00:00Z'),
      complaint('reopened', null, '2026-11-21T01:00:00Z', '2026-11-20T02:00:00Z'),
    ]);
  return { div, v1, v2, v3 };
}

const findNode = (nodes: DivisionNode[], id: bigint): DivisionNode | undefined => {
  for (const n of nodes) {
    if (n.id === String(id)) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
};

describe('/v1/dashboard', () => {
  const t = useTestApp({ clock: () => NOW });
  let indore: Awaited<ReturnType<typeof seedOrganisation>>;
  let bhopal: Awaited<ReturnType<typeof seedOrganisation>>;

  beforeAll(async () => {
    indore = await seedOrganisation(t.db, await organisationId(t.db, INDORE), 'MP09DB', 861000000000100);
    bhopal = await seedOrganisation(t.db, await organisationId(t.db, BHOPAL), 'MP04DB', 861000000000200);
  });

  const get = async <T>(who: string, url: string) => {
    const res = await t.call(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it('answers the city view with exact figures for today (Bhopal rows invisible)', async () => {
    const city = await get<CityDashboard>('ADMIN', '/v1/dashboard/city');
    expect(city.filter).toEqual({
      from: '2026-11-20',
      to: '2026-11-20',
      zoneId: null,
      circleId: null,
      wardId: null,
    });
    expect(city.vehicles).toEqual({
      moving: 1,
      idle: 0,
      stopped: 0,
      offline: 1,
      'never-connected': 1,
      total: 3,
    });
    expect(city.distanceM).toBe(15_000);
    expect(city.coverage).toEqual({ runs: 1, checkpointsMet: 3, checkpointsTotal: 4, ratio: 0.75 });
    expect(city.disposalTrips.total).toBe(2);
    // 03:00Z = 08:30 IST, 06:00Z = 11:30 IST.
    expect(city.disposalTrips.byHour[8]).toBe(1);
    expect(city.disposalTrips.byHour[11]).toBe(1);
    expect(city.disposalTrips.byHour.reduce((a, b) => a + b, 0)).toBe(2);
    expect(city.disposalTrips.byDay).toEqual([{ day: '2026-11-20', count: 2 }]);
    expect(city.dumpYardPresence).toEqual([
      {
        vehicleId: String(indore.v1.vehicleId),
        registrationNumber: 'MP09DB01',
        geofenceId: expect.any(String),
        geofenceName: 'MP09DB dump yard',
        enteredAt: '2026-11-20T06:00:00.000Z',
        insideS: 1800,
      },
    ]);
    expect(city.alerts).toEqual({ byType: { sos: 1 }, total: 1 });
    expect(city.offline).toEqual({
      total: 1,
      byReason: { 'power-cut': 1, silent: 0, 'never-connected': 1 },
      vehicles: [
        {
          vehicleId: String(indore.v2.vehicleId),
          registrationNumber: 'MP09DB02',
          reason: 'power-cut',
          since: '2026-11-20T04:30:00.000Z',
        },
      ],
    });
    expect(city.attendance).toEqual({ day: '2026-11-20', staff: 3, present: 1, absent: 1, notMarked: 1 });
    expect(city.complaints).toEqual({ open: 1, assigned: 1, reopened: 1, total: 3, overdue: 1 });
  });

  it('narrows the city view to a ward and to past days', async () => {
    const ward = await get<CityDashboard>('ADMIN', `/v1/dashboard/city?wardId=${indore.div.ward}`);
    expect(ward.vehicles.total).toBe(2);
    expect(ward.complaints.total).toBe(2);
    expect(ward.attendance.present).toBe(1);
    const zone = await get<CityDashboard>('ADMIN', `/v1/dashboard/city?zoneId=${indore.div.zone}`);
    expect(zone.vehicles.total).toBe(2);
    const yesterday = await get<CityDashboard>('ADMIN', '/v1/dashboard/city?from=2026-11-19&to=2026-11-19');
    expect(yesterday.distanceM).toBe(5000);
    expect(yesterday.disposalTrips.total).toBe(1);
    expect(yesterday.attendance).toEqual({
      day: '2026-11-19',
      staff: 3,
      present: 2,
      absent: 0,
      notMarked: 1,
    });
    const bhopalCity = await get<CityDashboard>(BHOPAL_ADMIN, '/v1/dashboard/city');
    expect(bhopalCity.vehicles.total).toBe(3);
    expect(bhopalCity.dumpYardPresence.map((p) => p.registrationNumber)).toEqual(['MP04DB01']);
  });

  it('rolls figures up the zone → circle → ward tree', async () => {
    const d = await get<DivisionsDashboard>('ADMIN', '/v1/dashboard/divisions');
    const expected = {
      vehicles: 2,
      moving: 1,
      offline: 1,
      distanceM: 15_000,
      disposalTrips: 2,
      checkpointsMet: 3,
      checkpointsTotal: 4,
      coverage: 0.75,
      staff: 3,
      present: 1,
      absent: 1,
      openComplaints: 2,
      overdueComplaints: 1,
    };
    for (const id of [indore.div.zone, indore.div.circle, indore.div.ward])
      expect(findNode(d.tree, id)?.figures).toEqual(expected);
    expect(d.unassigned).toMatchObject({ vehicles: 1, openComplaints: 1, staff: 0 });
    expect(d.total).toMatchObject({ vehicles: 3, openComplaints: 3, staff: 3, disposalTrips: 2 });
    expect(findNode(d.tree, bhopal.div.zone)).toBeUndefined();
    const zone = await get<DivisionsDashboard>('ADMIN', `/v1/dashboard/divisions?zoneId=${indore.div.zone}`);
    expect(zone.tree.map((n) => n.id)).toEqual([String(indore.div.zone)]);
  });

  it('answers a series per local day', async () => {
    const q = 'from=2026-11-18&to=2026-11-20';
    const series = async (metric: string) =>
      (await get<DashboardSeries>('ADMIN', `/v1/dashboard/series?metric=${metric}&${q}`)).points.map(
        (p) => p.value,
      );
    expect(await series('distance')).toEqual([0, 5, 15]);
    expect(await series('trips')).toEqual([0, 1, 2]);
    expect(await series('attendance')).toEqual([0, 2, 1]);
    expect(await series('complaints')).toEqual([0, 2, 2]);
    expect(await series('coverage')).toEqual([null, null, 0.75]);
  });

  it('answers the fleet view: utilisation, fuel, over-speeding, ranking', async () => {
    const fleet = await get<FleetDashboard>('ADMIN', '/v1/dashboard/fleet');
    expect(fleet.totals).toEqual({
      vehicles: 3,
      activeVehicles: 2,
      distanceM: 15_000,
      runS: 5400,
      idleS: 600,
      shiftS: 18_000,
      utilisation: 0.3,
      overspeedEvents: 2,
    });
    const v1 = fleet.vehicles.find((v) => v.registrationNumber === 'MP09DB01');
    expect(v1).toMatchObject({
      shiftS: 14_400,
      runS: 3600,
      utilisation: 0.25,
      overspeedEvents: 2,
      maxSpeedKph: 52,
    });
    const v2 = fleet.vehicles.find((v) => v.registrationNumber === 'MP09DB02');
    expect(v2).toMatchObject({ shiftS: 3600, utilisation: 0.5 });
    expect(fleet.fuel).toEqual({
      hasSensorData: true,
      consumedL: 7,
      vehicles: [
        {
          vehicleId: String(indore.v1.vehicleId),
          registrationNumber: 'MP09DB01',
          readings: 4,
          firstL: 50,
          lastL: 55,
          consumedL: 7,
        },
      ],
    });
    expect(fleet.top.byDistance.map((v) => v.registrationNumber)).toEqual(['MP09DB01', 'MP09DB02']);
    expect(fleet.top.byUtilisation.map((v) => v.registrationNumber)).toEqual(['MP09DB02', 'MP09DB01']);
    expect(fleet.bottom.byDistance.map((v) => v.registrationNumber)).toEqual([
      'MP09DB03',
      'MP09DB02',
      'MP09DB01',
    ]);
    expect(fleet.usageByDay).toEqual([
      { day: '2026-11-20', distanceM: 15_000, runS: 5400, idleS: 600, activeVehicles: 2 },
    ]);
    const empty = await get<FleetDashboard>('ADMIN', '/v1/dashboard/fleet?from=2026-10-01&to=2026-10-02');
    expect(empty.fuel).toEqual({ hasSensorData: false, consumedL: null, vehicles: [] });
  });

  it('explains bad filters', async () => {
    const cases: Array<[string, string]> = [
      ['/v1/dashboard/city?from=2026-13-01', 'Choose a start day (yyyy-MM-dd)'],
      ['/v1/dashboard/city?from=2026-11-20&to=2026-11-19', 'The end day cannot be before the start day'],
      ['/v1/dashboard/fleet?from=2026-01-01&to=2026-11-19', 'Choose a range of at most 92 days'],
      [
        '/v1/dashboard/series?metric=fuel',
        'The metric must be one of distance, trips, attendance, complaints, coverage',
      ],
      ['/v1/dashboard/series?metric=trips&groupBy=week', 'Group by day'],
      ['/v1/dashboard/city?zoneId=abc', 'Invalid id'],
    ];
    for (const [url, message] of cases) {
      const res = await t.call('ADMIN', 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(message);
    }
  });

  it("hides another organisation's divisions (404) and denies callers without the dashboard (403)", async () => {
    const zone = await t.call('ADMIN', 'GET', `/v1/dashboard/city?zoneId=${bhopal.div.zone}`);
    expect(zone.statusCode).toBe(404);
    expect(zone.json()).toMatchObject({ success: false, message: 'Zone not found.' });
    const wrongType = await t.call('ADMIN', 'GET', `/v1/dashboard/divisions?wardId=${indore.div.zone}`);
    expect(wrongType.statusCode).toBe(404);
    for (const url of ['city', 'divisions', 'series?metric=trips', 'fleet'])
      expect((await t.call('FITTER', 'GET', `/v1/dashboard/${url}`)).statusCode, url).toBe(403);
    await setCustomRoleScopes(t.db, { dashboard: true });
    expect((await t.call('CUSTOM', 'GET', '/v1/dashboard/city')).statusCode).toBe(200);
    expect((await t.call('CUSTOM', 'GET', '/v1/dashboard/divisions')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', '/v1/dashboard/fleet')).statusCode).toBe(403);
  });
});
