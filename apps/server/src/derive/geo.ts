/**
 * Geometry helpers for city-scale fleet work (wards, dump yards, routes): no PostGIS, so these are the tested
 * primitives the rest of derive/ builds on. Coordinates follow GeoJSON order `[lon, lat]` in degrees; distances are
 * metres on a sphere of the IUGG mean radius (error vs. the WGS-84 ellipsoid < 0.5 %, far below GPS noise).
 * Not handled on purpose: rings crossing the antimeridian and the poles (no Indian municipality needs them).
 */

export const EARTH_RADIUS_M = 6_371_008.8;

/** A GeoJSON position: `[lon, lat]` in degrees. */
export type LonLat = readonly [number, number];
/** A closed or open ring of positions (the closing vertex may be repeated or left out). */
export type Ring = readonly LonLat[];
/** GeoJSON Polygon coordinates: the first ring is the outer boundary, the others are holes. */
export type PolygonCoords = readonly Ring[];

export interface LatLon {
  lat: number;
  lon: number;
}

/** `[minLon, minLat, maxLon, maxLat]`. */
export type Bbox = readonly [number, number, number, number];

const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in metres (haversine). */
export function haversineM(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point reached from `from` after `distanceM` along the initial bearing (degrees clockwise from north). */
export function destinationPoint(from: LatLon, bearingDeg: number, distanceM: number): LatLon {
  const delta = distanceM / EARTH_RADIUS_M;
  const theta = toRad(bearingDeg);
  const phi1 = toRad(from.lat);
  const lambda1 = toRad(from.lon);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
    );
  return { lat: toDeg(phi2), lon: toDeg(lambda2) };
}

export function bboxOfPositions(positions: Iterable<LonLat>): Bbox {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const [lon, lat] of positions) {
    minLon = Math.min(minLon, lon);
    minLat = Math.min(minLat, lat);
    maxLon = Math.max(maxLon, lon);
    maxLat = Math.max(maxLat, lat);
  }
  return [minLon, minLat, maxLon, maxLat];
}

/** A box grown by `marginM` on every side (for circle, corridor and "near" prefilters). */
export function expandBbox(bbox: Bbox, marginM: number): Bbox {
  const [minLon, minLat, maxLon, maxLat] = bbox;
  const dLat = toDeg(marginM / EARTH_RADIUS_M);
  const widestLat = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const dLon = dLat / Math.max(Math.cos(toRad(widestLat)), 1e-9);
  return [minLon - dLon, minLat - dLat, maxLon + dLon, maxLat + dLat];
}

/** Edges included: a cheap prefilter before the exact test. */
export function bboxContains(bbox: Bbox, point: LatLon): boolean {
  return point.lon >= bbox[0] && point.lon <= bbox[2] && point.lat >= bbox[1] && point.lat <= bbox[3];
}

// Relative tolerance (degrees) for "on the boundary": ~1 mm, so float noise on an edge never flips the answer.
const EDGE_EPSILON_DEG = 1e-8;

/**
 * Whether (px, py) lies on segment a–b (within EDGE_EPSILON_DEG). Called for every edge of a ward for every fix: the
 * cheap box test first, and no Math.hypot (it boxes its result: a heap number per call on the hot path).
 */
function onSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  const eps = EDGE_EPSILON_DEG;
  if (
    px < Math.min(ax, bx) - eps ||
    px > Math.max(ax, bx) + eps ||
    py < Math.min(ay, by) - eps ||
    py > Math.max(ay, by) + eps
  )
    return false;
  const dx = bx - ax;
  const dy = by - ay;
  const cross = dx * (py - ay) - dy * (px - ax);
  const length = Math.sqrt(dx * dx + dy * dy);
  return Math.abs(cross) <= eps * Math.max(length, eps);
}

/** Where a point lies relative to one ring. Boundary (edges and vertices) is reported separately. */
export function ringPosition(point: LatLon, ring: Ring): 'inside' | 'outside' | 'boundary' {
  const x = point.lon;
  const y = point.lat;
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[i];
    const b = ring[j];
    if (a === undefined || b === undefined) continue;
    // Indexing, not `const [ax, ay] = a`: destructuring made an array iterator per vertex per fix.
    const ax = a[0];
    const ay = a[1];
    const bx = b[0];
    const by = b[1];
    if (onSegment(x, y, ax, ay, bx, by)) return 'boundary';
    // Half-open rule on y so that a ray through a vertex counts the vertex exactly once.
    if (ay > y !== by > y) {
      const xCross = ((bx - ax) * (y - ay)) / (by - ay) + ax;
      if (x < xCross) inside = !inside;
    }
  }
  return inside ? 'inside' : 'outside';
}

/**
 * Ray casting with holes. Points on any boundary (outer edge, vertex, or a hole's edge) count as inside: a vehicle
 * standing on a ward line is in the ward, and a fence is generous rather than strict.
 */
export function pointInPolygon(point: LatLon, polygon: PolygonCoords): boolean {
  const [outer, ...holes] = polygon;
  if (outer === undefined) return false;
  const outerPosition = ringPosition(point, outer);
  if (outerPosition === 'outside') return false;
  if (outerPosition === 'boundary') return true;
  return holes.every((hole) => ringPosition(point, hole) !== 'inside');
}

export function pointInMultiPolygon(point: LatLon, polygons: readonly PolygonCoords[]): boolean {
  return polygons.some((polygon) => pointInPolygon(point, polygon));
}

export interface PolylineNearest {
  distanceM: number;
  /** Index of the segment (from vertex `segmentIndex` to `segmentIndex + 1`) holding the nearest point. */
  segmentIndex: number;
  /** 0..1 along that segment. */
  fraction: number;
  lat: number;
  lon: number;
}

/**
 * Nearest point of a polyline (route) to a position. Each segment is projected in a local equirectangular plane
 * centred on the query point (exact enough below a few tens of km per segment); the reported distance is the haversine
 * to the projected point. A one-vertex line degenerates to that vertex. Returns null for an empty line.
 */
export function nearestOnPolyline(point: LatLon, line: readonly LonLat[]): PolylineNearest | null {
  const kx = Math.cos(toRad(point.lat));
  let best: PolylineNearest | null = null;
  const consider = (segmentIndex: number, fraction: number, lon: number, lat: number): void => {
    const distanceM = haversineM(point, { lat, lon });
    if (best === null || distanceM < best.distanceM) best = { distanceM, segmentIndex, fraction, lat, lon };
  };
  const first = line[0];
  if (first === undefined) return null;
  if (line.length === 1) {
    consider(0, 0, first[0], first[1]);
    return best;
  }
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i];
    const b = line[i + 1];
    if (a === undefined || b === undefined) continue;
    const ax = (a[0] - point.lon) * kx;
    const ay = a[1] - point.lat;
    const bx = (b[0] - point.lon) * kx;
    const by = b[1] - point.lat;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSq = dx * dx + dy * dy;
    const t = lengthSq === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSq));
    consider(i, t, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
  }
  return best;
}

/** Distance in metres from a position to a polyline (route deviation); Infinity for an empty line. */
export function distanceToPolylineM(point: LatLon, line: readonly LonLat[]): number {
  return nearestOnPolyline(point, line)?.distanceM ?? Infinity;
}
