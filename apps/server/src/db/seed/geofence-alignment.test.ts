/**
 * The demo geofences and ward boundaries sit where the simulated demo fleet really goes: the simulator's own trace of
 * arrivals (its model of Indore) against the seeded geometry, and the derive stage's visit machine on the simulated
 * tracks. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DERIVE_SETTINGS,
  fenceContains,
  rederiveVisits,
  type DerivePoint,
  type Fence,
  type Visit,
} from '../../derive/index.ts';
import { fenceFromGeometry, WARD_DWELL_S } from '../../gateway/ingest/derive-context-db.ts';
import { simulateDemoFleet } from './demo-fleet.ts';
import { INDORE_GEOFENCES } from './indore-geofences.ts';
import { indoreWardGeometry } from './indore-ward-geometry.ts';

const fences = new Map<string, Fence>();
for (const seed of INDORE_GEOFENCES) {
  const fence = fenceFromGeometry(seed.name, seed.geometry, seed);
  if (fence) fences.set(seed.name, fence);
}
const wards = [...indoreWardGeometry()].flatMap(([code, geometry]) => {
  const fence = fenceFromGeometry(code, geometry, { dwellS: WARD_DWELL_S });
  return fence ? [fence] : [];
});
const byKind = (kind: string) =>
  INDORE_GEOFENCES.filter((f) => f.kind === kind).flatMap((f) => fences.get(f.name) ?? []);

/** Simulator place → the seeded collection point fence at it. */
const COLLECTION_FENCES: Record<string, string> = {
  'cp-sarafa': 'Sarafa Bazaar',
  'cp-malharganj-mandi': 'Malharganj Sabzi Mandi',
  'cp-khajrana-mandir': 'Khajrana Ganesh Mandir',
  'cp-vijay-nagar-a': 'Vijay Nagar Sector A',
  'cp-annapurna': 'Annapurna Mandir',
  'cp-pipliyahana-tank': 'Pipliyahana Talab',
};

/** The simulator's event type, through the one seed module allowed to import it (eslint.config.js). */
type FleetEvent = ReturnType<typeof simulateDemoFleet>[number][number];
type Position = Extract<FleetEvent, { type: 'position' }>;
type Trace = Extract<FleetEvent, { type: 'arrived' | 'departed' }>;

// Eight simulated hours of the 50-vehicle demo fleet, reporting every 10 s while driving.
const START_MS = Date.parse('2026-03-02T02:30:00Z');
const fleet = simulateDemoFleet({ startMs: START_MS, durationS: 8 * 3600, intervalS: 10 }).map((events) => ({
  positions: events.filter((e): e is Position => e.type === 'position' && e.reading.gpsValid),
  trace: events.filter((e): e is Trace => e.type === 'arrived' || e.type === 'departed'),
}));

function toPoints(positions: readonly Position[]): DerivePoint[] {
  return positions.map(({ reading }) => ({
    deviceId: '1',
    vehicleId: null,
    fixTime: new Date(reading.fixTimeMs),
    lat: reading.lat,
    lon: reading.lon,
    speedKph: reading.speedKph,
    ignition: reading.ignition,
    gpsValid: true,
    mainPower: reading.mainPower,
    distanceM: 0,
    history: false,
  }));
}

/** The first valid fix at or after `atMs`. */
function fixAt(positions: readonly Position[], atMs: number): { lat: number; lon: number } | undefined {
  return positions.find((p) => p.atMs >= atMs)?.reading;
}

describe('demo geofences along the simulated routes', () => {
  it('every arrival at a dump yard, transfer station, depot or seeded collection point is inside its fence', () => {
    const counts = { dump: 0, transfer: 0, depot: 0, collection: 0 };
    for (const { positions, trace } of fleet) {
      for (const event of trace) {
        if (event.type !== 'arrived') continue;
        const fix = fixAt(positions, event.atMs);
        if (!fix) continue;
        const candidates =
          event.placeKind === 'dump'
            ? byKind('dump-yard')
            : event.placeKind === 'transfer'
              ? byKind('transfer-station')
              : event.placeKind === 'depot'
                ? byKind('garage')
                : [fences.get(COLLECTION_FENCES[event.placeId] ?? '')].flatMap((f) => f ?? []);
        if (candidates.length === 0) continue;
        expect(
          candidates.some((fence) => fenceContains(fence, fix)),
          `${event.placeId} at ${fix.lat},${fix.lon}`,
        ).toBe(true);
        counts[event.placeKind]++;
      }
    }
    expect(counts.dump).toBeGreaterThanOrEqual(5);
    expect(counts.transfer).toBeGreaterThanOrEqual(5);
    expect(counts.collection).toBeGreaterThanOrEqual(5);
  });

  it('a tipper route passes through wards into the Devguradia dump yard and makes a visit there', () => {
    const dumpYard = fences.get('Devguradia Trenching Ground');
    const index = fleet.findIndex(({ trace }) =>
      trace.some((e) => e.type === 'arrived' && e.placeKind === 'dump'),
    );
    const route = fleet[index];
    expect(dumpYard && route).toBeTruthy();
    if (!dumpYard || !route) return;
    const step = rederiveVisits(toPoints(route.positions), [dumpYard, ...wards], DEFAULT_DERIVE_SETTINGS);
    const visits: Array<Pick<Visit, 'fenceId' | 'enteredAt'> & { dwellS?: number }> = [
      ...step.closed,
      ...step.opened,
    ];
    const dump = visits.filter((v) => v.fenceId === dumpYard.id);
    expect(dump.length).toBeGreaterThanOrEqual(1);
    expect(step.closed.filter((v) => v.fenceId === dumpYard.id).every((v) => v.dwellS >= 300)).toBe(true);
    const firstDump = Math.min(...dump.map((v) => v.enteredAt.getTime()));
    const wardsBefore = new Set(
      visits
        .filter((v) => v.fenceId.startsWith('W') && v.enteredAt.getTime() < firstDump)
        .map((v) => v.fenceId),
    );
    expect(wardsBefore.size).toBeGreaterThanOrEqual(2);
  });

  it('every city fix lies in one ward (two only on a boundary); only the road out to Devguradia leaves them', () => {
    const visited = new Set<string>();
    let outside = 0;
    let total = 0;
    for (const { positions } of fleet) {
      for (const { reading } of positions) {
        const inside = wards.filter((w) => fenceContains(w, reading));
        if (inside.length > 1) {
          // Boundaries belong to both sides; a metre away from one, a fix is in one ward only.
          for (const [dLat, dLon] of [
            [1e-5, 0],
            [-1e-5, 0],
            [0, 1e-5],
            [0, -1e-5],
          ] as const) {
            const nudged = { lat: reading.lat + dLat, lon: reading.lon + dLon };
            expect(wards.filter((w) => fenceContains(w, nudged)).length).toBeLessThanOrEqual(1);
          }
        }
        total++;
        if (inside[0]) visited.add(inside[0].id);
        else {
          outside++;
          expect(reading.lat, `${reading.lat},${reading.lon}`).toBeLessThan(22.676);
        }
      }
    }
    expect(visited.size).toBe(18);
    expect(outside / total).toBeLessThan(0.2);
  });
});
