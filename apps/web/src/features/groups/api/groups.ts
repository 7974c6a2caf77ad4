/** /v1/group calls (contract: packages/shared group.contract.ts, module id `groups`) with their query keys. */
import {
  GroupPageSchema,
  GroupSchema,
  GroupSummarySchema,
  VehiclePageSchema,
  type Group,
  type GroupInput,
  type GroupSummary,
  type ListQuery,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  one: (id: string) => [...groupKeys.all, 'one', id] as const,
  summary: (id: string) => [...groupKeys.all, 'summary', id] as const,
  vehicleOptions: (organisationId: string | undefined, search: string) =>
    [...groupKeys.all, 'vehicle-options', organisationId, search] as const,
};

export function listGroups(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/group', query: { ...query }, schema: GroupPageSchema });
}

export function getGroup(id: string): Promise<Group> {
  return apiRequest({ method: 'GET', path: `/group/${id}`, schema: GroupSchema });
}

/** Counts (linked, unlinked, online now) and the members. */
export function getGroupSummary(id: string): Promise<GroupSummary> {
  return apiRequest({ method: 'GET', path: `/group/${id}/summary`, schema: GroupSummarySchema });
}

/** The edit screen's record: the group and its members (from the summary), loaded together. */
export async function getGroupWithMembers(id: string): Promise<{ group: Group; summary: GroupSummary }> {
  const [group, summary] = await Promise.all([getGroup(id), getGroupSummary(id)]);
  return { group, summary };
}

export function createGroup(input: GroupInput): Promise<Group> {
  return apiRequest({ method: 'POST', path: '/group', body: input, schema: GroupSchema });
}

/** With `vehicleIds`, the members become exactly these. */
export function updateGroup(id: string, input: GroupInput): Promise<Group> {
  return apiRequest({ method: 'PUT', path: `/group/${id}`, body: input, schema: GroupSchema });
}

export function deleteGroup(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/group/${id}`, schema: z.null() });
}

export interface VehicleOption {
  id: string;
  registrationNumber: string;
  /** The group it is in now (choosing it moves it here). */
  groupId: string | null;
}

/** How many matches the vehicle picker shows; typing narrows further. */
export const VEHICLE_OPTIONS_LIMIT = 25;

/** Vehicles of an organisation matching `search` (GET /v1/vehicle: registration, chassis, engine, IMEI). */
export async function searchVehicles(
  organisationId: string | undefined,
  search: string,
): Promise<VehicleOption[]> {
  const page = await apiRequest({
    method: 'GET',
    path: '/vehicle',
    query: {
      search: search || undefined,
      organisationId,
      pageSize: VEHICLE_OPTIONS_LIMIT,
      sortBy: 'registrationNumber',
      sortOrder: 'asc',
    },
    schema: VehiclePageSchema,
  });
  return page.items.map((v) => ({
    id: v.id,
    registrationNumber: v.registrationNumber,
    groupId: v.groupId,
  }));
}
