import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, real, text } from 'drizzle-orm/pg-core';
import { adminDivisions } from './admin-divisions.ts';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { geofences } from './geofences.ts';
import { organisations } from './organisations.ts';

/**
 * Points of interest (spec 01 §2.6 /management/POI): named places of an SWM fleet. Every POI owns one circle geofence
 * (`geofence_id`, Point + radius) kept in step by the poi module, so visits to it are derived like any fence.
 */
export const pois = pgTable(
  'pois',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    radiusM: real('radius_m').notNull(),
    address: text('address'),
    wardId: ref('ward_id').references(() => adminDivisions.id),
    geofenceId: ref('geofence_id').references(() => geofences.id),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pois_organisation_idx').on(t.organisationId),
    check(
      'pois_kind_chk',
      sql`${t.kind} in ('collection-point', 'dump-yard', 'transfer-station', 'depot', 'fuel-station', 'other')`,
    ),
    check('pois_radius_chk', sql`${t.radiusM} > 0`),
  ],
);
