/** SQL of user management: users with their role and organisation. Soft-deleted users are never listed or found. */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuthScopes } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { userWithRoleColumns } from '../../db/user-columns.ts';
import { organisations, roles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../organisation/organisation.repository.ts';
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
  createdAt: Date;
  role: { id: bigint; name: string; authScopes: AuthScopes };
  organisation: { id: bigint; tradeName: string; brandName: string | null };
}

const columns = { ...userWithRoleColumns, createdAt: users.createdAt };

export interface UserFilter {
  orgIds: OrgIds;
  /** Exact phone in the stored +91 form. */
  phone?: string | undefined;
  roleName?: string | undefined;
  roleId?: bigint | undefined;
  organisationId?: bigint | undefined;
  /** Case-insensitive substring over first/last/full name, e-mail and phone. */
  search?: string | undefined;
}

export function userSearchCondition(term: string): SQL | undefined {
  const pattern = containsPattern(term);
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
    ilike(users.phone, pattern),
  );
}

function where(filter: UserFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(users.deleted, false),
    orgScope(filter.orgIds, users.organisationId),
  ];
  if (filter.phone !== undefined) conditions.push(eq(users.phone, filter.phone));
  if (filter.roleName !== undefined) conditions.push(eq(roles.name, filter.roleName));
  if (filter.roleId !== undefined) conditions.push(eq(users.roleId, filter.roleId));
  if (filter.organisationId !== undefined) conditions.push(eq(users.organisationId, filter.organisationId));
  if (filter.search) conditions.push(userSearchCondition(filter.search));
  return and(...conditions);
}

function joined(db: Db) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId));
}

export async function listUsers(
  db: Db,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UserRecord[]; total: number }> {
  const condition = where(filter);
  const rows = await joined(db)
    .where(condition)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(condition);
  return { rows, total: totals?.n ?? 0 };
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
