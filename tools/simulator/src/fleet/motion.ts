/**
 * One second of driving along the current leg: traffic-like cruise speeds, acceleration and braking limits, stops at
 * signals, and arrival. Speeds in m/s internally, km/h at the edges.
 */
import { bearingDeg } from './geo.ts';
import { between, chance, intBetween } from './prng.ts';
import { KIND_PROFILES, MAX_BRAKING_MPS2, PLANNED_BRAKING_MPS2 } from './profiles.ts';
import { pointAlong } from './road-graph.ts';
import type { Route } from './road-graph.ts';
import type { Leg, VehicleState } from './types.ts';
import { roadGraph } from './world.ts';

/** Share of cruise periods spent crawling in a jam. */
const JAM_PROBABILITY = 0.12;

export type DriveOutcome = 'moving' | 'held' | 'arrived';

export function driveStep(vehicle: VehicleState, dtS: number, nowMs: number): DriveOutcome {
  const leg = vehicle.leg;
  if (leg === null) return 'arrived';
  const route = routeOf(leg);

  if (leg.holdUntilMs !== null) {
    if (nowMs < leg.holdUntilMs) {
      vehicle.speedMps = 0;
      return 'held';
    }
    leg.holdUntilMs = null;
    leg.holdIndex++;
  }

  const hold = leg.holds[leg.holdIndex];
  const stopAtM = hold?.atM ?? route.lengthM;
  const distanceToStopM = Math.max(0, stopAtM - leg.progressM);

  if (nowMs >= vehicle.cruiseUntilMs) resampleCruise(vehicle, nowMs);
  const profile = KIND_PROFILES[vehicle.spec.kind];
  const { segment } = pointAlong(route, leg.progressM);
  const roadKph = route.segmentMaxKph[segment] ?? profile.maxKph;
  const isSpeeding = vehicle.anomalies.overspeed.untilMs !== null;
  const cruiseKph = isSpeeding ? vehicle.overspeedKph : Math.min(vehicle.cruiseKph, roadKph, profile.maxKph);
  // Never faster than what still allows stopping at the next stop point with the planned braking.
  const targetMps = Math.min(cruiseKph / 3.6, Math.sqrt(2 * PLANNED_BRAKING_MPS2 * distanceToStopM));
  const deltaMps = clamp(targetMps - vehicle.speedMps, -MAX_BRAKING_MPS2 * dtS, profile.accelMps2 * dtS);
  const newSpeedMps = Math.max(0, vehicle.speedMps + deltaMps);
  let movedM = ((vehicle.speedMps + newSpeedMps) / 2) * dtS;
  vehicle.speedMps = newSpeedMps;

  let reachedStop = false;
  if (movedM >= distanceToStopM - 0.5) {
    movedM = distanceToStopM;
    vehicle.speedMps = 0;
    reachedStop = true;
  }
  leg.progressM += movedM;
  vehicle.odometerM += movedM;
  const { point, segment: at } = pointAlong(route, leg.progressM);
  vehicle.position = point;
  const a = route.points[at];
  const b = route.points[at + 1];
  if (a !== undefined && b !== undefined) vehicle.headingDeg = bearingDeg(a, b);

  if (!reachedStop) return 'moving';
  if (hold !== undefined) {
    leg.holdUntilMs = nowMs + hold.durationS * 1000;
    return 'held';
  }
  return 'arrived';
}

/** Route of a leg, memoised per leg object (the leg itself stays plain data). */
const legRoutes = new WeakMap<Leg, Route>();

function routeOf(leg: Leg): Route {
  let route = legRoutes.get(leg);
  if (route === undefined) {
    route = roadGraph().route(leg.fromVertex, leg.toVertex);
    legRoutes.set(leg, route);
  }
  return route;
}

function resampleCruise(vehicle: VehicleState, nowMs: number): void {
  const { maxKph } = KIND_PROFILES[vehicle.spec.kind];
  vehicle.cruiseKph = chance(vehicle.rng, JAM_PROBABILITY)
    ? between(vehicle.rng, 5, 15)
    : between(vehicle.rng, 0.6 * maxKph, maxKph);
  vehicle.cruiseUntilMs = nowMs + intBetween(vehicle.rng, 20, 90) * 1000;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
