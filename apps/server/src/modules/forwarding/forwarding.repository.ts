/** Queries of the forwarding API (targets, their stats, dead letters); the delivery SQL is in queue-sql.ts. */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forwardDeliveryStats, forwardQueue, forwardTargets, organisations } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type TargetRecord = typeof forwardTargets.$inferSelect & { organisationName: string };
export type NewTarget = typeof forwardTargets.$inferInsert;
export type DeadLetterRecord = typeof forwardQueue.$inferSelect;

export interface TargetCounts {
  queued: number;
  dead: number;
  deliveredLastHour: number;
  failedLastHour: number;
}

const targetColumns = { target: forwardTargets, organisationName: organisations.tradeName };

export async function listTargets(db: Db, orgIds: OrgIds, id?: bigint): Promise<TargetRecord[]> {
  const conditions: (SQL | undefined)[] = [orgScope(orgIds, forwardTargets.organisationId)];
  if (id !== undefined) conditions.push(eq(forwardTargets.id, id));
  const found = await db
    .select(targetColumns)
    .from(forwardTargets)
    .innerJoin(organisations, eq(organisations.id, forwardTargets.organisationId))
    .where(and(...conditions))
    .orderBy(asc(forwardTargets.name), asc(forwardTargets.id));
  return found.map((row) => ({ ...row.target, organisationName: row.organisationName }));
}

export async function findTarget(db: Db, orgIds: OrgIds, id: bigint): Promise<TargetRecord | null> {
  return (await listTargets(db, orgIds, id))[0] ?? null;
}

export async function countsOf(
  db: Db,
  targetIds: readonly bigint[],
  since: Date,
): Promise<Map<bigint, TargetCounts>> {
  const counts = new Map<bigint, TargetCounts>(
    targetIds.map((id) => [id, { queued: 0, dead: 0, deliveredLastHour: 0, failedLastHour: 0 }]),
  );
  if (targetIds.length === 0) return counts;
  const queue = await db
    .select({ targetId: forwardQueue.targetId, status: forwardQueue.status, n: sql<number>`count(*)::int` })
    .from(forwardQueue)
    .where(inArray(forwardQueue.targetId, [...targetIds]))
    .groupBy(forwardQueue.targetId, forwardQueue.status);
  for (const row of queue) {
    const entry = counts.get(row.targetId);
    if (!entry) continue;
    if (row.status === 'dead') entry.dead = row.n;
    else entry.queued = row.n;
  }
  const stats = await db
    .select({
      targetId: forwardDeliveryStats.targetId,
      delivered: sql<number>`coalesce(sum(${forwardDeliveryStats.delivered}), 0)::int`,
      failed: sql<number>`coalesce(sum(${forwardDeliveryStats.failed}), 0)::int`,
    })
    .from(forwardDeliveryStats)
    .where(
      and(inArray(forwardDeliveryStats.targetId, [...targetIds]), gte(forwardDeliveryStats.minute, since)),
    )
    .groupBy(forwardDeliveryStats.targetId);
  for (const row of stats) {
    const entry = counts.get(row.targetId);
    if (!entry) continue;
    entry.deliveredLastHour = row.delivered;
    entry.failedLastHour = row.failed;
  }
  return counts;
}

export async function insertTarget(db: Db, values: NewTarget): Promise<bigint> {
  const [row] = await db.insert(forwardTargets).values(values).returning({ id: forwardTargets.id });
  if (!row) throw new Error('forward_targets insert returned no row');
  return row.id;
}

export async function updateTarget(db: Db, id: bigint, values: Partial<NewTarget>): Promise<void> {
  await db.update(forwardTargets).set(values).where(eq(forwardTargets.id, id));
}

export async function deleteTarget(db: Db, id: bigint): Promise<void> {
  await db.delete(forwardTargets).where(eq(forwardTargets.id, id));
}

export function listDeadLetters(db: Db, targetId: bigint, limit: number): Promise<DeadLetterRecord[]> {
  return db
    .select()
    .from(forwardQueue)
    .where(and(eq(forwardQueue.targetId, targetId), eq(forwardQueue.status, 'dead')))
    .orderBy(desc(forwardQueue.id))
    .limit(limit);
}

/** Dead letters back to the queue (all of the target's, or one): fresh attempts, and the target unpaused. */
export async function requeueDeadLetters(db: Db, targetId: bigint, letterId?: bigint): Promise<number> {
  const conditions = [eq(forwardQueue.targetId, targetId), eq(forwardQueue.status, 'dead')];
  if (letterId !== undefined) conditions.push(eq(forwardQueue.id, letterId));
  const requeued = await db
    .update(forwardQueue)
    .set({ status: 'pending', attempts: 0, deadAt: null })
    .where(and(...conditions))
    .returning({ id: forwardQueue.id });
  if (requeued.length > 0)
    await db
      .update(forwardTargets)
      .set({ pausedUntil: null, failures: 0 })
      .where(eq(forwardTargets.id, targetId));
  return requeued.length;
}

export async function deleteDeadLetters(db: Db, targetId: bigint, letterId?: bigint): Promise<number> {
  const conditions = [eq(forwardQueue.targetId, targetId), eq(forwardQueue.status, 'dead')];
  if (letterId !== undefined) conditions.push(eq(forwardQueue.id, letterId));
  const deleted = await db
    .delete(forwardQueue)
    .where(and(...conditions))
    .returning({ id: forwardQueue.id });
  return deleted.length;
}
