/** /v1/organisation/retention-settings calls (contract: packages/shared retention-settings.contract.ts). */
import {
  OrganisationRetentionSettingsSchema,
  type OrganisationRetentionSettings,
  type RetentionSettingsPatch,
} from '@civicfleet/shared';
import { apiRequest } from '@/api/client';
import { organisationKeys } from './organisations';

export const retentionKeys = {
  one: (id: string) => [...organisationKeys.all, 'retention', id] as const,
};

export function getRetentionSettings(id: string): Promise<OrganisationRetentionSettings> {
  return apiRequest({
    method: 'GET',
    path: `/organisation/retention-settings/${id}`,
    schema: OrganisationRetentionSettingsSchema,
  });
}

/** Replaces what the organisation stores: a field left out inherits again. */
export function putRetentionSettings(
  id: string,
  patch: RetentionSettingsPatch,
): Promise<OrganisationRetentionSettings> {
  return apiRequest({
    method: 'PUT',
    path: `/organisation/retention-settings/${id}`,
    body: patch,
    schema: OrganisationRetentionSettingsSchema,
  });
}
