/**
 * Fences a vehicle can visit: wards, zones, dump yards, transfer stations, collection points. Circles for points of
 * interest, (multi)polygons for areas; GeoJSON coordinate order `[lon, lat]`. Containment is generous: the boundary
 * counts as inside.
 */
import {
  bboxContains,
  bboxOfPositions,
  expandBbox,
  haversineM,
  pointInMultiPolygon,
  pointInPolygon,
  type Bbox,
  type LatLon,
  type LonLat,
  type PolygonCoords,
} from './geo.ts';

interface FenceBase {
  id: string;
  /** Overrides `visitDwellS` for this fence (e.g. 0 for a ward boundary, 300 for a dump yard). */
  dwellS?: number;
}

export type Fence = FenceBase &
  (
    | { type: 'circle'; center: LonLat; radiusM: number }
    | { type: 'polygon'; coordinates: PolygonCoords }
    | { type: 'multipolygon'; coordinates: readonly PolygonCoords[] }
  );

// Boxes are computed once per fence object: the pipeline keeps an organisation's fences between fixes.
const bboxes = new WeakMap<Fence, Bbox>();

export function fenceBbox(fence: Fence): Bbox {
  const cached = bboxes.get(fence);
  if (cached) return cached;
  let bbox: Bbox;
  if (fence.type === 'circle') {
    bbox = expandBbox([fence.center[0], fence.center[1], fence.center[0], fence.center[1]], fence.radiusM);
  } else {
    const polygons = fence.type === 'polygon' ? [fence.coordinates] : fence.coordinates;
    // Only outer rings bound a polygon.
    bbox = bboxOfPositions(polygons.flatMap((polygon) => polygon[0] ?? []));
  }
  bboxes.set(fence, bbox);
  return bbox;
}

export function fenceContains(fence: Fence, point: LatLon): boolean {
  if (!bboxContains(fenceBbox(fence), point)) return false;
  switch (fence.type) {
    case 'circle':
      return haversineM({ lat: fence.center[1], lon: fence.center[0] }, point) <= fence.radiusM;
    case 'polygon':
      return pointInPolygon(point, fence.coordinates);
    case 'multipolygon':
      return pointInMultiPolygon(point, fence.coordinates);
  }
}
