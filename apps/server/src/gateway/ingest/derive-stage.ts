/**
 * The derive stage: runs the pure derive machines (apps/server/src/derive, docs/derivations.md) per fix, in order, and
 * writes what they produce in the batch transaction: closed `state_intervals`, `trips`, `geofence_visits` (a row when
 * a visit is confirmed, the same row when it ends), the touched `daily_vehicle_stats` days (with the still-open
 * interval included, so today's numbers move live) and the device's machine state in `device_derive_state` (loaded
 * again when the device reconnects, so a restart resumes exactly).
 *
 * - Settings and fences per organisation come from a DeriveContextProvider (loaded with the device); a vehicle's
 *   `speed_limit_kph` overrides the organisation's speed limit. `settingsFor` gives them to the core stages too.
 * - Distance and alerts are core stages running the same machines (stages/position.ts, stages/alarms.ts); their
 *   state (`DeviceState.distance`, `.alerts`) is persisted here with the rest.
 * - Late fixes (older than the device's newest) are stored and their alarms raised (late) by the core; here they only
 *   record the earliest pending late time (`lateFromMs`, persisted) and schedule a re-derivation after their batch
 *   commits (rederive-job.ts): once per committed batch per device, serialised per device, in its own transaction.
 */
import {
  dropDaysBefore,
  initialDeviceDeriveState,
  initialDistanceState,
  localDayOf,
  openInterval,
  previewDailyStats,
  stepDevice,
  type DailyStats,
  type DeriveSettings,
  type DeviceDeriveState,
  type DistanceState,
  type StateInterval,
  type Trip,
} from '../../derive/index.ts';
import { createKeyBatcher, LOAD_BATCH } from '../device-directory.ts';
import type { BatchTable } from './batch.ts';
import type { DeviceState } from './device-state.ts';
import { staticDeriveContext, type DeriveContextProvider } from './derive-context.ts';
import type { IngestContext, IngestStage, SettingsResolver } from './pipeline.ts';
import { createRederiver } from './rederive-job.ts';
import type { SqlClient, SqlExecutor } from './sql-client.ts';
import { alertStateWithEvents } from './stages/alarms.ts';
import { visitsTable, type VisitRow } from './visits-table.ts';
import { chunks, id, json, num, rowsPerStatement, valuesList } from './sql-values.ts';

export const DERIVE_STAGE = 'derive';

/** What `device_derive_state.state` holds. */
export interface PersistedDeriveState {
  v: 1;
  device: DeviceDeriveState;
  distance: DistanceState;
  /** Earliest late fix not yet re-derived (epoch ms): a pending re-derivation survives a crash. */
  lateFromMs?: number | null;
}

export function initialPersistedDeriveState(): PersistedDeriveState {
  return { v: 1, device: initialDeviceDeriveState(), distance: initialDistanceState(), lateFromMs: null };
}

export function parsePersistedDeriveState(value: unknown): PersistedDeriveState | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const candidate = parsed as Partial<PersistedDeriveState>;
  if (candidate.v !== 1 || !candidate.device || !candidate.distance) return null;
  const lateFromMs = typeof candidate.lateFromMs === 'number' ? candidate.lateFromMs : null;
  return { v: 1, device: candidate.device, distance: candidate.distance, lateFromMs };
}

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

const INTERVAL_CASTS = [
  'bigint',
  'bigint',
  'bigint',
  'text',
  'timestamptz',
  'timestamptz',
  'float8',
  'real',
  'float8',
  'float8',
  'float8',
  'float8',
  'text',
];

