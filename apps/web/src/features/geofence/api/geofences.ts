/** /v1/geofence calls (contract: packages/shared geofence.contract.ts) with their query keys. */
import {
  GeofencePageSchema,
  GeofenceSchema,
  VehicleGeofencesSchema,
  VehiclePageSchema,
  VehicleSchema,
  type Geofence,
  type GeofenceInput,
  type GeofenceKind,
  type ListPage,
  type ListQuery,
  type Vehicle,
  type VehicleGeofences,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const geofenceKeys = {
  all: ['geofences'] as const,
  list: (kind?: GeofenceKind) => [...geofenceKeys.all, 'list', { kind }] as const,
  /** The fences drawn on a map (the list page's overview, the form's context). */
  map: (organisationId?: string) => [...geofenceKeys.all, 'map', organisationId ?? 'all'] as const,
  one: (id: string) => [...geofenceKeys.all, 'one', id] as const,
  ofVehicle: (vehicleId: string) => [...geofenceKeys.all, 'vehicle', vehicleId] as const,
};

/** The most fences a map shows at once (the list's largest page). */
export const MAP_FENCE_LIMIT = 100;

export function listGeofences(
  query: ListQuery & { kind?: GeofenceKind; organisationId?: string },
): Promise<ListPage<Geofence>> {
  return apiRequest({ method: 'GET', path: '/geofence', query: { ...query }, schema: GeofencePageSchema });
}

/** Up to MAP_FENCE_LIMIT fences (of one organisation when given), for a map. */
export function listMapGeofences(organisationId?: string): Promise<ListPage<Geofence>> {
  return listGeofences({
    page: 1,
    pageSize: MAP_FENCE_LIMIT,
    sortBy: 'name',
    sortOrder: 'asc',
    organisationId,
  });
}

export function getGeofence(id: string): Promise<Geofence> {
  return apiRequest({ method: 'GET', path: `/geofence/${id}`, schema: GeofenceSchema });
}

export function createGeofence(input: GeofenceInput): Promise<Geofence> {
  return apiRequest({ method: 'POST', path: '/geofence', body: input, schema: GeofenceSchema });
}

export function updateGeofence(id: string, input: GeofenceInput): Promise<Geofence> {
  return apiRequest({ method: 'PUT', path: `/geofence/${id}`, body: input, schema: GeofenceSchema });
}

export function deleteGeofence(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/geofence/${id}`, schema: z.null() });
}

/** Replaces the fence's vehicles; [] = every vehicle of its organisation. */
export function assignGeofenceVehicles(id: string, vehicleIds: string[]): Promise<Geofence> {
  return apiRequest({
    method: 'PUT',
    path: `/geofence/${id}/vehicles`,
    body: { vehicleIds },
    schema: GeofenceSchema,
  });
}

export function getVehicleGeofences(vehicleId: string): Promise<VehicleGeofences> {
  return apiRequest({
    method: 'GET',
    path: `/geofence/vehicle/${vehicleId}`,
    schema: VehicleGeofencesSchema,
  });
}

/** The fences assigned to one vehicle become exactly `geofenceIds`. */
export function assignVehicleGeofences(vehicleId: string, geofenceIds: string[]): Promise<VehicleGeofences> {
  return apiRequest({
    method: 'PUT',
    path: `/geofence/vehicle/${vehicleId}`,
    body: { geofenceIds },
    schema: VehicleGeofencesSchema,
  });
}

/** Vehicles an assignment picker offers: the server searches registration, chassis, engine and IMEI. */
export const VEHICLE_OPTIONS_LIMIT = 25;

export function searchVehicles(organisationId: string, search: string): Promise<ListPage<Vehicle>> {
  return apiRequest({
    method: 'GET',
    path: '/vehicle',
    query: {
      organisationId,
      search: search.trim() || undefined,
      page: 1,
      pageSize: VEHICLE_OPTIONS_LIMIT,
      sortBy: 'registrationNumber',
      sortOrder: 'asc',
    },
    schema: VehiclePageSchema,
  });
}

export function getVehicle(id: string): Promise<Vehicle> {
  return apiRequest({ method: 'GET', path: `/vehicle/${id}`, schema: VehicleSchema });
}
