/**
 * The duty cycle: which collection points a trip visits, where it unloads, and the legs between them.
 */
import { distanceM } from './geo.ts';
import { DUMP_YARD_ID, type PlaceKind } from './indore-map.ts';
import { chance, intBetween, nextFloat } from './prng.ts';
import { KIND_PROFILES, SIGNAL_HOLD_S, SIGNAL_PROBABILITY } from './profiles.ts';
import type { Stop, VehicleState } from './types.ts';
import { roadGraph } from './world.ts';

/** Junctions closer than this to either end of a leg never hold the vehicle. */
const SIGNAL_CLEARANCE_M = 40;

export function planTrip(vehicle: VehicleState): Stop[] {
  const profile = KIND_PROFILES[vehicle.spec.kind];
  const { places } = roadGraph();
  const pool = [...places.values()].filter(
    (place) => place.kind === 'collection' && place.zone === vehicle.zone,
  );
  const count = Math.min(
    pool.length,
    intBetween(vehicle.rng, profile.stopsPerTrip[0], profile.stopsPerTrip[1]),
  );

  // Random subset (partial Fisher–Yates), then visited nearest-first from where the vehicle is.
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(nextFloat(vehicle.rng) * (pool.length - i));
    const a = pool[i];
    const b = pool[j];
    if (a !== undefined && b !== undefined) {
      pool[i] = b;
      pool[j] = a;
    }
  }
  const remaining = pool.slice(0, count);
  const stops: Stop[] = [];
  let here = vehicle.position;
  while (remaining.length > 0) {
    let bestIndex = 0;
    remaining.forEach((place, index) => {
      const best = remaining[bestIndex];
      if (best !== undefined && distanceM(here, place) < distanceM(here, best)) bestIndex = index;
    });
    const [next] = remaining.splice(bestIndex, 1);
    if (next === undefined) break;
    stops.push(stopAt(vehicle, next.id, 'collection'));
    here = next;
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
