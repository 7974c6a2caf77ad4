import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ref, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * Step-up re-authentication (ASVS 4.3.3, modules/auth/step-up.service.ts): when a session (a refresh-token family,
 * which survives token rotation) last confirmed its password. One row per family, overwritten by each confirmation;
 * routes declared `config.stepUp` need `at` within STEP_UP_TTL_S. Signing out revokes the family, so its access
 * tokens stop working and the row is dead weight, removed by the next confirmation's purge of expired rows.
 */
export const sessionStepUps = pgTable(
  'session_step_ups',
  {
    familyId: text('family_id').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('session_step_ups_at_idx').on(t.at)],
);
