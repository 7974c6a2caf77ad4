/**
 * The pure half of re-deriving after late fixes (docs/derivations.md "Late data"): given what is stored around the
 * late fixes and the device's head state, the state and rows that stepping every fix in order would have produced.
 * rederive-job.ts reads the inputs and writes the outputs; nothing here does I/O.
 *
 * Ranges (epoch ms): motion restarts at `fromMs` (`rederiveStart`: the stored interval holding the earliest late fix,
 * or the last non-offline one before it); trips restart at the trip still pending at `fromMs` (`tripsFromMs`); visits
 * at the entry of the earliest visit open at `fromMs` (`visitsFromMs`); daily rows are recomputed whole from
 * `windowStartMs` (a local midnight, at least TRIP_LOOKBACK_MS before `fromMs`), so every affected day is complete.
 */
import {
  accumulateDay,
  initialDailyStatsState,
  initialDistanceState,
  initialMotionState,
  localDayOf,
  localDayStartMs,
  openInterval,
  previewDailyStats,
  rederive,
  rederiveStart,
  rederiveVisits,
  resumeMotion,
  settleTrips,
  stepDistance,
  stepTrips,
  tripsFrom,
  type DailyStats,
  type DailyStatsState,
  type DeriveSettings,
  type DerivePoint,
  type DeviceDeriveState,
  type Fence,
  type IntervalKind,
  type StateInterval,
  type Trip,
  type Visit,
  type VisitStart,
} from '../../derive/index.ts';

/** How far back the trip pending at `fromMs` is rebuilt from stored intervals (no trip lasts longer unbroken). */
export const TRIP_LOOKBACK_MS = 6 * 3_600_000;

export interface RederiveStartPoint {
  fromMs: number;
  /** Null: no stored interval before the late fixes: start afresh at `fromMs`. */
  kind: Exclude<IntervalKind, 'offline'> | null;
  startLat: number | null;
  startLon: number | null;
}

/** Where motion restarts: `stored` = the stored intervals from the last non-offline one at/before the late time. */
export function startOf(
  stored: readonly StateInterval[],
  head: DeviceDeriveState,
  lateFromMs: number,
): RederiveStartPoint {
  const open = openInterval(head.motion);
  const all =
    open && !stored.some((i) => i.startAt.getTime() === open.startAt.getTime()) ? [...stored, open] : stored;
  const start = rederiveStart(all, new Date(lateFromMs));
  if (!start) return { fromMs: lateFromMs, kind: null, startLat: null, startLon: null };
  return {
    fromMs: start.fromAt.getTime(),
    kind: start.kind,
    startLat: start.startLat,
    startLon: start.startLon,
  };
}

/** Visits restart at the entry of the earliest one still open at `fromMs` (stored, or in the head's state). */
export function visitsFromOf(
  head: DeviceDeriveState,
  fromMs: number,
  storedOpenEntries: readonly Date[],
): number {
  let visitsFromMs = fromMs;
  for (const entered of storedOpenEntries) visitsFromMs = Math.min(visitsFromMs, entered.getTime());
  for (const presence of head.visits.presences) visitsFromMs = Math.min(visitsFromMs, presence.enteredMs);
  return visitsFromMs;
}

export function windowStartOf(fromMs: number, visitsFromMs: number, settings: DeriveSettings): number {
  const earliest = Math.min(fromMs - TRIP_LOOKBACK_MS, visitsFromMs);
  return localDayStartMs(localDayOf(earliest, settings.timeZone), settings.timeZone);
}

/** A stored position: `storedDistanceM` null = never counted (a late fix). */
export interface RederivePoint extends DerivePoint {
  storedDistanceM: number | null;
}

export interface RederiveInput {
  head: DeviceDeriveState;
  start: RederiveStartPoint;
  visitsFromMs: number;
  windowStartMs: number;
  /** Stored closed intervals starting before `fromMs` and ending after `windowStartMs`, oldest first. */
  before: readonly StateInterval[];
  /** Positions from `windowStartMs` to the head's last fix, oldest first, one per fix time. */
  points: readonly RederivePoint[];
  /** Start times of stored trips from `windowStartMs` on. */
  storedTripStarts: readonly Date[];
  /** Entry times of stored visits from `windowStartMs` on. */
  storedVisitEntries: readonly Date[];
  fences: readonly Fence[];
  settings: DeriveSettings;
}

export interface RederiveOutcome {
  /** The head's new state (alerts untouched: late alarms were raised live). */
  device: DeviceDeriveState;
  /** Closed intervals from `fromMs` on: they replace the stored ones. */
  intervals: StateInterval[];
  /** Closed trips from `tripsFromMs` on: they replace the stored ones. */
  trips: Trip[];
  tripsFromMs: number;
  /** Confirmed visits from `visitsFromMs` on (open: no `exitedAt`): they replace the stored ones. */
  visits: Array<VisitStart | Visit>;
  /** Every day from the window's first, the open interval included. */
  days: DailyStats[];
  /** Fixes whose distance the walk changed (late fixes get theirs here). */
  distances: Array<{ fixedAt: Date; distanceM: number }>;
}

