/**
 * The derive stage through the real pipeline, writer and device directory into a real database (no sockets, so the
 * order of batches is exact): late history re-derives the affected range and ends up with exactly the rows an
 * in-order ingest gives (golden), a burst of late fixes costs one re-derivation, the pending one survives a restart;
 * geofence visits; per-organisation settings and a vehicle's speed limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { DEFAULT_DERIVE_SETTINGS, type DerivePoint, type Fence } from '../derive/index.ts';
import { ist, Track } from '../derive/testing/track.ts';
import { createDeviceDirectory } from './device-directory.ts';
import { staticDeriveContext } from './ingest/derive-context.ts';
import { createStages, runPipeline } from './ingest/pipeline.ts';
import { sqlClientOf } from './ingest/sql-client.ts';
import { createIngestWriter } from './ingest/writer.ts';
import { harness, live, messageOf } from './testing/derive-harness.ts';
import { INDORE, organisationId, seedTrackedVehicle, type TrackedVehicle } from './testing/fleet.ts';

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

describe('derive stage: late data, visits, settings', () => {
  let test: TestDatabase;
  let indore: bigint;
  let nextImei = 359710049096100;

  const seed = (registrationNumber: string): Promise<TrackedVehicle> =>
    seedTrackedVehicle(test.db, {
      imei: String(nextImei++),
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber,
    });

  const intervalsOf = (deviceId: bigint) =>
    rows<{ kind: string; s: string; e: string | null; d: number; v: number | null }>(
      test.db,
      sql`select kind, started_at::text as s, ended_at::text as e, round(distance_m::numeric, 1)::float8 as d,
            max_speed_kph as v
          from state_intervals where device_id = ${deviceId} order by started_at`,
    );
  const tripsOf = (deviceId: bigint) =>
    rows<{ s: string; e: string; d: number }>(
      test.db,
      sql`select started_at::text as s, ended_at::text as e, round(distance_m::numeric, 1)::float8 as d
          from trips where device_id = ${deviceId} order by started_at`,
    );
  const daysOf = (deviceId: bigint) =>
    rows<Record<string, unknown>>(
      test.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, round(distance_m::numeric, 1)::float8 as distance, run_s,
            idle_s, stop_s, offline_s, max_speed_kph, round(avg_speed_kph::numeric, 2)::float8 as avg, trips,
            first_ignition_at::text as first_on, last_ignition_at::text as last_on, points
          from daily_vehicle_stats where device_id = ${deviceId} order by day`,
    );
  const visitsOf = (deviceId: bigint) =>
    rows<{ fence_key: string; s: string; e: string | null; dwell_s: number | null; late: boolean }>(
      test.db,
      sql`select fence_key, entered_at::text as s, exited_at::text as e, dwell_s, late
          from geofence_visits where device_id = ${deviceId} order by entered_at, fence_key`,
    );

  async function geofence(name: string): Promise<bigint> {
    const [row] = await rows<{ id: string }>(
      test.db,
      sql`insert into geofences (organisation_id, name, kind, geometry, radius_m)
          values (${indore}, ${name}, 'dump-yard', '{"type":"Point","coordinates":[0,0]}'::jsonb, 100)
          returning id::text as id`,
    );
    return BigInt(row?.id ?? 0);
  }

  beforeAll(async () => {
    test = await openTestDatabase();
    indore = await organisationId(test.db, INDORE);
  });
  afterAll(async () => {
    await test?.close();
  });

  it('golden: a 20-minute network loss replayed as history re-derives to what the in-order ingest gives', async () => {
    const builder = new Track({ startAt: ist('2026-03-11 08:00'), seed: 7 })
      .park(300)
      .drive({ bearingDeg: 90, distanceM: 3000 }, 30);
    const yard = builder.here;
    const points = builder
      .park(600)
      .drive({ bearingDeg: 0, distanceM: 4000 }, 30)
      .park(300, { jitterM: 10 })
      .drive({ bearingDeg: 180, distanceM: 2000 }, 30)
      .idle(300)
      .park(900)
      .points();
    const yardId = await geofence('Golden yard');
    const fence: Fence = { id: `g${yardId}`, type: 'circle', center: [yard.lon, yard.lat], radiusM: 100 };
    const context = staticDeriveContext({ fences: [fence] });
    const h = harness(test, context);
    const inOrder = await seed('MP09GD0001');
    const replayed = await seed('MP09GD0002');

    // (a) in order, 20 fixes a batch.
    for (const chunk of chunked(points, 20)) await h.send(inOrder.imei, live(inOrder.imei, chunk));
    expect(h.stage.rederivations).toBe(0);

    // (b) 08:15–08:35 lost; after reconnecting the device sends 3 live fixes, then the lost ones as history.
    const lossFrom = ist('2026-03-11 08:15').getTime();
    const lossTo = ist('2026-03-11 08:35').getTime();
    const before = points.filter((p) => p.fixTime.getTime() < lossFrom);
    const lost = points.filter((p) => p.fixTime.getTime() >= lossFrom && p.fixTime.getTime() < lossTo);
    const after = points.filter((p) => p.fixTime.getTime() >= lossTo);
    for (const chunk of chunked(before, 20)) await h.send(replayed.imei, live(replayed.imei, chunk));
    await h.send(replayed.imei, live(replayed.imei, after.slice(0, 3)));
    // Before the history arrives: an offline interval across the loss.
    expect((await intervalsOf(replayed.deviceId)).map((i) => i.kind)).toContain('offline');
    const reconnectedAt = new Date(lossTo + 60_000);
    const history = lost.map((point) => ({
      message: messageOf(replayed.imei, point, { history: true }),
      serverAt: reconnectedAt,
    }));
    await h.send(replayed.imei, history);
    // 120 late fixes in one committed batch: one re-derivation.
    expect(lost.length).toBe(120);
    expect(h.stage.rederivations).toBe(1);
    for (const chunk of chunked(after.slice(3), 20)) await h.send(replayed.imei, live(replayed.imei, chunk));

    // (c) the same, but live fixes keep coming while the re-derivation runs: it retries until the head holds still.
    const racing = await seed('MP09GD0006');
    for (const chunk of chunked(before, 20)) await h.send(racing.imei, live(racing.imei, chunk));
    await h.send(racing.imei, live(racing.imei, after.slice(0, 3)));
    await h.send(
      racing.imei,
      lost.map((point) => ({
        message: messageOf(racing.imei, point, { history: true }),
        serverAt: reconnectedAt,
      })),
      { settle: false },
    );
    for (const chunk of chunked(after.slice(3), 5)) {
      await h.send(racing.imei, live(racing.imei, chunk), { settle: false });
    }
    await h.stage.idle();

    const expected = await intervalsOf(inOrder.deviceId);
    expect(expected.map((i) => i.kind)).toEqual([
      'stopped',
      'moving',
      'stopped',
      'moving',
      'stopped',
      'moving',
      'idle',
    ]);
    expect(await intervalsOf(replayed.deviceId)).toEqual(expected);
    expect(await tripsOf(replayed.deviceId)).toEqual(await tripsOf(inOrder.deviceId));
    expect(await daysOf(replayed.deviceId)).toEqual(await daysOf(inOrder.deviceId));
    const expectedVisits = await visitsOf(inOrder.deviceId);
    expect(expectedVisits).toHaveLength(1);
    expect(expectedVisits[0]).toMatchObject({ fence_key: `g${yardId}`, late: false });
    // 100 m radius: entered on the approach, left 10 s after the 10-minute halt.
    expect(expectedVisits[0]?.dwell_s).toBeGreaterThan(600);
    expect(await visitsOf(replayed.deviceId)).toEqual(expectedVisits.map((v) => ({ ...v, late: true })));
    expect(await intervalsOf(racing.deviceId)).toEqual(expected);
    expect(await tripsOf(racing.deviceId)).toEqual(await tripsOf(inOrder.deviceId));
    expect(await daysOf(racing.deviceId)).toEqual(await daysOf(inOrder.deviceId));

    // The late fixes got their distance; the pending late time is cleared.
    const [unset] = await rows<{ n: number }>(
      test.db,
      sql`select count(*)::int as n from positions where device_id = ${replayed.deviceId} and distance_m is null`,
    );
    expect(unset?.n).toBe(0);
    const [state] = await rows<{ late: string | null }>(
      test.db,
      sql`select state->>'lateFromMs' as late from device_derive_state where device_id = ${replayed.deviceId}`,
    );
    expect(state?.late).toBeNull();
    await h.close();
  });

  it('a pending re-derivation survives a restart and resumes when the device is loaded', async () => {
    const points = new Track({ startAt: ist('2026-03-12 09:00'), seed: 3 })
      .park(120)
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .park(600)
      .points();
    const tracked = await seed('MP09GD0003');
    const lossFrom = ist('2026-03-12 09:02').getTime();
    const lossTo = ist('2026-03-12 09:03').getTime();
    const gap = (p: DerivePoint) => p.fixTime.getTime() >= lossFrom && p.fixTime.getTime() < lossTo;
    const kept = points.filter((p) => !gap(p));
    const first = harness(test);
    await first.send(tracked.imei, live(tracked.imei, kept.slice(0, 30)));
    await first.close();
    // A crash after the late fixes committed (stored by the core stages) and before their re-derivation ran.
    const late = points.filter(gap);
    const client = sqlClientOf(test.database);
    const core = createIngestWriter({ sql: client, flushMs: 60_000, batchRows: 1_000_000 });
    const coreState = await createDeviceDirectory(client).load(tracked.imei, Date.now());
    if (!coreState) throw new Error('no device');
    core.write((batch) => {
      for (const point of late)
        runPipeline(
          createStages(),
          coreState,
          messageOf(tracked.imei, point, { history: true }),
          new Date(lossTo),
          batch,
        );
    });
    await core.close();
    await test.db.execute(
      sql`update device_derive_state set state = jsonb_set(state, '{lateFromMs}', ${String(late[0]?.fixTime.getTime())}::jsonb)
          where device_id = ${tracked.deviceId}`,
    );

    // The restarted gateway resumes it as soon as it loads the device (no new fix needed).
    const second = harness(test);
    await second.send(tracked.imei, []);
    expect(second.stage.rederivations).toBe(1);
    await second.send(tracked.imei, live(tracked.imei, kept.slice(30, 31)));
    expect(second.stage.rederivations).toBe(1);
    const [state] = await rows<{ late: string | null }>(
      test.db,
      sql`select state->>'lateFromMs' as late from device_derive_state where device_id = ${tracked.deviceId}`,
    );
    expect(state?.late).toBeNull();
    const [unset] = await rows<{ n: number }>(
      test.db,
      sql`select count(*)::int as n from positions where device_id = ${tracked.deviceId} and distance_m is null`,
    );
    expect(unset?.n).toBe(0);
    await second.close();
  });

  it('writes a geofence visit when the dwell is reached and closes the same row on exit', async () => {
    const builder = new Track({ startAt: ist('2026-03-13 10:00'), seed: 5 }).drive(
      { bearingDeg: 90, distanceM: 1000 },
      30,
    );
    const bin = builder.here;
    const binId = await geofence('Collection point 7');
    const fence: Fence = { id: `g${binId}`, type: 'circle', center: [bin.lon, bin.lat], radiusM: 40 };
    const h = harness(test, staticDeriveContext({ fences: [fence] }));
    const tracked = await seed('MP09GD0004');
    const points = builder.park(300).drive({ bearingDeg: 90, distanceM: 1000 }, 30).points();
    const arrivedAt = points.findIndex((p) => p.lon === bin.lon && p.lat === bin.lat);
    // Confirmed after 120 s inside: an open row with the entry position.
    await h.send(tracked.imei, live(tracked.imei, points.slice(0, arrivedAt + 13)));
    const open = await visitsOf(tracked.deviceId);
    expect(open).toEqual([
      { fence_key: `g${binId}`, s: expect.any(String), e: null, dwell_s: null, late: false },
    ]);
    const [row] = await rows<{ geofence_id: string; entry_lat: number; vehicle_id: string }>(
      test.db,
      sql`select geofence_id::text as geofence_id, entry_lat, vehicle_id::text as vehicle_id from geofence_visits
          where device_id = ${tracked.deviceId}`,
    );
    expect(row).toEqual({
      geofence_id: String(binId),
      entry_lat: bin.lat,
      vehicle_id: String(tracked.vehicleId),
    });
    await h.send(tracked.imei, live(tracked.imei, points.slice(arrivedAt + 13)));
    const closed = await visitsOf(tracked.deviceId);
    expect(closed).toHaveLength(1);
    expect(closed[0]?.s).toBe(open[0]?.s);
    // Exit = the first fix outside, 10 s after the halt.
    expect(closed[0]?.dwell_s).toBe(310);
    await h.close();
  });

  it("uses the organisation's settings, and a vehicle's speed limit for derived overspeed", async () => {
    const settings = { ...DEFAULT_DERIVE_SETTINGS, stopMinDurationS: 60, minTripDistanceM: 100 };
    const h = harness(test, staticDeriveContext({ settings }));
    const tracked = await seed('MP09GD0005');
    await test.db.execute(sql`update vehicles set speed_limit_kph = 40 where id = ${tracked.vehicleId}`);
    const points = new Track({ startAt: ist('2026-03-14 11:00'), seed: 9 })
      .park(60)
      .drive({ bearingDeg: 90, distanceM: 1500 }, 60)
      .park(90)
      .drive({ bearingDeg: 90, distanceM: 500 }, 30)
      .park(120)
      .points();
    await h.send(tracked.imei, live(tracked.imei, points));
    // A 90 s halt is a stop with stopMinDurationS 60 (not with the default 180): two trips.
    expect((await tripsOf(tracked.deviceId)).length).toBe(2);
    const events = await rows<{ type: string; ended_at: Date | null; late: boolean }>(
      test.db,
      sql`select type, ended_at, late from events where device_id = ${tracked.deviceId} order by started_at`,
    );
    expect(events).toEqual([{ type: 'overspeed', ended_at: expect.anything(), late: false }]);
    await h.close();
  });
});
