/**
 * Pure derivations of the ingest pipeline: no I/O, no clock, no database. Each per-device state machine takes and
 * returns plain-JSON state, so the pipeline persists it and resumes after a restart. Definitions and defaults:
 * docs/derivations.md.
 */
export type { DerivePoint, IntervalKind, OfflineReason, StateInterval, Trip } from './types.ts';
export { INTERVAL_KINDS } from './types.ts';
export {
  DEFAULT_DERIVE_SETTINGS,
  resolveDeriveSettings,
  validateDeriveSettings,
  type DeriveSettings,
} from './settings.ts';
export * from './geo.ts';
export {
  localDayOf,
  localDayStartMs,
  splitAtLocalMidnights,
  utcOffsetMinutes,
  type LocalDay,
} from './local-day.ts';
export { initialDistanceState, stepDistance, type DistanceInput, type DistanceState } from './distance.ts';
export {
  closeForOffline,
  initialMotionState,
  openInterval,
  openIntervalStartMs,
  resumeMotion,
  stepMotion,
  type MotionState,
  type MotionStep,
} from './motion.ts';
export { rederive, rederiveStart, type RederiveResult } from './rederive.ts';
export {
  finishTrips,
  initialTripState,
  settleTrips,
  stepTrips,
  tripsFrom,
  type TripState,
  type TripStep,
} from './trips.ts';
export {
  accumulateDay,
  dailyStatsFor,
  dailyStatsOf,
  dropDaysBefore,
  initialDailyStatsState,
  previewDailyStats,
  type DailyStats,
  type DailyStatsState,
  type DayInput,
} from './daily-stats.ts';
export { fenceBbox, fenceContains, type Fence } from './fences.ts';
export {
  initialVisitState,
  openVisits,
  rederiveVisits,
  stepVisits,
  type Visit,
  type VisitStart,
  type VisitState,
  type VisitStep,
} from './visits.ts';
export {
  expireAlerts,
  initialAlertState,
  openAlerts,
  stepAlerts,
  type AlertClose,
  type AlertCloseReason,
  type AlertOpen,
  type AlertSample,
  type AlertState,
  type AlertStep,
} from './alerts.ts';
export {
  initialDeviceDeriveState,
  stepDevice,
  stepDeviceAlerts,
  tickDevice,
  type DeviceDeriveState,
  type DeviceStep,
} from './device.ts';
