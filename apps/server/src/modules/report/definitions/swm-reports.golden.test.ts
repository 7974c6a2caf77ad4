/**
 * Golden: the SWM reports (duty-report, route-violation, collection, d2d-collection) and the missed-points alert on
 * one deterministic night shift, through the real ingest pipeline and derive stage (derive-harness), the job-run
 * evaluation, then POST /v1/report/<id>/run. The job's window is 22:00–02:00 IST (across midnight) on a Rajwada →
 * Vijay Nagar route with four collection points (POIs, 40 m): P1 stopped at 2 min (visit), P2 driven past (missed),
 * P3 driven past but its RFID tag read there (visit), P4 stopped 10 s (missed). Between P3 and P4 the truck leaves
 * the 50 m corridor by 300 m and comes back, then speeds at 60 km/h (limit 40); it unloads 20 min at the dump yard at
 * the route's end, goes silent (GPS gap) and after midnight drives a little and parks (duty end 00:3x: early end).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveDelta, ReportRun } from '@civicfleet/shared';
import { TOPICS } from '../../../bus/bus.ts';
import { rows } from '../../../db/client.ts';
import { driverTagReads, groups, items, pois, vehicles } from '../../../db/schema/index.ts';
import { DEFAULT_DERIVE_SETTINGS, type Fence } from '../../../derive/index.ts';
import { destinationPoint, type LatLon } from '../../../derive/geo.ts';
import { ist, RAJWADA, Track, VIJAY_NAGAR } from '../../../derive/testing/track.ts';
import { staticDeriveContext } from '../../../gateway/ingest/derive-context.ts';
import { harness, live } from '../../../gateway/testing/derive-harness.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../../test/helpers.ts';
import { evaluateJobRuns } from '../../operations/job-run-job.ts';
import { insertJob } from '../../operations/operations.testing.ts';
import { raiseMissedPointsAlerts } from '../../operations/missed-points-job.ts';

const NOW = ist('2026-11-25 05:00');
const RANGE = { from: '2026-11-24T00:00:00+05:30', to: '2026-11-25T23:59:59.999+05:30' };
const along = (f: number): LatLon => ({
  lat: RAJWADA.lat + (VIJAY_NAGAR.lat - RAJWADA.lat) * f,
  lon: RAJWADA.lon + (VIJAY_NAGAR.lon - RAJWADA.lon) * f,
});
const istTime = (iso: unknown) =>
  typeof iso === 'string' ? new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(0, 19) : iso;

describe('SWM reports (golden night shift)', () => {
  const t = useTestApp({ clock: () => NOW });
  let indore: bigint;
  let truck: TrackedVehicle;
  let group: bigint;
  const run = async (id: string, filter: Record<string, unknown>, who = 'ADMIN') => {
    const res = await t.call(who, 'POST', `/v1/report/${id}/run`, filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ReportRun }>().data;
  };

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    truck = await seedTrackedVehicle(t.db, {
      imei: '359710049097001',
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09SW0001',
    });
    const [g] = await t.db.insert(groups).values({ organisationId: indore, name: 'Night beat' }).returning();
    group = g?.id ?? 0n;
    await t.db
      .update(vehicles)
      .set({ speedLimitKph: 40, groupId: group, model: 'Compactor' })
      .where(eq(vehicles.id, truck.vehicleId));

    const fractions = [0.2, 0.4, 0.6, 0.8];
    const poiIds: bigint[] = [];
    for (const [i, f] of fractions.entries()) {
      const [p] = await t.db
        .insert(pois)
        .values({
          organisationId: indore,
          name: `P${i + 1}`,
          kind: 'collection-point',
          radiusM: 40,
          ...along(f),
        })
        .returning({ id: pois.id });
      poiIds.push(p?.id ?? 0n);
    }
    await t.db
      .insert(items)
      .values({ organisationId: indore, code: 'CP3-RFID', kind: 'RFID', poiId: poiIds[2] ?? null });
    const [route] = await rows<{ id: string }>(
      t.db,
      sql`insert into routes (organisation_id, name, path, corridor_m, checkpoints)
          values (${indore}, 'Night route',
                  ${JSON.stringify({
                    type: 'LineString',
                    coordinates: [
                      [RAJWADA.lon, RAJWADA.lat],
                      [VIJAY_NAGAR.lon, VIJAY_NAGAR.lat],
                    ],
                  })}::jsonb,
                  50, ${JSON.stringify(fractions.map((f, i) => ({ name: `P${i + 1}`, ...along(f), poiId: String(poiIds[i]) })))}::jsonb)
          returning id::text as id`,
    );
    await insertJob(t.db, {
      organisationId: indore,
      vehicleId: truck.vehicleId,
      routeId: BigInt(route?.id ?? 0),
      name: 'Night sweep',
      startTime: '22:00',
      endTime: '02:00',
      expectedTrips: 1,
    });

    const track = new Track({ startAt: ist('2026-11-24 22:20'), start: RAJWADA, intervalS: 10 })
      .park(300)
      .drive(along(0.2), 25)
      .park(120) // P1: a visit
      .drive(along(0.4), 25) // P2: driven past
      .drive(along(0.6), 25); // P3: driven past, its tag read here
    const readAt = track.now;
    const off = destinationPoint(along(0.62), 135, 300);
    track
      .drive(along(0.62), 25)
      .drive(off, 25) // out of the corridor …
      .drive(along(0.64), 25) // … and back
      .drive(along(0.78), 60) // overspeed (limit 40)
      .drive(along(0.8), 25)
      .park(10) // P4: too short
      .drive(VIJAY_NAGAR, 25)
      .park(1200); // the dump yard
    track.silence((ist('2026-11-25 00:30').getTime() - track.now.getTime()) / 1000);
    const points = track.drive(along(0.9), 25).park(600).points();

    const yard: Fence = {
      id: 'g0',
      type: 'circle',
      center: [VIJAY_NAGAR.lon, VIJAY_NAGAR.lat],
      radiusM: 150,
    };
    const [yardRow] = await rows<{ id: string }>(
      t.db,
      sql`insert into geofences (organisation_id, name, kind, geometry, radius_m)
          values (${indore}, 'Night yard', 'dump-yard',
                  ${JSON.stringify({ type: 'Point', coordinates: yard.center })}::jsonb, 150)
          returning id::text as id`,
    );
    const h = harness(
      { database: t.database, db: t.db, close: async () => undefined },
      staticDeriveContext({
        settings: { ...DEFAULT_DERIVE_SETTINGS, speedLimitKph: 40 },
        fences: [{ ...yard, id: `g${yardRow?.id ?? 0}` }],
      }),
    );
    await h.send(truck.imei, live(truck.imei, points));
    await h.close();
    await t.db.insert(driverTagReads).values({
      deviceId: truck.deviceId,
      vehicleId: truck.vehicleId,
      organisationId: indore,
      tag: 'cp3-rfid',
      readAt,
      ...along(0.6),
    });
  });

  it('evaluates the run: stop = visit, drive-by = missed, RFID = visit, corridor exit and return', async () => {
    // 01:00: the window ends in 60 min, beyond the 30-min lead: no alert yet.
    await evaluateJobRuns(t.db, ist('2026-11-25 01:00'), { days: ['2026-11-24'] });
    expect(await raiseMissedPointsAlerts(t.db, ist('2026-11-25 01:00'))).toBe(0);
    // 01:40: still running, 20 min left, P2 and P4 not visited: one alert, never two.
    await evaluateJobRuns(t.db, ist('2026-11-25 01:40'), { days: ['2026-11-24'] });
    const published: LiveDelta[] = [];
    const off = t.bus.subscribe<LiveDelta>(TOPICS.live, (m) => published.push(m));
    expect(await raiseMissedPointsAlerts(t.db, ist('2026-11-25 01:40'), t.bus)).toBe(1);
    expect(await raiseMissedPointsAlerts(t.db, ist('2026-11-25 01:45'), t.bus)).toBe(0);
    off();
    expect(published.flatMap((d) => d.alerts).map((a) => [a.type, a.vehicleId])).toEqual([
      ['missedPoints', String(truck.vehicleId)],
    ]);
    const events = await rows<{ attrs: Record<string, unknown>; device_id: string }>(
      t.db,
      sql`select attrs, device_id::text as device_id from events where type = 'missedPoints'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.device_id).toBe(String(truck.deviceId));
    expect(events[0]?.attrs).toMatchObject({ day: '2026-11-24', missed: 2, points: ['P2', 'P4'] });

    await evaluateJobRuns(t.db, NOW, { days: ['2026-11-24'] });
    const [stored] = await rows<{
      status: string;
      score: number;
      checkpoints: unknown;
      corridor_exits: unknown;
    }>(
      t.db,
      sql`select status, score, checkpoints, corridor_exits from job_runs where vehicle_id = ${truck.vehicleId}`,
    );
    expect(stored?.status).toBe('finished');
    expect(stored?.score).toBe(0.5);
    const checkpoints = stored?.checkpoints as Array<Record<string, unknown>>;
    expect(checkpoints.map((c) => [c.name, istTime(c.reachedAt), c.via, c.dwellS, typeof c.poiId]))
      .toMatchInlineSnapshot(`
      [
        [
          "P1",
          "2026-11-24T22:27:49",
          "gps",
          120,
          "string",
        ],
        [
          "P2",
          null,
          null,
          null,
          "string",
        ],
        [
          "P3",
          "2026-11-24T22:34:57",
          "rfid",
          0,
          "string",
        ],
        [
          "P4",
          null,
          null,
          null,
          "string",
        ],
      ]
    `);
    const exits = stored?.corridor_exits as Array<Record<string, unknown>>;
    expect(exits.map((e) => [istTime(e.exitedAt), istTime(e.returnedAt), e.maxDistanceM]))
      .toMatchInlineSnapshot(`
      [
        [
          "2026-11-24T22:35:23",
          "2026-11-24T22:36:36",
          300,
        ],
      ]
    `);
  });

  it('duty-report: late start, early end across midnight, distance, trips, run status', async () => {
    const report = await run('duty-report', { ...RANGE, vehicleId: String(truck.vehicleId) });
    expect(
      report.rows.map((r) => [
        r.sr,
        r.regNo,
        r.day,
        r.job,
        istTime(r.windowStart),
        istTime(r.windowEnd),
        istTime(r.dutyStart),
        istTime(r.dutyEnd),
        r.lateStart,
        r.earlyEnd,
        r.dutyS,
        Math.round(Number(r.distance)),
        r.trips,
        r.runStatus,
        r.score,
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          1,
          "MP09SW0001",
          "2026-11-24",
          "Night sweep",
          "2026-11-24T22:00:00",
          "2026-11-25T02:00:00",
          "2026-11-24T22:25:10",
          "2026-11-25T00:31:19",
          true,
          true,
          7570,
          6036,
          1,
          "Finished",
          50,
        ],
        [
          2,
          "MP09SW0001",
          "2026-11-25",
          null,
          null,
          null,
          "2026-11-25T00:30:10",
          "2026-11-25T00:31:19",
          null,
          null,
          70,
          553,
          0,
          null,
          null,
        ],
      ]
    `);
    // Opened from Vehicle Status with only the group: today (the 25th) so far.
    const today = await run('duty-report', { groupId: String(group) });
    expect(today.rows.map((r) => [r.regNo, r.day, r.job])).toEqual([['MP09SW0001', '2026-11-25', null]]);
  });

  it('route-violation: overspeed, corridor exit, missed checkpoints; filtered by type', async () => {
    const report = await run('route-violation', { ...RANGE, vehicleId: String(truck.vehicleId) });
    expect(
      report.rows.map((r) => [
        r.violationType,
        istTime(r.at),
        istTime(r.until),
        r.checkpoint,
        r.maxSpeed,
        r.speedLimit,
        r.offRouteM,
        r.job,
        r.route,
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          "corridorExit",
          "2026-11-24T22:35:23",
          "2026-11-24T22:36:36",
          null,
          null,
          null,
          300,
          "Night sweep",
          "Night route",
        ],
        [
          "overspeed",
          "2026-11-24T22:36:52",
          "2026-11-24T22:37:39",
          null,
          60,
          40,
          null,
          null,
          null,
        ],
        [
          "missedCheckpoint",
          "2026-11-25T02:00:00",
          null,
          "P2",
          null,
          null,
          null,
          "Night sweep",
          "Night route",
        ],
        [
          "missedCheckpoint",
          "2026-11-25T02:00:00",
          null,
          "P4",
          null,
          null,
          null,
          "Night sweep",
          "Night route",
        ],
      ]
    `);
    expect(report.rows.every((r) => typeof r.place === 'string')).toBe(true);
    const missed = await run('route-violation', {
      ...RANGE,
      vehicleId: String(truck.vehicleId),
      violationTypes: ['missedCheckpoint'],
    });
    expect(missed.rows.map((r) => r.checkpoint)).toEqual(['P2', 'P4']);
  });

  it('collection: scheduled, visited, missed, first/last visit, coverage, dump trips; meta totals', async () => {
    const report = await run('collection', { ...RANGE, vehicleId: String(truck.vehicleId) });
    expect(
      report.rows.map((r) => [
        r.day,
        r.scheduled,
        r.visited,
        r.missed,
        istTime(r.firstVisit),
        istTime(r.lastVisit),
        r.coverage,
        r.dumpTrips,
      ]),
    ).toMatchInlineSnapshot(`
      [
        [
          "2026-11-24",
          4,
          2,
          2,
          "2026-11-24T22:27:49",
          "2026-11-24T22:34:57",
          50,
          1,
        ],
      ]
    `);
    expect(report.meta).toEqual({ scheduled: 4, visited: 2, missed: 2, coverage: 50, dumpTrips: 1 });
  });

  it('d2d-collection: points served vs planned per route, missed points with their place', async () => {
    const report = await run('d2d-collection', { ...RANGE, vehicleId: String(truck.vehicleId) });
    expect(report.rows.map((r) => [r.route, r.point, r.planned, r.served, r.missed, r.coverage])).toEqual([
      ['Night route', 'P1', 1, 1, 0, 100],
      ['Night route', 'P2', 1, 0, 1, 0],
      ['Night route', 'P3', 1, 1, 0, 100],
      ['Night route', 'P4', 1, 0, 1, 0],
    ]);
    expect(report.meta).toEqual({ planned: 4, served: 2, coverage: 50 });
    const missed = await run('d2d-collection', { ...RANGE, groupId: String(group), onlyMissed: true });
    expect(missed.rows.map((r) => [r.point, r.lat, r.lon])).toEqual([
      ['P2', along(0.4).lat.toFixed(6), along(0.4).lon.toFixed(6)],
      ['P4', along(0.8).lat.toFixed(6), along(0.8).lon.toFixed(6)],
    ]);
  });

  it.each(['duty-report', 'route-violation', 'collection', 'd2d-collection'])(
    '%s: filter rules, permission and organisation scope',
    async (id) => {
      const url = `/v1/report/${id}/run`;
      const empty = await t.call('ADMIN', 'POST', url, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ success: false, message: 'Atlest one filter is required' });
      const order = await t.call('ADMIN', 'POST', url, { from: RANGE.to, to: RANGE.from });
      expect(order.json().message).toBe('From Time must be before To Time');
      expect((await t.call('CUSTOM', 'POST', url, RANGE)).statusCode).toBe(403);
      const bhopal = await organisationId(t.db, BHOPAL);
      const hidden = await t.call('ADMIN', 'POST', url, { ...RANGE, organisationId: String(bhopal) });
      expect(hidden.statusCode).toBe(404);
      const theirs = await t.call('admin.bhopal@demo.civicfleet.in', 'POST', url, {
        ...RANGE,
        vehicleId: String(truck.vehicleId),
      });
      expect(theirs.statusCode).toBe(404);
      const mine = await t.call('ADMIN', 'POST', url, { ...RANGE, groupId: String(group) });
      expect(mine.json<{ data: ReportRun }>().data.total).toBeGreaterThan(0);
    },
  );
});
