/** SQL of user management: users with their role and organisation. Soft-deleted users are never listed or found. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuthScopes, ListPage, ListQuery, UserSortField } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { userWithRoleColumns } from '../../db/user-columns.ts';
import { organisations, roles, users } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewUserRow = typeof users.$inferInsert;

export interface UserRecord {
  id: bigint;
  firstName: string;
  lastName: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  isEnabled: boolean;
  /** users.mfa_enabled, kept in step with user_mfa by the mfa module. */
  mfaEnabled: boolean;
  createdAt: Date;
  role: { id: bigint; name: string; authScopes: AuthScopes };
  organisation: { id: bigint; tradeName: string; brandName: string | null };
}

const columns = { ...userWithRoleColumns, mfaEnabled: users.mfaEnabled, createdAt: users.createdAt };

export interface UserFilter {
  orgIds: OrgIds;
  /** Exact phone in the stored +91 form. */
  phone?: string | undefined;
  roleName?: string | undefined;
  roleId?: bigint | undefined;
  organisationId?: bigint | undefined;
}

/** `search`: case-insensitive substring over first/last/full name, e-mail and phone. */
const userList: ListDefinition<UserSortField> = {
  searchable: [
    users.firstName,
    users.lastName,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
    users.email,
    users.phone,
  ],
  sortable: {
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    role: roles.name,
    createdAt: users.createdAt,
  },
  defaultOrder: [asc(users.firstName), asc(users.lastName)],
  tieBreaker: users.id,
};

function where(filter: UserFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(users.deleted, false),
    orgScope(filter.orgIds, users.organisationId),
  ];
  if (filter.phone !== undefined) conditions.push(eq(users.phone, filter.phone));
  if (filter.roleName !== undefined) conditions.push(eq(roles.name, filter.roleName));
  if (filter.roleId !== undefined) conditions.push(eq(users.roleId, filter.roleId));
  if (filter.organisationId !== undefined) conditions.push(eq(users.organisationId, filter.organisationId));
  return and(...conditions);
}

function joined(db: Db) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId));
}

export async function listUsers(db: Db, filter: UserFilter, query: ListQuery): Promise<ListPage<UserRecord>> {
  return runList(
    planList(userList, query),
    where(filter),
    joined(db).$dynamic(),
    db.select(countSelection()).from(users).innerJoin(roles, eq(roles.id, users.roleId)).$dynamic(),
  );
}

/** A live user. */
export async function findUser(db: Db, id: bigint): Promise<UserRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(users.id, id), eq(users.deleted, false)))
    .limit(1);
  return row;
}

/** Any user row (deleted ones too: their e-mail and phone stay reserved) holding this e-mail, case-insensitively. */
export async function findIdByEmail(db: Db, email: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id;
}

export async function findIdByPhone(db: Db, phone: string): Promise<bigint | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return row?.id;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<bigint> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return row.id;
}

export async function updateUser(db: Db, id: bigint, values: Partial<NewUserRow>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Ends every access token of the user now (the authenticator compares token_version). */
export async function bumpTokenVersion(db: Db, id: bigint): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** Soft delete: the row stays (audit, references) but is disabled and invisible. */
export async function softDeleteUser(db: Db, id: bigint, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ deleted: true, isEnabled: false, updatedAt: at, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}
