/** /v1/device calls (contract: packages/shared device.contract.ts) with their query keys. */
import {
  BulkResultSchema,
  CommandSchema,
  DeviceDetailsSchema,
  DeviceFirmwareResultSchema,
  DevicePageSchema,
  DeviceSchema,
  UserPageSchema,
  type BulkResult,
  type Command,
  type Device,
  type DeviceDetails,
  type DeviceFirmwareResult,
  type DeviceFirmwareUpdate,
  type DeviceInput,
  type DeviceStatus,
  type ListQuery,
  type SendCommand,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import type { PickerOption } from '@/components/SearchPicker';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (status: readonly DeviceStatus[]) => [...deviceKeys.all, 'list', { status }] as const,
  one: (id: string) => [...deviceKeys.all, 'one', id] as const,
  details: (term: string) => [...deviceKeys.all, 'details', term] as const,
};

export function listDevices(query: ListQuery & { status?: readonly DeviceStatus[] }) {
  const { status, ...rest } = query;
  return apiRequest({
    method: 'GET',
    path: '/device',
    query: { ...rest, status: status && status.length > 0 ? status.join(',') : undefined },
    schema: DevicePageSchema,
  });
}

export function getDevice(id: string): Promise<Device> {
  return apiRequest({ method: 'GET', path: `/device/${id}`, schema: DeviceSchema });
}

export function getDeviceDetails(term: string): Promise<DeviceDetails> {
  return apiRequest({
    method: 'GET',
    path: `/device/details/${encodeURIComponent(term)}`,
    schema: DeviceDetailsSchema,
  });
}

export function createDevice(input: DeviceInput): Promise<Device> {
  return apiRequest({ method: 'POST', path: '/device', body: input, schema: DeviceSchema });
}

export function updateDevice(id: string, input: DeviceInput): Promise<Device> {
  return apiRequest({ method: 'PUT', path: `/device/${id}`, body: input, schema: DeviceSchema });
}

export function deleteDevice(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/device/${id}`, schema: z.null() });
}

export function bulkCreateDevices(csv: string): Promise<BulkResult> {
  return apiRequest({ method: 'POST', path: '/device/bulk', body: { csv }, schema: BulkResultSchema });
}

/**
 * The vendor picker (spec 02 §2 "vendor picker lists users whose role is RFC_ADMIN"): RFC administrators in scope
 * (GET /users/rfc/get), each standing for its organisation — the allocation target.
 */
export function vendorOptionsQuery(search: string) {
  return {
    queryKey: ['users', 'rfc', search] as const,
    queryFn: async (): Promise<PickerOption[]> => {
      const page = await apiRequest({
        method: 'GET',
        path: '/users/rfc/get',
        query: { page: 1, pageSize: 20, ...(search ? { search } : {}) },
        schema: UserPageSchema,
      });
      return page.items.map((u) => ({
        id: u.organisation.id,
        label: `${u.organisation.brandName ?? u.organisation.tradeName} (${[u.firstName, u.lastName].join(' ').trim()})`,
      }));
    },
  };
}

export function allocateDevice(id: string, organisationId: string): Promise<Device> {
  return apiRequest({
    method: 'PUT',
    path: `/device/allocate/${id}`,
    body: { organisationId },
    schema: DeviceSchema,
  });
}

export function allocateDevices(ids: string[], organisationId: string): Promise<BulkResult> {
  return apiRequest({
    method: 'POST',
    path: '/device/allocate-bulk',
    body: { ids, organisationId },
    schema: BulkResultSchema,
  });
}

export function rollbackDevice(id: string): Promise<Device> {
  return apiRequest({ method: 'PUT', path: `/device/rollback/${id}`, schema: DeviceSchema });
}

export function rollbackDevices(ids: string[]): Promise<BulkResult> {
  return apiRequest({
    method: 'POST',
    path: '/device/rollback-bulk',
    body: { ids },
    schema: BulkResultSchema,
  });
}

export function changeDeviceStatus(id: string, status: DeviceStatus): Promise<Device> {
  return apiRequest({ method: 'PUT', path: `/device/status/${id}`, body: { status }, schema: DeviceSchema });
}

export function updateFirmware(id: string, body: DeviceFirmwareUpdate): Promise<DeviceFirmwareResult> {
  return apiRequest({
    method: 'POST',
    path: `/device/firmware/${id}`,
    body,
    schema: DeviceFirmwareResultSchema,
  });
}

/** POST /v1/command (the command module's route; send-command). */
export function sendCommand(body: SendCommand): Promise<Command> {
  return apiRequest({ method: 'POST', path: '/command', body, schema: CommandSchema });
}
