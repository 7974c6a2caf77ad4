/**
 * All per-device derivations in the order the ingest pipeline runs them, behind one state (one jsonb per device).
 * Optional: the pipeline may call the machines one by one instead; this is the reference wiring and what the golden
 * shift test checks against the batch functions.
 */
import { accumulateDay, initialDailyStatsState, type DailyStatsState } from './daily-stats.ts';
import type { LocalDay } from './local-day.ts';
import {
  expireAlerts,
  initialAlertState,
  stepAlerts,
  type AlertClose,
  type AlertOpen,
  type AlertState,
} from './alerts.ts';
import type { Fence } from './fences.ts';
import { closeForOffline, initialMotionState, openInterval, stepMotion, type MotionState } from './motion.ts';
import type { DeriveSettings } from './settings.ts';
import { initialTripState, settleTrips, stepTrips, type TripState } from './trips.ts';
import type { DerivePoint, StateInterval, Trip } from './types.ts';
import { initialVisitState, stepVisits, type Visit, type VisitStart, type VisitState } from './visits.ts';

export interface DeviceDeriveState {
  v: 1;
  motion: MotionState;
  trips: TripState;
  visits: VisitState;
  alerts: AlertState;
  /** Days of the device's current vehicle; drop persisted, final days with `dropDaysBefore`. */
  daily: DailyStatsState;
}

export interface DeviceStep {
  state: DeviceDeriveState;
  intervals: StateInterval[];
  trips: Trip[];
  visitsOpened: VisitStart[];
  visitsClosed: Visit[];
  alertsOpened: AlertOpen[];
  alertsClosed: AlertClose[];
  /** Days whose stats changed (upsert them from `state.daily`). */
  touchedDays: LocalDay[];
  /**
   * The fix is older than the last one: only alerts were derived (marked late); re-derive from `rederiveStart`.
   * A fix with the same time as the last one derives alerts only, live, and needs nothing else.
   */
  needsRederive: boolean;
}

export function initialDeviceDeriveState(): DeviceDeriveState {
  return {
    v: 1,
    motion: initialMotionState(),
    trips: initialTripState(),
    visits: initialVisitState(),
    alerts: initialAlertState(),
    daily: initialDailyStatsState(),
  };
}

function emptyStep(state: DeviceDeriveState): DeviceStep {
  return {
    state,
    intervals: [],
    trips: [],
    visitsOpened: [],
    visitsClosed: [],
    alertsOpened: [],
    alertsClosed: [],
    touchedDays: [],
    needsRederive: false,
  };
}

// addDay and addTrips live at module level, not as closures in afterMotion: it runs for every fix, and under tsx
// (esbuild keepNames) each named closure costs a __name() call per creation.

function addDay(
  result: DeviceStep,
  touched: Set<LocalDay>,
  input: Parameters<typeof accumulateDay>[1],
  settings: DeriveSettings,
): void {
  const step = accumulateDay(result.state.daily, input, settings);
  result.state.daily = step.state;
  for (const day of step.touchedDays) touched.add(day);
}

function addTrips(
  result: DeviceStep,
  touched: Set<LocalDay>,
  trips: readonly Trip[],
  settings: DeriveSettings,
): void {
  result.trips.push(...trips);
  for (const trip of trips) addDay(result, touched, { type: 'trip', trip }, settings);
}

/** Feeds closed intervals to trips and daily stats, then settles trips against the open interval. */
function afterMotion(result: DeviceStep, closed: readonly StateInterval[], settings: DeriveSettings): void {
  const touched = new Set(result.touchedDays);
  for (const interval of closed) {
    result.intervals.push(interval);
    addDay(result, touched, { type: 'interval', interval }, settings);
    const step = stepTrips(result.state.trips, interval, settings);
    result.state.trips = step.state;
    addTrips(result, touched, step.closed, settings);
  }
  const settled = settleTrips(result.state.trips, openInterval(result.state.motion), settings);
  result.state.trips = settled.state;
  addTrips(result, touched, settled.closed, settings);
  result.touchedDays = [...touched].sort();
}

/**
 * The alert part of `stepDevice`: `late` = the fix is older than the device's last one. A replayed (history) fix
 * newer than the last one still runs the live episodes, but its alerts are late news.
 */
export function stepDeviceAlerts(
  state: AlertState,
  input: { point: DerivePoint; alarms: readonly string[]; late: boolean },
  settings: DeriveSettings,
): { state: AlertState; opened: AlertOpen[]; closed: AlertClose[] } {
  const { point } = input;
  const alerts = stepAlerts(state, input.alarms, point.fixTime, settings, {
    speedKph: point.gpsValid ? point.speedKph : null,
    mainPower: point.mainPower,
    late: input.late,
  });
  return {
    state: alerts.state,
    opened: point.history ? alerts.open.map((open) => ({ ...open, late: true })) : alerts.open,
    closed: point.history ? alerts.closed.map((close) => ({ ...close, late: true })) : alerts.closed,
  };
}

/**
 * `alerts: false` leaves the alert machine out (state.alerts untouched, no alerts reported): the ingest pipeline
 * runs it in its own stage, for every message, with `stepDeviceAlerts`.
 */
export function stepDevice(
  state: DeviceDeriveState,
  input: { point: DerivePoint; alarms: readonly string[]; fences: readonly Fence[]; alerts?: boolean },
  settings: DeriveSettings,
): DeviceStep {
  const { point, alarms, fences } = input;
  const result = emptyStep({ ...state });
  const fixMs = point.fixTime.getTime();
  const lastMs = state.motion.lastMs;
  const isLate = lastMs !== null && fixMs < lastMs;
  // Same fix time as the last one: an alarm packet repeating the last fix (GT06 does) — alerts only, live.
  const isRepeat = lastMs !== null && fixMs === lastMs;
  if (input.alerts !== false) {
    const alerts = stepDeviceAlerts(state.alerts, { point, alarms, late: isLate }, settings);
    result.state.alerts = alerts.state;
    result.alertsOpened = alerts.opened;
    result.alertsClosed = alerts.closed;
  }
  if (isLate) return { ...result, needsRederive: true };
  if (isRepeat) return result;

  const motion = stepMotion(state.motion, point, settings);
  result.state.motion = motion.state;
  afterMotion(result, motion.closed, settings);

  const visits = stepVisits(state.visits, point, fences, settings);
  result.state.visits = visits.state;
  result.visitsOpened = visits.opened;
  result.visitsClosed = visits.closed;

  const touched = new Set(result.touchedDays);
  for (const input of [
    { type: 'point' as const, point },
    ...visits.opened.map((visit) => ({ type: 'visit' as const, visit })),
  ]) {
    const step = accumulateDay(result.state.daily, input, settings);
    result.state.daily = step.state;
    step.touchedDays.forEach((day) => touched.add(day));
  }
  result.touchedDays = [...touched].sort();
  return result;
}

/** The worker's periodic check for a device: offline detection, quiet SOS expiry, trip settling. */
export function tickDevice(state: DeviceDeriveState, now: Date, settings: DeriveSettings): DeviceStep {
  const result = emptyStep({ ...state });
  const alerts = expireAlerts(state.alerts, now, settings);
  result.state.alerts = alerts.state;
  result.alertsClosed = alerts.closed;
  const motion = closeForOffline(state.motion, now, settings);
  result.state.motion = motion.state;
  afterMotion(result, motion.closed, settings);
  return result;
}
