/**
 * Re-derivation after late (history) fixes, off the per-fix hot path. The derive stage records the earliest late fix
 * time in the head state (`lateFromMs`, persisted with it) and calls `schedule` with the batch holding the fix; after
 * that batch commits (the late fixes are then in `positions`), one job per device runs — coalesced (several batches
 * committing before it starts cost one run) and serialised per device:
 *
 *   1. wait for the device's newest batch to commit, so every fix the head has stepped is stored;
 *   2. in one transaction: read the stored intervals, visits, trips and positions of the affected range, compute
 *      (rederive-plan.ts), delete the stored rows of the range and write the new ones (visits marked late), the
 *      re-walked distances of the late fixes, the days, and the new head state with `lateFromMs` cleared;
 *   3. just before COMMIT, if the head has not stepped since step 1, swap it for the re-derived one (synchronously:
 *      the hot path never waits, and a batch written after the swap builds on the new state; its rows lock behind
 *      this transaction's). If it has stepped, roll back and try again (a few times; else the next batch retries).
 *
 * A crash loses nothing: `lateFromMs` is persisted; the stage resumes it when the device directory loads the device
 * after a restart, and schedules a job whenever it writes a head state that still has one.
 */
import { linkAt, type DeviceState } from './device-state.ts';
import type { Batch } from './batch.ts';
import { fencesFor, type DeriveContextProvider } from './derive-context.ts';
import {
  DERIVE_STAGE,
  headOf,
  persistedOf,
  trimDays,
  writeDailyStats,
  writeDeriveStates,
  writeIntervals,
  writeTrips,
  type Owner,
  type PersistedDeriveState,
} from './derive-stage.ts';
import type { SettingsResolver } from './pipeline.ts';
import { planRederive, type RederiveOutcome } from './rederive-plan.ts';
import { readRederiveInput } from './rederive-read.ts';
import type { SqlClient, SqlExecutor } from './sql-client.ts';
import { chunks, rowsPerStatement, valuesList } from './sql-values.ts';
import { writeVisits } from './visits-table.ts';

const MAX_ATTEMPTS = 5;

export interface Rederiver {
  /** The head stepped a fix into `batch` (the job waits for the newest one). */
  noteBatch(state: DeviceState, batch: Batch): void;
  /** Run a re-derivation of the device once `batch` has committed. */
  schedule(state: DeviceState, batch: Batch): void;
  /** Run one now (a pending late time found when the device was loaded after a restart). */
  resume(state: DeviceState): void;
  idle(): Promise<void>;
  /** Re-derivations committed (one per device per committed batch with late fixes, at most). */
  readonly completed: number;
}

interface Runtime {
  state: DeviceState;
  lastBatch: Batch | null;
  scheduledFor: Batch | null;
  queued: boolean;
  chain: Promise<void>;
}

class HeadMoved extends Error {}

export function createRederiver(deps: {
  db: () => SqlClient | null;
  context: DeriveContextProvider;
  settingsFor: SettingsResolver;
  onError?: (error: unknown) => void;
}): Rederiver {
  const devices = new Map<bigint, Runtime>();
  const running = new Set<Promise<void>>();
  let completed = 0;

  function runtimeOf(state: DeviceState): Runtime {
    let rt = devices.get(state.device.id);
    if (!rt) {
      rt = { state, lastBatch: null, scheduledFor: null, queued: false, chain: Promise.resolve() };
      devices.set(state.device.id, rt);
    }
    rt.state = state;
    return rt;
  }

  function enqueue(rt: Runtime): void {
    if (rt.queued) return;
    rt.queued = true;
    rt.chain = rt.chain
      .then(() => {
        rt.queued = false;
        return run(rt);
      })
      .catch((error: unknown) => deps.onError?.(error));
    const done = rt.chain;
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  async function run(rt: Runtime): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const batch = rt.lastBatch;
      if (batch) await batch.committed;
      const state = rt.state;
      const head = headOf(state);
      const db = deps.db();
      if (!head || head.lateFromMs === null || head.lateFromMs === undefined || !db) return;
      try {
        await db.transaction((tx) => rederiveDevice(tx, state, head, deps));
        completed++;
        return;
      } catch (error) {
        if (error instanceof HeadMoved) continue;
        // Failed (possibly after the swap): keep the late time pending, the device's next batch schedules it again.
        const now = headOf(state);
        const lateFromMs = Math.min(now?.lateFromMs ?? head.lateFromMs, head.lateFromMs);
        if (now) state.ext.set(DERIVE_STAGE, { ...now, lateFromMs });
        throw error;
      }
    }
  }

  return {
    noteBatch(state, batch) {
      runtimeOf(state).lastBatch = batch;
    },
    resume(state) {
      enqueue(runtimeOf(state));
    },
    schedule(state, batch) {
      const rt = runtimeOf(state);
      if (rt.scheduledFor === batch) return;
      rt.scheduledFor = batch;
      const committed = batch.committed.then(
        () => {
          if (rt.scheduledFor === batch) rt.scheduledFor = null;
          enqueue(rt);
        },
        // A failed batch: the gateway drops the device's state; the persisted lateFromMs (if any) resumes it.
        () => {
          if (rt.scheduledFor === batch) rt.scheduledFor = null;
        },
      );
      running.add(committed);
      void committed.finally(() => running.delete(committed));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get completed() {
      return completed;
    },
  };
}

