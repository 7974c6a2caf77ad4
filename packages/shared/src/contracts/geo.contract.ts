/**
 * GeoJSON geometry as the management modules accept it (geofences, POIs, admin divisions, routes): [lon, lat] order,
 * inside India's bounding box, polygon rings closed with at least 4 positions. The derive stage reads the same shapes
 * (docs/derivations.md "Where settings and fences come from").
 */
import { z } from 'zod';

/** India with its islands, generously (lon 68–98 °E, lat 6–38 °N). */
export const INDIA_BOUNDS = { minLon: 68, maxLon: 98, minLat: 6, maxLat: 38 } as const;

export const GEO_MESSAGES = {
  position: 'Each position must be [longitude, latitude] inside India',
  ring: 'Each polygon ring must be closed (first position = last) with at least 4 positions',
  line: 'A line needs at least 2 positions',
} as const;

export const PositionSchema = z
  .array(z.number().finite())
  .min(2)
  .max(3)
  .refine((p) => {
    const [lon = NaN, lat = NaN] = p;
    return (
      lon >= INDIA_BOUNDS.minLon &&
      lon <= INDIA_BOUNDS.maxLon &&
      lat >= INDIA_BOUNDS.minLat &&
      lat <= INDIA_BOUNDS.maxLat
    );
  }, GEO_MESSAGES.position);

const RingSchema = z
  .array(PositionSchema)
  .max(100_000)
  .refine((ring) => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    return ring.length >= 4 && !!first && !!last && first[0] === last[0] && first[1] === last[1];
  }, GEO_MESSAGES.ring);

export const PointGeometrySchema = z.object({ type: z.literal('Point'), coordinates: PositionSchema });
export const PolygonGeometrySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(RingSchema).min(1),
});
export const MultiPolygonGeometrySchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(RingSchema).min(1)).min(1),
});
export const LineStringGeometrySchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(PositionSchema).min(2, GEO_MESSAGES.line).max(100_000),
});

export const AreaGeometrySchema = z.discriminatedUnion(
  'type',
  [PolygonGeometrySchema, MultiPolygonGeometrySchema],
  'The geometry must be a GeoJSON Polygon or MultiPolygon',
);
export type AreaGeometry = z.infer<typeof AreaGeometrySchema>;
export type LineStringGeometry = z.infer<typeof LineStringGeometrySchema>;