/** Re-walks the distance machine over the window: fixes before `fromMs` keep their stored distance. */
function withDistances(
  points: readonly RederivePoint[],
  fromMs: number,
  settings: DeriveSettings,
): DerivePoint[] {
  let state = initialDistanceState();
  let ignition: boolean | null = null;
  return points.map((point) => {
    ignition = point.ignition ?? ignition;
    const step = stepDistance(state, { ...point, ignition }, settings);
    state = step.state;
    const keep = point.fixTime.getTime() < fromMs && point.storedDistanceM !== null;
    return { ...point, distanceM: keep ? (point.storedDistanceM ?? 0) : step.distanceM };
  });
}

function motionFrom(points: readonly DerivePoint[], start: RederiveStartPoint, settings: DeriveSettings) {
  const tail = points.filter((p) => p.fixTime.getTime() >= start.fromMs);
  const [first, ...rest] = tail;
  if (start.kind === null || !first || first.fixTime.getTime() !== start.fromMs) {
    return rederive(tail, settings, { initial: initialMotionState() });
  }
  const position = { lat: start.startLat, lon: start.startLon };
  return rederive(rest, settings, { initial: resumeMotion(start.kind, first, settings, position) });
}

export function planRederive(input: RederiveInput): RederiveOutcome {
  const { head, start, settings } = input;
  const fromMs = start.fromMs;
  const points = withDistances(input.points, fromMs, settings);

  const motion = motionFrom(points, start, settings);
  const open = openInterval(motion.state);

  const seed = tripsFrom(input.before, settings, { flush: false }).state;
  const tripsFromMs = seed.pending?.startMs ?? fromMs;
  let tripState = seed;
  const trips: Trip[] = [];
  for (const interval of motion.intervals) {
    const step = stepTrips(tripState, interval, settings);
    tripState = step.state;
    trips.push(...step.closed);
  }
  const settled = settleTrips(tripState, open, settings);
  tripState = settled.state;
  trips.push(...settled.closed);

  const visitPoints = points.filter((p) => p.fixTime.getTime() >= input.visitsFromMs);
  const visitStep = rederiveVisits(visitPoints, input.fences, settings);
  const closedByKey = new Map(visitStep.closed.map((v) => [`${v.fenceId}@${v.enteredAt.getTime()}`, v]));
  const visits = visitStep.opened.map((v) => closedByKey.get(`${v.fenceId}@${v.enteredAt.getTime()}`) ?? v);

  const firstDay = localDayOf(input.windowStartMs, settings.timeZone);
  let window: DailyStatsState = initialDailyStatsState();
  const add = (dayInput: Parameters<typeof accumulateDay>[1]): void => {
    window = accumulateDay(window, dayInput, settings).state;
  };
  const windowMs = input.windowStartMs;
  for (const interval of [...input.before, ...motion.intervals]) add({ type: 'interval', interval });
  for (const point of points) add({ type: 'point', point });
  for (const startAt of input.storedTripStarts)
    if (startAt.getTime() >= windowMs && startAt.getTime() < tripsFromMs)
      add({ type: 'trip', trip: { startAt } });
  for (const trip of trips) add({ type: 'trip', trip });
  for (const enteredAt of input.storedVisitEntries)
    if (enteredAt.getTime() >= windowMs && enteredAt.getTime() < input.visitsFromMs)
      add({ type: 'visit', visit: { enteredAt } });
  for (const visit of visitStep.opened) add({ type: 'visit', visit });

  const days: DailyStatsState['days'] = {};
  for (const [day, totals] of Object.entries(head.daily.days)) if (day < firstDay) days[day] = totals;
  for (const [day, totals] of Object.entries(window.days)) if (day >= firstDay) days[day] = totals;
  const daily: DailyStatsState = { v: 1, days };

  const distances: RederiveOutcome['distances'] = [];
  input.points.forEach((stored, i) => {
    const walked = points[i]?.distanceM ?? 0;
    if (stored.fixTime.getTime() < fromMs) return;
    if (stored.storedDistanceM === null || Math.abs(stored.storedDistanceM - walked) > 1e-6)
      distances.push({ fixedAt: stored.fixTime, distanceM: walked });
  });

  return {
    device: {
      v: 1,
      motion: motion.state,
      trips: tripState,
      visits: visitStep.state,
      alerts: head.alerts,
      daily,
    },
    intervals: motion.intervals,
    trips,
    tripsFromMs,
    visits,
    days: previewDailyStats(daily, open, settings).filter((s) => s.day >= firstDay),
    distances,
  };
}
