/** /v1/device-model calls (contract: packages/shared device-model.contract.ts) with their query keys. */
import {
  DeviceModelPageSchema,
  DeviceModelSchema,
  type DeviceModel,
  type DeviceModelInput,
  type DeviceModelProtocol,
  type ListQuery,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const deviceModelKeys = {
  all: ['device-models'] as const,
  list: (protocol: DeviceModelProtocol | undefined) =>
    [...deviceModelKeys.all, 'list', { protocol }] as const,
  one: (id: string) => [...deviceModelKeys.all, 'one', id] as const,
};

/** One page; `search` matches name and manufacturer, `protocol` narrows to one protocol. */
export function listDeviceModels(query: ListQuery & { protocol?: DeviceModelProtocol | undefined }) {
  return apiRequest({
    method: 'GET',
    path: '/device-model',
    query: { ...query },
    schema: DeviceModelPageSchema,
  });
}

export function getDeviceModel(id: string): Promise<DeviceModel> {
  return apiRequest({ method: 'GET', path: `/device-model/${id}`, schema: DeviceModelSchema });
}

export function createDeviceModel(input: DeviceModelInput): Promise<DeviceModel> {
  return apiRequest({ method: 'POST', path: '/device-model', body: input, schema: DeviceModelSchema });
}

export function updateDeviceModel(id: string, input: DeviceModelInput): Promise<DeviceModel> {
  return apiRequest({
    method: 'PUT',
    path: `/device-model/${id}`,
    body: input,
    schema: DeviceModelSchema,
  });
}

export function deleteDeviceModel(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/device-model/${id}`, schema: z.null() });
}
