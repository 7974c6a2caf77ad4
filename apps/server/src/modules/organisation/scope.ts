/**
 * Organisation scoping shared by the management modules (docs/conventions.md "Organisation scope"): a caller sees
 * their organisation's subtree (SUPER_ADMIN: everything); anything else answers 404.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { flattenAuthScopes, isSuperAdmin, type AuthScopes } from '@civicfleet/shared';
import type { AuthContext } from '../../http/types.ts';

/** Who is acting, as services need it: the caller and the client address for the audit trail. */
export interface Actor {
  auth: AuthContext;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { auth: request.auth, ip: request.ip };
}

export type OrgIds = AuthContext['orgIds'];

/** WHERE condition (for repositories) restricting `column`, an organisation id, to a scope; undefined = everything. */
export function orgScope(orgIds: OrgIds, column: PgColumn): SQL | undefined {
  return orgIds === 'all' ? undefined : inArray(column, orgIds);
}

export function canSeeOrganisation(auth: AuthContext, organisationId: bigint): boolean {
  return auth.orgIds === 'all' || auth.orgIds.includes(organisationId);
}

/**
 * No privilege escalation: a non-SUPER_ADMIN may only hand out, edit or act on a role whose flattened permissions are
 * all their own. SUPER_ADMIN itself is never within reach of anyone else.
 */
export function isRoleWithinReach(
  auth: AuthContext,
  role: { name: string; authScopes: AuthScopes },
): boolean {
  if (isSuperAdmin(auth.roleName)) return true;
  if (isSuperAdmin(role.name)) return false;
  const own = new Set(auth.permissions);
  return flattenAuthScopes(role.name, role.authScopes).every((p) => own.has(p));
}

/** Ids on the wire are decimal strings; the contracts have already checked the digits. */
export function toId(value: string): bigint {
  return BigInt(value);
}
