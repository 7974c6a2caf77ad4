/**
 * Options of the vehicle form's pickers: owners (GET /v1/users, needs the user module) and groups of the vehicle's
 * organisation (GET /v1/group, needs the groups module), contractors (CONTRACTOR organisations, GET /v1/organisation?kind=,
 * needs the organisation module). Other organisations: components/OrganisationPicker.
 */
import {
  GroupPageSchema,
  GroupSchema,
  OrganisationPageSchema,
  OrganisationSchema,
  UserPageSchema,
  UserSchema,
  type User,
} from '@civicfleet/shared';
import type { PickerOption, PickerQuery } from '@/components/SearchPicker';
import { apiRequest } from '@/api/client';
import { toOrganisationOption } from '@/api/organisation-options';

const OPTIONS_PAGE_SIZE = 100;

/** "Asha Verma (asha@…)": a name alone is not enough to tell two owners apart. */
export function toOwnerOption(
  u: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'phone'>,
): PickerOption {
  const name = `${u.firstName} ${u.lastName}`.trim();
  const contact = u.email ?? u.phone;
  return { id: u.id, label: contact ? `${name} (${contact})` : name };
}

export const ownerOptionsQuery: PickerQuery = (search) => ({
  queryKey: ['users', 'options', search],
  queryFn: async () => {
    const page = await apiRequest({
      method: 'GET',
      path: '/users',
      query: { search: search || undefined, pageSize: OPTIONS_PAGE_SIZE },
      schema: UserPageSchema,
    });
    return page.items.map(toOwnerOption);
  },
});

export function getOwnerOption(id: string): Promise<PickerOption> {
  return apiRequest({ method: 'GET', path: `/users/${id}`, schema: UserSchema }).then(toOwnerOption);
}

/** Groups of one organisation (a vehicle's group must be of its organisation). */
export function groupOptionsQuery(organisationId: string): PickerQuery {
  return (search) => ({
    queryKey: ['groups', 'options', organisationId, search],
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

export function getGroupOption(id: string): Promise<PickerOption> {
  return apiRequest({ method: 'GET', path: `/group/${id}`, schema: GroupSchema }).then((g) => ({
    id: g.id,
    label: g.name,
  }));
}

/** CONTRACTOR organisations of the caller's scope (the organisation operating a vehicle for the municipality). */
export const contractorOptionsQuery: PickerQuery = (search) => ({
  queryKey: ['organisations', 'options', 'CONTRACTOR', search],
  queryFn: async () => {
    const page = await apiRequest({
      method: 'GET',
      path: '/organisation',
      query: {
        kind: 'CONTRACTOR',
        search: search || undefined,
        pageSize: OPTIONS_PAGE_SIZE,
        sortBy: 'tradeName',
        sortOrder: 'asc',
      },
      schema: OrganisationPageSchema,
    });
    return page.items.map(toOrganisationOption);
  },
});

export function getContractorOption(id: string): Promise<PickerOption> {
  return apiRequest({ method: 'GET', path: `/organisation/${id}`, schema: OrganisationSchema }).then(
    toOrganisationOption,
  );
}
