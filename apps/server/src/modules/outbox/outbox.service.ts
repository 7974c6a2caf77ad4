import type { OutboxEntry } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { listRecentOutbox } from '../../mail/outbox.repository.ts';

/** Recent outgoing mail, newest first, optionally to one address. */
export async function listOutbox(
  db: Db,
  query: { limit: number; to?: string | undefined },
): Promise<OutboxEntry[]> {
  const found = await listRecentOutbox(db, query.limit, query.to);
  return found.map((row) => ({
    id: String(row.id),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    attachments: row.attachments.map(({ fileName, contentType, sizeBytes }) => ({
      fileName,
      contentType,
      sizeBytes,
    })),
  }));
}
