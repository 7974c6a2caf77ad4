import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { groups } from './groups.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/**
 * Public share links (live operations issue): a time-limited, revocable token that shows one vehicle or one group
 * live, one vehicle's playback window, or one collection view, without signing in. Only the SHA-256 of the token is
 * stored; the token itself is shown once, when the link is created.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** live | playback | collection */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    vehicleId: ref('vehicle_id').references(() => vehicles.id),
    groupId: ref('group_id').references(() => groups.id),
    /** Playback window (kind playback). */
    windowFrom: timestamptz('window_from'),
    windowTo: timestamptz('window_to'),
    /** Collection view (kind collection): the context (e.g. route, ward) and the collection's id. */
    context: text('context'),
    collectionId: text('collection_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: ref('revoked_by').references(() => users.id),
    createdBy: ref('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_token_uq').on(t.tokenHash),
    index('share_links_organisation_idx').on(t.organisationId, t.createdAt),
    index('share_links_active_idx')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);
