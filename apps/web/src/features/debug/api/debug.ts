/**
 * The debug page's calls: GET and POST /v1/device/temporary (device.contract.ts TemporaryDeviceSchema) and the RTO reference
 * data of /v1/rto (rto.contract.ts), with their query keys.
 */
import {
  DeviceSchema,
  RtoImportResultSchema,
  RtoListSchema,
  StateSchema,
  type Device,
  type DeviceProtocol,
  type RtoImportResult,
  type RtoList,
  type State,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const rtoKeys = {
  all: ['rto'] as const,
  states: () => [...rtoKeys.all, 'states'] as const,
  list: (state: string) => [...rtoKeys.all, 'list', state] as const,
};

export const temporaryDeviceKeys = { all: ['device', 'temporary'] as const };

/** The active temporary devices of the caller's organisations, soonest expiry first. */
export function listTemporaryDevices(): Promise<Device[]> {
  return apiRequest({ method: 'GET', path: '/device/temporary', schema: z.array(DeviceSchema) });
}

export interface TemporaryDeviceBody {
  imei: string;
  protocol?: DeviceProtocol | undefined;
  expiresInMinutes: number;
}

/** An ephemeral device in the caller's organisation; the server soft-deletes it once it expires. */
export function createTemporaryDevice(body: TemporaryDeviceBody): Promise<Device> {
  return apiRequest({ method: 'POST', path: '/device/temporary', body, schema: DeviceSchema });
}

export function listStates(): Promise<State[]> {
  return apiRequest({ method: 'GET', path: '/rto/states', schema: z.array(StateSchema) });
}

/** `{ MP: { no: { '09': 'Indore' } } }` for one state. */
export function listRtos(state: string): Promise<RtoList> {
  return apiRequest({ method: 'GET', path: '/rto', query: { state }, schema: RtoListSchema });
}

/** SUPER_ADMIN: upserts `state,code,name` rows; refused rows come back by line. */
export function importRtos(csv: string): Promise<RtoImportResult> {
  return apiRequest({ method: 'POST', path: '/rto/import', body: { csv }, schema: RtoImportResultSchema });
}
