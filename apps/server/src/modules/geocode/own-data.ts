/**
 * The own-data geocoder (pure: rows in, names out): what an organisation's POIs, geofences, wards and zones say about
 * a point, and the English text made of it ("near Dump Yard Devguradia, Ward 12 Bada Ganpati, Zone 3").
 *
 * Point-in-polygon runs here in JS on an index built once per organisation (bounding boxes first), not in SQL: there is
 * no PostGIS, the places of a city are a few hundred shapes, and a stop list of a week needs hundreds of lookups in
 * one request (measured in README.md).
 */
import type { GeocodeParts } from '@civicfleet/shared';
import { fenceBbox, fenceContains, haversineM, type Fence, type LatLon } from '../../derive/index.ts';
import { fenceFromGeometry } from '../../gateway/ingest/derive-context-db.ts';
import type { OrganisationPlaceRows } from './geocode.repository.ts';

/** A POI names a point within its own radius or this far, whichever is larger. */
export const POI_REACH_M = 300;

interface IndexedPoi {
  name: string;
  lat: number;
  lon: number;
  reachM: number;
}

interface IndexedArea {
  name: string;
  fence: Fence;
  /** Bounding-box area (degrees²): the smallest of several containing fences is the most specific. */
  size: number;
}

interface IndexedWard extends IndexedArea {
  zone: string | null;
}

export interface PlaceIndex {
  pois: IndexedPoi[];
  geofences: IndexedArea[];
  wards: IndexedWard[];
  zones: IndexedArea[];
}

function areaOf(name: string, fence: Fence | null): IndexedArea | null {
  if (!fence) return null;
  const [minLon, minLat, maxLon, maxLat] = fenceBbox(fence);
  return { name, fence, size: (maxLon - minLon) * (maxLat - minLat) };
}

export function buildPlaceIndex(rows: OrganisationPlaceRows): PlaceIndex {
  const pois = rows.pois
    .filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon))
    .map((p) => ({ name: p.name, lat: p.lat, lon: p.lon, reachM: Math.max(p.radiusM, POI_REACH_M) }));
  const geofences: IndexedArea[] = [];
  for (const g of rows.geofences) {
    const area = areaOf(g.name, fenceFromGeometry(g.name, g.geometry, { radiusM: g.radiusM }));
    if (area) geofences.push(area);
  }
  const byId = new Map(rows.divisions.map((d) => [d.id, d]));
  const zoneOf = (id: string | null): string | null => {
    for (let d = id === null ? undefined : byId.get(id), hops = 0; d && hops < 8; hops++) {
      if (d.type === 'ZONE') return d.name;
      d = d.parentId === null ? undefined : byId.get(d.parentId);
    }
    return null;
  };
  const wards: IndexedWard[] = [];
  const zones: IndexedArea[] = [];
  for (const d of rows.divisions) {
    if (d.type === 'CIRCLE') continue;
    const area = areaOf(d.name, fenceFromGeometry(d.id, d.geometry));
    if (!area) continue;
    if (d.type === 'WARD') wards.push({ ...area, zone: zoneOf(d.parentId) });
    else zones.push(area);
  }
  return { pois, geofences, wards, zones };
}

export const EMPTY_PLACE_INDEX: PlaceIndex = { pois: [], geofences: [], wards: [], zones: [] };

/** ~metres per degree of latitude: a cheap filter before the haversine. */
const M_PER_DEG = 111_320;

/** What the indexes (the scope's organisations) say about the point; null when nothing applies. */
export function lookupPlaces(indexes: readonly PlaceIndex[], point: LatLon): GeocodeParts | null {
  let poi: IndexedPoi | null = null;
  let poiM = Infinity;
  let geofence: IndexedArea | null = null;
  let ward: IndexedWard | null = null;
  let zone: IndexedArea | null = null;
  const cosLat = Math.cos((point.lat * Math.PI) / 180);
  for (const index of indexes) {
    for (const p of index.pois) {
      const dLat = Math.abs(p.lat - point.lat) * M_PER_DEG;
      const dLon = Math.abs(p.lon - point.lon) * M_PER_DEG * cosLat;
      if (dLat > p.reachM || dLon > p.reachM) continue;
      const m = haversineM(p, point);
      if (m <= p.reachM && m < poiM) {
        poi = p;
        poiM = m;
      }
    }
    for (const g of index.geofences) {
      if ((!geofence || g.size < geofence.size) && fenceContains(g.fence, point)) geofence = g;
    }
    for (const w of index.wards) {
      if ((!ward || w.size < ward.size) && fenceContains(w.fence, point)) ward = w;
    }
    for (const z of index.zones) {
      if ((!zone || z.size < zone.size) && fenceContains(z.fence, point)) zone = z;
    }
  }
  const zoneName = zone?.name ?? ward?.zone ?? null;
  if (!poi && !geofence && !ward && !zoneName) return null;
  return {
    poi: poi?.name ?? null,
    distanceM: poi ? Math.round(poiM) : null,
    geofence: geofence?.name ?? null,
    ward: ward?.name ?? null,
    zone: zoneName,
  };
}

/** "near <POI>, <geofence>, <ward>, <zone>" (the first named place gets "near"; repeated names are left out). */
export function describePlaces(parts: GeocodeParts): string | null {
  const segments: string[] = [];
  const places = [parts.poi, parts.geofence].filter((name): name is string => !!name);
  for (const name of places) {
    if (segments.some((s) => s === name || s === `near ${name}`)) continue;
    segments.push(segments.length === 0 ? `near ${name}` : name);
  }
  for (const name of [parts.ward, parts.zone]) {
    if (name && !segments.includes(name)) segments.push(name);
  }
  return segments.length > 0 ? segments.join(', ') : null;
}
