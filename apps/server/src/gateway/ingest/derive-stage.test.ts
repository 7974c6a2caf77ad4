/**
 * The derive stage over real TCP (GT06, 127.0.0.1) into a real database: fix times drive the derivation, not wall
 * time. A drive then a halt gives a moving and a stopped interval, a trip, the IST day's stats and the persisted
 * machine state; a drive across IST midnight splits over two days; the worker's offline job opens one offline
 * interval and one event with a reason, and the next fix ends both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { offlineJob } from '../../worker/offline-job.ts';
import { startGateway, type Gateway } from '../gateway.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  testGatewayConfig,
  type TrackedVehicle,
} from '../testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex, type Gt06Fix } from '../testing/packets.ts';
import { TcpDevice } from '../testing/tcp-device.ts';
import { createDbDeriveContext } from './derive-context-db.ts';
import { deriveWiring } from './derive-stage.ts';

const LOGIN = 0x01;
const LOCATION = 0x12;
const RAJWADA = { lat: 22.7186, lon: 75.8553 };
/** Degrees of longitude per metre at Indore's latitude. */
const LON_PER_M = 1 / (111_320 * Math.cos((RAJWADA.lat * Math.PI) / 180));

interface IntervalDbRow {
  kind: string;
  started_at: Date;
  ended_at: Date | null;
  distance_m: number;
  offline_reason: string | null;
}

interface DailyDbRow {
  day: string;
  distance_m: number;
  run_s: number;
  stop_s: number;
  offline_s: number;
  trips: number;
  points: number;
  vehicle_id: string | null;
}

/** Fixes every 30 s from `startMs`: `moving` fixes eastwards at 30 km/h (250 m apart), then `parked` at the end. */
function track(startMs: number, moving: number, parked: number, fromLon = RAJWADA.lon): Gt06Fix[] {
  const fixes: Gt06Fix[] = [];
  let lon = fromLon;
  for (let i = 0; i < moving + parked; i++) {
    const driving = i > 0 && i < moving;
    if (driving) lon += 250 * LON_PER_M;
    fixes.push({
      at: new Date(startMs + i * 30_000),
      lat: RAJWADA.lat,
      lon,
      speedKph: driving ? 30 : 0,
      ignition: i < moving,
    });
  }
  return fixes;
}

