/**
 * The distance stage: how far a vehicle went since its previous fix, and the running odometer. Distance is measured
 * from an anchor (the last fix that counted), so GPS noise around a parked vehicle never adds up, while a slow crawl
 * (door-to-door collection at walking pace) still counts once it has moved beyond the noise. Rules, in order:
 *  1. an invalid fix adds nothing (its position is the device's last known one);
 *  2. the first valid fix becomes the anchor and adds nothing;
 *  3. straight-line speed from the anchor above `maxPlausibleSpeedKph` is a jump: nothing added; the anchor stays,
 *     unless the time since the anchor exceeds `gpsGapS` (the vehicle really was elsewhere: re-anchor there);
 *  4. without a moving speed (`speedKph` < `movingMinSpeedKph` or unknown), ignition off adds nothing, and a
 *     displacement below `distanceJitterM` adds nothing (the anchor stays, so small real moves accumulate);
 *  5. otherwise the haversine from the anchor is added and the fix becomes the anchor. Across a GPS gap this is the
 *     straight line, counted only because rule 3 found it plausible.
 */
import { haversineM } from './geo.ts';
import type { DeriveSettings } from './settings.ts';
import type { DerivePoint } from './types.ts';

export interface DistanceState {
  v: 1;
  anchor: { atMs: number; lat: number; lon: number } | null;
  odometerM: number;
}

export type DistanceInput = Pick<
  DerivePoint,
  'fixTime' | 'lat' | 'lon' | 'gpsValid' | 'speedKph' | 'ignition'
>;

export function initialDistanceState(odometerM = 0): DistanceState {
  return { v: 1, anchor: null, odometerM };
}

export interface DistanceStep {
  state: DistanceState;
  distanceM: number;
  odometerM: number;
  /** Set when rule 3 rejected the fix: the straight line from the anchor and its implied speed. */
  jump?: { distanceM: number; impliedKph: number };
}

export function stepDistance(
  state: DistanceState,
  point: DistanceInput,
  settings: DeriveSettings,
): DistanceStep {
  // Runs for every fix: objects are built only for the result returned (no spread of a shared "unchanged").
  if (!point.gpsValid) return unchangedStep(state);
  const atMs = point.fixTime.getTime();
  const { anchor } = state;
  if (anchor === null) return unchangedStep({ ...state, anchor: { atMs, lat: point.lat, lon: point.lon } });
  const dtS = (atMs - anchor.atMs) / 1000;
  if (dtS <= 0) return unchangedStep(state);
  const distanceM = haversineM(anchor, point);
  const impliedKph = (distanceM / dtS) * 3.6;
  if (impliedKph > settings.maxPlausibleSpeedKph) {
    const jump = { distanceM, impliedKph };
    const next =
      dtS > settings.gpsGapS ? { ...state, anchor: { atMs, lat: point.lat, lon: point.lon } } : state;
    return { state: next, distanceM: 0, odometerM: state.odometerM, jump };
  }
  const reportsMoving = point.speedKph !== null && point.speedKph >= settings.movingMinSpeedKph;
  if (!reportsMoving && (point.ignition === false || distanceM < settings.distanceJitterM))
    return unchangedStep(state);
  const odometerM = state.odometerM + distanceM;
  return {
    state: { v: 1, anchor: { atMs, lat: point.lat, lon: point.lon }, odometerM },
    distanceM,
    odometerM,
  };
}

/** A step that adds nothing; `state` is the old state or (re-anchored) a new one with the same odometer. */
function unchangedStep(state: DistanceState): DistanceStep {
  return { state, distanceM: 0, odometerM: state.odometerM };
}