export async function writeIntervals(tx: SqlExecutor, rows: readonly IntervalRow[]): Promise<void> {
  for (const chunk of chunks(
    dedupe(rows, (r) => `${r.deviceId}:${r.interval.startAt.getTime()}`),
    rowsPerStatement(13),
  )) {
    const params: unknown[] = [];
    for (const r of chunk) {
      const i = r.interval;
      params.push(
        id(r.deviceId),
        id(r.vehicleId),
        id(r.organisationId),
        i.kind,
        i.startAt,
        r.closed ? i.endAt : null,
        num(i.distanceM) ?? 0,
        num(i.maxSpeedKph),
        num(i.startLat),
        num(i.startLon),
        num(i.endLat),
        num(i.endLon),
        i.offlineReason,
      );
    }
    await tx.query(
      `INSERT INTO state_intervals (device_id, vehicle_id, organisation_id, kind, started_at, ended_at, distance_m,
         max_speed_kph, start_lat, start_lon, end_lat, end_lon, offline_reason)
       VALUES ${valuesList(chunk.length, INTERVAL_CASTS)}
       ON CONFLICT (device_id, started_at) DO UPDATE SET kind = excluded.kind, ended_at = excluded.ended_at,
         distance_m = excluded.distance_m, max_speed_kph = excluded.max_speed_kph, end_lat = excluded.end_lat,
         end_lon = excluded.end_lon, offline_reason = excluded.offline_reason`,
      params,
    );
  }
}

export async function writeTrips(tx: SqlExecutor, rows: readonly TripRow[]): Promise<void> {
  const casts = ['bigint', 'bigint', 'bigint', 'timestamptz', 'timestamptz', 'float8', 'real', 'real'];
  const all = [...casts, 'float8', 'float8', 'float8', 'float8'];
  for (const chunk of chunks(
    dedupe(rows, (r) => `${r.deviceId}:${r.trip.startAt.getTime()}`),
    rowsPerStatement(12),
  )) {
    const params: unknown[] = [];
    for (const r of chunk) {
      const t = r.trip;
      params.push(
        id(r.deviceId),
        id(r.vehicleId),
        id(r.organisationId),
        t.startAt,
        t.endAt,
        num(t.distanceM) ?? 0,
        num(t.maxSpeedKph),
        num(t.avgSpeedKph),
        num(t.startLat),
        num(t.startLon),
        num(t.endLat),
        num(t.endLon),
      );
    }
    await tx.query(
      `INSERT INTO trips (device_id, vehicle_id, organisation_id, started_at, ended_at, distance_m, max_speed_kph,
         avg_speed_kph, start_lat, start_lon, end_lat, end_lon)
       VALUES ${valuesList(chunk.length, all)}
       ON CONFLICT (device_id, started_at) DO NOTHING`,
      params,
    );
  }
}

export async function writeDailyStats(tx: SqlExecutor, rows: readonly DailyRow[]): Promise<void> {
  const casts = ['bigint', 'date', 'bigint', 'bigint', 'float8', 'int', 'int', 'int', 'int', 'real', 'real'];
  const all = [...casts, 'int', 'timestamptz', 'timestamptz', 'int'];
  for (const chunk of chunks(
    dedupe(rows, (r) => `${r.deviceId}:${r.stats.day}`),
    rowsPerStatement(15),
  )) {
    const params: unknown[] = [];
    for (const r of chunk) {
      const s = r.stats;
      params.push(
        id(r.deviceId),
        s.day,
        id(r.vehicleId),
        id(r.organisationId),
        num(s.distanceM) ?? 0,
        Math.round(s.runS),
        Math.round(s.idleS),
        Math.round(s.stopS),
        Math.round(s.offlineS),
        num(s.maxSpeedKph),
        num(s.avgMovingSpeedKph),
        s.tripCount,
        s.firstIgnitionOnAt,
        s.lastIgnitionOnAt,
        s.pointCount,
      );
    }
    await tx.query(
      `INSERT INTO daily_vehicle_stats (device_id, day, vehicle_id, organisation_id, distance_m, run_s, idle_s, stop_s,
         offline_s, max_speed_kph, avg_speed_kph, trips, first_ignition_at, last_ignition_at, points)
       VALUES ${valuesList(chunk.length, all)}
       ON CONFLICT (device_id, day) DO UPDATE SET vehicle_id = excluded.vehicle_id,
         organisation_id = excluded.organisation_id, distance_m = excluded.distance_m, run_s = excluded.run_s,
         idle_s = excluded.idle_s, stop_s = excluded.stop_s, offline_s = excluded.offline_s,
         max_speed_kph = excluded.max_speed_kph, avg_speed_kph = excluded.avg_speed_kph, trips = excluded.trips,
         first_ignition_at = excluded.first_ignition_at, last_ignition_at = excluded.last_ignition_at,
         points = excluded.points, updated_at = now()`,
      params,
    );
  }
}

