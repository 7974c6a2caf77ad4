/**
 * The report page's calls: the run (POST /v1/report/<id>/run, streamed, no client timeout), the filter's options
 * (vehicle models, divisions, groups, vehicles, the names behind ids read from the URL) and the background exports
 * (POST /v1/report/<id>/exports → GET /v1/report/exports/:id polled → GET …/file).
 */
import {
  AdminDivisionSchema,
  GroupPageSchema,
  GroupSchema,
  OrganisationSchema,
  ReportExportSchema,
  ReportRunSchema,
  VehiclePageSchema,
  VehicleSchema,
  type AdminDivision,
  type ReportExport,
  type ReportExportRequest,
  type ReportRun,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { fetchFileObjectUrl } from '@/api/file';
import { toOrganisationOption } from '@/api/organisation-options';
import type { PickerOption, PickerQuery } from '@/components/SearchPicker';

export const reportKeys = {
  all: ['reports'] as const,
  run: (id: string, filter: Record<string, unknown>) => [...reportKeys.all, 'run', id, filter] as const,
  models: (organisationId: string | undefined) =>
    [...reportKeys.all, 'vehicle-models', organisationId ?? 'all'] as const,
  divisions: (organisationId: string | undefined) =>
    [...reportKeys.all, 'divisions', organisationId ?? 'own'] as const,
  label: (kind: string, id: string) => [...reportKeys.all, 'label', kind, id] as const,
};

/** Runs a report. The client sets no timeout: the server streams the rows and a long range simply takes longer. */
export function runReport(
  id: string,
  filter: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ReportRun> {
  return apiRequest({
    method: 'POST',
    path: `/report/${id}/run`,
    body: filter,
    schema: ReportRunSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Vehicle models for the filter (strings or `{ model }` objects are both accepted). */
const ModelListSchema = z.array(z.union([z.string(), z.object({ model: z.string() })]));

export async function listVehicleModels(organisationId: string | undefined): Promise<string[]> {
  const list = await apiRequest({
    method: 'GET',
    path: '/report/vehicle-models',
    query: { organisationId },
    schema: ModelListSchema,
  });
  return [...new Set(list.map((m) => (typeof m === 'string' ? m : m.model)))].filter((m) => m !== '');
}

/** Zones, circles and wards of an organisation in one call (wards narrow to zones through their circles). */
export function listReportDivisions(organisationId: string | undefined): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { organisationId },
    schema: z.array(AdminDivisionSchema),
  });
}

const OPTIONS_PAGE_SIZE = 100;

/** Groups of the chosen organisation (all visible groups without one). */
export function reportGroupOptions(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['groups', 'options', organisationId ?? 'all', search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/group',
        query: { organisationId, search: search || undefined, pageSize: OPTIONS_PAGE_SIZE, sortBy: 'name' },
        schema: GroupPageSchema,
      });
      return page.items.map((g) => ({ id: g.id, label: g.name }));
    },
  });
}

/** Vehicles by registration (and chassis, engine, IMEI) of the chosen organisation. */
export function reportVehicleOptions(organisationId: string | undefined): PickerQuery {
  return (search) => ({
    queryKey: ['vehicles', 'report-options', organisationId ?? 'all', search],
    queryFn: async () => {
      const page = await apiRequest({
        method: 'GET',
        path: '/vehicle',
        query: {
          search: search || undefined,
          organisationId,
          pageSize: OPTIONS_PAGE_SIZE,
          sortBy: 'registrationNumber',
          sortOrder: 'asc',
        },
        schema: VehiclePageSchema,
      });
      return page.items.map((v) => ({ id: v.id, label: v.registrationNumber }));
    },
  });
}

export type LabelKind = 'organisation' | 'group' | 'vehicle';

/** The name behind an id that came in the URL (a dashboard link carries only ids). */
export async function getOptionLabel(kind: LabelKind, id: string): Promise<PickerOption> {
  if (kind === 'organisation') {
    return toOrganisationOption(
      await apiRequest({ method: 'GET', path: `/organisation/${id}`, schema: OrganisationSchema }),
    );
  }
  if (kind === 'group') {
    const group = await apiRequest({ method: 'GET', path: `/group/${id}`, schema: GroupSchema });
    return { id: group.id, label: group.name };
  }
  const vehicle = await apiRequest({ method: 'GET', path: `/vehicle/${id}`, schema: VehicleSchema });
  return { id: vehicle.id, label: vehicle.registrationNumber };
}

export function startReportExport(id: string, request: ReportExportRequest): Promise<ReportExport> {
  return apiRequest({
    method: 'POST',
    path: `/report/${id}/exports`,
    body: request,
    schema: ReportExportSchema,
  });
}

export function getReportExport(exportId: string, signal?: AbortSignal): Promise<ReportExport> {
  return apiRequest({
    method: 'GET',
    path: `/report/exports/${exportId}`,
    schema: ReportExportSchema,
    ...(signal ? { signal } : {}),
  });
}

/** The finished file as an object URL (fetched with the bearer token; revoke it when done). */
export function fetchReportExportFile(exportId: string, signal?: AbortSignal): Promise<string> {
  return fetchFileObjectUrl(`/v1/report/exports/${exportId}/file`, signal);
}
