/** SQL of roles. Built-in roles have no owner; a custom role belongs to the organisation that created it. */
import { and, asc, count, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import type { OrgIds } from '../organisation/scope.ts';

export type RoleRow = typeof roles.$inferSelect;
export type NewRoleRow = typeof roles.$inferInsert;

/** Roles a scope may see: the built-in and platform-wide ones plus the custom roles owned inside the scope. */
function visibleTo(orgIds: OrgIds): SQL | undefined {
  return orgIds === 'all'
    ? undefined
    : or(isNull(roles.organisationId), inArray(roles.organisationId, orgIds));
}

export interface RoleFilter {
  orgIds: OrgIds;
  /** Always visible, wherever it is owned: the caller's own role. */
  ownRoleId?: bigint | undefined;
  id?: bigint | undefined;
  name?: string | undefined;
}

export async function listRoles(db: Db, filter: RoleFilter): Promise<RoleRow[]> {
  const visible = visibleTo(filter.orgIds);
  const conditions = [
    visible && filter.ownRoleId !== undefined ? or(visible, eq(roles.id, filter.ownRoleId)) : visible,
  ];
  if (filter.id !== undefined) conditions.push(eq(roles.id, filter.id));
  if (filter.name !== undefined) conditions.push(eq(roles.name, filter.name));
  return db
    .select()
    .from(roles)
    .where(and(...conditions))
    .orderBy(asc(roles.name));
}

export async function findRoleById(db: Db, id: bigint): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function findRoleByName(db: Db, name: string): Promise<RoleRow | undefined> {
  const [row] = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
  return row;
}

export async function findRoleByNameInsensitive(db: Db, name: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertRole(db: Db, values: NewRoleRow): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(values).returning();
  if (!row) throw new Error('role insert returned no row');
  return row;
}

export async function updateRole(
  db: Db,
  id: bigint,
  values: Partial<NewRoleRow>,
): Promise<RoleRow | undefined> {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning();
  return row;
}

export async function deleteRole(db: Db, id: bigint): Promise<void> {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Users holding the role, split into live ones and soft-deleted ones. */
export async function countRoleUsers(db: Db, roleId: bigint): Promise<{ live: number; deleted: number }> {
  const found = await db
    .select({ deleted: users.deleted, n: count() })
    .from(users)
    .where(eq(users.roleId, roleId))
    .groupBy(users.deleted);
  return {
    live: found.find((r) => !r.deleted)?.n ?? 0,
    deleted: found.find((r) => r.deleted)?.n ?? 0,
  };
}

/** Whether a live user outside the scope holds the role (then only SUPER_ADMIN may change it). */
export async function isRoleUsedOutside(db: Db, roleId: bigint, orgIds: OrgIds): Promise<boolean> {
  if (orgIds === 'all') return false;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.deleted, false), notInArray(users.organisationId, orgIds)));
  return (row?.n ?? 0) > 0;
}

/** Re-points soft-deleted users to another role so that a role can be removed without breaking their rows. */
export async function reassignDeletedUsers(db: Db, fromRoleId: bigint, toRoleId: bigint): Promise<void> {
  await db
    .update(users)
    .set({ roleId: toRoleId })
    .where(and(eq(users.roleId, fromRoleId), eq(users.deleted, true)));
}