export async function writeDeriveStates(tx: SqlExecutor, rows: readonly DeriveStateRow[]): Promise<void> {
  const latest = dedupe(rows, (r) => String(r.deviceId));
  for (const chunk of chunks(latest, rowsPerStatement(2))) {
    const params: unknown[] = [];
    for (const r of chunk) params.push(id(r.deviceId), json(r.state));
    await tx.query(
      `INSERT INTO device_derive_state (device_id, state) VALUES ${valuesList(chunk.length, ['bigint', 'jsonb'])}
       ON CONFLICT (device_id) DO UPDATE SET state = excluded.state, updated_at = now()`,
      params,
    );
  }
  // The worker's offline event of the device ends when a fix closes the offline interval.
  for (const r of rows) {
    if (!r.offlineEndedAt) continue;
    await tx.query(
      `UPDATE events SET ended_at = greatest(started_at, $2::timestamptz), last_at = greatest(last_at, $2::timestamptz)
       WHERE device_id = $1 AND type = 'offline' AND ended_at IS NULL`,
      [id(r.deviceId), r.offlineEndedAt],
    );
  }
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

export const intervalsTable: BatchTable<IntervalRow> = { name: 'state_intervals', write: writeIntervals };
export const tripsTable: BatchTable<TripRow> = { name: 'trips', write: writeTrips };
export const dailyStatsTable: BatchTable<DailyRow> = { name: 'daily_vehicle_stats', write: writeDailyStats };
export const deriveStateTable: BatchTable<DeriveStateRow> = {
  name: 'device_derive_state',
  write: writeDeriveStates,
};

export interface DeriveStage extends IngestStage {
  /** Restores the device's persisted machine state (called when the device directory loads a device). */
  load(db: SqlExecutor, state: DeviceState): Promise<void>;
  settingsFor: SettingsResolver;
  /** Resolves when no re-derivation is scheduled or running (tests, shutdown). */
  idle(): Promise<void>;
  /** Re-derivations after late fixes committed so far. */
  readonly rederivations: number;
}

export async function readDeriveState(
  db: SqlExecutor,
  deviceId: bigint,
): Promise<PersistedDeriveState | null> {
  const [row] = await db.query<{ state: unknown }>(
    `SELECT state FROM device_derive_state WHERE device_id = $1`,
    [deviceId.toString()],
  );
  return row ? parsePersistedDeriveState(row.state) : null;
}

/** A device's persisted derive state as a batched load found it: null = none stored, Error = unreadable. */
type LoadedDerive = PersistedDeriveState | null | Error;

/** readDeriveState for many devices at once, and the speed limits of their vehicles into `speedLimits`. */
async function readDeriveBatch(
  db: SqlExecutor,
  states: readonly DeviceState[],
  speedLimits: Map<bigint, number>,
): Promise<Map<DeviceState, LoadedDerive>> {
  const vehicleIds = [...new Set(states.flatMap((s) => s.links.map((l) => l.vehicleId.toString())))];
  const [rows, limits] = await Promise.all([
    db.query<{ device_id: string; state: unknown }>(
      `SELECT device_id::text AS device_id, state FROM device_derive_state WHERE device_id = ANY($1::bigint[])`,
      [states.map((s) => s.device.id.toString())],
    ),
    vehicleIds.length === 0
      ? Promise.resolve([])
      : db.query<{ id: string; speed_limit_kph: number | null }>(
          `SELECT id::text AS id, speed_limit_kph FROM vehicles WHERE id = ANY($1::bigint[])`,
          [vehicleIds],
        ),
  ]);
  for (const row of limits) {
    if (row.speed_limit_kph === null) speedLimits.delete(BigInt(row.id));
    else speedLimits.set(BigInt(row.id), row.speed_limit_kph);
  }
  const stored = new Map<string, unknown>(rows.map((row) => [row.device_id, row.state]));
  const result = new Map<DeviceState, LoadedDerive>();
  for (const state of states) {
    const value = stored.get(state.device.id.toString());
    try {
      result.set(state, value === undefined ? null : parsePersistedDeriveState(value));
    } catch (error) {
      result.set(state, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return result;
}

/** The days to upsert after a step: the touched ones and those the open interval spans. */
export function daysToWrite(
  preview: readonly DailyStats[],
  touched: readonly string[],
  open: StateInterval | null,
  settings: DeriveSettings,
): DailyStats[] {
  const wanted = new Set(touched);
  const from = open ? localDayOf(open.startAt.getTime(), settings.timeZone) : null;
  return preview.filter((s) => wanted.has(s.day) || (from !== null && s.day >= from));
}

const DAY_MS = 86_400_000;

/** Keeps the state small: days before the open interval (less one day of margin) are final and stored. */
export function trimDays(
  state: DeviceDeriveState,
  lastMs: number,
  settings: DeriveSettings,
): DeviceDeriveState {
  const open = openInterval(state.motion);
  const keepFromMs = Math.min(open?.startAt.getTime() ?? lastMs, lastMs) - DAY_MS;
  return { ...state, daily: dropDaysBefore(state.daily, localDayOf(keepFromMs, settings.timeZone)) };
}

/** The stage's state with the core stages' machines (distance, alerts) as they are now: what is persisted. */
export function persistedOf(head: PersistedDeriveState, state: DeviceState): PersistedDeriveState {
  return {
    v: 1,
    device: { ...head.device, alerts: state.alerts ?? head.device.alerts },
    distance: state.distance,
    lateFromMs: head.lateFromMs ?? null,
  };
}

export function headOf(state: DeviceState): PersistedDeriveState | undefined {
  return state.ext.get(DERIVE_STAGE) as PersistedDeriveState | undefined;
}

const isSqlClient = (db: SqlExecutor): db is SqlClient =>
  typeof (db as Partial<SqlClient>).transaction === 'function';

export function createDeriveStage(context: DeriveContextProvider = staticDeriveContext()): DeriveStage {
  /** vehicles.speed_limit_kph of the vehicles the loaded devices were linked to. */
  const speedLimits = new Map<bigint, number>();
  const withLimit = new Map<bigint, { base: DeriveSettings; settings: DeriveSettings }>();
  let client: SqlClient | null = null;

  const settingsFor: SettingsResolver = (organisationId, vehicleId) => {
    const base = context.get(organisationId).settings;
    const limitKph = vehicleId === null ? undefined : speedLimits.get(vehicleId);
    if (vehicleId === null || limitKph === undefined) return base;
    let cached = withLimit.get(vehicleId);
    if (cached?.base !== base || cached.settings.speedLimitKph !== limitKph) {
      cached = { base, settings: { ...base, speedLimitKph: limitKph } };
      withLimit.set(vehicleId, cached);
    }
    return cached.settings;
  };
  const rederiver = createRederiver({ db: () => client, context, settingsFor });

  /**
   * The persisted states and vehicle speed limits of devices loading at the same time (a reconnect storm), read
   * together: one `device_id = ANY($1)` and one `id = ANY($1)` per batch of devices instead of two queries each.
   * Per executor, so a load never reads through another one's connection.
   */
  const loaders = new WeakMap<SqlExecutor, (state: DeviceState) => Promise<LoadedDerive | undefined>>();
  function loaderFor(db: SqlExecutor): (state: DeviceState) => Promise<LoadedDerive | undefined> {
    let loader = loaders.get(db);
    if (!loader) {
      loader = createKeyBatcher((states: DeviceState[]) => readDeriveBatch(db, states, speedLimits), {
        maxBatch: LOAD_BATCH,
      });
      loaders.set(db, loader);
    }
    return loader;
  }

  function write(ctx: IngestContext, head: PersistedDeriveState, offlineEndedAt: Date | null): void {
    ctx.state.ext.set(DERIVE_STAGE, head);
    const state = persistedOf(head, ctx.state);
    ctx.batch.add(deriveStateTable, { deviceId: ctx.state.device.id, state, offlineEndedAt });
    rederiver.noteBatch(ctx.state, ctx.batch);
    if (head.lateFromMs !== null && head.lateFromMs !== undefined) rederiver.schedule(ctx.state, ctx.batch);
  }

  return {
    name: DERIVE_STAGE,
    settingsFor,
    idle: () => rederiver.idle(),
    get rederivations() {
      return rederiver.completed;
    },
    async load(db, state) {
      if (isSqlClient(db)) client = db;
      const organisations = new Set([
        state.device.organisationId,
        ...state.links.map((l) => l.organisationId),
      ]);
      // Cached per organisation: after the first device of an organisation these resolve at once.
      const [loaded] = await Promise.all([
        loaderFor(db)(state),
        ...[...organisations].map((organisationId) => context.load(db, organisationId)),
      ]);
      if (loaded instanceof Error) throw loaded;
      const persisted = loaded ?? null;
      if (!persisted) return;
      state.ext.set(DERIVE_STAGE, persisted);
      state.distance = persisted.distance;
      state.alerts = alertStateWithEvents(persisted.device.alerts, state.openAlarms);
      // A re-derivation left pending by a crash or a stop resumes now, not only with the device's next batch.
      if (persisted.lateFromMs !== null && persisted.lateFromMs !== undefined) rederiver.resume(state);
    },
    process(ctx) {
      const pos = ctx.position;
      if (!pos) return;
      const current = headOf(ctx.state) ?? initialPersistedDeriveState();
      const fixMs = pos.fixedAt.getTime();
      const lastMs = current.device.motion.lastMs;
      // Late: stored by the core (alarms raised, marked late); re-derived after its batch commits.
      if (ctx.late || (lastMs !== null && fixMs <= lastMs)) {
        if (lastMs !== null && fixMs === lastMs) return;
        const lateFromMs = Math.min(current.lateFromMs ?? fixMs, fixMs);
        write(ctx, { ...current, lateFromMs }, null);
        return;
      }
      const settings = ctx.settings;
      const step = stepDevice(
        current.device,
        {
          point: {
            deviceId: pos.deviceId.toString(),
            vehicleId: pos.vehicleId === null ? null : pos.vehicleId.toString(),
            fixTime: pos.fixedAt,
            lat: pos.lat,
            lon: pos.lon,
            gpsValid: pos.gpsValid !== false,
            speedKph: pos.speedKph,
            ignition: pos.ignition,
            mainPower: pos.mainPower,
            distanceM: pos.distanceM ?? 0,
            history: pos.history,
          },
          alarms: [],
          fences: context.get(ctx.organisationId).fences,
          alerts: false,
        },
        settings,
      );
      const owner: Owner = {
        deviceId: pos.deviceId,
        vehicleId: ctx.link?.vehicleId ?? null,
        organisationId: ctx.organisationId,
      };
      let offlineEndedAt: Date | null = null;
      for (const interval of step.intervals) {
        ctx.batch.add(intervalsTable, { ...owner, interval, closed: true });
        if (interval.kind === 'offline') offlineEndedAt = interval.endAt;
      }
      for (const trip of step.trips) ctx.batch.add(tripsTable, { ...owner, trip });
      for (const visit of [...step.visitsOpened, ...step.visitsClosed]) {
        const row: VisitRow = { ...owner, visit, late: false };
        ctx.batch.add(visitsTable, row);
      }

      const deviceState = trimDays(step.state, fixMs, settings);
      const open = openInterval(deviceState.motion);
      const preview = previewDailyStats(deviceState.daily, open, settings);
      for (const stats of daysToWrite(preview, step.touchedDays, open, settings))
        ctx.batch.add(dailyStatsTable, { ...owner, stats });
      write(ctx, { ...current, device: deviceState }, offlineEndedAt);
    },
  };
}

/** The stage and the tables it writes, as startGateway takes them. */
export function deriveWiring(context: DeriveContextProvider = staticDeriveContext()): {
  deriveStages: DeriveStage[];
  tables: BatchTable<unknown>[];
} {
  return {
    deriveStages: [createDeriveStage(context)],
    tables: [intervalsTable, tripsTable, visitsTable, dailyStatsTable, deriveStateTable],
  };
}
