/**
 * Route playback latency (GET /v1/vehicle/position/playback, modules/playback): one vehicle's IST day at 5 s intervals
 * (17,280 fixes) with 96 state intervals, 48 trips and 24 alerts, five other devices' days in the same positions
 * partition, through the real route (`app.inject`: authentication, scope, validation, the five queries, own-data
 * geocoding of every stop and trip end, zod serialisation of the columnar answer). 3 warm-up calls, then 10 timed.
 * Also: the points query alone, the export formats, and the points query's plan (must use the positions PK).
 *
 *   node --import tsx bench/playback.bench.ts                                  (PGlite only)
 *   DATABASE_URL=postgres://… node --import tsx bench/playback.bench.ts        (PGlite, then a scratch PostgreSQL db)
 *
 * Results → bench/results/playback.json (one entry per engine run; an engine not run keeps its previous entry).
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { GEOCODE_BATCH_MAX, type Playback } from '@civicfleet/shared';
import { rows, type Database } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { ensureMonthPartitions } from '../apps/server/src/gateway/ingest/partitions.ts';
import { sqlClientOf } from '../apps/server/src/gateway/ingest/sql-client.ts';
import { createReverseGeocoder } from '../apps/server/src/modules/geocode/reverse-geocoder.ts';
import { pointsQuery, readPoints } from '../apps/server/src/modules/playback/playback.repository.ts';
import { figures, openBenchApi, round, runOnEachEngine, type ScratchDatabase } from './support/engine.ts';

const FIXES_PER_DAY = 17_280;
const OTHER_DEVICES = 5;
const WARM_UP = 3;
const RUNS = 10;
/** 25/11/2026 00:00 IST. */
const DAY_START = new Date('2026-11-24T18:30:00Z');
const DAY_END = new Date(DAY_START.getTime() + 86_400_000);
const here = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(here, 'results', 'playback.json');

/**
 * One Indore vehicle's day (device linked since 2026-11-01) plus OTHER_DEVICES other devices' days, all in SQL: a
 * wandering track through the city at 5 s, 96 quarter-hour intervals (moving, stopped, moving, idle), a trip per
 * moving interval, an alert an hour. Returns the vehicle id.
 */
