/**
 * Choices of the route form: POIs for checkpoints (GET /poi) and vehicles to assign (GET /vehicle), both searched on
 * the server within the route's organisation; labels of vehicles already assigned come one by one (GET /vehicle/:id).
 */
import { PoiPageSchema, VehiclePageSchema, VehicleSchema, type Poi } from '@civicfleet/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export interface VehicleOption {
  id: string;
  label: string;
}

const OPTION_PAGE_SIZE = 25;

export function usePoiOptions(search: string, organisationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['route-options', 'poi', organisationId, search],
    queryFn: async (): Promise<Poi[]> => {
      const page = await apiRequest({
        method: 'GET',
        path: '/poi',
        query: { search: search || undefined, organisationId, pageSize: OPTION_PAGE_SIZE },
        schema: PoiPageSchema,
      });
      return page.items;
    },
    enabled,
    staleTime: 30_000,
  });
}

export function useVehicleOptions(search: string, organisationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['route-options', 'vehicle', organisationId, search],
    queryFn: async (): Promise<VehicleOption[]> => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: { search: search || undefined, organisationId, pageSize: OPTION_PAGE_SIZE },
        schema: VehiclePageSchema,
      });
      return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
    },
    enabled,
    staleTime: 30_000,
  });
}

function combineLabels(results: Array<{ data?: VehicleOption | undefined }>): VehicleOption[] {
  return results.flatMap((r) => (r.data ? [r.data] : []));
}

/** Registration numbers of the vehicles a route already has. */
export function useVehicleLabels(ids: readonly string[], enabled: boolean): VehicleOption[] {
  return useQueries({
    queries: (enabled ? ids : []).map((id) => ({
      queryKey: ['route-options', 'vehicle-label', id],
      queryFn: async (): Promise<VehicleOption> => {
        const v = await apiRequest({ method: 'GET', path: `/vehicle/${id}`, schema: VehicleSchema });
        return { id: v.id, label: v.registrationNumber };
      },
      staleTime: 300_000,
    })),
    combine: combineLabels,
  });
}