async function rederiveDevice(
  tx: SqlExecutor,
  state: DeviceState,
  head: PersistedDeriveState,
  deps: { context: DeriveContextProvider; settingsFor: SettingsResolver },
): Promise<void> {
  const deviceId = state.device.id.toString();
  const lateFromMs = head.lateFromMs ?? 0;
  const lastMs = head.device.motion.lastMs ?? lateFromMs;
  const ownerAt = (ms: number): Owner => {
    const link = linkAt(state.links, ms);
    return {
      deviceId: state.device.id,
      vehicleId: link?.vehicleId ?? null,
      organisationId: link?.organisationId ?? state.device.organisationId,
    };
  };
  const headOwner = ownerAt(lastMs);
  const settings = deps.settingsFor(headOwner.organisationId, headOwner.vehicleId);
  const fences = fencesFor(deps.context.get(headOwner.organisationId), headOwner.vehicleId);
  const input = await readRederiveInput(tx, {
    deviceId,
    head: head.device,
    lateFromMs,
    lastMs,
    settings,
    fences,
  });
  if (!input) {
    // Beyond the horizon: stored and alarmed, not re-derived.
    const next: PersistedDeriveState = { ...head, lateFromMs: null };
    await writeDeriveStates(tx, [
      { deviceId: state.device.id, state: persistedOf(next, state), offlineEndedAt: null },
    ]);
    if (headOf(state) !== head) throw new HeadMoved();
    state.ext.set(DERIVE_STAGE, next);
    return;
  }
  const outcome = planRederive(input);
  const from = new Date(input.start.fromMs);
  const visitsFromMs = input.visitsFromMs;
  const snapshot = new Date(lastMs);
  if (headOf(state) !== head) throw new HeadMoved();
  await writeOutcome(tx, outcome, { deviceId, from, visitsFrom: new Date(visitsFromMs), snapshot, ownerAt });

  const next: PersistedDeriveState = {
    v: 1,
    device: trimDays(outcome.device, lastMs, settings),
    distance: state.distance,
    lateFromMs: null,
  };
  await writeDeriveStates(tx, [
    { deviceId: state.device.id, state: persistedOf(next, state), offlineEndedAt: null },
  ]);
  if (headOf(state) !== head) throw new HeadMoved();
  // The swap: synchronous, right before COMMIT. Batches written from now on build on the re-derived head.
  state.ext.set(DERIVE_STAGE, next);
}

async function writeOutcome(
  tx: SqlExecutor,
  outcome: RederiveOutcome,
  range: { deviceId: string; from: Date; visitsFrom: Date; snapshot: Date; ownerAt: (ms: number) => Owner },
): Promise<void> {
  const { deviceId, from, visitsFrom, snapshot, ownerAt } = range;
  await tx.query(
    `DELETE FROM state_intervals WHERE device_id = $1 AND started_at >= $2 AND started_at <= $3
       AND ended_at IS NOT NULL`,
    [deviceId, from, snapshot],
  );
  await writeIntervals(
    tx,
    outcome.intervals.map((interval) => ({ ...ownerAt(interval.startAt.getTime()), interval, closed: true })),
  );
  await tx.query(`DELETE FROM trips WHERE device_id = $1 AND started_at >= $2 AND started_at <= $3`, [
    deviceId,
    new Date(outcome.tripsFromMs),
    snapshot,
  ]);
  await writeTrips(
    tx,
    outcome.trips.map((trip) => ({ ...ownerAt(trip.startAt.getTime()), trip })),
  );
  await tx.query(
    `DELETE FROM geofence_visits WHERE device_id = $1 AND entered_at >= $2 AND entered_at <= $3`,
    [deviceId, visitsFrom, snapshot],
  );
  await writeVisits(
    tx,
    outcome.visits.map((visit) => ({ ...ownerAt(visit.enteredAt.getTime()), visit, late: true })),
  );
  const headOwner = ownerAt(snapshot.getTime());
  await writeDailyStats(
    tx,
    outcome.days.map((stats) => ({ ...headOwner, stats })),
  );
  for (const chunk of chunks(outcome.distances, rowsPerStatement(3))) {
    const params: unknown[] = [];
    for (const d of chunk) params.push(deviceId, d.fixedAt, d.distanceM);
    await tx.query(
      `UPDATE positions p SET distance_m = v.distance_m
       FROM (VALUES ${valuesList(chunk.length, ['bigint', 'timestamptz', 'float8'])}) AS v(device_id, fixed_at, distance_m)
       WHERE p.device_id = v.device_id AND p.fixed_at = v.fixed_at`,
      params,
    );
  }
}
