/**
 * Live tracking (/view-operations/live-tracking), the wallboard (fs-tracking) and the SOS/critical alert pop-up.
 * The live store itself is `@/realtime` (shared with other features); re-exported here.
 */
export { useLiveFleet, type UseLiveFleetOptions } from './use-live-fleet';
export type { LiveConnection, LiveFleetSnapshot, LiveVehicle } from './use-live-fleet';
export { LiveAlertPopup, type LiveAlertPopupProps } from './LiveAlertPopup';
export { LiveTrackingPage } from './LiveTrackingPage';
export { FsTrackingPage } from './FsTrackingPage';
