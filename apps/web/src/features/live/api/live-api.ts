/**
 * Calls of the live screens, each with its query key: the recent trail (GET /vehicle/position/track), the address of
 * a point (GET /geocode/reverse — degrades to no address when the route is missing or refuses), a device command
 * (POST /command), and the organisation's shapes for the overlays (wards, geofences, routes, POIs).
 */
import {
  AdminDivisionSchema,
  CommandSchema,
  GeocodeResultSchema,
  GeofencePageSchema,
  PoiPageSchema,
  RoutePageSchema,
  VehicleTrackSchema,
  type SendCommand,
} from '@civicfleet/shared';
import { queryOptions } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { circlePolygon } from '@/components/map';

/** Trail lengths offered on the card, minutes. */
export const TRAIL_MINUTES = [15, 30, 60, 120] as const;
const OVERLAY_PAGE_SIZE = 100;
/** At most this many pages of any overlay list (10,000 shapes). */
const OVERLAY_MAX_PAGES = 100;

export const trackQuery = (vehicleId: string, minutes: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['live', 'track', vehicleId, minutes],
    queryFn: ({ signal }) =>
      apiRequest({
        method: 'GET',
        path: '/vehicle/position/track',
        query: { vehicleId, minutes },
        schema: VehicleTrackSchema,
        signal,
      }),
    enabled,
    refetchInterval: 30_000,
  });

/** Rounded to ~11 m so that a parked vehicle does not ask again on every delta. */
export const addressQuery = (lat: number | null, lon: number | null) => {
  const rLat = lat === null ? null : Math.round(lat * 1e4) / 1e4;
  const rLon = lon === null ? null : Math.round(lon * 1e4) / 1e4;
  return queryOptions({
    queryKey: ['geocode', 'reverse', rLat, rLon],
    queryFn: ({ signal }) =>
      apiRequest({
        method: 'GET',
        path: '/geocode/reverse',
        query: { lat: rLat, lon: rLon },
        schema: GeocodeResultSchema,
        signal,
      }),
    enabled: rLat !== null && rLon !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
};

export const sendCommand = (input: SendCommand) =>
  apiRequest({ method: 'POST', path: '/command', body: input, schema: CommandSchema });

async function allPages<T>(load: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= OVERLAY_MAX_PAGES; page += 1) {
    const answer = await load(page);
    items.push(...answer.items);
    if (items.length >= answer.total || answer.items.length === 0) break;
  }
  return items;
}

const feature = (geometry: unknown, name: string): Feature | null =>
  geometry && typeof geometry === 'object' && 'type' in geometry
    ? { type: 'Feature', geometry: geometry as Geometry, properties: { name } }
    : null;

const collection = (features: Array<Feature | null>): FeatureCollection => ({
  type: 'FeatureCollection',
  features: features.filter((f): f is Feature => f !== null),
});

export const wardsOverlayQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['live', 'overlay', 'wards'],
    queryFn: async ({ signal }) => {
      const wards = await apiRequest({
        method: 'GET',
        path: '/admin-divisions',
        query: { type: 'WARD', withGeometry: 'true' },
        schema: z.array(AdminDivisionSchema),
        signal,
      });
      return collection(wards.map((w) => feature(w.geometry, w.name)));
    },
    enabled,
    staleTime: 10 * 60_000,
  });

export const geofencesOverlayQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['live', 'overlay', 'geofences'],
    queryFn: async ({ signal }) => {
      const fences = await allPages((page) =>
        apiRequest({
          method: 'GET',
          path: '/geofence',
          query: { page, pageSize: OVERLAY_PAGE_SIZE },
          schema: GeofencePageSchema,
          signal,
        }),
      );
      return collection(
        fences.map((f) => {
          const g = f.geometry as { type?: string; coordinates?: unknown };
          // Circle fences are a centre Point and a radius: drawn as the circle they stand for.
          if (g.type === 'Point' && Array.isArray(g.coordinates) && f.radiusM)
            return feature(circlePolygon(g.coordinates as [number, number], f.radiusM), f.name);
          return feature(f.geometry, f.name);
        }),
      );
    },
    enabled,
    staleTime: 10 * 60_000,
  });

export const routesOverlayQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['live', 'overlay', 'routes'],
    queryFn: async ({ signal }) => {
      const routes = await allPages((page) =>
        apiRequest({
          method: 'GET',
          path: '/route',
          query: { page, pageSize: OVERLAY_PAGE_SIZE },
          schema: RoutePageSchema,
          signal,
        }),
      );
      return collection(routes.map((r) => feature(r.path, r.name)));
    },
    enabled,
    staleTime: 10 * 60_000,
  });

export const poisOverlayQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['live', 'overlay', 'pois'],
    queryFn: async ({ signal }) => {
      const pois = await allPages((page) =>
        apiRequest({
          method: 'GET',
          path: '/poi',
          query: { page, pageSize: OVERLAY_PAGE_SIZE },
          schema: PoiPageSchema,
          signal,
        }),
      );
      return collection(pois.map((p) => feature({ type: 'Point', coordinates: [p.lon, p.lat] }, p.name)));
    },
    enabled,
    staleTime: 10 * 60_000,
  });
