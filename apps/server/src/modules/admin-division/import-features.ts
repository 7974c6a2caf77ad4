/**
 * Turns an uploaded GeoJSON FeatureCollection or KML document into import features: name, type, code, parent and a
 * geometry still to be validated (the caller checks it with the contract's AreaGeometrySchema).
 */
import { parseKml } from './kml.ts';

export interface ImportFeature {
  index: number;
  name: string | null;
  type: string | null;
  code: string | null;
  parent: string | null;
  geometry: unknown;
}

export const IMPORT_MESSAGES = {
  json: 'The file is not valid JSON',
  collection: 'The GeoJSON must be a FeatureCollection',
  tooMany: 'At most 5,000 features can be imported at once',
} as const;

const MAX_FEATURES = 5000;
const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number'
      ? String(value)
      : null;

function fromGeoJson(content: string): ImportFeature[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new Error(IMPORT_MESSAGES.json);
  }
  const collection = parsed as { type?: unknown; features?: unknown };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features))
    throw new Error(IMPORT_MESSAGES.collection);
  return (collection.features as unknown[]).map((raw, index) => {
    const feature = (raw ?? {}) as { properties?: Record<string, unknown> | null; geometry?: unknown };
    const p = feature.properties ?? {};
    return {
      index,
      name: str(p.name),
      type: str(p.type)?.toUpperCase() ?? null,
      code: str(p.code),
      parent: str(p.parent),
      geometry: feature.geometry,
    };
  });
}

function fromKml(content: string): ImportFeature[] {
  return parseKml(content).map((p) => ({
    index: p.index,
    name: p.name,
    type: p.data.type?.toUpperCase() ?? null,
    code: p.data.code || null,
    parent: p.data.parent || null,
    geometry:
      p.polygons.length === 1
        ? { type: 'Polygon', coordinates: p.polygons[0] }
        : p.polygons.length > 1
          ? { type: 'MultiPolygon', coordinates: p.polygons }
          : null,
  }));
}

export function readImportFeatures(format: 'geojson' | 'kml', content: string): ImportFeature[] {
  const features = format === 'geojson' ? fromGeoJson(content) : fromKml(content);
  if (features.length > MAX_FEATURES) throw new Error(IMPORT_MESSAGES.tooMany);
  return features;
}