export async function seedDay(database: Database): Promise<bigint> {
  const { db } = database;
  const [indore] = await rows<{ id: string }>(
    db,
    sql`select id::text as id from organisations where trade_name = 'Indore Municipal Corporation'`,
  );
  if (!indore) throw new Error('demo organisation Indore missing');
  const org = BigInt(indore.id);
  await ensureMonthPartitions(sqlClientOf(database), DAY_START, DAY_END, ['positions']);
  const devices = await rows<{ id: string }>(
    db,
    sql`insert into devices (imei, status, model, protocol, organisation_id)
        select '8639000000000' || lpad(g::text, 2, '0'), 'INSTALLED', 'BENCH', 'gt06', ${org}
          from generate_series(0, ${OTHER_DEVICES}) g
        returning id::text as id`,
  );
  const vehicles = await rows<{ id: string }>(
    db,
    sql`insert into vehicles (registration_number, kind, organisation_id)
        select 'MP09PB' || lpad(g::text, 4, '0'), 'TRUCK', ${org} from generate_series(0, ${OTHER_DEVICES}) g
        returning id::text as id`,
  );
  for (const [i, device] of devices.entries()) {
    await db.execute(
      sql`insert into vehicle_device_links (vehicle_id, device_id, linked_at)
          values (${vehicles[i]?.id}, ${device.id}, '2026-11-01T00:00:00Z')`,
    );
    await db.execute(sql`
      insert into positions (device_id, vehicle_id, fixed_at, server_at, lat, lon, speed_kph, heading_deg, satellites,
                             gps_valid, ignition, distance_m, odometer_m)
      select ${device.id}, ${vehicles[i]?.id}, ${DAY_START.toISOString()}::timestamptz + g * interval '5 seconds',
             ${DAY_START.toISOString()}::timestamptz + g * interval '5 seconds' + interval '2 seconds',
             22.72 + 0.03 * sin(g / 900.0 + ${i}), 75.86 + 0.04 * cos(g / 1300.0 + ${i}),
             (abs(sin(g / 60.0)) * 45)::real, (g % 360)::real, 9, g % 97 <> 0, g % 180 < 150,
             case when g % 97 = 0 then 0 else 12.5 end, g * 12.5
        from generate_series(0, ${FIXES_PER_DAY - 1}) g`);
  }
  const vehicleId = vehicles[0]?.id;
  const deviceId = devices[0]?.id;
  if (!vehicleId || !deviceId) throw new Error('seed failed');
  await db.execute(sql`
    insert into state_intervals (device_id, vehicle_id, organisation_id, kind, started_at, ended_at, distance_m,
                                 max_speed_kph, start_lat, start_lon, end_lat, end_lon)
    select ${deviceId}, ${vehicleId}, ${org}, (array['moving','stopped','moving','idle'])[g % 4 + 1],
           ${DAY_START.toISOString()}::timestamptz + g * interval '15 minutes',
           ${DAY_START.toISOString()}::timestamptz + (g + 1) * interval '15 minutes',
           case when g % 2 = 0 then 5000 else 0 end, 45,
           22.72 + 0.03 * sin(g * 180 / 900.0), 75.86 + 0.04 * cos(g * 180 / 1300.0),
           22.72 + 0.03 * sin((g + 1) * 180 / 900.0), 75.86 + 0.04 * cos((g + 1) * 180 / 1300.0)
      from generate_series(0, 95) g`);
  await db.execute(sql`
    insert into trips (device_id, vehicle_id, organisation_id, started_at, ended_at, distance_m, max_speed_kph,
                       avg_speed_kph, start_lat, start_lon, end_lat, end_lon)
    select device_id, vehicle_id, organisation_id, started_at, ended_at, distance_m, 45, 20,
           start_lat, start_lon, end_lat, end_lon
      from state_intervals where vehicle_id = ${vehicleId} and kind = 'moving'`);
  await db.execute(sql`
    insert into events (device_id, vehicle_id, organisation_id, type, started_at, ended_at, last_at, lat, lon)
    select ${deviceId}, ${vehicleId}, ${org}, (array['overspeed','harshBraking','tamper'])[g % 3 + 1],
           ${DAY_START.toISOString()}::timestamptz + g * interval '1 hour' + interval '7 minutes',
           ${DAY_START.toISOString()}::timestamptz + g * interval '1 hour' + interval '7 minutes',
           ${DAY_START.toISOString()}::timestamptz + g * interval '1 hour' + interval '7 minutes', 22.72, 75.86
      from generate_series(0, 23) g`);
  await db.execute(sql`analyze`);
  return BigInt(vehicleId);
}

/**
 * Own-data reverse geocoding of 200 points spread over Indore (wards, 11 geofences): the first batch of a fresh
 * geocoder (reads and indexes the organisation's places), then warm batches and single lookups through the routes.
 */
async function measureGeocoding(
  database: Database,
  get: (url: string) => Promise<unknown>,
  post: (url: string, payload: object) => Promise<unknown>,
) {
  const next = prng(11);
  const points = Array.from({ length: GEOCODE_BATCH_MAX }, () => ({
    lat: 22.66 + next() * 0.12,
    lon: 75.8 + next() * 0.13,
  }));
  const [indore] = await rows<{ id: string }>(
    database.db,
    sql`select id::text as id from organisations where trade_name = 'Indore Municipal Corporation'`,
  );
  const scope = [BigInt(indore?.id ?? 0)];
  const cold = createReverseGeocoder({ db: database.db });
  let started = performance.now();
  const first = await cold.reverseMany(scope, points);
  const coldMs = performance.now() - started;
  started = performance.now();
  await cold.reverseMany(scope, points);
  const warmInProcessMs = performance.now() - started;
  const named = first.filter((r) => r.address !== null).length;
  const batch: number[] = [];
  const single: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await post('/v1/geocode/reverse-batch', { points });
    batch.push(performance.now() - started);
    const p = points[i] ?? { lat: 22.72, lon: 75.86 };
    started = performance.now();
    await get(`/v1/geocode/reverse?lat=${p.lat}&lon=${p.lon}`);
    single.push(performance.now() - started);
  }
  return {
    points: points.length,
    pointsNamed: named,
    coldBatchMs: round(coldMs),
    warmBatchInProcessMs: round(warmInProcessMs),
    batchRoute: figures(batch),
    singleRoute: figures(single),
  };
}

