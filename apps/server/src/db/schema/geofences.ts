import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { adminDivisions } from './admin-divisions.ts';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { organisations } from './organisations.ts';
import { vehicles } from './vehicles.ts';

/** What a geofence is to a municipal fleet; dump yards and transfer stations make disposal trips (SWM issue). */
export const GEOFENCE_KINDS = [
  'dump-yard',
  'transfer-station',
  'collection-point',
  'garage',
  'workshop',
  'fuel-station',
  'restricted',
  'other',
] as const;
export type GeofenceKind = (typeof GEOFENCE_KINDS)[number];

/**
 * Geofences of an organisation. `geometry` is GeoJSON in [lon, lat] order: a Polygon or MultiPolygon, or a Point
 * with `radius_m` (a circle). `dwell_s` overrides the organisation's visitDwellS for this fence (derive/settings.ts).
 */
export const geofences = pgTable(
  'geofences',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    kind: text('kind').$type<GeofenceKind>().notNull().default('other'),
    geometry: jsonb('geometry').$type<Record<string, unknown>>().notNull(),
    radiusM: real('radius_m'),
    dwellS: integer('dwell_s'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('geofences_organisation_idx').on(t.organisationId),
    check(
      'geofences_kind_chk',
      sql`${t.kind} in ('dump-yard', 'transfer-station', 'collection-point', 'garage', 'workshop', 'fuel-station', 'restricted', 'other')`,
    ),
    check('geofences_radius_chk', sql`${t.radiusM} is null or ${t.radiusM} > 0`),
    check('geofences_dwell_chk', sql`${t.dwellS} is null or ${t.dwellS} >= 0`),
  ],
);

/**
 * Derived at ingest (derive/visits.ts, docs/derivations.md "visit"): a vehicle's stay inside a geofence or a ward.
 * `fence_key` is the derive Fence id (`g<geofenceId>` or `d<adminDivisionId>`, gateway/ingest/derive-context.ts);
 * exactly one of geofence_id / division_id is set. Written when the dwell threshold is reached (exited_at null) and
 * again when it ends (same row, keyed by device, fence and entry time).
 */
export const geofenceVisits = pgTable(
  'geofence_visits',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    fenceKey: text('fence_key').notNull(),
    geofenceId: ref('geofence_id').references(() => geofences.id),
    divisionId: ref('division_id').references(() => adminDivisions.id),
    enteredAt: timestamptz('entered_at').notNull(),
    /** Null: the vehicle is still inside. */
    exitedAt: timestamptz('exited_at'),
    dwellS: integer('dwell_s'),
    entryLat: doublePrecision('entry_lat'),
    entryLon: doublePrecision('entry_lon'),
    /** Derived again after late (history) fixes. */
    late: boolean('late').notNull().default(false),
  },
  (t) => [
    uniqueIndex('geofence_visits_device_fence_entered_uq').on(t.deviceId, t.fenceKey, t.enteredAt),
    index('geofence_visits_vehicle_entered_idx').on(t.vehicleId, t.enteredAt),
    index('geofence_visits_organisation_entered_idx').on(t.organisationId, t.enteredAt),
    index('geofence_visits_geofence_entered_idx').on(t.geofenceId, t.enteredAt),
    check('geofence_visits_target_chk', sql`(${t.geofenceId} is null) <> (${t.divisionId} is null)`),
  ],
);

/**
 * Which vehicles a geofence is meant for (PUT /v1/geofence/:id/vehicles). A fence with no rows here applies to every
 * vehicle of its organisation; the derive context applies a fence only to its assigned vehicles (docs/derivations.md).
 */
export const geofenceVehicles = pgTable(
  'geofence_vehicles',
  {
    geofenceId: ref('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'geofence_vehicles_pk', columns: [t.geofenceId, t.vehicleId] }),
    index('geofence_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);
