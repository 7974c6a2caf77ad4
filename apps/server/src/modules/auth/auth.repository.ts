/** SQL of sign-in and sessions: users with their role and organisation, refresh tokens. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AuthScopes } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { userWithRoleColumns } from '../../db/user-columns.ts';
import { organisations, refreshTokens, roles, users } from '../../db/schema/index.ts';

export interface UserWithRole {
  id: bigint;
  firstName: string;
  lastName: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  passwordHash: string;
  isEnabled: boolean;
  deleted: boolean;
  tokenVersion: number;
  /** Created with the brand's default password and not changed since (ASVS 2.3.1). */
  mustChangePassword: boolean;
  /** TOTP second factor active (modules/mfa). */
  mfaEnabled: boolean;
  role: { id: bigint; name: string; authScopes: AuthScopes };
  organisation: { id: bigint; tradeName: string; brandName: string | null };
}

const userWithRole = {
  ...userWithRoleColumns,
  passwordHash: users.passwordHash,
  deleted: users.deleted,
  tokenVersion: users.tokenVersion,
  mustChangePassword: users.mustChangePassword,
  mfaEnabled: users.mfaEnabled,
};

function selectUsers(db: Db) {
  return db
    .select(userWithRole)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId));
}

export async function findUserById(db: Db, id: bigint): Promise<UserWithRole | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** `username` is already normalised: a lower-case e-mail or a +91 phone. Deleted users are never found. */
export async function findUserByUsername(db: Db, username: string): Promise<UserWithRole | undefined> {
  const [row] = await selectUsers(db)
    .where(
      and(eq(users.deleted, false), or(eq(sql`lower(${users.email})`, username), eq(users.phone, username))),
    )
    .limit(1);
  return row;
}

export async function touchLastLogin(db: Db, userId: bigint, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function updatePassword(db: Db, userId: bigint, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: at,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      // The user chose this password (change or reset): the default-password restriction ends.
      mustChangePassword: false,
    })
    .where(eq(users.id, userId));
}

export interface NewRefreshToken {
  userId: bigint;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks the token used if nobody else did first; false means it was already used (a replay or a race). */
export async function markRefreshTokenUsed(db: Db, id: bigint, at: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

/**
 * A session is live while its refresh family has a token nobody revoked. Sign-out, reuse detection, a password change
 * or reset and disabling the user revoke the family, and the access tokens of that session stop working at once
 * (ASVS 3.3.1), not when they expire.
 */
export async function isFamilyLive(db: Db, familyId: string, userId: bigint): Promise<boolean> {
  // The family must be the token's own user's: a token whose `fam` names another user's live session is not valid.
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live token of the user, optionally keeping one family (the caller's own session). */
export async function revokeUserTokens(
  db: Db,
  userId: bigint,
  at: Date,
  exceptFamilyId?: string,
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (exceptFamilyId) conditions.push(sql`${refreshTokens.familyId} <> ${exceptFamilyId}`);
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(...conditions));
}

export async function deleteExpiredRefreshTokens(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.id });
  return deleted.length;
}

export interface LiveFamily {
  familyId: string;
  startedAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** The user's sessions that can still be refreshed: one row per family, with the newest token's address. */
export async function listLiveFamilies(db: Db, userId: bigint, now: Date): Promise<LiveFamily[]> {
  const rows = await db
    .select({
      familyId: refreshTokens.familyId,
      startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      lastActiveAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
      expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
      ip: sql<string | null>`(array_agg(${refreshTokens.ip} order by ${refreshTokens.createdAt} desc))[1]`,
      userAgent: sql<
        string | null
      >`(array_agg(${refreshTokens.userAgent} order by ${refreshTokens.createdAt} desc))[1]`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .groupBy(refreshTokens.familyId)
    .having(
      sql`bool_and(${refreshTokens.revokedAt} is null) and max(${refreshTokens.expiresAt}) > ${now.toISOString()}`,
    );
  return rows.sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}

/** Revokes one family of the user (false when it is not theirs or not live). */
export async function revokeUserFamily(db: Db, userId: bigint, familyId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return updated.length > 0;
}
