import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { vehicles } from './vehicles.ts';

/** A checkpoint of a route, in order; `poiId` links it to a POI when it is one. */
export interface RouteCheckpointValue {
  name: string;
  lat: number;
  lon: number;
  poiId: string | null;
}

/**
 * Collection routes (spec 01 §2.6 route, add-kml): a GeoJSON LineString path ([lon, lat]), the corridor a vehicle must
 * stay within (metres either side), and ordered checkpoints.
 */
export const routes = pgTable(
  'routes',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    path: jsonb('path').$type<Record<string, unknown>>().notNull(),
    corridorM: real('corridor_m').notNull(),
    checkpoints: jsonb('checkpoints').$type<RouteCheckpointValue[]>().notNull().default([]),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('routes_organisation_idx').on(t.organisationId),
    check('routes_corridor_chk', sql`${t.corridorM} > 0`),
  ],
);

/** Vehicles that run a route. */
export const routeVehicles = pgTable(
  'route_vehicles',
  {
    routeId: ref('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'route_vehicles_pk', columns: [t.routeId, t.vehicleId] }),
    index('route_vehicles_vehicle_idx').on(t.vehicleId),
  ],
);
