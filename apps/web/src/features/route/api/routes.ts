/** /v1/route calls (contract: packages/shared route.contract.ts) with their query keys. */
import {
  RoutePageSchema,
  RouteSchema,
  type ListQuery,
  type Route,
  type RouteInput,
  type RouteKmlInput,
} from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const routeKeys = {
  all: ['routes'] as const,
  list: () => [...routeKeys.all, 'list'] as const,
  one: (id: string) => [...routeKeys.all, 'one', id] as const,
};

export function listRoutes(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/route', query: { ...query }, schema: RoutePageSchema });
}

export function getRoute(id: string): Promise<Route> {
  return apiRequest({ method: 'GET', path: `/route/${id}`, schema: RouteSchema });
}

export function createRoute(input: RouteInput): Promise<Route> {
  return apiRequest({ method: 'POST', path: '/route', body: input, schema: RouteSchema });
}

export function updateRoute(id: string, input: RouteInput): Promise<Route> {
  return apiRequest({ method: 'PUT', path: `/route/${id}`, body: input, schema: RouteSchema });
}

export function deleteRoute(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/route/${id}`, schema: z.null() });
}

export function setRouteVehicles(id: string, vehicleIds: string[]): Promise<Route> {
  return apiRequest({
    method: 'PUT',
    path: `/route/${id}/vehicles`,
    body: { vehicleIds },
    schema: RouteSchema,
  });
}

export function importRouteKml(input: RouteKmlInput): Promise<Route> {
  return apiRequest({ method: 'POST', path: '/route/kml', body: input, schema: RouteSchema });
}

export function useRoute(id: string | undefined) {
  return useQuery({
    queryKey: routeKeys.one(id ?? ''),
    queryFn: () => getRoute(id ?? ''),
    enabled: id !== undefined,
  });
}
