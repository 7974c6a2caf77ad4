import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** Opaque refresh tokens, stored as sha256 hex; rotated on use, a family is revoked when a used token comes back. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_hash_uq'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** A password-reset request: a hashed 6-digit OTP and a hashed link token, found by the public request token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull().unique('password_resets_link_uq'),
    /** The `otpToken` handed to the client. */
    requestToken: text('request_token').notNull().unique('password_resets_request_uq'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);
