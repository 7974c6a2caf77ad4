/**
 * /v1/operations: disposal trips, presence, dump-yard entries, dump mismatch, job runs (with the worker's evaluation),
 * SLA compliance, scorecard (JSON and PDF); validation messages, permissions, another organisation invisible.
 * The clock stands at 26/11/2026 11:30 IST.
 */
import { mkdir } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  DisposalTripRow,
  DumpMismatchRow,
  DumpYardEntry,
  DumpYardPresence,
  JobRun,
  ListPage,
  Scorecard,
  SlaComplianceRow,
} from '@civicfleet/shared';
import {
  adminDivisions,
  complaints,
  events,
  organisations,
  positions,
  vehicles,
} from '../../db/schema/index.ts';
import { RAJWADA, Track, VIJAY_NAGAR } from '../../derive/testing/track.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { pdfText, renderPages } from '../certificate/certificate-pdf.testing.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';
import { evaluateJobRuns } from './job-run-job.ts';
import {
  at,
  insertDailyRuns,
  insertFence,
  insertJob,
  insertRoute,
  insertVisit,
} from './operations.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = at('2026-11-26 11:30');
const RANGE = 'from=2026-11-25&to=2026-11-26';

const along = (f: number) => ({
  lat: RAJWADA.lat + (VIJAY_NAGAR.lat - RAJWADA.lat) * f,
  lon: RAJWADA.lon + (VIJAY_NAGAR.lon - RAJWADA.lon) * f,
});

