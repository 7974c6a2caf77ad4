/**
 * Re-derivation after late (history) fixes: the batch form of the motion machine, and where to restart it so that a
 * late packet costs the affected stretch, not the device's whole history. docs/derivations.md "Late data".
 */
import { closeForOffline, initialMotionState, stepMotion, type MotionState } from './motion.ts';
import type { DeriveSettings } from './settings.ts';
import type { DerivePoint, IntervalKind, StateInterval } from './types.ts';

export interface RederiveResult {
  /** Closed intervals, in time order. */
  intervals: StateInterval[];
  /** The state after the last fix: persist it and keep stepping from there. */
  state: MotionState;
}

/**
 * Batch equivalent of stepping: sorts by fix time (stable; equal times keep the first), then steps from `initial`
 * (default: no history). With `now`, finishes like the worker would (`closeForOffline`). Used to re-derive after late
 * (history) fixes; gives exactly what stepping the sorted fixes gives.
 */
export function rederive(
  points: readonly DerivePoint[],
  settings: DeriveSettings,
  options: { initial?: MotionState; now?: Date } = {},
): RederiveResult {
  const sorted = [...points].sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime());
  let state = options.initial ?? initialMotionState();
  const intervals: StateInterval[] = [];
  for (const point of sorted) {
    const step = stepMotion(state, point, settings);
    state = step.state;
    intervals.push(...step.closed);
  }
  if (options.now) {
    const step = closeForOffline(state, options.now, settings);
    state = step.state;
    intervals.push(...step.closed);
  }
  return { intervals, state };
}

type StoredInterval = Pick<StateInterval, 'kind' | 'startAt' | 'endAt' | 'startLat' | 'startLon'>;

/**
 * Where to restart the motion machine after late fixes whose earliest is `earliestLate`: the start of the stored
 * interval holding that time, or of the last non-offline interval before it (late fixes usually fill an offline gap,
 * and the interval before the gap must then grow into it), with the kind to `resumeMotion` as. `intervals`: the
 * device's stored intervals around that time plus the open one (`openInterval`), in time order. Null: start afresh.
 */
export function rederiveStart(
  intervals: readonly StoredInterval[],
  earliestLate: Date,
): {
  fromAt: Date;
  kind: Exclude<IntervalKind, 'offline'>;
  startLat: number | null;
  startLon: number | null;
} | null {
  let index = -1;
  intervals.forEach((interval, i) => {
    if (interval.startAt.getTime() <= earliestLate.getTime()) index = i;
  });
  for (; index >= 0; index--) {
    const interval = intervals[index];
    if (interval && interval.kind !== 'offline') {
      return {
        fromAt: interval.startAt,
        kind: interval.kind,
        startLat: interval.startLat,
        startLon: interval.startLon,
      };
    }
  }
  return null;
}
