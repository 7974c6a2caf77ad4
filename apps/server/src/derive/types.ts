/**
 * Input and output shapes of the derive functions. Inputs use `Date` (what the pipeline reads from its rows); the
 * persisted per-device states use epoch milliseconds so that they survive `JSON.stringify`/`JSON.parse` unchanged.
 * Units are in the names (docs/derivations.md has every definition).
 */

/** One position as the ingest pipeline hands it to derive/ (mapped from its `positions` row). */
export interface DerivePoint {
  deviceId: string;
  vehicleId: string | null;
  fixTime: Date;
  lat: number;
  lon: number;
  speedKph: number | null;
  ignition: boolean | null;
  /** false: the fix is the device's last known position, not a measurement; used only for time and I/O. */
  gpsValid: boolean;
  mainPower: boolean | null;
  /** Distance since the previous fix, as the distance stage counted it (see `stepDistance`). */
  distanceM: number;
  /** Stored and replayed by the device; older than the last processed fix → re-derive, don't step. */
  history: boolean;
  /** Fuel level from the device's sensor (litres), when the fix carried one (derive/fuel.ts). */
  fuelLevelL?: number | null;
}

export const INTERVAL_KINDS = ['moving', 'idle', 'stopped', 'offline'] as const;
export type IntervalKind = (typeof INTERVAL_KINDS)[number];

/** Why data stopped, as far as the last packet before the silence tells. */
export type OfflineReason = 'power-cut' | 'silent';

/** A span of one device state. Intervals of a device never overlap and, together, cover its data without gaps. */
export interface StateInterval {
  kind: IntervalKind;
  startAt: Date;
  endAt: Date;
  durationS: number;
  /** Position at the start/end (last valid fix known then); null only before the device's first valid fix. */
  startLat: number | null;
  startLon: number | null;
  endLat: number | null;
  endLon: number | null;
  /** Sum of the `distanceM` of the fixes inside (start, end]. */
  distanceM: number;
  /** Highest speed reported by a valid fix inside (start, end]; null when none reported a speed. */
  maxSpeedKph: number | null;
  /** Only for 'offline': what the last packet before the silence said. */
  offlineReason: OfflineReason | null;
}

export interface Trip {
  startAt: Date;
  endAt: Date;
  durationS: number;
  startLat: number | null;
  startLon: number | null;
  endLat: number | null;
  endLon: number | null;
  distanceM: number;
  maxSpeedKph: number | null;
  /** distanceM / durationS (short stops inside the trip included), km/h; null for a zero-length trip. */
  avgSpeedKph: number | null;
}
