import { describe, expect, it } from 'vitest';
import { fenceContains, pointInPolygon, type Fence, type LatLon } from '../../derive/index.ts';
import { INDORE_DIVISIONS, type DivisionSeed } from './indore-divisions.ts';
import { INDORE_DEMO_OUTLINE, indoreWardGeometry } from './indore-ward-geometry.ts';

const geometry = indoreWardGeometry();
const wards: Fence[] = [...geometry].map(([code, polygon]) => ({
  id: code,
  type: 'polygon',
  coordinates: polygon.coordinates as Array<Array<[number, number]>>,
}));
const wardsAt = (point: LatLon) => wards.filter((w) => fenceContains(w, point)).map((w) => w.id);

const leaves = (seeds: DivisionSeed[]): DivisionSeed[] =>
  seeds.flatMap((s) => (s.children ? leaves(s.children) : [s]));

describe('Indore demo ward boundaries', () => {
  it('has one closed [lon, lat] polygon per seeded ward, and is deterministic', () => {
    expect([...geometry.keys()].sort()).toEqual(
      leaves(INDORE_DIVISIONS)
        .map((w) => w.code)
        .sort(),
    );
    for (const polygon of geometry.values()) {
      const [ring, ...holes] = polygon.coordinates;
      expect(holes).toEqual([]);
      expect(ring?.length).toBeGreaterThanOrEqual(4);
      expect(ring?.[0]).toEqual(ring?.at(-1));
      for (const [lon, lat] of ring ?? []) {
        expect(lon).toBeGreaterThan(75.8);
        expect(lon).toBeLessThan(75.93);
        expect(lat).toBeGreaterThan(22.66);
        expect(lat).toBeLessThan(22.78);
      }
    }
    expect(indoreWardGeometry()).toEqual(geometry);
  });

  it('tiles the city outline: every point inside is in one ward (two only on a boundary), none outside', () => {
    const outline = [INDORE_DEMO_OUTLINE.map(([lon, lat]) => [lon, lat] as const)];
    let inside = 0;
    for (let lat = 22.6601; lat < 22.78; lat += 0.00077) {
      for (let lon = 75.8001; lon < 75.921; lon += 0.00083) {
        const found = wardsAt({ lat, lon });
        if (!pointInPolygon({ lat, lon }, outline)) {
          expect(found, `${lat},${lon}`).toEqual([]);
          continue;
        }
        inside++;
        if (found.length !== 1) {
          expect(found.length, `${lat},${lon}`).toBe(2);
          expect(wardsAt({ lat: lat + 1e-5, lon: lon + 1e-5 })).toHaveLength(1);
        }
      }
    }
    expect(inside).toBeGreaterThan(10_000);
  });

  it('puts the localities in the wards named after them', () => {
    const landmarks: Array<[string, number, number]> = [
      ['W12', 22.7228, 75.8398], // Bada Ganpati
      ['W13', 22.7232, 75.8463], // Malharganj
      ['W15', 22.7186, 75.8553], // Rajwada, Sarafa
      ['W36', 22.7534, 75.8937], // Vijay Nagar Square
      ['W38', 22.755, 75.87], // Sukhliya
      ['W39', 22.7245, 75.8845], // Palasia Square
      ['W41', 22.718, 75.885], // Geeta Bhawan Square
      ['W73', 22.6927, 75.8676], // Bhawarkuan Square
      ['W74', 22.699, 75.838], // Annapurna Square
    ];
    for (const [code, lat, lon] of landmarks) expect(wardsAt({ lat, lon }), code).toEqual([code]);
  });
});
