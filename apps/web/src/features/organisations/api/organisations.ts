/** /v1/organisation calls (contracts: packages/shared organisation.contract.ts, derive-settings.contract.ts). */
import {
  OrganisationDeriveSettingsSchema,
  OrganisationPageSchema,
  OrganisationSchema,
  type DeriveSettingsPatch,
  type ListQuery,
  type Organisation,
  type OrganisationDeriveSettings,
  type OrganisationInput,
  type OrganisationUpdate,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => [...organisationKeys.all, 'list'] as const,
  one: (id: string) => [...organisationKeys.all, 'one', id] as const,
  settings: (id: string) => [...organisationKeys.all, 'settings', id] as const,
  derive: (id: string) => [...organisationKeys.all, 'derive', id] as const,
};

const SettingsSchema = z.record(z.string(), z.unknown());

export function listOrganisations(query: ListQuery & { search?: string | undefined }) {
  return apiRequest({
    method: 'GET',
    path: '/organisation',
    query: { ...query },
    schema: OrganisationPageSchema,
  });
}

export function getOrganisation(id: string): Promise<Organisation> {
  return apiRequest({ method: 'GET', path: `/organisation/${id}`, schema: OrganisationSchema });
}

export function createOrganisation(input: OrganisationInput): Promise<Organisation> {
  return apiRequest({ method: 'POST', path: '/organisation', body: input, schema: OrganisationSchema });
}

export function updateOrganisation(id: string, input: OrganisationUpdate): Promise<Organisation> {
  return apiRequest({ method: 'PUT', path: `/organisation/${id}`, body: input, schema: OrganisationSchema });
}

export function deleteOrganisation(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/organisation/${id}`, schema: z.null() });
}

export function getSettings(id: string): Promise<Record<string, unknown>> {
  return apiRequest({ method: 'GET', path: `/organisation/settings/${id}`, schema: SettingsSchema });
}

export function putSettings(id: string, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  return apiRequest({
    method: 'PUT',
    path: `/organisation/settings/${id}`,
    body: settings,
    schema: SettingsSchema,
  });
}

export function getDeriveSettings(id: string): Promise<OrganisationDeriveSettings> {
  return apiRequest({
    method: 'GET',
    path: `/organisation/derive-settings/${id}`,
    schema: OrganisationDeriveSettingsSchema,
  });
}

/** Replaces what the organisation stores: a field left out inherits again. */
export function putDeriveSettings(
  id: string,
  patch: DeriveSettingsPatch,
): Promise<OrganisationDeriveSettings> {
  return apiRequest({
    method: 'PUT',
    path: `/organisation/derive-settings/${id}`,
    body: patch,
    schema: OrganisationDeriveSettingsSchema,
  });
}
