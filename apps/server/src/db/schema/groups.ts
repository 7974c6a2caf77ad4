import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Vehicle groups (spec 01 §2.6 "groups"). Membership is `vehicles.group_id` (one group per vehicle, a foreign key here
 * with ON DELETE SET NULL); groups are soft-deleted, and the group module clears the members then.
 */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('groups_org_name_uq')
      .on(t.organisationId, sql`lower(${t.name})`)
      .where(sql`not ${t.deleted}`),
    index('groups_organisation_idx').on(t.organisationId),
  ],
);
