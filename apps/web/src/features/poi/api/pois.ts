/** /v1/poi calls (contract: packages/shared poi.contract.ts) with their query keys. */
import {
  AdminDivisionSchema,
  PoiPageSchema,
  PoiSchema,
  type AdminDivision,
  type ListQuery,
  type Poi,
  type PoiInput,
  type PoiKind,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const poiKeys = {
  all: ['pois'] as const,
  list: (kind: PoiKind | undefined) => [...poiKeys.all, 'list', { kind }] as const,
  one: (id: string) => [...poiKeys.all, 'one', id] as const,
};

export function listPois(query: ListQuery & { kind?: PoiKind | undefined }) {
  return apiRequest({ method: 'GET', path: '/poi', query: { ...query }, schema: PoiPageSchema });
}

export function getPoi(id: string): Promise<Poi> {
  return apiRequest({ method: 'GET', path: `/poi/${id}`, schema: PoiSchema });
}

export function createPoi(input: PoiInput): Promise<Poi> {
  return apiRequest({ method: 'POST', path: '/poi', body: input, schema: PoiSchema });
}

export function updatePoi(id: string, input: PoiInput): Promise<Poi> {
  return apiRequest({ method: 'PUT', path: `/poi/${id}`, body: input, schema: PoiSchema });
}

export function deletePoi(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/poi/${id}`, schema: z.null() });
}

/** Wards of an organisation (a POI's ward must be one of its organisation's wards). */
/** The wards with their polygons: the context of the map picker. */
export function listWardShapes(organisationId: string | undefined): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { type: 'WARD', organisationId, withGeometry: 'true' },
    schema: z.array(AdminDivisionSchema),
  });
}

export function listWards(organisationId: string | undefined): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { type: 'WARD', organisationId },
    schema: z.array(AdminDivisionSchema),
  });
}
