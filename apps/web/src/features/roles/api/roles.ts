/** /v1/roles calls (contract: packages/shared role.contract.ts). One role is read with `?_id=`. */
import { RoleSchema, type Role, type RoleInput, type RoleUpdate } from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { ApiError } from '@/api/client';

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  one: (id: string) => [...roleKeys.all, 'one', id] as const,
};

const RoleListSchema = z.array(RoleSchema);

export function listRoles(): Promise<Role[]> {
  return apiRequest({ method: 'GET', path: '/roles', schema: RoleListSchema });
}

export async function getRole(id: string): Promise<Role> {
  const [role] = await apiRequest({
    method: 'GET',
    path: '/roles',
    query: { _id: id },
    schema: RoleListSchema,
  });
  if (!role) throw new ApiError({ status: 404 });
  return role;
}

export function createRole(input: RoleInput): Promise<Role> {
  return apiRequest({ method: 'POST', path: '/roles', body: input, schema: RoleSchema });
}

export function updateRole(id: string, input: RoleUpdate): Promise<Role> {
  return apiRequest({ method: 'PUT', path: `/roles/${id}`, body: input, schema: RoleSchema });
}

export function deleteRole(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/roles/${id}`, schema: z.null() });
}
