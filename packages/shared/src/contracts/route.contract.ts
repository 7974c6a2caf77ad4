/**
 * Collection routes (spec 01 §2.6 route, add-kml): a path (GeoJSON LineString, [lon, lat]), a corridor (metres either
 * side of the path a vehicle may stray), ordered checkpoints (optionally POIs), and the vehicles that run it.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { INDIA_BOUNDS, LineStringGeometrySchema } from './geo.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const RouteCheckpointSchema = z.object({
  name: z.string().trim().min(1, 'Each checkpoint needs a name').max(100),
  lat: z
    .number()
    .min(INDIA_BOUNDS.minLat, 'The latitude must be inside India')
    .max(INDIA_BOUNDS.maxLat, 'The latitude must be inside India'),
  lon: z
    .number()
    .min(INDIA_BOUNDS.minLon, 'The longitude must be inside India')
    .max(INDIA_BOUNDS.maxLon, 'The longitude must be inside India'),
  /** A POI of the route's organisation. */
  poiId: IdSchema.nullish(),
});
export type RouteCheckpointInput = z.infer<typeof RouteCheckpointSchema>;

export const RouteSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  path: z.record(z.string(), z.unknown()),
  corridorM: z.number(),
  checkpoints: z.array(
    z.object({ name: z.string(), lat: z.number(), lon: z.number(), poiId: z.string().nullable() }),
  ),
  vehicleIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Route = z.infer<typeof RouteSchema>;
export const RoutePageSchema = listPageSchema(RouteSchema);

export const RouteListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  vehicleId: IdSchema.optional(),
});
export type RouteListQuery = z.infer<typeof RouteListQuerySchema>;

const CORRIDOR_MESSAGE = 'The corridor width must be 5 to 2,000 metres';
const corridorM = z.number(CORRIDOR_MESSAGE).min(5, CORRIDOR_MESSAGE).max(2000, CORRIDOR_MESSAGE);

export const RouteInputSchema = z.object({
  organisationId: IdSchema.optional(),
  name: z.string().trim().min(1, 'The name is required').max(100),
  path: LineStringGeometrySchema,
  corridorM: corridorM.default(50),
  checkpoints: z.array(RouteCheckpointSchema).max(1000).default([]),
});
export type RouteInput = z.infer<typeof RouteInputSchema>;

/**
 * POST /route/kml (add-kml): the first LineString of the KML is the path; Placemarks with a Point become checkpoints
 * in file order. `name` defaults to the LineString Placemark's name.
 */
export const RouteKmlInputSchema = z.object({
  organisationId: IdSchema.optional(),
  name: z.string().trim().max(100).optional(),
  corridorM: corridorM.default(50),
  content: z.string().min(1, 'The file is empty').max(20_000_000),
});
export type RouteKmlInput = z.infer<typeof RouteKmlInputSchema>;

export const RouteVehiclesInputSchema = z.object({ vehicleIds: z.array(IdSchema).max(10_000) });
export type RouteVehiclesInput = z.infer<typeof RouteVehiclesInputSchema>;
