import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { organisations } from './organisations.ts';

export const ADMIN_DIVISION_TYPES = ['ZONE', 'CIRCLE', 'WARD'] as const;
export type AdminDivisionType = (typeof ADMIN_DIVISION_TYPES)[number];

/** Zones → circles → wards of a municipal organisation. Geometry is GeoJSON (no PostGIS). */
export const adminDivisions = pgTable(
  'admin_divisions',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    type: text('type').$type<AdminDivisionType>().notNull(),
    name: text('name').notNull(),
    code: text('code'),
    parentId: ref('parent_id').references((): AnyPgColumn => adminDivisions.id),
    geometry: jsonb('geometry').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_divisions_org_idx').on(t.organisationId),
    index('admin_divisions_parent_idx').on(t.parentId),
    check('admin_divisions_type_chk', sql`${t.type} in ('ZONE', 'CIRCLE', 'WARD')`),
  ],
);
