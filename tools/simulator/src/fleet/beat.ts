/**
 * A vehicle's beat: the ordered collection points of its zone it visits every round (nearest-first from its depot),
 * then where it unloads. Fixed per vehicle (index, zone, kind), independent of the fleet seed, so the demo seed can
 * register it as the vehicle's route and job; each round may skip a point (missed checkpoints, `BEAT_SKIP_PROBABILITY`).
 */
import { distanceM, type LatLon } from './geo.ts';
import { DUMP_YARD_ID, ZONE_IDS, ZONES, type PlaceKind, type ZoneId } from './indore-map.ts';
import { createRng, deriveSeed, intBetween, nextFloat } from './prng.ts';
import { KIND_PROFILES } from './profiles.ts';
import type { VehicleKind } from './types.ts';
import { roadGraph } from './world.ts';

/** Chance that a round passes a beat point by (a missed checkpoint). */
export const BEAT_SKIP_PROBABILITY = 0.05;
const BEAT_SALT = 0xbea7;

export interface BeatPoint {
  placeId: string;
  name: string;
  kind: PlaceKind;
  lat: number;
  lon: number;
  /** IMC ward number of a collection point. */
  ward: number | null;
}

export interface VehicleBeat {
  zone: ZoneId;
  depot: BeatPoint;
  /** Collection points in visiting order. */
  points: BeatPoint[];
  /** Where each round ends: the transfer station and/or the dump yard, in order. */
  unload: BeatPoint[];
  /** Road polyline depot → points → unload (what a round drives), [lat, lon] points. */
  path: LatLon[];
  lengthM: number;
}

function beatPoint(placeId: string): BeatPoint {
  const place = roadGraph().places.get(placeId);
  if (place === undefined) throw new Error(`unknown place ${placeId}`);
  return {
    placeId,
    name: place.name,
    kind: place.kind,
    lat: place.lat,
    lon: place.lon,
    ward: place.ward ?? null,
  };
}

export function zoneOfVehicle(index: number, zone?: ZoneId): ZoneId {
  return zone ?? ZONE_IDS[index % ZONE_IDS.length] ?? 'central';
}

/** The beat of the vehicle at `index` (zone: its spec's, else round-robin like createVehicle). */
export function vehicleBeat(index: number, kind: VehicleKind, zoneId?: ZoneId): VehicleBeat {
  const zone = ZONES.find((z) => z.id === zoneOfVehicle(index, zoneId)) ?? ZONES[0];
  if (zone === undefined) throw new Error('no zones defined');
  const profile = KIND_PROFILES[kind];
  const rng = createRng(deriveSeed(BEAT_SALT, index));
  const pool = [...roadGraph().places.values()].filter((p) => p.kind === 'collection' && p.zone === zone.id);
  const count = Math.min(pool.length, intBetween(rng, profile.stopsPerTrip[0], profile.stopsPerTrip[1]));
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(nextFloat(rng) * (pool.length - i));
    const a = pool[i];
    const b = pool[j];
    if (a !== undefined && b !== undefined) {
      pool[i] = b;
      pool[j] = a;
    }
  }
  const remaining = pool.slice(0, count);
  const depot = beatPoint(zone.depot);
  const points: BeatPoint[] = [];
  let here: LatLon = depot;
  while (remaining.length > 0) {
    let best = 0;
    remaining.forEach((place, i) => {
      const current = remaining[best];
      if (current !== undefined && distanceM(here, place) < distanceM(here, current)) best = i;
    });
    const [next] = remaining.splice(best, 1);
    if (next === undefined) break;
    points.push(beatPoint(next.id));
    here = next;
  }
  const unload = profile.unloadAt.map((k) => beatPoint(k === 'dump' ? DUMP_YARD_ID : zone.transferStation));
  const path: LatLon[] = [];
  let lengthM = 0;
  let from = depot.placeId;
  for (const stop of [...points, ...unload]) {
    const route = roadGraph().route(from, stop.placeId);
    path.push(...(path.length > 0 ? route.points.slice(1) : route.points));
    lengthM += route.lengthM;
    from = stop.placeId;
  }
  return { zone: zone.id, depot, points, unload, path, lengthM };
}

/**
 * Disposal trips (dump-yard / transfer-station visits) a vehicle makes in a shift, as the IST schedule plays out
 * (d2d 5–6 rounds to the transfer station, tippers 4–5 to the dump yard, compactors ~4 rounds unloading at both).
 */
export const DISPOSAL_TRIPS_PER_SHIFT: Record<VehicleKind, number> = { d2d: 5, tipper: 4, compactor: 7 };

/** The vehicle's shift on the IST schedule (as createVehicle assigns it): start minute after IST midnight, length. */
export function istShiftOf(
  index: number,
  kind: VehicleKind,
): { startMinuteIst: number; durationMin: number } {
  const profile = KIND_PROFILES[kind];
  const starts = profile.shiftStartsMinIst;
  return {
    startMinuteIst: starts[Math.floor(index / ZONE_IDS.length) % starts.length] ?? 360,
    durationMin: profile.shiftDurationMin,
  };
}
