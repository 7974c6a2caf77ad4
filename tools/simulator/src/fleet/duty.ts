/**
 * The duty cycle: which collection points a trip visits (the vehicle's beat, fleet/beat.ts, now and then passing one
 * by), where it unloads, and the legs between them.
 */
import { BEAT_SKIP_PROBABILITY } from './beat.ts';
import { DUMP_YARD_ID, type PlaceKind } from './indore-map.ts';
import { chance, intBetween } from './prng.ts';
import { KIND_PROFILES, SIGNAL_HOLD_S, SIGNAL_PROBABILITY } from './profiles.ts';
import type { Stop, VehicleState } from './types.ts';
import { roadGraph } from './world.ts';

/** Junctions closer than this to either end of a leg never hold the vehicle. */
const SIGNAL_CLEARANCE_M = 40;

export function planTrip(vehicle: VehicleState): Stop[] {
  const profile = KIND_PROFILES[vehicle.spec.kind];
  // The first round of a shift may start part-way along the beat (on-duty demos), later rounds from its start.
  const from = vehicle.tripsDone === 0 ? vehicle.firstRoundFrom : 0;
  const stops: Stop[] = [];
  for (const placeId of vehicle.beat.slice(from)) {
    if (chance(vehicle.rng, BEAT_SKIP_PROBABILITY)) continue;
    stops.push(stopAt(vehicle, placeId, 'collection'));
  }
  for (const kind of profile.unloadAt) {
    stops.push(stopAt(vehicle, kind === 'dump' ? DUMP_YARD_ID : vehicle.transferStation, kind));
  }
  return stops;
}

export function depotStop(vehicle: VehicleState): Stop {
  return { placeId: vehicle.depot, placeKind: 'depot', dwellS: 0 };
}

function stopAt(vehicle: VehicleState, placeId: string, placeKind: PlaceKind): Stop {
  const [min, max] = KIND_PROFILES[vehicle.spec.kind].dwellS[placeKind] ?? [60, 180];
  return { placeId, placeKind, dwellS: intBetween(vehicle.rng, min, max) };
}

/** Starts driving from the current vertex to `stop`, drawing the signal holds for this leg. */
export function startLeg(vehicle: VehicleState, stop: Stop, nowMs: number): void {
  const route = roadGraph().route(vehicle.vertex, stop.placeId);
  const holds: Array<{ atM: number; durationS: number }> = [];
  for (const atM of route.junctionsM) {
    if (atM < SIGNAL_CLEARANCE_M || atM > route.lengthM - SIGNAL_CLEARANCE_M) continue;
    if (chance(vehicle.rng, SIGNAL_PROBABILITY)) {
      holds.push({ atM, durationS: intBetween(vehicle.rng, SIGNAL_HOLD_S[0], SIGNAL_HOLD_S[1]) });
    }
  }
  vehicle.leg = {
    fromVertex: vehicle.vertex,
    toVertex: stop.placeId,
    progressM: 0,
    holds,
    holdIndex: 0,
    holdUntilMs: null,
    destination: stop,
  };
  vehicle.phase = 'driving';
  vehicle.cruiseUntilMs = nowMs;
}
