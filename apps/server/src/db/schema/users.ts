import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AuthScopes } from '@civicfleet/shared';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/** A KYC document image of a customer (spec 02 §3 "Customer"). */
export interface KycDoc {
  name: 'AADHAR' | 'PAN';
  link: string;
}

export const roles = pgTable('roles', {
  id: id(),
  name: text('name').notNull().unique('roles_name_uq'),
  authScopes: jsonb('auth_scopes').$type<AuthScopes>().notNull().default({}),
  isBuiltin: boolean('is_builtin').notNull().default(false),
  /** Owner of a custom role (it is visible and editable within that organisation's subtree); null = platform-wide. */
  organisationId: ref('organisation_id').references(() => organisations.id),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    avatar: text('avatar'),
    /** Stored lower-case; unique case-insensitively. */
    email: text('email'),
    /** Stored with the +91 prefix (spec 01 §9). */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roleId: ref('role_id')
      .notNull()
      .references(() => roles.id),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    isEnabled: boolean('is_enabled').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    /** Bumped on password change/reset and disabling: access tokens carrying an older value are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Created with the brand's default password: only change-password is allowed until it is changed (ASVS 2.3.1). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** TOTP second factor active (mirrors user_mfa.enabled_at; on the user row so the auth context carries it). */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz('last_login_at'),
    /** Customers (fitment, issue 6): postal address and KYC documents ({ name: 'AADHAR' | 'PAN', link }); never public. */
    address: text('address'),
    kycDocs: jsonb('kyc_docs').$type<KycDoc[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_organisation_idx').on(t.organisationId),
    index('users_role_idx').on(t.roleId),
    // Global search (modules/search): prefix LIKE on names and e-mail, suffix LIKE on the phone, on both engines.
    index('users_full_name_search_idx').on(sql`(lower(${t.firstName} || ' ' || ${t.lastName}) collate "C")`),
    index('users_last_name_search_idx').on(sql`(lower(${t.lastName}) collate "C")`),
    index('users_email_search_idx').on(sql`(lower(${t.email}) collate "C")`),
    index('users_email_domain_search_idx').on(sql`(split_part(lower(${t.email}), '@', 2) collate "C")`),
    index('users_phone_search_idx').on(sql`(${t.phone} collate "C")`),
    index('users_phone_rev_search_idx').on(sql`(reverse(${t.phone}) collate "C")`),
  ],
);
