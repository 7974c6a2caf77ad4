/** /v1/organisation/device-network-settings calls (contract: packages/shared device-network.contract.ts). */
import {
  OrganisationDeviceNetworkSettingsSchema,
  type DeviceNetworkSettingsPatch,
  type OrganisationDeviceNetworkSettings,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';
import { organisationKeys } from './organisations';

export const deviceNetworkKeys = {
  one: (id: string) => [...organisationKeys.all, 'device-network', id] as const,
};

export function getDeviceNetworkSettings(id: string): Promise<OrganisationDeviceNetworkSettings> {
  return apiRequest({
    method: 'GET',
    path: `/organisation/device-network-settings/${id}`,
    schema: OrganisationDeviceNetworkSettingsSchema,
  });
}

/** Replaces what the organisation stores: without allowedNetworks it inherits its parent's again. */
export function putDeviceNetworkSettings(
  id: string,
  patch: DeviceNetworkSettingsPatch,
): Promise<OrganisationDeviceNetworkSettings> {
  return apiRequest({
    method: 'PUT',
    path: `/organisation/device-network-settings/${id}`,
    body: patch,
    schema: OrganisationDeviceNetworkSettingsSchema,
  });
}
