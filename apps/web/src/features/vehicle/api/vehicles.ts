/** /v1/vehicle calls (contract: packages/shared vehicle.contract.ts) with their query keys. */
import {
  AdminDivisionSchema,
  LinkableDevicesSchema,
  VehicleBulkResultSchema,
  VehiclePageSchema,
  VehicleSchema,
  type AdminDivision,
  type LinkableDevice,
  type ListQuery,
  type Vehicle,
  type VehicleBulkResult,
  type VehicleInput,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: () => [...vehicleKeys.all, 'list'] as const,
  one: (id: string) => [...vehicleKeys.all, 'one', id] as const,
  linkable: (id: string) => [...vehicleKeys.all, 'linkable', id] as const,
};

export function listVehicles(query: ListQuery) {
  return apiRequest({ method: 'GET', path: '/vehicle', query: { ...query }, schema: VehiclePageSchema });
}

export function getVehicle(id: string): Promise<Vehicle> {
  return apiRequest({ method: 'GET', path: `/vehicle/${id}`, schema: VehicleSchema });
}

export function createVehicle(input: VehicleInput): Promise<Vehicle> {
  return apiRequest({ method: 'POST', path: '/vehicle', body: input, schema: VehicleSchema });
}

export function updateVehicle(id: string, input: VehicleInput): Promise<Vehicle> {
  return apiRequest({ method: 'PUT', path: `/vehicle/${id}`, body: input, schema: VehicleSchema });
}

export function deleteVehicle(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/vehicle/${id}`, schema: z.null() });
}

export function sendVehicleMail(id: string): Promise<{ to: string }> {
  return apiRequest({
    method: 'POST',
    path: `/vehicle/send-mail/${id}`,
    schema: z.object({ to: z.string() }),
  });
}

export function setVehicleTracking(id: string, isActivated: boolean): Promise<Vehicle> {
  const verb = isActivated ? 'activate' : 'deactivate';
  return apiRequest({ method: 'POST', path: `/vehicle/${verb}-tracking/${id}`, schema: VehicleSchema });
}

export function listLinkableDevices(vehicleId: string): Promise<LinkableDevice[]> {
  return apiRequest({
    method: 'GET',
    path: `/vehicle/linkable-devices/${vehicleId}`,
    schema: LinkableDevicesSchema,
  });
}

export function linkDevice(vehicleId: string, deviceId: string): Promise<Vehicle> {
  return apiRequest({
    method: 'PUT',
    path: `/vehicle/device/${vehicleId}/${deviceId}`,
    schema: VehicleSchema,
  });
}

export function unlinkDevice(vehicleId: string): Promise<Vehicle> {
  return apiRequest({ method: 'DELETE', path: `/vehicle/device/${vehicleId}`, schema: VehicleSchema });
}

export function bulkCreateVehicles(csv: string): Promise<VehicleBulkResult> {
  return apiRequest({
    method: 'POST',
    path: '/vehicle/bulk',
    body: { csv },
    schema: VehicleBulkResultSchema,
  });
}

/** Wards of an organisation (the server fills the circle and zone from the ward). */
export function listWards(organisationId: string | undefined): Promise<AdminDivision[]> {
  return apiRequest({
    method: 'GET',
    path: '/admin-divisions',
    query: { type: 'WARD', organisationId },
    schema: z.array(AdminDivisionSchema),
  });
}
