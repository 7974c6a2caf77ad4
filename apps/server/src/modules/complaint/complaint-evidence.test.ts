/** Golden tests of the complaint GPS evidence: closest pass per vehicle and the evidence window. */
import { describe, expect, it } from 'vitest';
import { bboxContains, destinationPoint, haversineM, type LatLon } from '../../derive/geo.ts';
import { closestPasses, evidenceBbox, evidenceWindow, type EvidenceFix } from './complaint-evidence.ts';

/** The seeded Sarafa Bazaar collection point (Ward 15 Sarafa). */
const CENTER: LatLon = { lat: 22.7193, lon: 75.85815 };
const T0 = Date.parse('2026-11-25T03:30:00Z'); // 09:00 IST
const minute = 60_000;

/** A fix `distanceM` from the centre on `bearingDeg`, `minutes` after T0. */
function fixAt(
  vehicleId: string,
  minutes: number,
  bearingDeg: number,
  distanceM: number,
  speedKph: number | null = 20,
): EvidenceFix {
  const p = destinationPoint(CENTER, bearingDeg, distanceM);
  return {
    vehicleId,
    registrationNumber: `MP09EV000${vehicleId}`,
    fixedAtMs: T0 + minutes * minute,
    lat: p.lat,
    lon: p.lon,
    speedKph,
  };
}

describe('closestPasses', () => {
  // Vehicle 1 drives north → south through the point; vehicle 2 touches the circle's edge; vehicle 3 stays 200 m
  // away; vehicle 4 stops twice at the same distance (east, then west): the earlier stop is its closest.
  const fixes: EvidenceFix[] = [
    fixAt('1', 0, 0, 150),
    fixAt('1', 1, 0, 80, 24),
    fixAt('1', 2, 0, 30, 12),
    fixAt('1', 3, 180, 40, 18),
    fixAt('1', 4, 180, 120),
    fixAt('2', 10, 90, 100, 30),
    fixAt('2', 11, 90, 100.3, 30),
    fixAt('3', 5, 270, 200),
    fixAt('3', 6, 270, 210),
    fixAt('4', 20, 90, 50, 0),
    fixAt('4', 7, 270, 50, null),
    { ...fixAt('4', 8, 0, 10), lat: Number.NaN },
  ];

  it('keeps per vehicle the closest fix inside the radius, closest vehicle first', () => {
    const passes = closestPasses(fixes, CENTER, 100);
    expect(
      passes.map((p) => ({
        vehicleId: p.vehicleId,
        d: p.closestDistanceM,
        at: new Date(p.closestAtMs).toISOString(),
        speedKph: p.speedKph,
        fixesInside: p.fixesInside,
        first: new Date(p.firstInsideAtMs).toISOString(),
        last: new Date(p.lastInsideAtMs).toISOString(),
      })),
    ).toEqual([
      {
        vehicleId: '1',
        d: 30,
        at: '2026-11-25T03:32:00.000Z',
        speedKph: 12,
        fixesInside: 3,
        first: '2026-11-25T03:31:00.000Z',
        last: '2026-11-25T03:33:00.000Z',
      },
      {
        vehicleId: '4',
        d: 50,
        at: '2026-11-25T03:37:00.000Z',
        speedKph: null,
        fixesInside: 2,
        first: '2026-11-25T03:37:00.000Z',
        last: '2026-11-25T03:50:00.000Z',
      },
      {
        vehicleId: '2',
        d: 100,
        at: '2026-11-25T03:40:00.000Z',
        speedKph: 30,
        fixesInside: 1,
        first: '2026-11-25T03:40:00.000Z',
        last: '2026-11-25T03:40:00.000Z',
      },
    ]);
    const first = passes[0];
    expect(first?.registrationNumber).toBe('MP09EV0001');
    expect(haversineM(CENTER, { lat: first?.closestLat ?? 0, lon: first?.closestLon ?? 0 })).toBeCloseTo(
      30,
      1,
    );
  });

  it('widens and narrows with the radius', () => {
    expect(closestPasses(fixes, CENTER, 250).map((p) => [p.vehicleId, p.fixesInside])).toEqual([
      ['1', 5],
      ['4', 2],
      ['2', 2],
      ['3', 2],
    ]);
    expect(closestPasses(fixes, CENTER, 35).map((p) => p.vehicleId)).toEqual(['1']);
    expect(closestPasses(fixes, CENTER, 10)).toEqual([]);
    expect(closestPasses([], CENTER, 100)).toEqual([]);
  });

  it('has a prefilter box that holds the whole circle', () => {
    const box = evidenceBbox(CENTER, 100);
    for (let bearing = 0; bearing < 360; bearing += 15)
      expect(bboxContains(box, destinationPoint(CENTER, bearing, 100))).toBe(true);
    expect(bboxContains(box, destinationPoint(CENTER, 0, 110))).toBe(false);
  });
});

describe('evidenceWindow', () => {
  const hour = 3_600_000;
  const now = T0 + 10 * hour;

  it('runs from the SLA start to now, at most 48 h', () => {
    expect(evidenceWindow({ slaStartMs: T0, resolvedAtMs: null, nowMs: now, maxHours: 48 })).toEqual({
      fromMs: T0,
      toMs: now,
    });
    expect(
      evidenceWindow({ slaStartMs: now - 72 * hour, resolvedAtMs: null, nowMs: now, maxHours: 48 }),
    ).toEqual({ fromMs: now - 48 * hour, toMs: now });
  });

  it('ends at the resolution of a resolved complaint and takes an explicit length', () => {
    const resolved = T0 + 2 * hour;
    expect(evidenceWindow({ slaStartMs: T0, resolvedAtMs: resolved, nowMs: now, maxHours: 48 })).toEqual({
      fromMs: T0,
      toMs: resolved,
    });
    expect(
      evidenceWindow({ slaStartMs: T0, resolvedAtMs: null, nowMs: now, hours: 24, maxHours: 48 }),
    ).toEqual({
      fromMs: now - 24 * hour,
      toMs: now,
    });
    // A complaint raised "in the future" of the clock gives an empty window, never an inverted one.
    expect(evidenceWindow({ slaStartMs: now + hour, resolvedAtMs: null, nowMs: now, maxHours: 48 })).toEqual({
      fromMs: now,
      toMs: now,
    });
  });
});
