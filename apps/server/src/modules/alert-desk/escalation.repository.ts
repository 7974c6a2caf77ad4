/** SQL of the escalation job (escalation.ts). */
import { and, asc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventActions, events, roles, users } from '../../db/schema/index.ts';
import type { NewEventAction } from './alert-desk.repository.ts';

/** Organisations that have desk alerts nobody acknowledged yet. */
export async function organisationsWithNewAlerts(db: Db): Promise<bigint[]> {
  const found = await db
    .selectDistinct({ organisationId: events.organisationId })
    .from(events)
    .where(eq(events.deskStatus, 'new'));
  return found.map((r) => r.organisationId);
}

/**
 * Escalates the organisation's `new` alerts below `maxLevel` whose start (or last escalation) is at or before
 * `cutoff`: level + 1, escalated_at = now. Returns them.
 */
export async function escalateDue(
  tx: Db,
  organisationId: bigint,
  cutoff: Date,
  now: Date,
  maxLevel: number,
): Promise<Array<{ id: bigint; type: string; escalationLevel: number }>> {
  return tx
    .update(events)
    .set({ escalationLevel: sql`${events.escalationLevel} + 1`, escalatedAt: now })
    .where(
      and(
        eq(events.organisationId, organisationId),
        eq(events.deskStatus, 'new'),
        lt(events.escalationLevel, maxLevel),
        lte(sql`coalesce(${events.escalatedAt}, ${events.startedAt})`, cutoff),
      ),
    )
    .returning({ id: events.id, type: events.type, escalationLevel: events.escalationLevel });
}

export async function insertActions(tx: Db, values: NewEventAction[]): Promise<void> {
  if (values.length > 0) await tx.insert(eventActions).values(values);
}

/** E-mail addresses of the organisation's enabled ADMIN users. */
export async function adminEmails(db: Db, organisationId: bigint): Promise<string[]> {
  const found = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(roles.name, 'ADMIN'),
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        isNotNull(users.email),
      ),
    )
    .orderBy(asc(users.id));
  return found.flatMap((r) => (r.email ? [r.email] : []));
}
