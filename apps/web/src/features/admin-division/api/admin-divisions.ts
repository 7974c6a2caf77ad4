/**
 * /v1/admin-divisions calls (contracts: admin-division.contract.ts, admin-division-write.contract.ts) with their query
 * keys and hooks. Lists carry geometry only when asked (`withGeometry`: the map's one call); GET /admin-divisions/:id
 * always does.
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
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

/** The list filters the API offers (parentCircle wins over parentZone on the server). */
export interface DivisionFilter {
  type?: AdminDivisionType | undefined;
  parentZone?: string | undefined;
  parentCircle?: string | undefined;
  /** Each division with its polygon (for a map). */
  withGeometry?: boolean | undefined;
}

export const divisionKeys = {
  all: ['admin-divisions'] as const,
  list: (filter: DivisionFilter) => [...divisionKeys.all, 'list', filter] as const,
  one: (id: string) => [...divisionKeys.all, 'one', id] as const,
};

export function listDivisions({ withGeometry, ...filter }: DivisionFilter): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { ...filter, ...(withGeometry ? { withGeometry: 'true' } : {}) },
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
