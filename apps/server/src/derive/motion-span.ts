/**
 * The open span of the motion state machine, kept as a few "pieces": each piece starts at a fix that may become an
 * interval boundary once a pending decision is taken (the first fix of a stationary cluster, the first fix outside a
 * stop, the fix where ignition came on). Deciding = splitting the span at a piece start; a dropped candidate's piece is
 * merged back into its predecessor. So a retroactive boundary costs O(1) state, never a buffer of points.
 */
import type { IntervalKind, OfflineReason, StateInterval } from './types.ts';

export interface MotionSpot {
  atMs: number;
  lat: number;
  lon: number;
  speedKph: number | null;
}

export interface MotionPiece {
  startMs: number;
  /** Position at `startMs` (last valid fix then). */
  lat: number | null;
  lon: number | null;
  distanceM: number;
  maxSpeedKph: number | null;
}

/** Per-device motion state: plain JSON (persist it, resume with it). */
export interface MotionState {
  v: 1;
  /** Kind of the open span; null before the first fix. */
  kind: IntervalKind | null;
  /** The open span; `pieces[0].startMs` is its start. Never empty once `kind` is set. */
  pieces: MotionPiece[];
  offlineReason: OfflineReason | null;
  lastMs: number | null;
  lastValid: MotionSpot | null;
  lastMainPower: boolean | null;
  /** First fix of the current run of ignition-on fixes; null when ignition is off or never reported. */
  ignitionOnSinceMs: number | null;
  /** Moving: first fix of the current stationary cluster (a stop would start there). Null otherwise. */
  anchor: MotionSpot | null;
  /** Stopped/idle: mean position of the stop's fixes; departure is measured from it, not from the arrival fix. */
  stopCenter: { lat: number; lon: number; fixCount: number } | null;
  /**
   * Stopped/idle: first fix outside the stop radius, waiting for a second one to confirm departure; the departure
   * would start at `boundaryMs`, the fix before it (the last one still at the stop).
   */
  exitAt: { spot: MotionSpot; boundaryMs: number } | null;
}

export function initialMotionState(): MotionState {
  return {
    v: 1,
    kind: null,
    pieces: [],
    offlineReason: null,
    lastMs: null,
    lastValid: null,
    lastMainPower: null,
    ignitionOnSinceMs: null,
    anchor: null,
    stopCenter: null,
    exitAt: null,
  };
}

/** A working copy: spots are never mutated, so only the pieces need copying. */
export function draftOf(state: MotionState): MotionState {
  return { ...state, pieces: state.pieces.map((piece) => ({ ...piece })) };
}

export function spanStartMs(state: MotionState): number | null {
  return state.pieces[0]?.startMs ?? null;
}

const maxSpeed = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

export function addSegment(state: MotionState, distanceM: number, speedKph: number | null): void {
  const last = state.pieces[state.pieces.length - 1];
  if (!last) return;
  last.distanceM += distanceM;
  last.maxSpeedKph = maxSpeed(last.maxSpeedKph, speedKph);
}

/** Makes `atMs` a piece start (a possible boundary); a no-op if it already is one. Keeps pieces sorted. */
export function markPiece(state: MotionState, atMs: number, lat: number | null, lon: number | null): void {
  const first = state.pieces[0];
  // A time before the open span belongs to an interval already closed: nothing to split there any more.
  if (first && atMs < first.startMs) return;
  if (state.pieces.some((piece) => piece.startMs === atMs)) return;
  const fresh: MotionPiece = { startMs: atMs, lat, lon, distanceM: 0, maxSpeedKph: null };
  const index = state.pieces.findIndex((piece) => piece.startMs > atMs);
  if (index === -1) state.pieces.push(fresh);
  else state.pieces.splice(index, 0, fresh);
}