describe('/v1/operations', () => {
  const t = useTestApp({ clock: () => NOW });
  let indore: bigint;
  let bhopal: bigint;
  let truck: TrackedVehicle;
  let tipper: TrackedVehicle;
  let bhopalTruck: TrackedVehicle;
  let yard: bigint;
  let station: bigint;
  let collectionPoint: bigint;
  let bhopalYard: bigint;
  let ward: { id: bigint; name: string };
  let contractor: bigint;

  const data = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    const seed = (n: number, org: bigint, reg: string) =>
      seedTrackedVehicle(t.db, {
        imei: `86320000001000${n}`,
        protocol: 'gt06',
        organisationId: org,
        registrationNumber: reg,
      });
    truck = await seed(1, indore, 'MP09OP0001');
    tipper = await seed(2, indore, 'MP09OP0002');
    bhopalTruck = await seed(3, bhopal, 'MP04OP0003');
    yard = await insertFence(t.db, indore, 'Test Trenching Ground', 'dump-yard');
    station = await insertFence(t.db, indore, 'Test Transfer Station', 'transfer-station');
    collectionPoint = await insertFence(t.db, indore, 'Test Collection Point', 'collection-point');
    bhopalYard = await insertFence(t.db, bhopal, 'Bhopal Yard', 'dump-yard');

    const [indoreWard] = await t.db
      .select({ id: adminDivisions.id, name: adminDivisions.name })
      .from(adminDivisions)
      .where(and(eq(adminDivisions.organisationId, indore), eq(adminDivisions.type, 'WARD')))
      .orderBy(adminDivisions.id)
      .limit(1);
    if (!indoreWard) throw new Error('no Indore ward seeded');
    ward = indoreWard;
    await t.db.update(vehicles).set({ wardId: ward.id }).where(eq(vehicles.id, tipper.vehicleId));
    const [c] = await t.db
      .insert(organisations)
      .values({ kind: 'CONTRACTOR', parentId: indore, tradeName: 'Test Swachh Contractor' })
      .returning({ id: organisations.id });
    if (!c) throw new Error('contractor insert returned no row');
    contractor = c.id;
    await t.db
      .update(vehicles)
      .set({ contractorOrganisationId: contractor })
      .where(eq(vehicles.id, truck.vehicleId));

    // Disposal trips: the truck on the 25th (outside its job window) and the 26th (inside it); the tipper inside
    // the transfer station since 11:00 today; Bhopal's truck at its own yard.
    await insertVisit(t.db, truck, indore, yard, '2026-11-25 10:00', '2026-11-25 10:20');
    await insertVisit(t.db, truck, indore, yard, '2026-11-26 08:00', '2026-11-26 08:20');
    await insertVisit(t.db, tipper, indore, station, '2026-11-26 11:00', null);
    await insertVisit(t.db, bhopalTruck, bhopal, bhopalYard, '2026-11-25 09:00', '2026-11-25 09:30');

    // The truck's daily job on a Rajwada → Vijay Nagar beat, two disposal trips a run; it drives the beat on the 26th.
    const route = await insertRoute(
      t.db,
      indore,
      [
        [RAJWADA.lon, RAJWADA.lat],
        [VIJAY_NAGAR.lon, VIJAY_NAGAR.lat],
      ],
      [
        { name: 'A', ...along(1 / 3) },
        { name: 'B', ...along(2 / 3) },
        { name: 'C', ...VIJAY_NAGAR },
      ],
    );
    await insertJob(t.db, {
      organisationId: indore,
      vehicleId: truck.vehicleId,
      routeId: route,
      expectedTrips: 2,
    });
    // It stops 2 minutes at each checkpoint: a collection-point visit (docs/reports.md), not a drive-by.
    const track = new Track({ startAt: at('2026-11-26 06:05'), start: RAJWADA, intervalS: 10 })
      .park(300)
      .drive(along(1 / 3), 30)
      .park(120)
      .drive(along(2 / 3), 30)
      .park(120)
      .drive(VIJAY_NAGAR, 30)
      .park(600);
    await t.db.insert(positions).values(
      track.points().map((p) => ({
        deviceId: truck.deviceId,
        vehicleId: truck.vehicleId,
        fixedAt: p.fixTime,
        serverAt: p.fixTime,
        lat: p.lat,
        lon: p.lon,
        speedKph: p.speedKph,
        ignition: p.ignition,
        gpsValid: p.gpsValid,
        distanceM: p.distanceM,
      })),
    );

    // The tipper's history: 62 daily runs up to the 24th; the oldest scored 0, the 61 newer ones 1.
    const history = await insertJob(t.db, {
      organisationId: indore,
      vehicleId: tipper.vehicleId,
      name: 'Tipper history',
      startDate: '2026-09-01',
      endDate: '2026-11-24',
    });
    await insertDailyRuns(t.db, {
      jobId: history,
      organisationId: indore,
      vehicleId: tipper.vehicleId,
      lastDay: '2026-11-24',
      count: 62,
      score: (age) => (age === 61 ? 0 : 1),
    });

    // Complaints in the tipper's ward: one resolved after 5 h, one still open past its due time; one in Bhopal.
    await t.db.insert(complaints).values([
      {
        organisationId: indore,
        category: 'garbage',
        wardId: ward.id,
        lat: 22.72,
        lon: 75.86,
        status: 'resolved',
        slaHours: 24,
        createdAt: at('2026-11-25 08:00'),
        dueAt: at('2026-11-26 08:00'),
        resolvedAt: at('2026-11-25 13:00'),
      },
      {
        organisationId: indore,
        category: 'garbage',
        wardId: ward.id,
        lat: 22.72,
        lon: 75.86,
        status: 'open',
        slaHours: 12,
        createdAt: at('2026-11-25 09:00'),
        dueAt: at('2026-11-25 21:00'),
      },
      {
        organisationId: bhopal,
        category: 'garbage',
        lat: 23.25,
        lon: 77.41,
        status: 'open',
        slaHours: 12,
        createdAt: at('2026-11-25 09:00'),
        dueAt: at('2026-11-25 21:00'),
      },
    ]);
    const alert = (v: TrackedVehicle, org: bigint, type: string) => ({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: org,
      type,
      startedAt: at('2026-11-26 07:00'),
      lastAt: at('2026-11-26 07:00'),
    });
    await t.db
      .insert(events)
      .values([
        alert(tipper, indore, 'tamper'),
        alert(tipper, indore, 'overspeed'),
        alert(bhopalTruck, bhopal, 'boxOpened'),
      ]);
    await setCustomRoleScopes(t.db, { 'dump-yard': {} });
  });

  describe('disposal trips and presence', () => {
    it('lists the disposal trips of the range in scope', async () => {
      const res = await t.call('ADMIN', 'GET', `/v1/operations/trips?${RANGE}`);
      expect(res.statusCode, res.body).toBe(200);
      const trips = data<DisposalTripRow[]>(res);
      expect(trips.map((r) => [r.registrationNumber, r.geofenceName, r.kind, r.day, r.dwellS])).toEqual([
        ['MP09OP0001', 'Test Trenching Ground', 'dump-yard', '2026-11-25', 1200],
        ['MP09OP0001', 'Test Trenching Ground', 'dump-yard', '2026-11-26', 1200],
        // Still inside: 30 min so far.
        ['MP09OP0002', 'Test Transfer Station', 'transfer-station', '2026-11-26', 1800],
      ]);
      expect(trips[2]?.exitedAt).toBeNull();
      const one = await t.call('ADMIN', 'GET', `/v1/operations/trips?${RANGE}&vehicleId=${tipper.vehicleId}`);
      expect(data<DisposalTripRow[]>(one).map((r) => r.vehicleId)).toEqual([String(tipper.vehicleId)]);
      const byFence = await t.call('ADMIN', 'GET', `/v1/operations/trips?${RANGE}&geofenceId=${station}`);
      expect(data<DisposalTripRow[]>(byFence)).toHaveLength(1);
      const day = await t.call('ADMIN', 'GET', '/v1/operations/trips?from=2026-11-25&to=2026-11-25');
      expect(data<DisposalTripRow[]>(day)).toHaveLength(1);
    });

    it("keeps another organisation's trips invisible", async () => {
      const res = await t.call(BHOPAL_ADMIN, 'GET', `/v1/operations/trips?${RANGE}`);
      expect(data<DisposalTripRow[]>(res).map((r) => r.registrationNumber)).toEqual(['MP04OP0003']);
      const asked = await t.call(
        'ADMIN',
        'GET',
        `/v1/operations/trips?${RANGE}&vehicleId=${bhopalTruck.vehicleId}`,
      );
      expect(data<DisposalTripRow[]>(asked)).toEqual([]);
    });

    it('explains bad ranges', async () => {
      const cases: Array<[string, string, string]> = [
        ['to=2026-11-26', 'from', 'Choose a start day (yyyy-MM-dd)'],
        ['from=2026-11-26&to=2026-11-25', 'to', 'The end day cannot be before the start day'],
        ['from=2026-01-01&to=2026-11-25', 'to', 'Choose a range of at most 92 days'],
        ['from=2026-02-30&to=2026-03-01', 'from', 'Choose a start day (yyyy-MM-dd)'],
        [`${RANGE}&vehicleId=abc`, 'vehicleId', 'Invalid id'],
      ];
      for (const [query, field, message] of cases) {
        const res = await t.call('ADMIN', 'GET', `/v1/operations/trips?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ errors: Record<string, string> }>().errors[field], query).toBe(message);
      }
    });

    it('shows who is inside each dump yard now and for how long', async () => {
      const res = await t.call('ADMIN', 'GET', '/v1/operations/dump-yard-presence');
      expect(res.statusCode, res.body).toBe(200);
      const presence = data<DumpYardPresence>(res);
      expect(presence.asOf).toBe(NOW.toISOString());
      const mine = presence.yards.filter((y) => y.name.startsWith('Test '));
      expect(mine.map((y) => [y.name, y.vehicles.map((v) => [v.registrationNumber, v.durationS])])).toEqual([
        ['Test Transfer Station', [['MP09OP0002', 1800]]],
        ['Test Trenching Ground', []],
      ]);
      expect(presence.yards.some((y) => y.name === 'Bhopal Yard')).toBe(false);
      expect(presence.yards.every((y) => y.kind === 'dump-yard' || y.kind === 'transfer-station')).toBe(true);
    });
  });

  describe('dump-yard entries', () => {
    const entry = () => ({
      geofenceId: String(yard),
      vehicleId: String(truck.vehicleId),
      enteredAt: '2026-11-25T10:05:00+05:30',
      exitedAt: '2026-11-25T10:18:00+05:30',
      grossKg: 9800,
      tareKg: 6300.5,
      ticketNo: 'WB-1001',
    });

    it('records, lists and deletes entries, with GPS confirmation', async () => {
      const res = await t.call('ADMIN', 'POST', '/v1/operations/dump-yard-entry', entry());
      expect(res.statusCode, res.body).toBe(200);
      const created = data<DumpYardEntry>(res);
      expect(created).toMatchObject({
        organisationId: String(indore),
        geofence: { id: String(yard), name: 'Test Trenching Ground', kind: 'dump-yard' },
        vehicle: { id: String(truck.vehicleId), registrationNumber: 'MP09OP0001' },
        enteredAt: '2026-11-25T04:35:00.000Z',
        netKg: 3499.5,
        source: 'operator',
        gpsConfirmed: true,
      });
      expect(created.recordedBy).toBeTruthy();
      // The tipper "at the transfer station at 09:00" today: no GPS presence (it arrived at 11:00).
      const unconfirmed = await t.call('ADMIN', 'POST', '/v1/operations/dump-yard-entry', {
        geofenceId: String(station),
        vehicleId: String(tipper.vehicleId),
        enteredAt: '2026-11-26T09:00:00+05:30',
        source: 'weighbridge',
      });
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(200);
      expect(data<DumpYardEntry>(unconfirmed)).toMatchObject({
        gpsConfirmed: false,
        netKg: null,
        source: 'weighbridge',
      });
      const extra = data<DumpYardEntry>(
        await t.call('ADMIN', 'POST', '/v1/operations/dump-yard-entry', entry()),
      );

      const list = await t.call('ADMIN', 'GET', `/v1/operations/dump-yard-entry?${RANGE}&pageSize=25`);
      expect(list.statusCode, list.body).toBe(200);
      const page = data<ListPage<DumpYardEntry>>(list);
      expect(page.total).toBe(3);
      expect(page.items[0]?.vehicle.registrationNumber).toBe('MP09OP0002'); // newest first
      const searched = await t.call('ADMIN', 'GET', '/v1/operations/dump-yard-entry?search=WB-1001');
      expect(data<ListPage<DumpYardEntry>>(searched).total).toBe(2);

      expect(
        (await t.call(BHOPAL_ADMIN, 'DELETE', `/v1/operations/dump-yard-entry/${extra.id}`)).statusCode,
      ).toBe(404);
      expect(
        (await t.call('CUSTOM', 'DELETE', `/v1/operations/dump-yard-entry/${extra.id}`)).statusCode,
      ).toBe(403);
      const deleted = await t.call('ADMIN', 'DELETE', `/v1/operations/dump-yard-entry/${extra.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await t.call('ADMIN', 'DELETE', `/v1/operations/dump-yard-entry/${extra.id}`)).statusCode).toBe(
        404,
      );
      const after = data<ListPage<DumpYardEntry>>(
        await t.call('ADMIN', 'GET', '/v1/operations/dump-yard-entry'),
      );
      expect(after.items.map((e) => e.id)).not.toContain(extra.id);
      const bhopalList = data<ListPage<DumpYardEntry>>(
        await t.call(BHOPAL_ADMIN, 'GET', '/v1/operations/dump-yard-entry'),
      );
      expect(bhopalList.total).toBe(0);
    });

    it('explains bad entries', async () => {
      const cases: Array<[object, string, string]> = [
        [
          { enteredAt: '2026-11-27T10:00:00+05:30', exitedAt: null },
          'enteredAt',
          'The time cannot be in the future',
        ],
        [{ exitedAt: '2026-11-25T10:00:00+05:30' }, 'exitedAt', 'The exit time must be after the entry time'],
        [{ tareKg: 9900 }, 'tareKg', 'The tare weight cannot exceed the gross weight'],
        [{ grossKg: -1 }, 'grossKg', 'A weight cannot be negative'],
        [
          { enteredAt: '25/11/2026 10:00' },
          'enteredAt',
          'Enter a time as ISO 8601 with an offset, e.g. 2026-11-25T10:30:00+05:30',
        ],
        [
          { geofenceId: String(collectionPoint) },
          'geofenceId',
          'The place must be a dump yard or transfer station of the organisation',
        ],
        [
          { geofenceId: String(bhopalYard) },
          'geofenceId',
          'The place must be a dump yard or transfer station of the organisation',
        ],
        [
          { vehicleId: String(bhopalTruck.vehicleId) },
          'vehicleId',
          'The vehicle must be a vehicle of the organisation',
        ],
      ];
      for (const [patch, field, message] of cases) {
        const res = await t.call('ADMIN', 'POST', '/v1/operations/dump-yard-entry', { ...entry(), ...patch });
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(res.json<{ errors: Record<string, string> }>().errors[field], JSON.stringify(patch)).toBe(
          message,
        );
      }
    });

    it('needs the add action to record', async () => {
      const list = await t.call('CUSTOM', 'GET', '/v1/operations/dump-yard-entry');
      expect(list.statusCode).toBe(200);
      expect((await t.call('CUSTOM', 'POST', '/v1/operations/dump-yard-entry', entry())).statusCode).toBe(
        403,
      );
    });
  });

  describe('dump mismatch', () => {
    it('compares expected, GPS and recorded trips per vehicle and day', async () => {
      const res = await t.call('ADMIN', 'GET', `/v1/operations/dump-mismatch?${RANGE}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = data<DumpMismatchRow[]>(res);
      expect(
        rows.map((r) => [
          r.day,
          r.registrationNumber,
          r.expectedTrips,
          r.gpsTrips,
          r.recordedTrips,
          r.status,
        ]),
      ).toEqual([
        ['2026-11-25', 'MP09OP0001', 2, 1, 1, 'fewer-than-expected'],
        ['2026-11-26', 'MP09OP0001', 2, 1, 0, 'fewer-than-expected'],
        ['2026-11-26', 'MP09OP0002', 0, 1, 1, 'unconfirmed-entry'],
      ]);
      expect(rows[2]?.unconfirmedEntries).toMatchObject([
        { geofenceName: 'Test Transfer Station', enteredAt: '2026-11-26T03:30:00.000Z' },
      ]);
      const bhopalRows = data<DumpMismatchRow[]>(
        await t.call(BHOPAL_ADMIN, 'GET', `/v1/operations/dump-mismatch?${RANGE}`),
      );
      expect(bhopalRows.map((r) => r.registrationNumber)).toEqual(['MP04OP0003']);
      const bad = await t.call('ADMIN', 'GET', '/v1/operations/dump-mismatch?from=2026-11-25');
      expect(bad.json<{ errors: Record<string, string> }>().errors.to).toBe('Choose an end day (yyyy-MM-dd)');
    });
  });

  describe('job runs', () => {
    it("evaluates yesterday's and today's runs against GPS and lists them", async () => {
      const summary = await evaluateJobRuns(t.db, NOW);
      expect(summary.evaluated).toBeGreaterThanOrEqual(2);
      const res = await t.call('ADMIN', 'GET', '/v1/operations/job-runs?day=2026-11-26');
      expect(res.statusCode, res.body).toBe(200);
      const [run] = data<JobRun[]>(res);
      expect(run).toMatchObject({
        jobName: 'Morning beat',
        vehicle: { registrationNumber: 'MP09OP0001' },
        route: { name: 'Test beat' },
        windowStart: '2026-11-26T00:30:00.000Z',
        windowEnd: '2026-11-26T04:30:00.000Z',
        status: 'finished',
        // Parked 06:05–06:10, first moving fix 10 s later.
        startedAt: '2026-11-26T00:40:10.000Z',
        checkpointsTotal: 3,
        checkpointsMet: 3,
        score: 1,
        expectedTrips: 2,
        gpsTrips: 1,
        evaluatedAt: NOW.toISOString(),
      });
      expect(run?.checkpoints.every((c) => c.reachedAt !== null)).toBe(true);
      const yesterday = data<JobRun[]>(
        await t.call('ADMIN', 'GET', '/v1/operations/job-runs?day=2026-11-25'),
      );
      expect(yesterday.map((r) => [r.status, r.score, r.startedAt])).toEqual([['missed', 0, null]]);
      // Default day: today.
      expect(data<JobRun[]>(await t.call('ADMIN', 'GET', '/v1/operations/job-runs'))).toHaveLength(1);
      const missed = await t.call('ADMIN', 'GET', `/v1/operations/job-runs?day=2026-11-25&status=finished`);
      expect(data<JobRun[]>(missed)).toEqual([]);
    });

    it('freezes runs evaluated more than an hour after their window ended', async () => {
      // Both runs were evaluated at 11:30, over an hour after their 10:00 window end: left alone now.
      expect(await evaluateJobRuns(t.db, new Date(NOW.getTime() + 600_000))).toEqual({
        evaluated: 0,
        frozen: 2,
      });
      const [run] = data<JobRun[]>(await t.call('ADMIN', 'GET', '/v1/operations/job-runs?day=2026-11-26'));
      expect(run?.evaluatedAt).toBe(NOW.toISOString());
    });

    it('checks the query, the permission and the scope', async () => {
      const bad = await t.call('ADMIN', 'GET', '/v1/operations/job-runs?status=done');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: Record<string, string> }>().errors.status).toBe(
        'The status must be scheduled, started, finished or missed',
      );
      expect((await t.call('CUSTOM', 'GET', '/v1/operations/job-runs')).statusCode).toBe(403);
      expect(
        data<JobRun[]>(await t.call(BHOPAL_ADMIN, 'GET', '/v1/operations/job-runs?day=2026-11-26')),
      ).toEqual([]);
    });
  });

  describe('SLA compliance', () => {
    it('averages the last 61 samples per group (the 62nd oldest does not count)', async () => {
      const res = await t.call('ADMIN', 'GET', '/v1/operations/sla-compliance?groupBy=vehicle');
      expect(res.statusCode, res.body).toBe(200);
      const rows = data<SlaComplianceRow[]>(res);
      expect(rows.find((r) => r.label === 'MP09OP0002')).toEqual({
        key: String(tipper.vehicleId),
        label: 'MP09OP0002',
        samples: 61,
        compliance: 1,
      });
      // The truck: yesterday missed (0), today finished (1).
      expect(rows.find((r) => r.label === 'MP09OP0001')).toMatchObject({ samples: 2, compliance: 0.5 });
      const wide = data<SlaComplianceRow[]>(
        await t.call('ADMIN', 'GET', '/v1/operations/sla-compliance?groupBy=vehicle&window=62'),
      );
      expect(wide.find((r) => r.label === 'MP09OP0002')?.compliance).toBeCloseTo(61 / 62, 10);
      // As of the 24th, the truck had no runs yet.
      const past = data<SlaComplianceRow[]>(
        await t.call('ADMIN', 'GET', '/v1/operations/sla-compliance?groupBy=vehicle&asOfDay=2026-11-24'),
      );
      expect(past.map((r) => r.label)).toEqual(['MP09OP0002']);
      const byWard = data<SlaComplianceRow[]>(await t.call('ADMIN', 'GET', '/v1/operations/sla-compliance'));
      expect(byWard).toContainEqual({ key: String(ward.id), label: ward.name, samples: 61, compliance: 1 });
      expect(byWard).toContainEqual({ key: null, label: 'Unassigned', samples: 2, compliance: 0.5 });
      const byContractor = data<SlaComplianceRow[]>(
        await t.call('ADMIN', 'GET', '/v1/operations/sla-compliance?groupBy=contractor'),
      );
      expect(byContractor).toContainEqual({
        key: String(contractor),
        label: 'Test Swachh Contractor',
        samples: 2,
        compliance: 0.5,
      });
    });

    it('checks the query, the permission and the scope', async () => {
      const cases: Array<[string, string, string]> = [
        ['groupBy=circle', 'groupBy', 'Group by ward, zone, contractor or vehicle'],
        ['window=0', 'window', 'The window must be between 1 and 366 samples'],
        ['window=abc', 'window', 'The window must be between 1 and 366 samples'],
        ['asOfDay=24-11-2026', 'asOfDay', 'Days are yyyy-MM-dd'],
      ];
      for (const [query, field, message] of cases) {
        const res = await t.call('ADMIN', 'GET', `/v1/operations/sla-compliance?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ errors: Record<string, string> }>().errors[field], query).toBe(message);
      }
      expect((await t.call('CUSTOM', 'GET', '/v1/operations/sla-compliance')).statusCode).toBe(403);
      const bhopalRows = data<SlaComplianceRow[]>(
        await t.call(BHOPAL_ADMIN, 'GET', '/v1/operations/sla-compliance?groupBy=vehicle'),
      );
      expect(bhopalRows).toEqual([]);
    });
  });

  describe('scorecard', () => {
    it('scores wards and contractors', async () => {
      const res = await t.call('ADMIN', 'GET', `/v1/operations/scorecard?${RANGE}`);
      expect(res.statusCode, res.body).toBe(200);
      const card = data<Scorecard>(res);
      expect(card).toMatchObject({ from: '2026-11-25', to: '2026-11-26', generatedAt: NOW.toISOString() });
      expect(card.wards.find((r) => r.key === String(ward.id))).toEqual({
        key: String(ward.id),
        label: ward.name,
        vehicles: 1,
        jobRuns: 0,
        checkpointsTotal: 0,
        checkpointsMet: 0,
        coveragePct: null,
        gpsTrips: 1,
        expectedTrips: 0,
        slaCompliance: 1,
        slaSamples: 61,
        complaintsRaised: 2,
        complaintsResolved: 1,
        resolutionMedianH: 5,
        resolutionMeanH: 5,
        complaintsOverdue: 1,
        tamperingEvents: 1,
      });
      expect(card.contractors.find((r) => r.key === String(contractor))).toEqual({
        key: String(contractor),
        label: 'Test Swachh Contractor',
        vehicles: 1,
        jobRuns: 2,
        checkpointsTotal: 6,
        checkpointsMet: 3,
        coveragePct: 50,
        gpsTrips: 2,
        expectedTrips: 4,
        slaCompliance: 0.5,
        slaSamples: 2,
        complaintsRaised: 0,
        complaintsResolved: 0,
        resolutionMedianH: null,
        resolutionMeanH: null,
        complaintsOverdue: 0,
        tamperingEvents: 0,
      });
      expect(card.totals).toMatchObject({
        complaintsRaised: 2,
        tamperingEvents: 1,
        gpsTrips: 3,
        slaSamples: 63,
      });
      const wardsOnly = data<Scorecard>(
        await t.call('ADMIN', 'GET', `/v1/operations/scorecard?${RANGE}&groupBy=ward`),
      );
      expect(wardsOnly.contractors).toEqual([]);
      const bhopalCard = data<Scorecard>(
        await t.call(BHOPAL_ADMIN, 'GET', `/v1/operations/scorecard?${RANGE}`),
      );
      expect(bhopalCard.totals).toMatchObject({
        complaintsRaised: 1,
        tamperingEvents: 1,
        gpsTrips: 1,
        vehicles: 1,
      });
    });

    it('checks the query and the permission', async () => {
      const bad = await t.call('ADMIN', 'GET', `/v1/operations/scorecard?${RANGE}&groupBy=zone`);
      expect(bad.json<{ errors: Record<string, string> }>().errors.groupBy).toBe(
        'Group by ward or contractor',
      );
      expect((await t.call('CUSTOM', 'GET', `/v1/operations/scorecard?${RANGE}`)).statusCode).toBe(403);
      expect((await t.call('CUSTOM', 'GET', `/v1/operations/scorecard.pdf?${RANGE}`)).statusCode).toBe(403);
    });

    it('prints an A4 PDF', async () => {
      const res = await t.call('ADMIN', 'GET', `/v1/operations/scorecard.pdf?${RANGE}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="scorecard-2026-11-25-2026-11-26.pdf"',
      );
      const dir = process.env.SCORECARD_PNG_DIR;
      if (dir) await mkdir(dir, { recursive: true });
      const pages = await renderPages(res.rawPayload, dir);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      expect(pages[0]?.ink).toBeGreaterThan(0.01);
      const { text } = await pdfText(res.rawPayload);
      for (const expected of [
        'Ward and contractor scorecard',
        'Period 25/11/2026 – 26/11/2026',
        'By ward',
        'By contractor',
        'Test Swachh Contractor',
        ward.name,
        'Definitions',
      ])
        expect(text).toContain(expected);
    }, 60_000);
  });
});
