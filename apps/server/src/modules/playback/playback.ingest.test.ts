/**
 * Playback of a day that went through the real ingest: pipeline, derive stage and batch writer into the test
 * database (no sockets, as gateway/derive.gateway.test.ts does). What playback answers must agree with what ingest
 * derived: the track is every valid fix, the totals equal the day's daily_vehicle_stats (which include the still-open
 * interval, and so must playback: the vehicle is parked at the end of the day and that stop is not closed yet).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyMessage, type NormalisedMessage } from '@civicfleet/protocols';
import type { Playback } from '@civicfleet/shared';
import { rows } from '../../db/client.ts';
import { useTestApp } from '../../../test/helpers.ts';
import type { DerivePoint } from '../../derive/index.ts';
import { RAJWADA, Track, ist } from '../../derive/testing/track.ts';
import { createDeviceDirectory } from '../../gateway/device-directory.ts';
import { deriveWiring } from '../../gateway/ingest/derive-stage.ts';
import { createStages, runPipeline } from '../../gateway/ingest/pipeline.ts';
import { sqlClientOf } from '../../gateway/ingest/sql-client.ts';
import { createIngestWriter } from '../../gateway/ingest/writer.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';

/** Inside the seeded Devguradia Trenching Ground fence, at its weighbridge. */
const DUMP_YARD = { lat: 22.66, lon: 75.89 };

const messageOf = (imei: string, point: DerivePoint): NormalisedMessage => ({
  ...emptyMessage('ais140', 'position', imei),
  fixTime: point.fixTime.toISOString(),
  lat: point.lat,
  lon: point.lon,
  speedKph: point.speedKph,
  ignition: point.ignition,
  gpsValid: point.gpsValid,
  mainPower: point.mainPower,
});

describe('playback of an ingested day', () => {
  const t = useTestApp({ clock: () => new Date('2026-11-25T12:00:00Z') });
  let tracked: TrackedVehicle;
  let points: DerivePoint[];

  beforeAll(async () => {
    tracked = await seedTrackedVehicle(t.db, {
      imei: '359710049096900',
      protocol: 'ais140',
      organisationId: await organisationId(t.db, INDORE),
      registrationNumber: 'MP09PI0001',
    });
    // A compactor's morning: depot, out to the Devguradia dump yard, unload and idle, a network loss, back, parked.
    points = new Track({ startAt: ist('2026-11-25 06:00'), start: RAJWADA, intervalS: 10, seed: 3 })
      .park(600)
      .drive(DUMP_YARD, 30)
      .park(1500, { jitterM: 8 })
      .idle(300)
      .silence(1800)
      .drive(RAJWADA, 35)
      .jump(2000)
      .park(3600)
      .points();

    const client = sqlClientOf(t.database);
    const wiring = deriveWiring();
    const stages = createStages({ derive: wiring.deriveStages });
    const writer = createIngestWriter({
      sql: client,
      flushMs: 60_000,
      batchRows: 1_000_000,
      tables: wiring.tables,
    });
    const directory = createDeviceDirectory(client, wiring.deriveStages);
    const state = await directory.load(tracked.imei, Date.now());
    if (!state) throw new Error('device not found');
    for (let i = 0; i < points.length; i += 200) {
      const chunk = points.slice(i, i + 200);
      writer.write((batch) => {
        for (const point of chunk)
          runPipeline(
            stages,
            state,
            messageOf(tracked.imei, point),
            new Date(point.fixTime.getTime() + 2000),
            batch,
          );
      });
      await writer.drain();
    }
    await writer.close();
  });

  it('agrees with the derived tables of the day', async () => {
    const res = await t.call(
      'ADMIN',
      'GET',
      `/v1/vehicle/position/playback?vehicleId=${tracked.vehicleId}&from=2026-11-25T00:00:00%2B05:30&to=2026-11-26T00:00:00%2B05:30`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Playback }>().data;

    // Every valid fix but the multipath jump, in order.
    expect(data.points.t).toHaveLength(points.length - 1);
    expect(data.points.t[0]).toBe(points[0]?.fixTime.getTime());
    expect(data.points.t.every((ms, i) => i === 0 || ms > (data.points.t[i - 1] ?? 0))).toBe(true);

    const [day] = await rows<{
      distance: number;
      run_s: number;
      idle_s: number;
      stop_s: number;
      offline_s: number;
      max_speed_kph: number;
      trips: number;
    }>(
      t.db,
      sql`select distance_m as distance, run_s, idle_s, stop_s, offline_s, max_speed_kph, trips
            from daily_vehicle_stats where device_id = ${tracked.deviceId} and day = '2026-11-25'`,
    );
    expect(day).toBeDefined();
    const { totals } = data;
    expect(Math.abs(totals.distanceM - (day?.distance ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs(totals.runS - (day?.run_s ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs(totals.idleS - (day?.idle_s ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs(totals.stopS - (day?.stop_s ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs(totals.offlineS - (day?.offline_s ?? 0))).toBeLessThanOrEqual(1);
    expect(totals.offlineS).toBeGreaterThanOrEqual(1800);
    expect(totals.maxSpeedKph).toBe(35);
    expect(totals.avgMovingSpeedKph).toBeGreaterThan(25);
    expect(totals.avgMovingSpeedKph).toBeLessThan(36);
    expect(data.trips).toHaveLength(day?.trips ?? -1);

    // The last stop is the open one from the derive state: it runs to the last fix.
    const lastStop = data.stops.at(-1);
    expect(lastStop?.kind).toBe('stop');
    expect(lastStop?.to).toBe(points.at(-1)?.fixTime.toISOString());
    // Unloading at the dump yard is named after the seeded fence.
    const unloading = data.stops.find((s) => s.durationS >= 1400);
    expect(unloading?.address).toContain('Devguradia Trenching Ground');
    expect(data.trips[0]?.endAddress).toContain('Devguradia Trenching Ground');
  });
});
