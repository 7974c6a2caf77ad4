/**
 * Per-kind behaviour of Indore SWM vehicles. Door-to-door (D2D) vehicles are small 12 V auto-tippers that stop at
 * every lane and unload at a garbage transfer station; tippers and compactors are 24 V trucks that empty community
 * bins and haul to the Devguradia trenching ground. Durations in seconds, speeds in km/h.
 */
import type { PlaceKind } from './indore-map.ts';
import type { VehicleKind } from './types.ts';

export interface KindProfile {
  maxKph: number;
  accelMps2: number;
  /** Shift starts to rotate through (minutes after IST midnight), assigned by vehicle index. */
  shiftStartsMinIst: readonly number[];
  shiftDurationMin: number;
  /** Collection points per trip. */
  stopsPerTrip: readonly [number, number];
  /** Where a trip ends: the transfer station, the dump yard, or the station and then the dump yard. */
  unloadAt: readonly PlaceKind[];
  dwellS: Partial<Record<PlaceKind, readonly [number, number]>>;
  /** A new trip starts only if this much of the shift remains. */
  tripEstimateS: number;
  maxTrips: number;
  /** Main input voltage with the engine running / stopped (12 V or 24 V system). */
  runningV: number;
  restingV: number;
}

export const KIND_PROFILES: Record<VehicleKind, KindProfile> = {
  d2d: {
    maxKph: 30,
    accelMps2: 1.1,
    shiftStartsMinIst: [6 * 60],
    shiftDurationMin: 7 * 60,
    stopsPerTrip: [5, 7],
    unloadAt: ['transfer'],
    dwellS: { collection: [60, 240], transfer: [300, 600] },
    tripEstimateS: 70 * 60,
    maxTrips: 6,
    runningV: 14.1,
    restingV: 12.6,
  },
  tipper: {
    maxKph: 45,
    accelMps2: 0.8,
    shiftStartsMinIst: [6 * 60, 14 * 60],
    shiftDurationMin: 8 * 60,
    stopsPerTrip: [5, 7],
    unloadAt: ['dump'],
    dwellS: { collection: [120, 300], dump: [600, 1200] },
    tripEstimateS: 100 * 60,
    maxTrips: 5,
    runningV: 27.8,
    restingV: 25.4,
  },
  compactor: {
    maxKph: 40,
    accelMps2: 0.7,
    shiftStartsMinIst: [22 * 60, 6 * 60],
    shiftDurationMin: 8 * 60,
    stopsPerTrip: [3, 4],
    unloadAt: ['transfer', 'dump'],
    dwellS: { collection: [180, 300], transfer: [600, 900], dump: [600, 1200] },
    tripEstimateS: 110 * 60,
    maxTrips: 5,
    runningV: 27.6,
    restingV: 25.2,
  },
};

/** Strongest braking the model plans with (m/s²); real braking may reach twice that. */
export const PLANNED_BRAKING_MPS2 = 1.2;
export const MAX_BRAKING_MPS2 = 3;
/** Probability that a junction on the route holds the vehicle at a signal or in a jam, and for how long. */
export const SIGNAL_PROBABILITY = 0.3;
export const SIGNAL_HOLD_S: readonly [number, number] = [10, 60];
/** Stops at least this long may switch the engine off. */
export const ENGINE_OFF_MIN_DWELL_S = 420;
export const ENGINE_OFF_PROBABILITY = 0.6;
