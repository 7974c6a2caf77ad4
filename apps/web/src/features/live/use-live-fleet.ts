/**
 * `useLiveFleet(options?)` lives in `@/realtime` (a feature never imports a sibling feature, and the status board,
 * playback and the desk read the same store); re-exported here for the live screens. See src/realtime/README.md.
 */
export { useLiveFleet, type UseLiveFleetOptions } from '@/realtime';
export { LIVE_ERRORS } from '@/realtime';
export type { LiveConnection, LiveFleetSnapshot, LiveVehicle } from '@/realtime';
