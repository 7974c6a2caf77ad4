/**
 * fast-check generators of messy device tracks: mixed reporting intervals (1 s to an hour), parking with noise,
 * crawling, driving, GPS jumps, invalid fixes, ignition flapping, power cuts. Times are strictly increasing; the
 * start wanders around local midnights so day splitting is exercised.
 */
import fc from 'fast-check';
import { destinationPoint } from '../geo.ts';
import { resolveDeriveSettings, type DeriveSettings } from '../settings.ts';
import type { DerivePoint } from '../types.ts';
import { RAJWADA } from './track.ts';

interface Move {
  dtS: number;
  moveM: number;
  bearingDeg: number;
  speedKph: number | null;
  ignition: boolean | null;
  gpsValid: boolean;
  mainPower: boolean | null;
  distanceM: number;
}

const moveArbitrary: fc.Arbitrary<Move> = fc.record({
  dtS: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 30 }) },
    { weight: 2, arbitrary: fc.integer({ min: 31, max: 400 }) },
    { weight: 1, arbitrary: fc.integer({ min: 401, max: 3600 }) },
  ),
  moveM: fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 4, arbitrary: fc.double({ min: 0, max: 30, noNaN: true }) },
    { weight: 4, arbitrary: fc.double({ min: 30, max: 300, noNaN: true }) },
    { weight: 1, arbitrary: fc.double({ min: 300, max: 5000, noNaN: true }) },
  ),
  bearingDeg: fc.integer({ min: 0, max: 359 }),
  speedKph: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 90 }) },
  ),
  ignition: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: fc.boolean() }),
  gpsValid: fc.oneof(
    { weight: 9, arbitrary: fc.constant(true) },
    { weight: 1, arbitrary: fc.constant(false) },
  ),
  mainPower: fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(false) },
    { weight: 6, arbitrary: fc.constant(true) },
  ),
  distanceM: fc.double({ min: 0, max: 2000, noNaN: true }),
});

/** Fixes in time order (the first one's distance is 0). */
export const trackArbitrary: fc.Arbitrary<DerivePoint[]> = fc
  .tuple(
    // Start within ±2 days of an IST midnight (2024-03-10 18:30 UTC), at any second.
    fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }),
    fc.array(moveArbitrary, { minLength: 1, maxLength: 160 }),
  )
  .map(([offsetS, moves]) => {
    let atMs = Date.UTC(2024, 2, 10, 18, 30) + offsetS * 1000;
    let position = RAJWADA;
    return moves.map((move, index) => {
      atMs += move.dtS * 1000;
      position = destinationPoint(position, move.bearingDeg, move.moveM);
      return {
        deviceId: 'device-1',
        vehicleId: 'vehicle-1',
        fixTime: new Date(atMs),
        lat: position.lat,
        lon: position.lon,
        speedKph: move.speedKph,
        ignition: move.ignition,
        gpsValid: move.gpsValid,
        mainPower: move.mainPower,
        distanceM: index === 0 ? 0 : move.distanceM,
        history: false,
      };
    });
  });

/** Splits an array into consecutive chunks at the given cut ratios (to vary where a restart happens). */
export function chunk<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const positions = [...new Set(cuts.map((cut) => Math.floor(cut * items.length)))].sort((a, b) => a - b);
  const chunks: T[][] = [];
  let start = 0;
  for (const position of [...positions, items.length]) {
    if (position > start) chunks.push(items.slice(start, position));
    start = Math.max(start, position);
  }
  return chunks;
}

/** A JSON round trip: what persisting a state and reading it back after a restart does. */
export function persisted<T>(state: T): T {
  return JSON.parse(JSON.stringify(state)) as T;
}

/** The defaults, or random motion thresholds (the machines must stay consistent under any valid settings). */
export const settingsArbitrary: fc.Arbitrary<DeriveSettings> = fc.oneof(
  fc.constant(resolveDeriveSettings()),
  fc
    .record({
      stopMinDurationS: fc.integer({ min: 1, max: 900 }),
      stopRadiusM: fc.integer({ min: 5, max: 300 }),
      movingMinSpeedKph: fc.integer({ min: 0, max: 20 }),
      idleMinDurationS: fc.integer({ min: 0, max: 900 }),
      offlineAfterS: fc.integer({ min: 30, max: 3600 }),
      gpsGapS: fc.integer({ min: 10, max: 1800 }),
    })
    .map((overrides) => resolveDeriveSettings(overrides)),
);
