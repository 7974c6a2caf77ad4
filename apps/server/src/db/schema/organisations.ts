import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrganisationKind } from '@civicfleet/shared';
import { createdAt, id, ref, updatedAt } from './columns.ts';

export interface OrganisationAddress {
  country: string;
  landmark: string;
  pin: string;
  city: string;
  state: string;
}

/** The organisation tree: platform → manufacturer → vendor (RFC) → municipal customer. Scoping follows parent_id. */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    kind: text('kind').$type<OrganisationKind>().notNull(),
    parentId: ref('parent_id').references((): AnyPgColumn => organisations.id),
    tradeName: text('trade_name').notNull(),
    brandName: text('brand_name'),
    contact: text('contact'),
    email: text('email'),
    address: jsonb('address').$type<OrganisationAddress>(),
    logo: text('logo'),
    gst: text('gst'),
    isOnboarded: boolean('is_onboarded').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organisations_parent_idx').on(t.parentId),
    check(
      'organisations_kind_chk',
      sql`${t.kind} in ('PLATFORM', 'MANUFACTURER', 'VENDOR', 'MUNICIPAL', 'CUSTOMER', 'CONTRACTOR')`,
    ),
  ],
);

/** Free-form settings per organisation (spec 01 §3); later issues add typed sections. */
export const organisationSettings = pgTable('organisation_settings', {
  organisationId: ref('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});
