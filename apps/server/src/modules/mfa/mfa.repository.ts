/** SQL of the second factor: the user's TOTP row, recovery codes and sign-in challenges. */
import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, userMfa, users } from '../../db/schema/index.ts';

export type UserMfaRow = typeof userMfa.$inferSelect;

export async function findUserMfa(db: Db, userId: bigint): Promise<UserMfaRow | undefined> {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return row;
}

/** Setup: a new pending secret (replaces an earlier pending one; never an active one — the service checks). */
export async function savePendingSecret(db: Db, userId: bigint, secretEnc: string): Promise<void> {
  await db
    .insert(userMfa)
    .values({ userId, secretEnc })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secretEnc, enabledAt: null, lastUsedStep: null },
      where: isNull(userMfa.enabledAt),
    });
}

/**
 * Records `step` as used if it is newer than the last accepted one; false means the code was already used (or an
 * older one), whoever got there first.
 */
export async function claimStep(db: Db, userId: bigint, step: number): Promise<boolean> {
  const updated = await db
    .update(userMfa)
    .set({ lastUsedStep: step })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
    .returning({ userId: userMfa.userId });
  return updated.length === 1;
}

/** Activates the factor and replaces the recovery codes; users.mfa_enabled mirrors it for the auth context. */
export async function activate(db: Db, userId: bigint, codeHashes: string[], at: Date): Promise<void> {
  await db.update(userMfa).set({ enabledAt: at }).where(eq(userMfa.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
  await db.update(users).set({ mfaEnabled: true, updatedAt: at }).where(eq(users.id, userId));
}

export async function remove(db: Db, userId: bigint, at: Date): Promise<void> {
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.update(users).set({ mfaEnabled: false, updatedAt: at }).where(eq(users.id, userId));
}

export async function countUnusedRecoveryCodes(db: Db, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Spends a recovery code: true once per code, false when it is unknown or already used. */
export async function useRecoveryCode(db: Db, userId: bigint, codeHash: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return updated.length > 0;
}

export async function insertChallenge(
  db: Db,
  values: { userId: bigint; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(mfaChallenges).values(values);
}

/** A challenge that can still be answered. */
export async function findLiveChallenge(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: mfaChallenges.id, userId: mfaChallenges.userId })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function markChallengeUsed(db: Db, id: bigint, at: Date): Promise<boolean> {
  const updated = await db
    .update(mfaChallenges)
    .set({ usedAt: at })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return updated.length === 1;
}

/** An administrator's reset: the user's open sign-in steps die with the factor they were asking for. */
export async function deleteChallengesOf(db: Db, userId: bigint): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
}

/** Housekeeping on each new challenge: answered or expired challenges older than a day go. */
export async function deleteOldChallenges(db: Db, before: Date): Promise<void> {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, before));
}
