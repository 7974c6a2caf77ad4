/**
 * The /v1/live client (STYLE.md layout "realtime/"): one shared connection per tab feeding a store outside React.
 * Any feature may import it (it is not a feature): `useLiveFleet`, `LiveVehicle`. See README.md.
 */
export { useLiveFleet, getLiveFleetStore, liveSocketUrl, type UseLiveFleetOptions } from './use-live-fleet';
export { LIVE_ERRORS, type LiveConnection, type LiveFleetSnapshot } from './live-store';
export { OFFLINE_AFTER_MS, type LiveVehicle } from './live-fleet-state';
