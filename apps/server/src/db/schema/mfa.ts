import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's TOTP second factor (RFC 6238, modules/mfa). One row per user: written by setup (enabledAt null: pending),
 * activated by enable. The secret is AES-256-GCM encrypted (modules/mfa/secret-box.ts); `lastUsedStep` is the newest
 * 30-second step whose code was accepted, so a code is never accepted twice.
 */
export const userMfa = pgTable('user_mfa', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestamptz('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as keyed digests (HMAC-SHA256); usedAt set when one is spent. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** The second sign-in step: a password was right, the code is still owed. Stored as sha256 of the opaque token. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('mfa_challenges_hash_uq'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_expires_idx').on(t.expiresAt)],
);
