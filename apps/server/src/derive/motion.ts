/**
 * Motion state machine: turns a device's fixes, in fix-time order, into moving / idle / stopped / offline intervals.
 * Definitions (docs/derivations.md "Motion"):
 *  - stop: the vehicle stays within `stopRadiusM` of one fix (the anchor) for `stopMinDurationS`; it starts at the
 *    anchor's time. Shorter halts (traffic lights, a quick pickup) stay inside the moving interval. During a stop the
 *    reference is the mean position of its fixes (not the arrival fix, which lies on the approach road).
 *  - departure: a fix outside the radius (around the stop's mean position) that reports a moving speed (or no
 *    speed), or two consecutive fixes outside it; the moving interval starts at the last fix before them (still at
 *    the stop), so the drive out counts as moving. One stray fix (multipath jump) is not a departure. After a GPS gap
 *    the first fix outside departs at once, from itself (the gap is not motion).
 *  - idle: a stop during which ignition has been on for `idleMinDurationS` or more (from the first ignition-on fix);
 *    an ignition-on stop of that length is confirmed early, before `stopMinDurationS`.
 *  - offline: more than `offlineAfterS` between two packets (or since the last one, via `closeForOffline`).
 *  - GPS gap: more than `gpsGapS` between valid fixes is not motion: a stop is assumed at the last cluster.
 * Invalid fixes count for time, ignition and offline, never for position or speed.
 */
import { haversineM } from './geo.ts';
import {
  addSegment,
  closeSpan,
  draftOf,
  initialMotionState,
  markPiece,
  normalize,
  openSpanInterval,
  spanStartMs,
  splitAt,
  type MotionSpot,
  type MotionState,
} from './motion-span.ts';
import type { DeriveSettings } from './settings.ts';
import type { DerivePoint, IntervalKind, StateInterval } from './types.ts';

export { initialMotionState, type MotionState } from './motion-span.ts';

export interface MotionStep {
  state: MotionState;
  /** Intervals finished by this step, in time order. */
  closed: StateInterval[];
}

const spotOf = (point: DerivePoint, atMs: number): MotionSpot => ({
  atMs,
  lat: point.lat,
  lon: point.lon,
  speedKph: point.speedKph,
});

const isMovingSpeed = (speedKph: number | null, settings: DeriveSettings): boolean =>
  speedKph !== null && speedKph >= settings.movingMinSpeedKph;

function startFresh(d: MotionState, point: DerivePoint, atMs: number, settings: DeriveSettings): void {
  const spot = point.gpsValid ? spotOf(point, atMs) : null;
  const position = spot ?? d.lastValid;
  d.kind = spot && isMovingSpeed(spot.speedKph, settings) ? 'moving' : 'stopped';
  d.pieces = [
    {
      startMs: atMs,
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      distanceM: 0,
      maxSpeedKph: null,
    },
  ];
  d.offlineReason = null;
  d.anchor = d.kind === 'moving' ? spot : null;
  d.stopCenter = d.kind !== 'moving' && spot ? { lat: spot.lat, lon: spot.lon, fixCount: 1 } : null;
  d.exitAt = null;
  d.ignitionOnSinceMs = point.ignition === true ? atMs : null;
  d.lastMs = atMs;
  if (spot) d.lastValid = spot;
  if (point.mainPower !== null) d.lastMainPower = point.mainPower;
}

/** A stopped span becomes idle once ignition has been on for idleMinDurationS within it (checked as of `atMs`). */
function settleIdle(d: MotionState, atMs: number, settings: DeriveSettings, closed: StateInterval[]): void {
  const start = spanStartMs(d);
  if (d.kind !== 'stopped' || d.ignitionOnSinceMs === null || start === null) return;
  if (d.ignitionOnSinceMs > atMs) return;
  const since = Math.max(d.ignitionOnSinceMs, start);
  if (atMs - since >= settings.idleMinDurationS * 1000) splitAt(d, since, 'idle', closed);
}

function updateIgnition(d: MotionState, point: DerivePoint, atMs: number, closed: StateInterval[]): void {
  const position = point.gpsValid ? point : d.lastValid;
  if (point.ignition === true && d.ignitionOnSinceMs === null) {
    d.ignitionOnSinceMs = atMs;
    markPiece(d, atMs, position?.lat ?? null, position?.lon ?? null);
  } else if (point.ignition === false) {
    d.ignitionOnSinceMs = null;
    if (d.kind === 'idle') {
      markPiece(d, atMs, position?.lat ?? null, position?.lon ?? null);
      splitAt(d, atMs, 'stopped', closed);
    }
  }
}

function confirmStop(d: MotionState, closed: StateInterval[]): void {
  const anchor = d.anchor;
  if (!anchor) return;
  splitAt(d, anchor.atMs, 'stopped', closed);
  d.anchor = null;
  d.stopCenter = { lat: anchor.lat, lon: anchor.lon, fixCount: 1 };
}

