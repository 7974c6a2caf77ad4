import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type NewPasswordReset = typeof passwordResets.$inferInsert;

export async function insertPasswordReset(db: Db, row: NewPasswordReset): Promise<void> {
  await db.insert(passwordResets).values(row);
}

export async function findByRequestToken(
  db: Db,
  requestToken: string,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.requestToken, requestToken))
    .limit(1);
  return row;
}

export async function findByLinkTokenHash(
  db: Db,
  linkTokenHash: string,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.linkTokenHash, linkTokenHash))
    .limit(1);
  return row;
}

export async function incrementAttempts(db: Db, id: bigint): Promise<void> {
  await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(eq(passwordResets.id, id));
}

/** Single use: true only for the caller that flips used_at. */
export async function markUsed(db: Db, id: bigint, at: Date): Promise<boolean> {
  const updated = await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return updated.length === 1;
}

/** A new request or a completed reset voids the user's other pending requests. */
export async function voidPendingForUser(db: Db, userId: bigint, at: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function deleteStalePasswordResets(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), lt(passwordResets.usedAt, before)))
    .returning({ id: passwordResets.id });
  return deleted.length;
}
