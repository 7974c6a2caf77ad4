/**
 * The tables the derive stage writes (derive-stage.ts): closed `state_intervals` and `trips`, the touched
 * `daily_vehicle_stats` days and `device_derive_state` (geofence_visits: visits-table.ts). Each table builds its
 * statements (BatchTable.statements: INSERT … SELECT FROM unnest($1::type[], …), one per table and batch), which the
 * writer sends with the core tables' in ONE round trip of the batch transaction; `write…` run them on their own (the
 * re-derivation, the worker's offline job).
 */
import type { DailyStats, StateInterval, Trip } from '../../derive/index.ts';
import type { BatchTable } from './batch.ts';
import type { PersistedDeriveState } from './derive-stage.ts';
import { runStatements, type SqlExecutor, type SqlStatement } from './sql-client.ts';
import {
  chunks,
  json,
  MAX_UNNEST_ROWS,
  num,
  unnestInsert,
  unnestOf,
  unnestStatements,
  type Column,
} from './sql-values.ts';

export interface Owner {
  deviceId: bigint;
  vehicleId: bigint | null;
  organisationId: bigint;
}

export interface IntervalRow extends Owner {
  interval: StateInterval;
  /** False: still open (offline interval opened by the worker): ended_at stays null. */
  closed: boolean;
}
export interface TripRow extends Owner {
  trip: Trip;
}
export interface DailyRow extends Owner {
  stats: DailyStats;
}
export interface DeriveStateRow {
  deviceId: bigint;
  state: PersistedDeriveState;
  /** An offline interval ended here: close the device's open 'offline' event. */
  offlineEndedAt: Date | null;
}

const INTERVAL_COLUMNS: readonly Column<IntervalRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['vehicle_id', 'bigint', 'number', (r) => r.vehicleId],
  ['organisation_id', 'bigint', 'number', (r) => r.organisationId],
  ['kind', 'text', 'text', (r) => r.interval.kind],
  ['started_at', 'timestamptz', 'time', (r) => r.interval.startAt],
  ['ended_at', 'timestamptz', 'time', (r) => (r.closed ? r.interval.endAt : null)],
  ['distance_m', 'float8', 'number', (r) => num(r.interval.distanceM) ?? 0],
  ['max_speed_kph', 'real', 'number', (r) => num(r.interval.maxSpeedKph)],
  ['start_lat', 'float8', 'number', (r) => num(r.interval.startLat)],
  ['start_lon', 'float8', 'number', (r) => num(r.interval.startLon)],
  ['end_lat', 'float8', 'number', (r) => num(r.interval.endLat)],
  ['end_lon', 'float8', 'number', (r) => num(r.interval.endLon)],
  ['offline_reason', 'text', 'text', (r) => r.interval.offlineReason],
];
const UPSERT_INTERVALS = unnestInsert(
  'state_intervals',
  INTERVAL_COLUMNS,
  `ON CONFLICT (device_id, started_at) DO UPDATE SET kind = excluded.kind, ended_at = excluded.ended_at,
     distance_m = excluded.distance_m, max_speed_kph = excluded.max_speed_kph, end_lat = excluded.end_lat,
     end_lon = excluded.end_lon, offline_reason = excluded.offline_reason`,
);

export function intervalStatements(rows: readonly IntervalRow[]): SqlStatement[] {
  const latest = dedupe(rows, (r) => `${r.deviceId}:${r.interval.startAt.getTime()}`);
  return unnestStatements(UPSERT_INTERVALS, INTERVAL_COLUMNS, latest);
}

const TRIP_COLUMNS: readonly Column<TripRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['vehicle_id', 'bigint', 'number', (r) => r.vehicleId],
  ['organisation_id', 'bigint', 'number', (r) => r.organisationId],
  ['started_at', 'timestamptz', 'time', (r) => r.trip.startAt],
  ['ended_at', 'timestamptz', 'time', (r) => r.trip.endAt],
  ['distance_m', 'float8', 'number', (r) => num(r.trip.distanceM) ?? 0],
  ['max_speed_kph', 'real', 'number', (r) => num(r.trip.maxSpeedKph)],
  ['avg_speed_kph', 'real', 'number', (r) => num(r.trip.avgSpeedKph)],
  ['start_lat', 'float8', 'number', (r) => num(r.trip.startLat)],
  ['start_lon', 'float8', 'number', (r) => num(r.trip.startLon)],
  ['end_lat', 'float8', 'number', (r) => num(r.trip.endLat)],
  ['end_lon', 'float8', 'number', (r) => num(r.trip.endLon)],
];
const INSERT_TRIPS = unnestInsert('trips', TRIP_COLUMNS, 'ON CONFLICT (device_id, started_at) DO NOTHING');

export function tripStatements(rows: readonly TripRow[]): SqlStatement[] {
  const latest = dedupe(rows, (r) => `${r.deviceId}:${r.trip.startAt.getTime()}`);
  return unnestStatements(INSERT_TRIPS, TRIP_COLUMNS, latest);
}

