/**
 * /v1/admin-divisions calls (contracts: admin-division.contract.ts, admin-division-write.contract.ts) with their query
 * keys and hooks. Lists carry no geometry (it can be large); a division's polygon comes with GET /admin-divisions/:id.
 */
import {
  AdminDivisionImportResultSchema,
  AdminDivisionSchema,
  type AdminDivision,
  type AdminDivisionCreate,
  type AdminDivisionImport,
  type AdminDivisionImportResult,
  type AdminDivisionType,
  type AdminDivisionUpdate,
} from '@civicfleet/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

/** The list filters the API offers (parentCircle wins over parentZone on the server). */
export interface DivisionFilter {
  type?: AdminDivisionType | undefined;
  parentZone?: string | undefined;
  parentCircle?: string | undefined;
}

export const divisionKeys = {
  all: ['admin-divisions'] as const,
  list: (filter: DivisionFilter) => [...divisionKeys.all, 'list', filter] as const,
  one: (id: string) => [...divisionKeys.all, 'one', id] as const,
};

export function listDivisions(filter: DivisionFilter): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { ...filter },
    schema: z.array(AdminDivisionSchema),
  });
}

export function getDivision(id: string): Promise<AdminDivision> {
  return apiRequest({ method: 'GET', path: `/admin-divisions/${id}`, schema: AdminDivisionSchema });
}

export function createDivision(input: AdminDivisionCreate): Promise<AdminDivision> {
  return apiRequest({ method: 'POST', path: '/admin-divisions', body: input, schema: AdminDivisionSchema });
}

export function updateDivision(id: string, input: AdminDivisionUpdate): Promise<AdminDivision> {
  return apiRequest({
    method: 'PUT',
    path: `/admin-divisions/${id}`,
    body: input,
    schema: AdminDivisionSchema,
  });
}

export function deleteDivision(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/admin-divisions/${id}`, schema: z.null() });
}

export function importDivisions(input: AdminDivisionImport): Promise<AdminDivisionImportResult> {
  return apiRequest({
    method: 'POST',
    path: '/admin-divisions/import',
    body: input,
    schema: AdminDivisionImportResultSchema,
  });
}

export function useDivisions(filter: DivisionFilter, enabled = true) {
  return useQuery({ queryKey: divisionKeys.list(filter), queryFn: () => listDivisions(filter), enabled });
}

export function useDivision(id: string | undefined) {
  return useQuery({
    queryKey: divisionKeys.one(id ?? ''),
    queryFn: () => getDivision(id ?? ''),
    enabled: id !== undefined,
  });
}

/**
 * More divisions than this are not drawn: the list has no geometry, so each polygon is one GET /admin-divisions/:id.
 * (A `withGeometry` list option on the server would make this one call; see the feature's report.)
 */
export const MAX_DRAWN_DIVISIONS = 200;

type OneResult = { data?: AdminDivision | undefined; isPending: boolean };

/** Module-level so TanStack Query keeps the combined value stable while the answers do not change. */
function combineGeometries(results: OneResult[]) {
  return {
    divisions: results.flatMap((r) => (r.data ? [r.data] : [])),
    isLoading: results.some((r) => r.isPending),
  };
}

/** The divisions of `ids` with their geometry, fetched one by one (cached with the edit screen's query). */
export function useDivisionGeometries(ids: readonly string[]) {
  const drawn = ids.slice(0, MAX_DRAWN_DIVISIONS);
  const combined = useQueries({
    queries: drawn.map((id) => ({
      queryKey: divisionKeys.one(id),
      queryFn: () => getDivision(id),
      staleTime: 60_000,
    })),
    combine: combineGeometries,
  });
  return { ...combined, isCapped: ids.length > drawn.length };
}
