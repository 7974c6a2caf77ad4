/**
 * Trips from closed motion intervals: a trip is one or more moving intervals joined across standstills (idle and
 * stopped intervals in a row) shorter than `stopMinDurationS` in total; it ends at the end of its last moving interval
 * once a standstill reaches that length, or at any offline interval (a trip needs continuous data). Trips shorter than
 * `minTripDistanceM` or `minTripDurationS` are dropped (yard shunting, GPS drift that escaped the stop radius).
 */
import type { DeriveSettings } from './settings.ts';
import type { StateInterval, Trip } from './types.ts';

interface PendingTrip {
  startMs: number;
  startLat: number | null;
  startLon: number | null;
  endMs: number;
  endLat: number | null;
  endLon: number | null;
  distanceM: number;
  maxSpeedKph: number | null;
}

interface Standstill {
  durationMs: number;
  distanceM: number;
}

/** Per-device trip state: plain JSON. */
export interface TripState {
  v: 1;
  pending: PendingTrip | null;
  /** Idle/stopped time since the pending trip's last moving interval. */
  standstill: Standstill | null;
}

export interface TripStep {
  state: TripState;
  closed: Trip[];
}

export function initialTripState(): TripState {
  return { v: 1, pending: null, standstill: null };
}

const maxSpeed = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

function finish(pending: PendingTrip | null, settings: DeriveSettings): Trip[] {
  if (!pending) return [];
  const durationS = (pending.endMs - pending.startMs) / 1000;
  if (pending.distanceM < settings.minTripDistanceM || durationS < settings.minTripDurationS) return [];
  return [
    {
      startAt: new Date(pending.startMs),
      endAt: new Date(pending.endMs),
      durationS,
      startLat: pending.startLat,
      startLon: pending.startLon,
      endLat: pending.endLat,
      endLon: pending.endLon,
      distanceM: pending.distanceM,
      maxSpeedKph: pending.maxSpeedKph,
      avgSpeedKph: durationS > 0 ? (pending.distanceM / durationS) * 3.6 : null,
    },
  ];
}

/** Feeds one closed motion interval (in time order). */
export function stepTrips(state: TripState, interval: StateInterval, settings: DeriveSettings): TripStep {
  const empty: TripState = initialTripState();
  if (interval.kind === 'offline') return { state: empty, closed: finish(state.pending, settings) };
  const durationMs = interval.endAt.getTime() - interval.startAt.getTime();
  if (interval.kind === 'moving') {
    const pending = state.pending;
    if (!pending) {
      return {
        state: {
          v: 1,
          standstill: null,
          pending: {
            startMs: interval.startAt.getTime(),
            startLat: interval.startLat,
            startLon: interval.startLon,
            endMs: interval.endAt.getTime(),
            endLat: interval.endLat,
            endLon: interval.endLon,
            distanceM: interval.distanceM,
            maxSpeedKph: interval.maxSpeedKph,
          },
        },
        closed: [],
      };
    }
    const joined: PendingTrip = {
      ...pending,
      endMs: interval.endAt.getTime(),
      endLat: interval.endLat,
      endLon: interval.endLon,
      distanceM: pending.distanceM + (state.standstill?.distanceM ?? 0) + interval.distanceM,
      maxSpeedKph: maxSpeed(pending.maxSpeedKph, interval.maxSpeedKph),
    };
    return { state: { v: 1, standstill: null, pending: joined }, closed: [] };
  }
  if (!state.pending) return { state, closed: [] };
  const standstill: Standstill = {
    durationMs: (state.standstill?.durationMs ?? 0) + durationMs,
    distanceM: (state.standstill?.distanceM ?? 0) + interval.distanceM,
  };
  if (standstill.durationMs >= settings.stopMinDurationS * 1000) {
    return { state: empty, closed: finish(state.pending, settings) };
  }
  return { state: { ...state, standstill }, closed: [] };
}

/**
 * Closes the pending trip early when the still-open interval already shows how it ends (a standstill long enough, or
 * offline), so a trip is reported when the vehicle stops, not when it next moves. Safe to call after every step:
 * feeding that interval later, once closed, does not count it twice.
 */
export function settleTrips(
  state: TripState,
  open: StateInterval | null,
  settings: DeriveSettings,
): TripStep {
  if (!state.pending || !open || open.kind === 'moving') return { state, closed: [] };
  const standstillMs = (state.standstill?.durationMs ?? 0) + (open.endAt.getTime() - open.startAt.getTime());
  if (open.kind === 'offline' || standstillMs >= settings.stopMinDurationS * 1000) {
    return { state: initialTripState(), closed: finish(state.pending, settings) };
  }
  return { state, closed: [] };
}

/** Closes whatever trip is pending (end of data in a batch). */
export function finishTrips(state: TripState, settings: DeriveSettings): TripStep {
  return { state: initialTripState(), closed: finish(state.pending, settings) };
}

/**
 * Batch: trips of a sequence of closed intervals. `flush` (default true) also ends the trip still pending at the end;
 * pass false to get the state for continued stepping instead.
 */
export function tripsFrom(
  intervals: readonly StateInterval[],
  settings: DeriveSettings,
  options: { initial?: TripState; flush?: boolean } = {},
): TripStep {
  let state = options.initial ?? initialTripState();
  const closed: Trip[] = [];
  for (const interval of intervals) {
    const step = stepTrips(state, interval, settings);
    state = step.state;
    closed.push(...step.closed);
  }
  if (options.flush ?? true) {
    const step = finishTrips(state, settings);
    state = step.state;
    closed.push(...step.closed);
  }
  return { state, closed };
}
