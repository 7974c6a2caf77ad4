/**
 * Synthetic fleet of the map benchmark (fs-tracking `?bench=<n>`, bench/map-fps.ts): `n` vehicles spread over Indore,
 * each moving along its heading and turning a little at every step, with a fixed status mix. Deterministic (seeded),
 * so every run draws the same picture.
 */
import { VEHICLE_LIVE_STATUSES, type VehicleLiveStatus } from '@civicfleet/shared';
import type { MapVehicle } from '@/components/map';

export const BENCH_MAX_VEHICLES = 20_000;
const KINDS = ['tipper', 'compactor', 'door-to-door', 'SMALL_CAR', 'BUS'] as const;
/** Indore, roughly. */
const AREA = { west: 75.75, south: 22.62, east: 75.98, north: 22.8 };

/** mulberry32: a tiny seeded PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchFleet {
  vehicles: MapVehicle[];
  /** Moves every moving/idle vehicle by `seconds` of driving; returns a new array (new objects for moved ones). */
  step(seconds: number): MapVehicle[];
}

export function createBenchFleet(count: number, seed = 1): BenchFleet {
  const random = prng(seed);
  const n = Math.max(1, Math.min(BENCH_MAX_VEHICLES, Math.floor(count)));
  let vehicles: MapVehicle[] = Array.from({ length: n }, (_, i) => {
    const r = random();
    const status: VehicleLiveStatus =
      r < 0.55
        ? 'moving'
        : r < 0.7
          ? 'idle'
          : r < 0.85
            ? 'stopped'
            : (VEHICLE_LIVE_STATUSES[3 + (i % 2)] ?? 'offline');
    return {
      id: `bench-${i}`,
      lat: AREA.south + random() * (AREA.north - AREA.south),
      lon: AREA.west + random() * (AREA.east - AREA.west),
      headingDeg: status === 'never-connected' ? null : Math.floor(random() * 360),
      status,
      kind: KINDS[i % KINDS.length],
      label: `MP09BN${String(i).padStart(5, '0')}`,
    };
  });
  return {
    get vehicles() {
      return vehicles;
    },
    step(seconds) {
      vehicles = vehicles.map((v) => {
        if (v.status !== 'moving' || v.headingDeg === null) return v;
        const speedMps = 6 + random() * 8;
        const heading = (v.headingDeg + (random() - 0.5) * 40 + 360) % 360;
        const rad = (heading * Math.PI) / 180;
        const dLat = (Math.cos(rad) * speedMps * seconds) / 111_320;
        const dLon = (Math.sin(rad) * speedMps * seconds) / (111_320 * Math.cos((v.lat * Math.PI) / 180));
        let lat = v.lat + dLat;
        let lon = v.lon + dLon;
        let headingDeg = heading;
        // Turn back at the edge of the area.
        if (lat < AREA.south || lat > AREA.north || lon < AREA.west || lon > AREA.east) {
          lat = v.lat;
          lon = v.lon;
          headingDeg = (heading + 180) % 360;
        }
        return { ...v, lat, lon, headingDeg };
      });
      return vehicles;
    },
  };
}
