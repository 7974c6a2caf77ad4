/**
 * Points of interest (spec 01 §2.6 /management/POI). A POI is a named place with a catch radius; it is also a fence:
 * the server keeps one circle geofence per POI (same name, mapped kind, Point + radius) so visits are derived for it.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { INDIA_BOUNDS } from './geo.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const POI_KINDS = [
  'collection-point',
  'dump-yard',
  'transfer-station',
  'depot',
  'fuel-station',
  'other',
] as const;
export type PoiKind = (typeof POI_KINDS)[number];

export const PoiSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  kind: z.enum(POI_KINDS),
  lat: z.number(),
  lon: z.number(),
  radiusM: z.number(),
  address: z.string().nullable(),
  wardId: z.string().nullable(),
  /** The circle geofence the server keeps for this POI. */
  geofenceId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Poi = z.infer<typeof PoiSchema>;
export const PoiPageSchema = listPageSchema(PoiSchema);

export const POI_SORT_FIELDS = ['name', 'kind', 'createdAt'] as const;

export const PoiListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  kind: z.enum(POI_KINDS, `The kind must be one of ${POI_KINDS.join(', ')}`).optional(),
  wardId: IdSchema.optional(),
});
export type PoiListQuery = z.infer<typeof PoiListQuerySchema>;

export const PoiInputSchema = z.object({
  organisationId: IdSchema.optional(),
  name: z.string().trim().min(1, 'The name is required').max(100),
  kind: z.enum(POI_KINDS, `The kind must be one of ${POI_KINDS.join(', ')}`),
  lat: z
    .number('The latitude is required')
    .min(INDIA_BOUNDS.minLat, 'The latitude must be inside India')
    .max(INDIA_BOUNDS.maxLat, 'The latitude must be inside India'),
  lon: z
    .number('The longitude is required')
    .min(INDIA_BOUNDS.minLon, 'The longitude must be inside India')
    .max(INDIA_BOUNDS.maxLon, 'The longitude must be inside India'),
  radiusM: z
    .number()
    .min(10, 'The radius must be 10 to 50,000 metres')
    .max(50_000, 'The radius must be 10 to 50,000 metres')
    .default(50),
  address: z.string().trim().max(500).nullish(),
  /** A WARD admin division of the POI's organisation. */
  wardId: IdSchema.nullish(),
});
export type PoiInput = z.infer<typeof PoiInputSchema>;
