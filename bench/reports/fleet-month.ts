/**
 * Seeds a fleet's month for bench/reports.bench.ts: vehicles, devices and links in SQL, then for the first
 * `templates` vehicles the generated track (track.ts) through the real distance stage and derive machines
 * (apps/server/src/derive stepDistance + stepDevice, the reference wiring of the ingest pipeline's derive stage),
 * positions by COPY (CSV) and the derived rows through the derive stage's own statements (derive-tables.ts,
 * visits-table.ts) plus events from the alert episodes. Every other vehicle replays one template's fixes under its
 * own device and vehicle (COPY as well), and gets that template's derived rows copied in SQL: the same fixes give the
 * same derive output, and deriving ~30 M fixes one by one does not fit the benchmark's time box on 2 shared cores
 * (~40–90 µs per fix here, stepDevice + stepDistance with 29 fences).
 */
import {
  DEFAULT_DERIVE_SETTINGS,
  initialDistanceState,
  stepDistance,
  type DerivePoint,
  type DeriveSettings,
  type Fence,
} from '../../apps/server/src/derive/index.ts';
import { previewDailyStats } from '../../apps/server/src/derive/daily-stats.ts';
import { initialDeviceDeriveState, stepDevice } from '../../apps/server/src/derive/device.ts';
import { openInterval } from '../../apps/server/src/derive/motion.ts';
import type { Visit, VisitStart } from '../../apps/server/src/derive/visits.ts';
import { createDbDeriveContext } from '../../apps/server/src/gateway/ingest/derive-context-db.ts';
import {
  dailyStatsStatements,
  intervalStatements,
  tripStatements,
  type DailyRow,
  type IntervalRow,
  type TripRow,
} from '../../apps/server/src/gateway/ingest/derive-tables.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { istDay } from './track.ts';
import { evaluateJobRuns } from '../../apps/server/src/modules/operations/job-run-job.ts';
import { ensureMonthPartitions } from '../../apps/server/src/gateway/ingest/partitions.ts';
import { runStatements, type SqlExecutor } from '../../apps/server/src/gateway/ingest/sql-client.ts';
import { visitStatements, type VisitRow } from '../../apps/server/src/gateway/ingest/visits-table.ts';
import { generateMonth, type LatLon, type TrackOptions } from './track.ts';

export const POSITION_COLUMNS =
  'device_id, vehicle_id, fixed_at, server_at, lat, lon, speed_kph, heading_deg, satellites, gps_valid, ignition, main_power, distance_m, odometer_m';

export interface SeedTarget {
  sql: SqlExecutor;
  /** The same database through drizzle (the job-run evaluator reads with it). */
  db: Db;
  /** COPY `csv` (POSITION_COLUMNS order, FORMAT csv) into positions. */
  copyPositions(csv: string): Promise<void>;
}

export interface SeedOptions extends TrackOptions {
  vehicles: number;
  days: number;
  /** First local day's midnight (IST), UTC epoch ms. */
  firstDayStartMs: number;
  /** Vehicles generated per COPY. */
  chunk: number;
  /**
   * Distinct tracks: vehicles 0…templates−1 are generated and derived; vehicle i ≥ templates replays template
   * (i mod templates) under its own ids (positions by COPY too; derived rows copied in SQL).
   */
  templates: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  organisationId: bigint;
  vehicleIds: bigint[];
  templates: number;
  positions: number;
  derived: {
    dailyRows: number;
    intervals: number;
    trips: number;
    events: number;
    visits: number;
    jobRuns: number;
  };
  fences: number;
  waypoints: number;
  seconds: { total: number; generateAndDerive: number; copy: number; derivedWrite: number; jobRuns: number };
  copyRowsPerS: number;
}

interface EventRow {
  type: string;
  startedAt: Date;
  endedAt: Date | null;
  lat: number;
  lon: number;
  speedKph: number | null;
}

/** Centre of a geofence (circle centre or the mean of the outer ring), for the waypoints. */
function fenceCentre(fence: Fence): LatLon | null {
  if (fence.type === 'circle') return { lat: fence.center[1], lon: fence.center[0] };
  const ring = fence.type === 'polygon' ? fence.coordinates[0] : fence.coordinates[0]?.[0];
  if (!ring || ring.length === 0) return null;
  let lat = 0;
  let lon = 0;
  for (const [x, y] of ring) {
    lon += x;
    lat += y;
  }
  return { lat: lat / ring.length, lon: lon / ring.length };
}

