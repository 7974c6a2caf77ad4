/** /v1/job calls (contract: packages/shared job.contract.ts) with their query keys, and the form's pickers. */
import {
  JobPageSchema,
  JobSchema,
  RoutePageSchema,
  VehiclePageSchema,
  type Job,
  type JobInput,
  type ListQuery,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerQuery } from '@/components/SearchPicker';

export const jobKeys = {
  all: ['jobs'] as const,
  list: () => [...jobKeys.all, 'list'] as const,
  one: (id: string) => [...jobKeys.all, 'one', id] as const,
};

export function listJobs(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/job', query: { ...query }, schema: JobPageSchema });
}

export function getJob(id: string): Promise<Job> {
  return apiRequest({ method: 'GET', path: `/job/${id}`, schema: JobSchema });
}

export function createJob(input: JobInput): Promise<Job> {
  return apiRequest({ method: 'POST', path: '/job', body: input, schema: JobSchema });
}

export function updateJob(id: string, input: JobInput): Promise<Job> {
  return apiRequest({ method: 'PUT', path: `/job/${id}`, body: input, schema: JobSchema });
}

export function deleteJob(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/job/${id}`, schema: z.null() });
}

const PICKER_PAGE_SIZE = 100;
/** Route pages carry each route's path (GeoJSON), so the route picker asks for fewer. */
const ROUTE_PICKER_PAGE_SIZE = 25;

/** Vehicles of one organisation (a job's vehicle must be of it), by registration, chassis, engine or IMEI. */
export function vehicleOptionsQuery(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['vehicles', 'options', organisationId, search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: {
          organisationId,
          search: search || undefined,
          pageSize: PICKER_PAGE_SIZE,
          sortBy: 'registrationNumber',
        },
        schema: VehiclePageSchema,
      });
      return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
    },
  });
}

/** Routes of one organisation (a job's route must be of its organisation), by name. */
export function routeOptionsQuery(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['routes', 'options', organisationId, search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/route',
        query: {
          organisationId,
          search: search || undefined,
          pageSize: ROUTE_PICKER_PAGE_SIZE,
          sortBy: 'name',
        },
        schema: RoutePageSchema,
      });
      return page.items.map((r) => ({ id: r.id, label: r.name }));
    },
  });
}
