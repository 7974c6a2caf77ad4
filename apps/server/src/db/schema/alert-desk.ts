import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * The SOS and critical-alerts desk (live operations issue): every step an operator takes on an alert, timestamped.
 * The alert's current desk state is on `events` (desk_status, assigned_to, escalation_level, closed_*); this is its
 * history, read by the desk's timeline and the sosalert report.
 */
export const eventActions = pgTable(
  'event_actions',
  {
    id: id(),
    eventId: ref('event_id')
      .notNull()
      .references(() => events.id),
    organisationId: ref('organisation_id').notNull(),
    /** acknowledge | assign | note | escalate | close | emergency-off | reopen */
    action: text('action').notNull(),
    /** null for steps the system takes (automatic escalation). */
    userId: ref('user_id').references(() => users.id),
    assigneeId: ref('assignee_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('event_actions_event_idx').on(t.eventId, t.createdAt),
    index('event_actions_organisation_idx').on(t.organisationId, t.createdAt),
  ],
);
