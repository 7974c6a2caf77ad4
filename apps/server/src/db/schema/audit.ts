import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ref, timestamptz } from './columns.ts';

/** Append-only record of security-relevant actions. No FKs: entries outlive the rows they mention. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: ref('actor_user_id'),
    organisationId: ref('organisation_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_org_idx').on(t.organisationId),
  ],
);
