import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { OUTBOX_STATUSES } from '@civicfleet/shared';
import { createdAt, id, timestamptz } from './columns.ts';

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Every mail the platform sends. Without SMTP the mail is only kept here ('kept'), readable by SUPER_ADMIN. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (scheduled reports): bytes in storage, read again when a send is retried. */
    attachments: jsonb('attachments')
      .$type<Array<{ fileName: string; contentType: string; storageKey: string; sizeBytes: number }>>()
      .notNull()
      .default([]),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('outbox_status_idx').on(t.status),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_status_chk', sql`${t.status} in ('queued', 'sent', 'failed', 'kept')`),
  ],
);
