/**
 * Pure GeoJSON helpers for the map components and the pages that edit shapes: bounds to fit, a circle fence drawn as
 * a polygon, and GeoJSON typed or pasted by a user checked against the shared contract (the same rules the server
 * applies, so the form shows the server's messages before a round trip). [lon, lat] order throughout.
 */
import {
  AreaGeometrySchema,
  LineStringGeometrySchema,
  PointGeometrySchema,
  type AreaGeometry,
  type LineStringGeometry,
} from '@civicfleet/shared';
import type { z } from 'zod';

export type PointGeometry = z.infer<typeof PointGeometrySchema>;
/** What the editors produce: an area (fence, ward), a line (route) or a point (POI, circle centre). */
export type EditableGeometry = AreaGeometry | LineStringGeometry | PointGeometry;
/** Which shape a field edits. `circle` is a centre point whose radius the form holds. */
export type GeometryKind = 'area' | 'line' | 'point' | 'circle';

export type LngLat = [number, number];
export type Bounds = [LngLat, LngLat];

/** Roughly India's mainland: where a map with nothing to show starts. */
export const INDIA_VIEW: Bounds = [
  [68.1, 6.7],
  [97.4, 35.7],
];

const EARTH_RADIUS_M = 6_371_008.8;

function positionsOf(geometry: { type: string; coordinates?: unknown }): number[][] {
  const out: number[][] = [];
  const walk = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number') {
      out.push(value as number[]);
      return;
    }
    for (const inner of value) walk(inner);
  };
  walk(geometry.coordinates);
  return out;
}

/** The bounding box of one or more geometries, or null when they hold no position. */
export function geometryBounds(
  geometries: ReadonlyArray<{ type: string; coordinates?: unknown } | null | undefined>,
): Bounds | null {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const g of geometries) {
    if (!g) continue;
    for (const [lon = NaN, lat = NaN] of positionsOf(g)) {
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    }
  }
  if (minLon === Infinity) return null;
  return [
    [minLon, minLat],
    [maxLon, maxLat],
  ];
}

/** Bounds grown so a single point or a tiny shape is not fitted at street-corner zoom. */
export function paddedBounds(bounds: Bounds, minSpanDeg = 0.01): Bounds {
  const [[w, s], [e, n]] = bounds;
  const padLon = Math.max(0, (minSpanDeg - (e - w)) / 2);
  const padLat = Math.max(0, (minSpanDeg - (n - s)) / 2);
  return [
    [w - padLon, s - padLat],
    [e + padLon, n + padLat],
  ];
}

/** A circle of `radiusM` metres around `center` as a closed polygon (spherical destination formula). */
export function circlePolygon(center: LngLat, radiusM: number, steps = 64): AreaGeometry {
  const [lon0, lat0] = center;
  const lat1 = (lat0 * Math.PI) / 180;
  const lon1 = (lon0 * Math.PI) / 180;
  const d = radiusM / EARTH_RADIUS_M;
  const ring: number[][] = [];
  for (let i = 0; i < steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
    const lon2 =
      lon1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
        Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([round6((lon2 * 180) / Math.PI), round6((lat2 * 180) / Math.PI)]);
  }
  const first = ring[0];
  if (first) ring.push([...first]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Six decimals ≈ 0.1 m: what the editors store. */
export function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const SCHEMA_BY_KIND = {
  area: AreaGeometrySchema,
  line: LineStringGeometrySchema,
  point: PointGeometrySchema,
  circle: PointGeometrySchema,
} as const;

export const GEOMETRY_TEXT_MESSAGES = {
  json: 'This is not valid JSON',
  kind: {
    area: 'Paste a GeoJSON Polygon or MultiPolygon',
    line: 'Paste a GeoJSON LineString',
    point: 'Paste a GeoJSON Point',
    circle: 'Paste a GeoJSON Point (the centre)',
  },
} as const;

export type GeometryParse = { ok: true; geometry: EditableGeometry } | { ok: false; message: string };

/**
 * Reads GeoJSON typed or pasted by a user: a bare geometry, a Feature, or a FeatureCollection with one feature.
 * Checked with the contract's schema, so the message is the one the server would give.
 */
export function parseGeometryText(text: string, kind: GeometryKind): GeometryParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: GEOMETRY_TEXT_MESSAGES.json };
  }
  const geometry = unwrapGeometry(value);
  if (geometry === undefined) return { ok: false, message: GEOMETRY_TEXT_MESSAGES.kind[kind] };
  const parsed = SCHEMA_BY_KIND[kind].safeParse(geometry);
  if (!parsed.success) {
    const typeMatches = (geometry as { type?: unknown }).type;
    const wrongType = !allowedTypes(kind).includes(String(typeMatches));
    return {
      ok: false,
      message: wrongType
        ? GEOMETRY_TEXT_MESSAGES.kind[kind]
        : (parsed.error.issues[0]?.message ?? GEOMETRY_TEXT_MESSAGES.kind[kind]),
    };
  }
  return { ok: true, geometry: parsed.data };
}

export function allowedTypes(kind: GeometryKind): readonly string[] {
  if (kind === 'area') return ['Polygon', 'MultiPolygon'];
  if (kind === 'line') return ['LineString'];
  return ['Point'];
}

function unwrapGeometry(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { type?: unknown; geometry?: unknown; features?: unknown };
  if (v.type === 'Feature') return v.geometry ?? undefined;
  if (v.type === 'FeatureCollection' && Array.isArray(v.features) && v.features.length === 1)
    return unwrapGeometry(v.features[0]);
  return value;
}

/** A FeatureCollection for a GeoJSON source, each feature carrying its own properties (name, colour…). */
export function featureCollection(
  items: ReadonlyArray<{ geometry: unknown; properties?: Record<string, unknown>; id?: string | number }>,
): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: items
      .filter((i) => i.geometry !== null && i.geometry !== undefined)
      .map((i) => ({
        type: 'Feature',
        ...(i.id === undefined ? {} : { id: i.id }),
        geometry: i.geometry as GeoJSON.Geometry,
        properties: i.properties ?? {},
      })),
  };
}
