/** Role picker of the user form: the roles the caller may hand out (organisations: components/OrganisationPicker). */
import { RoleSchema, flattenAuthScopes, isSuperAdmin, type Role } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { useSession } from '@/session';

export interface PickerOption {
  id: string;
  label: string;
}

function listRoles(): Promise<Role[]> {
  return apiRequest({ method: 'GET', path: '/roles', schema: z.array(RoleSchema) });
}

/**
 * The server's rule (organisation/scope.ts isRoleWithinReach): a non-SUPER_ADMIN hands out only roles whose
 * permissions are all their own, and never SUPER_ADMIN.
 */
export function isAssignable(role: Role, roleName: string, permissions: readonly string[]): boolean {
  if (isSuperAdmin(roleName)) return true;
  if (isSuperAdmin(role.name)) return false;
  const own = new Set(permissions);
  return flattenAuthScopes(role.name, role.authScopes).every((p) => own.has(p));
}

export function useAssignableRoles(isEnabled = true) {
  const { user, permissions } = useSession();
  const roleName = user?.role.name ?? '';
  return useQuery({
    queryKey: ['roles', 'options'],
    queryFn: listRoles,
    enabled: isEnabled,
    select: (roles): PickerOption[] =>
      roles.filter((r) => isAssignable(r, roleName, permissions)).map((r) => ({ id: r.id, label: r.name })),
  });
}
