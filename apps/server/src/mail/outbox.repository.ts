import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { MailAttachment } from './mailer.ts';
import { outbox, type OutboxStatus } from '../db/schema/index.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export async function insertOutbox(
  db: Db,
  row: {
    to: string;
    subject: string;
    text: string;
    html: string | null;
    status: OutboxStatus;
    attachments?: MailAttachment[];
  },
): Promise<bigint> {
  const [inserted] = await db.insert(outbox).values(row).returning({ id: outbox.id });
  if (!inserted) throw new Error('outbox insert returned no row');
  return inserted.id;
}

export async function markOutbox(
  db: Db,
  id: bigint,
  update: { status: OutboxStatus; error: string | null; sentAt: Date | null; attempts: number },
): Promise<void> {
  await db.update(outbox).set(update).where(eq(outbox.id, id));
}

export async function listFailedOutbox(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(eq(outbox.status, 'failed')).orderBy(asc(outbox.id)).limit(limit);
}

export async function listRecentOutbox(db: Db, limit: number, to?: string): Promise<OutboxRow[]> {
  const query = db.select().from(outbox);
  const filtered = to ? query.where(eq(outbox.to, to)) : query;
  return filtered.orderBy(desc(outbox.id)).limit(limit);
}
