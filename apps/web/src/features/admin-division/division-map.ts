/**
 * Pure helpers of the division map: each division's polygon as the contract reads it, feature collections per type,
 * and which division a click on the map falls in (a ward before its circle before its zone). [lon, lat] order.
 */
import { AreaGeometrySchema, type AdminDivision, type AreaGeometry } from '@civicfleet/shared';
import type { FeatureCollection } from 'geojson';
import { featureCollection, type LngLat } from '@/components/map';

/** The division's polygon, or null when it has none (or one the contract would refuse). */
export function areaOf(division: Pick<AdminDivision, 'geometry'>): AreaGeometry | null {
  const parsed = AreaGeometrySchema.safeParse(division.geometry);
  return parsed.success ? parsed.data : null;
}

export function divisionCollection(divisions: readonly AdminDivision[]): FeatureCollection {
  return featureCollection(
    divisions.map((d) => ({ id: d.id, geometry: areaOf(d), properties: { name: d.name, type: d.type } })),
  );
}

/** Ray casting over one ring: true when the point is inside (on-edge points may fall either way). */
function inRing([x, y]: LngLat, ring: readonly number[][]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole of one of the polygons. */
export function isInArea(point: LngLat, area: AreaGeometry): boolean {
  const polygons = area.type === 'Polygon' ? [area.coordinates] : area.coordinates;
  return polygons.some(
    ([outer, ...holes]) => !!outer && inRing(point, outer) && !holes.some((h) => inRing(point, h)),
  );
}

const DEPTH = { WARD: 0, CIRCLE: 1, ZONE: 2 } as const;

/** The most specific division containing the point: a ward before its circle before its zone. */
export function divisionAt(point: LngLat, divisions: readonly AdminDivision[]): AdminDivision | undefined {
  return divisions
    .filter((d) => {
      const area = areaOf(d);
      return area !== null && isInArea(point, area);
    })
    .sort((a, b) => DEPTH[a.type] - DEPTH[b.type])[0];
}