const DAILY_COLUMNS: readonly Column<DailyRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['day', 'date', 'text', (r) => r.stats.day],
  ['vehicle_id', 'bigint', 'number', (r) => r.vehicleId],
  ['organisation_id', 'bigint', 'number', (r) => r.organisationId],
  ['distance_m', 'float8', 'number', (r) => num(r.stats.distanceM) ?? 0],
  ['run_s', 'int', 'number', (r) => Math.round(r.stats.runS)],
  ['idle_s', 'int', 'number', (r) => Math.round(r.stats.idleS)],
  ['stop_s', 'int', 'number', (r) => Math.round(r.stats.stopS)],
  ['offline_s', 'int', 'number', (r) => Math.round(r.stats.offlineS)],
  ['max_speed_kph', 'real', 'number', (r) => num(r.stats.maxSpeedKph)],
  ['avg_speed_kph', 'real', 'number', (r) => num(r.stats.avgMovingSpeedKph)],
  ['trips', 'int', 'number', (r) => r.stats.tripCount],
  ['first_ignition_at', 'timestamptz', 'time', (r) => r.stats.firstIgnitionOnAt],
  ['last_ignition_at', 'timestamptz', 'time', (r) => r.stats.lastIgnitionOnAt],
  ['points', 'int', 'number', (r) => r.stats.pointCount],
  ['fuel_used_l', 'float8', 'number', (r) => num(r.stats.fuelUsedL)],
];
const UPSERT_DAILY = unnestInsert(
  'daily_vehicle_stats',
  DAILY_COLUMNS,
  `ON CONFLICT (device_id, day) DO UPDATE SET vehicle_id = excluded.vehicle_id,
     organisation_id = excluded.organisation_id, distance_m = excluded.distance_m, run_s = excluded.run_s,
     idle_s = excluded.idle_s, stop_s = excluded.stop_s, offline_s = excluded.offline_s,
     max_speed_kph = excluded.max_speed_kph, avg_speed_kph = excluded.avg_speed_kph, trips = excluded.trips,
     first_ignition_at = excluded.first_ignition_at, last_ignition_at = excluded.last_ignition_at,
     points = excluded.points, fuel_used_l = excluded.fuel_used_l, updated_at = now()`,
);

export function dailyStatsStatements(rows: readonly DailyRow[]): SqlStatement[] {
  const latest = dedupe(rows, (r) => `${r.deviceId}:${r.stats.day}`);
  return unnestStatements(UPSERT_DAILY, DAILY_COLUMNS, latest);
}

/**
 * The states go as ONE jsonb array of `[deviceId, state]` pairs: the JSON texts are joined as they are (a jsonb[]
 * array literal would escape every quote of ~1.4 kB per device), and PostgreSQL parses them once.
 */
const UPSERT_DERIVE_STATES = `INSERT INTO device_derive_state (device_id, state)
  SELECT (e ->> 0)::bigint, e -> 1 FROM jsonb_array_elements($1::jsonb) AS e
  ON CONFLICT (device_id) DO UPDATE SET state = excluded.state, updated_at = now()`;

const OFFLINE_ENDS: readonly Column<DeriveStateRow>[] = [
  ['device_id', 'bigint', 'number', (r) => r.deviceId],
  ['at', 'timestamptz', 'time', (r) => r.offlineEndedAt],
];
/** The worker's offline event of the device ends when a fix closes the offline interval. */
const END_OFFLINE_EVENTS = `UPDATE events e SET ended_at = greatest(e.started_at, v.at), last_at = greatest(e.last_at, v.at)
  FROM ${unnestOf(OFFLINE_ENDS)} AS v(device_id, at)
  WHERE e.device_id = v.device_id AND e.type = 'offline' AND e.ended_at IS NULL`;

export function deriveStateStatements(rows: readonly DeriveStateRow[]): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (const chunk of chunks(
    dedupe(rows, (r) => String(r.deviceId)),
    MAX_UNNEST_ROWS,
  )) {
    // One join of every piece: a template per pair would copy each ~1 kB state once more.
    const parts: string[] = ['['];
    for (const r of chunk) {
      if (parts.length > 1) parts.push(',');
      parts.push('["', String(r.deviceId), '",', json(r.state) ?? 'null', ']');
    }
    parts.push(']');
    statements.push({ text: UPSERT_DERIVE_STATES, params: [parts.join('')] });
  }
  // The first end per device: once it closed the event, a later one finds nothing open (as one UPDATE per row did).
  const ends = new Map<bigint, DeriveStateRow>();
  for (const r of rows) if (r.offlineEndedAt && !ends.has(r.deviceId)) ends.set(r.deviceId, r);
  statements.push(...unnestStatements(END_OFFLINE_EVENTS, OFFLINE_ENDS, [...ends.values()]));
  return statements;
}

export const writeIntervals = (tx: SqlExecutor, rows: readonly IntervalRow[]) =>
  writeStatements(tx, intervalStatements(rows));
export const writeTrips = (tx: SqlExecutor, rows: readonly TripRow[]) =>
  writeStatements(tx, tripStatements(rows));
export const writeDailyStats = (tx: SqlExecutor, rows: readonly DailyRow[]) =>
  writeStatements(tx, dailyStatsStatements(rows));
export const writeDeriveStates = (tx: SqlExecutor, rows: readonly DeriveStateRow[]) =>
  writeStatements(tx, deriveStateStatements(rows));

/** The statements in one round trip (the re-derivation and the worker's offline job write the tables directly). */
async function writeStatements(tx: SqlExecutor, statements: readonly SqlStatement[]): Promise<void> {
  await runStatements(tx, statements);
}

/** The last row per key, in first-seen order (one statement cannot touch a row twice). */
function dedupe<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    byKey.delete(k);
    byKey.set(k, row);
  }
  return [...byKey.values()];
}

export const intervalsTable: BatchTable<IntervalRow> = {
  name: 'state_intervals',
  statements: intervalStatements,
  sliceable: true,
};
export const tripsTable: BatchTable<TripRow> = { name: 'trips', statements: tripStatements };
export const dailyStatsTable: BatchTable<DailyRow> = {
  name: 'daily_vehicle_stats',
  statements: dailyStatsStatements,
  sliceable: true,
};
export const deriveStateTable: BatchTable<DeriveStateRow> = {
  name: 'device_derive_state',
  statements: deriveStateStatements,
  sliceable: true,
};