function addToStopCenter(d: MotionState, spot: MotionSpot): void {
  const center = d.stopCenter;
  if (!center) {
    d.stopCenter = { lat: spot.lat, lon: spot.lon, fixCount: 1 };
    return;
  }
  const fixCount = center.fixCount + 1;
  d.stopCenter = {
    lat: center.lat + (spot.lat - center.lat) / fixCount,
    lon: center.lon + (spot.lon - center.lon) / fixCount,
    fixCount,
  };
}

/**
 * Departure from the stop: the moving interval starts at `boundaryMs` (the last fix at the stop, so the drive out of
 * the radius counts as moving). The new stationary-cluster anchor is the exit fix, or the current one if they differ.
 */
function confirmDeparture(
  d: MotionState,
  boundaryMs: number,
  exit: MotionSpot,
  current: MotionSpot,
  settings: DeriveSettings,
  closed: StateInterval[],
): void {
  settleIdle(d, boundaryMs, settings, closed);
  splitAt(d, boundaryMs, 'moving', closed);
  d.exitAt = null;
  d.stopCenter = null;
  const sameCluster = exit === current || haversineM(exit, current) <= settings.stopRadiusM;
  d.anchor = sameCluster ? exit : current;
  markPiece(d, d.anchor.atMs, d.anchor.lat, d.anchor.lon);
}

/** `previousMs`: time of the fix before this one (the boundary of a departure seen now). */
function stillStep(
  d: MotionState,
  spot: MotionSpot,
  previousMs: number,
  gapMs: number,
  settings: DeriveSettings,
  closed: StateInterval[],
): void {
  if (!d.stopCenter) {
    addToStopCenter(d, spot);
    return;
  }
  if (haversineM(d.stopCenter, spot) <= settings.stopRadiusM) {
    d.exitAt = null;
    addToStopCenter(d, spot);
    return;
  }
  if (d.exitAt) {
    confirmDeparture(d, d.exitAt.boundaryMs, d.exitAt.spot, spot, settings, closed);
  } else if (gapMs > settings.gpsGapS * 1000) {
    // Left at some unknown time during a GPS gap: the gap is not motion, so the departure is this fix.
    markPiece(d, spot.atMs, spot.lat, spot.lon);
    confirmDeparture(d, spot.atMs, spot, spot, settings, closed);
  } else if (spot.speedKph === null || isMovingSpeed(spot.speedKph, settings)) {
    confirmDeparture(d, previousMs, spot, spot, settings, closed);
  } else {
    d.exitAt = { spot, boundaryMs: previousMs };
    markPiece(d, spot.atMs, spot.lat, spot.lon);
  }
}

function movingStep(
  d: MotionState,
  spot: MotionSpot,
  previousMs: number,
  gapMs: number,
  settings: DeriveSettings,
  closed: StateInterval[],
): void {
  const anchor = d.anchor;
  if (!anchor) {
    d.anchor = spot;
    markPiece(d, spot.atMs, spot.lat, spot.lon);
    return;
  }
  if (gapMs > settings.gpsGapS * 1000) {
    // No fixes for a while: not motion. The vehicle is taken to have stood at its last cluster meanwhile.
    confirmStop(d, closed);
    stillStep(d, spot, previousMs, gapMs, settings, closed);
    return;
  }
  if (haversineM(anchor, spot) > settings.stopRadiusM) {
    d.anchor = spot;
    markPiece(d, spot.atMs, spot.lat, spot.lon);
    return;
  }
  const dwellMs = spot.atMs - anchor.atMs;
  const ignitionOnThroughout = d.ignitionOnSinceMs !== null && d.ignitionOnSinceMs <= anchor.atMs;
  if (
    dwellMs >= settings.stopMinDurationS * 1000 ||
    (ignitionOnThroughout && dwellMs >= settings.idleMinDurationS * 1000)
  ) {
    confirmStop(d, closed);
    addToStopCenter(d, spot);
  }
}

/** Ends the open span at the last fix and opens an offline span there. */
function goOffline(d: MotionState, settings: DeriveSettings, closed: StateInterval[]): void {
  const lastMs = d.lastMs;
  if (lastMs === null || d.kind === null || d.kind === 'offline') return;
  const anchor = d.anchor;
  // Data stopped while the last fixes already stood still: the drive ended at the cluster, not at the last fix.
  if (
    d.kind === 'moving' &&
    anchor &&
    d.lastValid &&
    anchor.atMs < d.lastValid.atMs &&
    !isMovingSpeed(d.lastValid.speedKph, settings)
  ) {
    confirmStop(d, closed);
  }
  d.exitAt = null;
  settleIdle(d, lastMs, settings, closed);
  const position = d.lastValid;
  closeSpan(d, lastMs, position?.lat ?? null, position?.lon ?? null, closed);
  d.kind = 'offline';
  d.offlineReason = d.lastMainPower === false ? 'power-cut' : 'silent';
  d.pieces = [
    {
      startMs: lastMs,
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      distanceM: 0,
      maxSpeedKph: null,
    },
  ];
  d.anchor = null;
  d.stopCenter = null;
}

