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
  openIntervalStartMs,
  previewDailyStats,
  stepDevice,
  type DailyStats,
  type DeriveSettings,
  type DeviceDeriveState,
  type DistanceState,
  type StateInterval,
} from '../../derive/index.ts';
import { fuelLevelOf } from '../../derive/fuel.ts';
import { createKeyBatcher, LOAD_BATCH } from '../device-directory.ts';
import type { Batch, BatchTable } from './batch.ts';
import {
  dailyStatsStatements,
  deriveStateTable,
  intervalsTable,
  tripsTable,
  type DailyRow,
  type DeriveStateRow,
  type Owner,
} from './derive-tables.ts';
import type { DeviceState } from './device-state.ts';
import { fencesFor, staticDeriveContext, type DeriveContextProvider } from './derive-context.ts';
import type { IngestContext, IngestStage, SettingsResolver } from './pipeline.ts';
import { createRederiver } from './rederive-job.ts';
import type { SqlClient, SqlExecutor } from './sql-client.ts';
import { alertStateWithEvents } from './stages/alarms.ts';
import { visitsTable, type VisitRow } from './visits-table.ts';

// The derive tables live in derive-tables.ts; the re-derivation and the worker's offline job import them from here.
export {
  dailyStatsTable,
  deriveStateTable,
  intervalsTable,
  tripsTable,
  writeDailyStats,
  writeDeriveStates,
  writeIntervals,
  writeTrips,
  type DailyRow,
  type DeriveStateRow,
  type IntervalRow,
  type Owner,
  type TripRow,
} from './derive-tables.ts';

/** The I/O map of a stored position's attrs (derive/fuel.ts reads the fuel level from it). */
const ioOf = (attrs: Record<string, unknown> | null): Record<string, unknown> | null => {
  const io = attrs?.io;
  return io && typeof io === 'object' ? (io as Record<string, unknown>) : null;
};

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
  // Runs for every fix: the open interval's start only, not the interval (two Dates and an object a fix).
  const keepFromMs = Math.min(openIntervalStartMs(state.motion) ?? lastMs, lastMs) - DAY_MS;
  const keepFrom = localDayOf(keepFromMs, settings.timeZone);
  // Runs for every fix: copy the state only when a day actually goes (days are few; usually none does).
  for (const day in state.daily.days)
    if (day < keepFrom) return { ...state, daily: dropDaysBefore(state.daily, keepFrom) };
  return state;
}

/**
 * One device's `daily_vehicle_stats` rows of one batch, built once when the batch is written (not per fix): the
 * device's last derive state in the batch, previewed with its open interval, gives every day the batch touched or
 * the open interval spans — the same rows as the last fix's would have been, which is what the upsert keeps. A day
 * touched earlier in the batch and trimmed from the state since (trimDays: final) is built at that moment instead.
 */
export interface DailyPending {
  owner: Owner;
  settings: DeriveSettings;
  state: DeviceDeriveState;
  touched: Set<string>;
  /** Rows of touched days trimmed from the state before the batch was written. */
  trimmed: DailyRow[];
}

/** The days `pending` writes (see DailyPending). */
export function dailyRowsOf(pending: DailyPending): DailyRow[] {
  const open = openInterval(pending.state.motion);
  const preview = previewDailyStats(pending.state.daily, open, pending.settings);
  const rows = [...pending.trimmed];
  for (const stats of daysToWrite(preview, [...pending.touched], open, pending.settings))
    rows.push({ ...pending.owner, stats });
  return rows;
}

/** daily_vehicle_stats as the derive stage writes it: DailyPending per device and batch (dailyStatsTable's rows). */
export const dailyPendingTable: BatchTable<DailyPending> = {
  name: 'daily_vehicle_stats (pending)',
  statements: (pending) => dailyStatsStatements(pending.flatMap(dailyRowsOf)),
  sliceable: true,
};

/** What a device has in a batch's derive tables so far: one row each, updated by its later fixes. */
interface BatchSlot {
  daily: DailyPending | null;
  state: DeriveStateRow | null;
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

  /** Per open batch and device: its rows so far (a batch holds one derive-state and one daily row set per device). */
  const slots = new WeakMap<Batch, Map<bigint, BatchSlot>>();
  function slotOf(batch: Batch, deviceId: bigint): BatchSlot {
    let devices = slots.get(batch);
    if (!devices) {
      devices = new Map();
      slots.set(batch, devices);
    }
    let slot = devices.get(deviceId);
    if (!slot) {
      slot = { daily: null, state: null };
      devices.set(deviceId, slot);
    }
    return slot;
  }

  function write(ctx: IngestContext, head: PersistedDeriveState, offlineEndedAt: Date | null): void {
    ctx.state.ext.set(DERIVE_STAGE, head);
    const state = persistedOf(head, ctx.state);
    const slot = slotOf(ctx.batch, ctx.state.device.id);
    if (slot.state) {
      // The newest state wins; the first offline end closes the open offline event (a later one finds none).
      slot.state.state = state;
      slot.state.offlineEndedAt ??= offlineEndedAt;
    } else {
      slot.state = { deviceId: ctx.state.device.id, state, offlineEndedAt };
      ctx.batch.add(deriveStateTable, slot.state);
    }
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
            fuelLevelL: fuelLevelOf(ioOf(pos.attrs)),
          },
          alarms: [],
          fences: fencesFor(context.get(ctx.organisationId), ctx.link?.vehicleId ?? null),
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
      const slot = slotOf(ctx.batch, pos.deviceId);
      const daily = slot.daily;
      if (!daily) {
        slot.daily = { owner, settings, state: deviceState, touched: new Set(step.touchedDays), trimmed: [] };
        ctx.batch.add(dailyPendingTable, slot.daily);
      } else {
        if (
          daily.owner.vehicleId !== owner.vehicleId ||
          daily.owner.organisationId !== owner.organisationId
        ) {
          // The device changed vehicle (or organisation) within the batch: the days it touched so far belong to the
          // previous owner, with the state as it was before this fix.
          daily.trimmed.push(...dailyRowsOf({ ...daily, trimmed: [] }));
          daily.touched.clear();
        }
        for (const day of daily.touched) {
          if (day in deviceState.daily.days) continue;
          // Final now (trimmed): its row as the state before this fix has it.
          const before = dailyRowsOf({ ...daily, touched: new Set([day]), trimmed: [] });
          daily.trimmed.push(...before.filter((row) => row.stats.day === day));
          daily.touched.delete(day);
        }
        daily.owner = owner;
        daily.settings = settings;
        daily.state = deviceState;
        for (const day of step.touchedDays) daily.touched.add(day);
      }
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
    tables: [intervalsTable, tripsTable, visitsTable, dailyPendingTable, deriveStateTable],
  };
}
