/** SQL of step-up re-authentication: when a session family last confirmed its password (db/schema/step-ups.ts). */
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessionStepUps } from '../../db/schema/index.ts';

/** Records (or renews) the confirmation of `familyId`. */
export async function saveStepUp(db: Db, familyId: string, userId: bigint, at: Date): Promise<void> {
  await db
    .insert(sessionStepUps)
    .values({ familyId, userId, at })
    .onConflictDoUpdate({ target: sessionStepUps.familyId, set: { userId, at } });
}

/** The family's confirmation if it is newer than `since` (one indexed lookup by primary key). */
export async function findStepUpSince(
  db: Db,
  familyId: string,
  userId: bigint,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: sessionStepUps.at })
    .from(sessionStepUps)
    .where(
      and(
        eq(sessionStepUps.familyId, familyId),
        eq(sessionStepUps.userId, userId),
        gt(sessionStepUps.at, since),
      ),
    )
    .limit(1);
  return row?.at;
}

/** Expired confirmations are useless; dropped so the table holds at most the sessions confirmed in the last window. */
export async function deleteStepUpsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(sessionStepUps).where(lt(sessionStepUps.at, before));
}