describe('derive stage', () => {
  let t: TestApp;
  let gateway: Gateway;
  let port: number;
  let serial = 10;
  let indore: bigint;
  let nextImei = 359710049095100;

  const seed = async (registrationNumber: string): Promise<TrackedVehicle> =>
    seedTrackedVehicle(t.db, {
      imei: String(nextImei++),
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber,
    });

  /** Logs in and sends the fixes one by one, each acked (= committed) before the next. */
  async function drive(imei: string, fixes: readonly Gt06Fix[]): Promise<void> {
    const device = await TcpDevice.connect(port);
    await device.write(gt06Login(imei, 1));
    expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOGIN, 1)));
    for (const fix of fixes) {
      serial += 1;
      await device.write(gt06Location(fix, serial));
      expect(toHex(await device.read(10))).toBe(toHex(gt06Ack(LOCATION, serial)));
    }
    device.socket.end();
    await device.closed;
  }

  const intervalsOf = (deviceId: bigint) =>
    rows<IntervalDbRow>(
      t.db,
      sql`select kind, started_at, ended_at, distance_m, offline_reason from state_intervals
          where device_id = ${deviceId} order by started_at`,
    );
  const daysOf = (deviceId: bigint) =>
    rows<DailyDbRow>(
      t.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, distance_m, run_s, stop_s, offline_s, trips, points,
            vehicle_id::text as vehicle_id
          from daily_vehicle_stats where device_id = ${deviceId} order by day`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    indore = await organisationId(t.db, INDORE);
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      ...deriveWiring(),
    });
    port = gateway.ports.gt06 ?? 0;
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  it('derives moving then stopped, a trip, the IST day and the persisted state from fix times', async () => {
    const tracked = await seed('MP09DV0001');
    // 10:00 IST: 10 minutes at 30 km/h (20 × 250 m), 10 minutes parked, then away again.
    const start = Date.parse('2026-01-15T04:30:00Z');
    const fixes = [
      ...track(start, 21, 20),
      ...track(start + 41 * 30_000, 4, 0, RAJWADA.lon + 5000 * LON_PER_M).map((f, i) => ({
        ...f,
        lon: RAJWADA.lon + (5000 + 250 * (i + 1)) * LON_PER_M,
        speedKph: 30,
        ignition: true,
      })),
    ];
    await drive(tracked.imei, fixes);

    const intervals = await intervalsOf(tracked.deviceId);
    expect(intervals.map((i) => i.kind)).toEqual(['moving', 'stopped']);
    const [moving, stopped] = intervals;
    expect(new Date(moving?.started_at ?? 0).toISOString()).toBe(new Date(start).toISOString());
    expect(moving?.distance_m).toBeGreaterThan(4900);
    expect(moving?.distance_m).toBeLessThan(5100);
    const stoppedS =
      (new Date(stopped?.ended_at ?? 0).getTime() - new Date(stopped?.started_at ?? 0).getTime()) / 1000;
    expect(stoppedS).toBeGreaterThanOrEqual(540);

    const trips = await rows<{ distance_m: number; started_at: Date }>(
      t.db,
      sql`select distance_m, started_at from trips where device_id = ${tracked.deviceId}`,
    );
    expect(trips).toHaveLength(1);
    expect(trips[0]?.distance_m).toBeGreaterThan(4900);

    const days = await daysOf(tracked.deviceId);
    expect(days.map((d) => d.day)).toEqual(['2026-01-15']);
    const day = days[0];
    expect(day?.vehicle_id).toBe(String(tracked.vehicleId));
    expect(day?.points).toBe(fixes.length);
    expect(day?.distance_m).toBeGreaterThan(5900); // 5 km, then 4 × 250 m on the way out
    expect(day?.run_s).toBeGreaterThanOrEqual(600); // the closed drive + the open one
    expect(day?.stop_s).toBe(stoppedS);
    expect(day?.trips).toBe(1);

    const [persisted] = await rows<{ last_ms: string | number }>(
      t.db,
      sql`select state #>> '{device,motion,lastMs}' as last_ms from device_derive_state
          where device_id = ${tracked.deviceId}`,
    );
    expect(Number(persisted?.last_ms)).toBe(fixes.at(-1)?.at.getTime());
  });

  it('resumes from device_derive_state after a gateway restart', async () => {
    const tracked = await seed('MP09DV0004');
    const start = Date.parse('2026-01-16T04:30:00Z');
    const fixes = track(start, 21, 20);
    await drive(tracked.imei, fixes.slice(0, 25));
    // A fresh gateway knows nothing in memory: the state comes from the database.
    await gateway.stop();
    gateway = await startGateway({
      database: t.database,
      bus: t.bus,
      config: testGatewayConfig(),
      protocols: ['gt06'],
      ...deriveWiring(),
    });
    port = gateway.ports.gt06 ?? 0;
    await drive(tracked.imei, fixes.slice(25));
    const intervals = await intervalsOf(tracked.deviceId);
    expect(intervals.map((i) => i.kind)).toEqual(['moving']);
    expect(new Date(intervals[0]?.started_at ?? 0).getTime()).toBe(start);
    const [day] = await daysOf(tracked.deviceId);
    expect(day?.points).toBe(fixes.length);
    expect(day?.run_s).toBe(600);
    expect(day?.distance_m).toBeGreaterThan(4900);
  });

  it('splits a drive across IST midnight over two days', async () => {
    const tracked = await seed('MP09DV0002');
    // 23:50 to 00:10 IST (18:20–18:40 UTC), moving all along: the open interval counts live.
    const fixes = track(Date.parse('2026-01-15T18:20:00Z'), 41, 0);
    await drive(tracked.imei, fixes);
    const days = await daysOf(tracked.deviceId);
    expect(days.map((d) => d.day)).toEqual(['2026-01-15', '2026-01-16']);
    const [before, after] = days;
    expect(before?.run_s).toBe(600);
    expect(after?.run_s).toBe(600);
    expect(before?.points).toBe(20);
    expect(after?.points).toBe(21);
    expect((before?.distance_m ?? 0) + (after?.distance_m ?? 0)).toBeGreaterThan(9900);
  });

  it('the offline job opens one offline interval and event with a reason; the next fix ends them', async () => {
    const tracked = await seed('MP09DV0003');
    const start = Math.floor(Date.now() / 1000) * 1000 - 30 * 60_000;
    await drive(tracked.imei, track(start, 4, 4));
    // The last packet said main power was off.
    await t.db.execute(
      sql`update device_latest set main_power = false where device_id = ${tracked.deviceId}`,
    );

    const job = offlineJob(t.database, () => new Date(Date.now() + 20 * 60_000));
    // (The other tests' devices fall silent too.)
    expect(await job.run()).toMatch(/^[1-9]\d* devices went offline$/);
    expect(await job.run()).toBe('0 devices went offline');

    const lastFixMs = start + 7 * 30_000;
    const intervals = await intervalsOf(tracked.deviceId);
    const offline = intervals.filter((i) => i.kind === 'offline');
    expect(offline).toHaveLength(1);
    expect(new Date(offline[0]?.started_at ?? 0).getTime()).toBe(lastFixMs);
    expect(offline[0]?.ended_at).toBeNull();
    const events = await rows<{ reason: string; started_at: Date; ended_at: Date | null }>(
      t.db,
      sql`select attrs->>'reason' as reason, started_at, ended_at from events
          where device_id = ${tracked.deviceId} and type = 'offline'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]?.reason).toBe('power cut');
    expect(new Date(events[0]?.started_at ?? 0).getTime()).toBe(lastFixMs);

    // Back: the same offline row ends at the new fix, and so does the event.
    const backAt = new Date(Date.now() - 1000);
    backAt.setMilliseconds(0);
    await drive(tracked.imei, [{ at: backAt, lat: RAJWADA.lat, lon: RAJWADA.lon, speedKph: 0 }]);
    const after = (await intervalsOf(tracked.deviceId)).filter((i) => i.kind === 'offline');
    expect(after).toHaveLength(1);
    expect(new Date(after[0]?.ended_at ?? 0).getTime()).toBe(backAt.getTime());
    const [ended] = await rows<{ ended_at: Date | null }>(
      t.db,
      sql`select ended_at from events where device_id = ${tracked.deviceId} and type = 'offline'`,
    );
    expect(new Date(ended?.ended_at ?? 0).getTime()).toBe(backAt.getTime());
  });

  it("the offline job holds each device to its organisation's offlineAfterS", async () => {
    const tracked = await seed('MP09DV0005');
    await drive(tracked.imei, track(Math.floor(Date.now() / 1000) * 1000 - 5 * 60_000, 2, 2));
    // Indore (and the organisations below it) wait an hour before calling a device offline.
    await t.db.execute(
      sql`insert into organisation_settings (organisation_id, settings)
          values (${indore}, '{"derive": {"offlineAfterS": 3600}}'::jsonb)
          on conflict (organisation_id) do update set settings = excluded.settings`,
    );
    const offlineKinds = async () =>
      (await intervalsOf(tracked.deviceId)).filter((i) => i.kind === 'offline').length;
    try {
      // 20 minutes later: past the default 15 minutes, not past Indore's hour.
      const in20 = offlineJob(t.database, () => new Date(Date.now() + 20 * 60_000), createDbDeriveContext());
      await in20.run();
      expect(await offlineKinds()).toBe(0);
      const in70 = offlineJob(t.database, () => new Date(Date.now() + 70 * 60_000), createDbDeriveContext());
      await in70.run();
      expect(await offlineKinds()).toBe(1);
    } finally {
      await t.db.execute(sql`delete from organisation_settings where organisation_id = ${indore}`);
    }
  });
});