/**
 * Feeds one fix. Fixes not newer than the last one (duplicates, late history) are ignored: re-derive for those.
 * Pure: the given state is not modified.
 */
export function stepMotion(state: MotionState, point: DerivePoint, settings: DeriveSettings): MotionStep {
  const atMs = point.fixTime.getTime();
  if (state.lastMs !== null && atMs <= state.lastMs) return { state, closed: [] };
  const d = draftOf(state);
  const closed: StateInterval[] = [];
  const position = point.gpsValid ? point : d.lastValid;
  if (d.kind === null || d.lastMs === null) {
    startFresh(d, point, atMs, settings);
    return { state: d, closed };
  }
  if (d.kind !== 'offline' && atMs - d.lastMs > settings.offlineAfterS * 1000) goOffline(d, settings, closed);
  if (d.kind === 'offline') {
    addSegment(d, point.distanceM, null);
    closeSpan(d, atMs, position?.lat ?? null, position?.lon ?? null, closed);
    startFresh(d, point, atMs, settings);
    return { state: d, closed };
  }
  // The previous fix is a possible boundary (a departure seen at this fix starts there); unused, it is merged back.
  const previousMs = d.lastMs;
  markPiece(d, previousMs, d.lastValid?.lat ?? null, d.lastValid?.lon ?? null);
  addSegment(d, point.distanceM, point.gpsValid ? point.speedKph : null);
  updateIgnition(d, point, atMs, closed);
  if (point.gpsValid) {
    const spot = spotOf(point, atMs);
    const gapMs = d.lastValid ? atMs - d.lastValid.atMs : 0;
    if (d.kind === 'moving') movingStep(d, spot, previousMs, gapMs, settings, closed);
    else stillStep(d, spot, previousMs, gapMs, settings, closed);
    d.lastValid = spot;
  }
  settleIdle(d, atMs, settings, closed);
  normalize(d);
  d.lastMs = atMs;
  if (point.mainPower !== null) d.lastMainPower = point.mainPower;
  return { state: d, closed };
}

/**
 * For the worker's offline check: when nothing arrived for more than `offlineAfterS` before `now`, closes the open span
 * at the last fix and opens an offline span from there (ended by the next fix). Otherwise returns the state unchanged.
 */
export function closeForOffline(state: MotionState, now: Date, settings: DeriveSettings): MotionStep {
  if (state.kind === null || state.kind === 'offline' || state.lastMs === null) return { state, closed: [] };
  if (now.getTime() - state.lastMs <= settings.offlineAfterS * 1000) return { state, closed: [] };
  const d = draftOf(state);
  const closed: StateInterval[] = [];
  goOffline(d, settings, closed);
  return { state: d, closed };
}

/** The interval still open (ends at the last fix; an offline one at `asOf` when given). Null before any fix. */
export function openInterval(state: MotionState, asOf?: Date): StateInterval | null {
  return openSpanInterval(state, asOf ? asOf.getTime() : null);
}

/** When the open interval started (epoch ms; `openInterval(state)?.startAt`) without building it: null if none. */
export function openIntervalStartMs(state: MotionState): number | null {
  if (state.kind === null || state.lastMs === null) return null;
  return state.pieces[0]?.startMs ?? null;
}

/**
 * A state as if an interval of `kind` had just started at `point`: the seed for re-deriving from a stored interval's
 * start (its first fix) without replaying everything before it. Pass the stored interval's start position too.
 */
export function resumeMotion(
  kind: Exclude<IntervalKind, 'offline'>,
  point: DerivePoint,
  settings: DeriveSettings,
  startPosition: { lat: number | null; lon: number | null } | null = null,
): MotionState {
  const d = initialMotionState();
  const atMs = point.fixTime.getTime();
  startFresh(d, point, atMs, settings);
  const first = d.pieces[0];
  // The stored interval knows where it started even when its first fix was invalid.
  if (first && startPosition && !point.gpsValid) Object.assign(first, startPosition);
  d.kind = kind;
  const spot = point.gpsValid ? spotOf(point, atMs) : null;
  d.anchor = kind === 'moving' ? spot : null;
  d.stopCenter = kind !== 'moving' && spot ? { lat: spot.lat, lon: spot.lon, fixCount: 1 } : null;
  if (kind === 'idle' && d.ignitionOnSinceMs === null) d.ignitionOnSinceMs = atMs;
  return d;
}