export async function seedFleetMonth(
  target: SeedTarget,
  organisationName: string,
  options: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  const db = target.sql;
  const log = options.log ?? (() => undefined);
  const [org] = await db.query<{ id: string }>(
    `select id::text as id from organisations where trade_name = $1`,
    [organisationName],
  );
  if (!org) throw new Error(`organisation ${organisationName} missing`);
  const organisationId = BigInt(org.id);
  const lastMs = options.firstDayStartMs + options.days * 86_400_000;
  await ensureMonthPartitions(db, new Date(options.firstDayStartMs), new Date(lastMs), ['positions']);

  // Wards with their circle and zone, dealt round-robin to the vehicles.
  const wards = await db.query<{ ward: string; circle: string | null; zone: string | null }>(
    `select w.id::text as ward,
            case when c.type = 'CIRCLE' then c.id::text end as circle,
            coalesce(case when z.type = 'ZONE' then z.id::text end, case when c.type = 'ZONE' then c.id::text end) as zone
       from admin_divisions w
       left join admin_divisions c on c.id = w.parent_id
       left join admin_divisions z on z.id = c.parent_id
      where w.organisation_id = $1 and w.type = 'WARD'
      order by w.id`,
    [org.id],
  );
  const n = options.vehicles;
  const pick = <T>(list: readonly T[], i: number) => (list.length ? list[i % list.length] : undefined);
  const idx = Array.from({ length: n }, (_, i) => i);
  const models = ['Tipper', 'Compactor', 'Dumper Placer', 'Tata Ace'];
  const linkedAt = new Date(options.firstDayStartMs - 7 * 86_400_000).toISOString();
  const vehicleRows = await db.query<{ id: string }>(
    `insert into vehicles (registration_number, kind, model, organisation_id, ward_id, circle_id, zone_id, speed_limit_kph)
     select 'MP09RB' || lpad(g::text, 4, '0'), 'TRUCK', m, $1, w, c, z, $2
       from unnest($3::int[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[]) as u(g, m, w, c, z)
      order by g
     returning id::text as id`,
    [
      org.id,
      options.speedLimitKph,
      idx,
      idx.map((i) => models[i % models.length]),
      idx.map((i) => pick(wards, i)?.ward ?? null),
      idx.map((i) => pick(wards, i)?.circle ?? null),
      idx.map((i) => pick(wards, i)?.zone ?? null),
    ],
  );
  const deviceRows = await db.query<{ id: string }>(
    `insert into devices (imei, status, model, protocol, organisation_id)
     select '86420' || lpad(g::text, 10, '0'), 'INSTALLED', 'AIS140', 'ais140', $1
       from generate_series(0, $2::int - 1) g order by g
     returning id::text as id`,
    [org.id, n],
  );
  await db.query(
    `insert into vehicle_device_links (vehicle_id, device_id, linked_at)
     select v, d, $3::timestamptz from unnest($1::bigint[], $2::bigint[]) as u(v, d)`,
    [vehicleRows.map((r) => r.id), deviceRows.map((r) => r.id), linkedAt],
  );
  for (const table of ['vehicles', 'devices', 'vehicle_device_links']) await db.query(`analyze ${table}`);

  // The organisation's derive context as the gateway loads it: settings and fences (wards + geofences).
  const contexts = createDbDeriveContext();
  await contexts.load(db, organisationId);
  const context = contexts.get(organisationId);
  const settings: DeriveSettings = {
    ...DEFAULT_DERIVE_SETTINGS,
    ...context.settings,
    speedLimitKph: options.speedLimitKph,
  };
  const fences = context.fences;
  const waypoints = fences
    .filter((f) => f.id.startsWith('g'))
    .map(fenceCentre)
    .filter((c): c is LatLon => c !== null);
  const centre = waypoints.length
    ? {
        lat: waypoints.reduce((s, p) => s + p.lat, 0) / waypoints.length,
        lon: waypoints.reduce((s, p) => s + p.lon, 0) / waypoints.length,
      }
    : { lat: 22.7196, lon: 75.8577 };
  log(`  ${n} vehicles, ${wards.length} wards, ${fences.length} fences, ${waypoints.length} waypoints`);

  let positions = 0;
  let copyMs = 0;
  let derivedWriteMs = 0;
  let generateMs = 0;
  const templates = Math.min(n, options.templates);
  /** Per template vehicle: its fixes as CSV without the device and vehicle ids (the replicas reuse them). */
  const tails: string[][] = [];
  const copy = async (csv: string) => {
    const copyStarted = performance.now();
    await target.copyPositions(csv);
    copyMs += performance.now() - copyStarted;
  };

  // 1. Template vehicles: generated, derived by the real machines, positions by COPY, derived rows by the derive
  //    stage's statements.
  for (let first = 0; first < templates; first += options.chunk) {
    const genStarted = performance.now();
    const lines: string[] = [];
    const intervals: IntervalRow[] = [];
    const trips: TripRow[] = [];
    const daily: DailyRow[] = [];
    const visits = new Map<string, VisitRow>();
    const events: Array<EventRow & { deviceId: string; vehicleId: string }> = [];
    for (let i = first; i < Math.min(templates, first + options.chunk); i++) {
      const deviceId = deviceRows[i]?.id ?? '';
      const vehicleId = vehicleRows[i]?.id ?? '';
      const owner = { deviceId: BigInt(deviceId), vehicleId: BigInt(vehicleId), organisationId };
      const prefix = `${deviceId},${vehicleId},`;
      const tail: string[] = [];
      tails.push(tail);
      const next = (i * 2654435761) % 1000;
      const depot = {
        lat: centre.lat + ((next % 37) / 37 - 0.5) * 0.06,
        lon: centre.lon + ((next % 41) / 41 - 0.5) * 0.06,
      };
      let distance = initialDistanceState();
      let state = initialDeviceDeriveState();
      const open = new Map<string, EventRow>();
      generateMonth(
        i,
        options.firstDayStartMs,
        options.days,
        depot,
        waypoints,
        options,
        (fix) => {
          const fixTime = new Date(fix.atMs);
          const d = stepDistance(
            distance,
            {
              fixTime,
              lat: fix.lat,
              lon: fix.lon,
              gpsValid: fix.gpsValid,
              speedKph: fix.speedKph,
              ignition: fix.ignition,
            },
            settings,
          );
          distance = d.state;
          const point: DerivePoint = {
            deviceId,
            vehicleId,
            fixTime,
            lat: fix.lat,
            lon: fix.lon,
            speedKph: fix.speedKph,
            ignition: fix.ignition,
            gpsValid: fix.gpsValid,
            mainPower: fix.mainPower,
            distanceM: d.distanceM,
            history: false,
          };
          const step = stepDevice(state, { point, alarms: fix.alarms, fences }, settings);
          state = step.state;
          for (const interval of step.intervals) intervals.push({ ...owner, interval, closed: true });
          for (const trip of step.trips) trips.push({ ...owner, trip });
          const visit = (v: VisitStart | Visit) =>
            visits.set(`${deviceId}:${v.fenceId}:${v.enteredAt.getTime()}`, {
              ...owner,
              visit: v,
              late: false,
            });
          step.visitsOpened.forEach(visit);
          step.visitsClosed.forEach(visit);
          for (const a of step.alertsOpened) {
            open.set(`${a.type}:${a.openedAt.getTime()}`, {
              type: a.type,
              startedAt: a.openedAt,
              endedAt: null,
              lat: fix.lat,
              lon: fix.lon,
              speedKph: a.speedKph,
            });
          }
          for (const c of step.alertsClosed) {
            const key = `${c.type}:${c.openedAt.getTime()}`;
            const row = open.get(key) ?? {
              type: c.type,
              startedAt: c.openedAt,
              endedAt: null,
              lat: fix.lat,
              lon: fix.lon,
              speedKph: null,
            };
            open.delete(key);
            events.push({
              ...row,
              endedAt: c.closedAt,
              speedKph: c.maxSpeedKph ?? row.speedKph,
              deviceId,
              vehicleId,
            });
          }
          const speed = fix.gpsValid ? fix.speedKph : '';
          const line = `${fixTime.toISOString()},${new Date(fix.atMs + 2000).toISOString()},${fix.lat.toFixed(6)},${fix.lon.toFixed(6)},${speed},${fix.headingDeg},9,${fix.gpsValid ? 't' : 'f'},${fix.ignition ? 't' : 'f'},${fix.mainPower ? 't' : 'f'},${d.distanceM.toFixed(1)},${d.odometerM.toFixed(1)}\n`;
          tail.push(line);
          lines.push(prefix + line);
        },
        () => undefined,
      );
      for (const row of open.values()) events.push({ ...row, deviceId, vehicleId });
      for (const stats of previewDailyStats(state.daily, openInterval(state.motion), settings)) {
        daily.push({ ...owner, stats });
      }
    }
    generateMs += performance.now() - genStarted;
    positions += lines.length;
    await copy(lines.join(''));
    const writeStarted = performance.now();
    await runStatements(db, [
      ...intervalStatements(intervals),
      ...tripStatements(trips),
      ...dailyStatsStatements(daily),
      ...visitStatements([...visits.values()]),
    ]);
    if (events.length) {
      await db.query(
        `insert into events (device_id, vehicle_id, organisation_id, type, started_at, ended_at, last_at, lat, lon, attrs)
         select d, v, $1, t, s, e, coalesce(e, s), la, lo, case when sp is null then null else jsonb_build_object('speedKph', sp) end
           from unnest($2::bigint[], $3::bigint[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::float8[],
                       $8::float8[], $9::float8[]) as u(d, v, t, s, e, la, lo, sp)`,
        [
          org.id,
          events.map((e) => e.deviceId),
          events.map((e) => e.vehicleId),
          events.map((e) => e.type),
          events.map((e) => e.startedAt.toISOString()),
          events.map((e) => e.endedAt?.toISOString() ?? null),
          events.map((e) => e.lat),
          events.map((e) => e.lon),
          events.map((e) => e.speedKph),
        ],
      );
    }
    derivedWriteMs += performance.now() - writeStarted;
    log(
      `  templates ${Math.min(templates, first + options.chunk)}/${templates}, ${positions.toLocaleString('en')} positions, ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }

  // 1b. A daily collection job per template vehicle on one route through the collection points (checkpoints), its
  //     31 runs evaluated by the worker's own evaluator (modules/operations/job-run-job.ts) against the positions.
  const jobsStarted = performance.now();
  const checkpoints = waypoints
    .slice(0, 8)
    .map((p, k) => ({ name: `Point ${k + 1}`, lat: p.lat, lon: p.lon, poiId: null }));
  const [route] = await db.query<{ id: string }>(
    `insert into routes (organisation_id, name, path, corridor_m, checkpoints)
     values ($1, 'Bench collection route', $2::jsonb, 500, $3::jsonb) returning id::text as id`,
    [
      org.id,
      JSON.stringify({ type: 'LineString', coordinates: checkpoints.map((c) => [c.lon, c.lat]) }),
      JSON.stringify(checkpoints),
    ],
  );
  const firstDay = istDay(options.firstDayStartMs);
  const lastDay = istDay(lastMs - 86_400_000);
  const insertJobs = (vehicleIds: readonly string[]) =>
    db.query<{ id: string }>(
      `insert into jobs (organisation_id, name, schedule_type, recurrence, start_date, end_date, start_time, end_time,
                         vehicle_id, route_id, expected_trips)
       select $1, 'Collection ' || v, 'Recurring', 'daily', $2::date, $3::date, '06:00', '15:00', v, $4, 2
         from unnest($5::bigint[]) with ordinality as u(v, k) order by k
       returning id::text as id`,
      [org.id, firstDay, lastDay, route?.id, vehicleIds],
    );
  const templateJobs = await insertJobs(vehicleRows.slice(0, templates).map((r) => r.id));
  const days: string[] = [];
  for (let d = 0; d < options.days; d++) days.push(istDay(options.firstDayStartMs + d * 86_400_000));
  await evaluateJobRuns(target.db, new Date(lastMs + 3 * 3_600_000), { days, orgIds: [organisationId] });
  const jobRunsMs = performance.now() - jobsStarted;
  log(
    `  job runs of ${templateJobs.length} jobs × ${days.length} days evaluated in ${Math.round(jobRunsMs / 1000)} s`,
  );

  // 2. The other vehicles replay template (i mod templates): the same fixes under their own device and vehicle, by
  //    COPY, so the positions table holds every vehicle's month.
  const replicaChunk = options.chunk * 2;
  for (let first = templates; first < n; first += replicaChunk) {
    let csv = '';
    for (let i = first; i < Math.min(n, first + replicaChunk); i++) {
      const prefix = `${deviceRows[i]?.id},${vehicleRows[i]?.id},`;
      const tail = tails[i % templates] ?? [];
      const parts = new Array<string>(tail.length);
      for (let k = 0; k < tail.length; k++) parts[k] = prefix + tail[k];
      csv += parts.join('');
      positions += tail.length;
    }
    await copy(csv);
    const done = Math.min(n, first + replicaChunk);
    if (done === n || Math.floor(done / (n / 10)) !== Math.floor(first / (n / 10))) {
      log(
        `  ${done}/${n} vehicles, ${positions.toLocaleString('en')} positions, ${Math.round((performance.now() - started) / 1000)} s`,
      );
    }
  }

  // 3. Their derived rows: exactly the template's (same fixes ⇒ same derive output), under their own ids, in SQL.
  const replicateStarted = performance.now();
  if (n > templates) {
    const mapping = [
      idx.slice(templates).map((i) => deviceRows[i % templates]?.id ?? null),
      idx.slice(templates).map((i) => deviceRows[i]?.id ?? null),
      idx.slice(templates).map((i) => vehicleRows[i]?.id ?? null),
    ];
    for (const table of ['daily_vehicle_stats', 'state_intervals', 'trips', 'events', 'geofence_visits']) {
      const columns = (
        await db.query<{ name: string }>(
          `select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = $1
              and column_name not in ('id', 'device_id', 'vehicle_id') and is_generated = 'NEVER'
            order by ordinal_position`,
          [table],
        )
      ).map((c) => c.name);
      const list = columns.join(', ');
      await db.query(
        `insert into ${table} (device_id, vehicle_id, ${list})
         select m.d, m.v, ${columns.map((c) => `s.${c}`).join(', ')}
           from ${table} s join unnest($1::bigint[], $2::bigint[], $3::bigint[]) as m(t, d, v) on s.device_id = m.t`,
        mapping,
      );
    }
    const replicaJobs = await insertJobs(mapping[2] as string[]);
    await db.query(
      `insert into job_runs (job_id, vehicle_id, day, organisation_id, route_id, window_start, window_end, status,
                             started_at, finished_at, checkpoints_total, checkpoints_met, checkpoints, corridor_exits,
                             expected_trips, gps_trips, score, evaluated_at)
       select m.j, m.v, r.day, r.organisation_id, r.route_id, r.window_start, r.window_end, r.status, r.started_at,
              r.finished_at, r.checkpoints_total, r.checkpoints_met, r.checkpoints, r.corridor_exits, r.expected_trips,
              r.gps_trips, r.score, r.evaluated_at
         from job_runs r join unnest($1::bigint[], $2::bigint[], $3::bigint[]) as m(t, j, v) on r.job_id = m.t`,
      [
        idx.slice(templates).map((i) => templateJobs[i % templates]?.id ?? null),
        replicaJobs.map((j) => j.id),
        mapping[2],
      ],
    );
  }
  derivedWriteMs += performance.now() - replicateStarted;
  for (const table of [
    'positions',
    'daily_vehicle_stats',
    'state_intervals',
    'trips',
    'events',
    'geofence_visits',
    'job_runs',
  ]) {
    await db.query(`analyze ${table}`);
  }
  const count = async (table: string) =>
    Number(
      (
        await db.query<{ n: string }>(`select count(*)::text as n from ${table} where organisation_id = $1`, [
          org.id,
        ])
      )[0]?.n ?? 0,
    );
  return {
    organisationId,
    vehicleIds: vehicleRows.map((r) => BigInt(r.id)),
    templates,
    positions,
    derived: {
      dailyRows: await count('daily_vehicle_stats'),
      intervals: await count('state_intervals'),
      trips: await count('trips'),
      events: await count('events'),
      visits: await count('geofence_visits'),
      jobRuns: await count('job_runs'),
    },
    fences: fences.length,
    waypoints: waypoints.length,
    seconds: {
      total: round((performance.now() - started) / 1000),
      generateAndDerive: round(generateMs / 1000),
      copy: round(copyMs / 1000),
      derivedWrite: round(derivedWriteMs / 1000),
      jobRuns: round(jobRunsMs / 1000),
    },
    copyRowsPerS: Math.round(positions / Math.max(0.001, copyMs / 1000)),
  };
}

const round = (v: number) => Math.round(v * 10) / 10;
