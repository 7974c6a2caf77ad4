/**
 * One query per result kind of the global search (spec 01 §2.9, §3 "Search results"). Devices and vehicles answer
 * nothing until the telematics/management issues add their tables: each then becomes one function here.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { SearchResult } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { organisations, roles, users } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';
import { userSearchCondition } from '../user/user.repository.ts';

export interface SearchArgs {
  orgIds: OrgIds;
  /** Trimmed, non-empty search text (case-insensitive substring). */
  term: string;
  limit: number;
}

export async function searchUsers(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Users']> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      isEnabled: users.isEnabled,
      roleName: roles.name,
      brandName: organisations.brandName,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.deleted, false), orgScope(orgIds, users.organisationId), userSearchCondition(term)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    email: r.email,
    isEnabled: r.isEnabled,
    role: { name: r.roleName },
    organisation: { brandName: r.brandName },
  }));
}

/** No devices table yet (telematics issue). */
export function searchDevices(_db: Db, _args: SearchArgs): Promise<SearchResult['Devices']> {
  return Promise.resolve([]);
}

/** No vehicles table yet (management issue). */
export function searchVehicles(_db: Db, _args: SearchArgs): Promise<SearchResult['Vehicles']> {
  return Promise.resolve([]);
}