/** A deterministic pseudo-random sequence (mulberry32). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function runEngine(engine: ScratchDatabase) {
  const { database } = engine;
  const seedStarted = performance.now();
  await prepareDatabase(database, { demo: true, demoFleet: false });
  const vehicleId = await seedDay(database);
  const seedS = (performance.now() - seedStarted) / 1000;
  const version = (await rows<{ v: string }>(database.db, sql`select version() as v`))[0]?.v ?? '';
  const range = { vehicleId, from: DAY_START, to: DAY_END };
  const plan = (
    await rows<Record<string, string>>(database.db, sql`explain (costs off) ${pointsQuery(range)}`)
  ).map((r) => Object.values(r)[0] ?? '');
  const usesPk = plan.some((line) =>
    /(Index|Index Only|Bitmap Index) Scan (using|on) positions_\w*pkey/.test(line),
  );

  const api = await openBenchApi(database);
  const { app } = api;
  const token = await api.token('ADMIN');
  const headers = { authorization: `Bearer ${token}` };
  const query = `vehicleId=${vehicleId}&from=2026-11-25T00:00:00%2B05:30&to=2026-11-26T00:00:00%2B05:30`;
  const call = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };

  let answer: Playback | undefined;
  let bytes = 0;
  for (let i = 0; i < WARM_UP; i++) await call(`/v1/vehicle/position/playback?${query}`);
  const loadBefore = loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await call(`/v1/vehicle/position/playback?${query}`);
    times.push(performance.now() - started);
    bytes = res.rawPayload.length;
    answer = (res.json() as { data: Playback }).data;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const loadAfter = loadavg()[0] ?? 0;

  const pointTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await readPoints(database.db, range);
    pointTimes.push(performance.now() - started);
  }
  const exports: Record<string, { medianMs: number; bytes: number }> = {};
  for (const format of ['gpx', 'kml', 'csv']) {
    const formatTimes: number[] = [];
    let size = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await call(`/v1/vehicle/position/playback/export?${query}&format=${format}`);
      formatTimes.push(performance.now() - started);
      size = res.rawPayload.length;
    }
    exports[format] = { medianMs: figures(formatTimes).medianMs, bytes: size };
  }
  const geocoding = await measureGeocoding(database, call, async (url, payload) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  });
  await api.close();
  const result = {
    version,
    seedS: round(seedS),
    answer: {
      points: answer?.points.t.length ?? 0,
      stops: answer?.stops.length ?? 0,
      trips: answer?.trips.length ?? 0,
      alerts: answer?.alerts.length ?? 0,
      stopsWithAddress: answer?.stops.filter((s) => s.address !== null).length ?? 0,
      bytes,
    },
    route: figures(times),
    processCpuMsPerCall: round((cpu.user + cpu.system) / 1000 / RUNS),
    pointsQuery: figures(pointTimes),
    exports,
    geocoding,
    pointsPlanUsesPositionsPk: usesPk,
    pointsPlan: plan,
    loadAverage1m: [round(loadBefore), round(loadAfter)],
  };
  console.log(engine.kind, JSON.stringify({ ...result, pointsPlan: undefined }, null, 1));
  return result;
}

async function main(): Promise<void> {
  await runOnEachEngine({
    resultsFile,
    prefix: 'cf-bench-playback',
    describe: {
      benchmark: `GET /v1/vehicle/position/playback through app.inject: one IST day at 5 s (${FIXES_PER_DAY} fixes), ${WARM_UP} warm-up calls, ${RUNS} timed`,
      target: 'well under one second per call on PGlite',
    },
    run: runEngine,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