function toInterval(
  kind: IntervalKind,
  pieces: readonly MotionPiece[],
  endMs: number,
  endLat: number | null,
  endLon: number | null,
  offlineReason: OfflineReason | null,
): StateInterval | null {
  const first = pieces[0];
  if (!first || endMs <= first.startMs) return null;
  let distanceM = 0;
  let maxSpeedKph: number | null = null;
  for (const piece of pieces) {
    distanceM += piece.distanceM;
    maxSpeedKph = maxSpeed(maxSpeedKph, piece.maxSpeedKph);
  }
  return {
    kind,
    startAt: new Date(first.startMs),
    endAt: new Date(endMs),
    durationS: (endMs - first.startMs) / 1000,
    startLat: first.lat,
    startLon: first.lon,
    endLat,
    endLon,
    distanceM,
    maxSpeedKph,
    offlineReason: kind === 'offline' ? offlineReason : null,
  };
}

/**
 * Ends the open span at `atMs` (a piece start) and continues with `kind` from there. At or before the span's start
 * (a decision about a moment already closed), the open span just changes kind.
 */
export function splitAt(state: MotionState, atMs: number, kind: IntervalKind, closed: StateInterval[]): void {
  const first = state.pieces[0];
  const index =
    !first || atMs <= first.startMs ? 0 : state.pieces.findIndex((piece) => piece.startMs === atMs);
  if (index === -1) {
    const position = state.pieces.filter((piece) => piece.startMs < atMs).at(-1) ?? null;
    markPiece(state, atMs, position?.lat ?? null, position?.lon ?? null);
    splitAt(state, atMs, kind, closed);
    return;
  }
  const boundary = state.pieces[index];
  if (index > 0 && boundary && state.kind !== null) {
    const interval = toInterval(
      state.kind,
      state.pieces.slice(0, index),
      atMs,
      boundary.lat,
      boundary.lon,
      state.offlineReason,
    );
    if (interval) closed.push(interval);
    state.pieces = state.pieces.slice(index);
  }
  state.kind = kind;
  state.offlineReason = null;
}

/** Closes the whole open span at `endMs` (zero-length spans vanish) and leaves no span open. */
export function closeSpan(
  state: MotionState,
  endMs: number,
  endLat: number | null,
  endLon: number | null,
  closed: StateInterval[],
): void {
  if (state.kind !== null) {
    const interval = toInterval(state.kind, state.pieces, endMs, endLat, endLon, state.offlineReason);
    if (interval) closed.push(interval);
  }
  state.pieces = [];
}

/** Merges pieces that no pending decision refers to. */
export function normalize(state: MotionState): void {
  const referenced = new Set<number>();
  if (state.anchor) referenced.add(state.anchor.atMs);
  if (state.exitAt) {
    referenced.add(state.exitAt.spot.atMs);
    referenced.add(state.exitAt.boundaryMs);
  }
  if (state.ignitionOnSinceMs !== null) referenced.add(state.ignitionOnSinceMs);
  const kept: MotionPiece[] = [];
  for (const piece of state.pieces) {
    const previous = kept[kept.length - 1];
    if (previous && !referenced.has(piece.startMs)) {
      previous.distanceM += piece.distanceM;
      previous.maxSpeedKph = maxSpeed(previous.maxSpeedKph, piece.maxSpeedKph);
    } else {
      kept.push(piece);
    }
  }
  state.pieces = kept;
}

/** The open span as an interval ending at the last fix (offline: at `asOfMs` when later). */
export function openSpanInterval(state: MotionState, asOfMs: number | null): StateInterval | null {
  if (state.kind === null || state.lastMs === null) return null;
  const endMs = state.kind === 'offline' && asOfMs !== null ? Math.max(asOfMs, state.lastMs) : state.lastMs;
  const first = state.pieces[0];
  if (!first) return null;
  const interval = toInterval(
    state.kind,
    state.pieces,
    endMs,
    state.lastValid?.lat ?? null,
    state.lastValid?.lon ?? null,
    state.offlineReason,
  );
  // A span that has just begun is reported with zero length rather than hidden.
  return (
    interval ?? {
      kind: state.kind,
      startAt: new Date(first.startMs),
      endAt: new Date(first.startMs),
      durationS: 0,
      startLat: first.lat,
      startLon: first.lon,
      endLat: state.lastValid?.lat ?? null,
      endLon: state.lastValid?.lon ?? null,
      distanceM: first.distanceM,
      maxSpeedKph: first.maxSpeedKph,
      offlineReason: state.kind === 'offline' ? state.offlineReason : null,
    }
  );
}
