/**
 * Geofences (spec 01 §2.6 geofence; §6 vehicle-status "assign-geofence"). A fence is a Polygon / MultiPolygon, or a
 * Point with `radiusM` (a circle). A fence assigned to no vehicle applies to every vehicle of its organisation.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { MultiPolygonGeometrySchema, PointGeometrySchema, PolygonGeometrySchema } from './geo.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

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

export const GEOFENCE_MESSAGES = {
  radiusRequired: 'A point geofence needs a radius of 10 to 50,000 metres',
  radiusOnlyForPoint: 'Only a point geofence takes a radius',
} as const;

export const FenceGeometrySchema = z.discriminatedUnion(
  'type',
  [PolygonGeometrySchema, MultiPolygonGeometrySchema, PointGeometrySchema],
  'The geometry must be a GeoJSON Polygon, MultiPolygon or Point',
);

export const GeofenceSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  kind: z.enum(GEOFENCE_KINDS),
  geometry: z.record(z.string(), z.unknown()),
  radiusM: z.number().nullable(),
  dwellS: z.number().int().nullable(),
  /** The POI that owns this fence (edited through the POI), if any. */
  poiId: z.string().nullable(),
  /** Vehicles it is assigned to; empty = every vehicle of the organisation. */
  vehicleIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Geofence = z.infer<typeof GeofenceSchema>;
export const GeofencePageSchema = listPageSchema(GeofenceSchema);

export const GEOFENCE_SORT_FIELDS = ['name', 'kind', 'createdAt'] as const;

export const GeofenceListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  kind: z.enum(GEOFENCE_KINDS, `The kind must be one of ${GEOFENCE_KINDS.join(', ')}`).optional(),
});
export type GeofenceListQuery = z.infer<typeof GeofenceListQuerySchema>;

export const GeofenceInputSchema = z
  .object({
    /** Default: the caller's organisation. */
    organisationId: IdSchema.optional(),
    name: z.string().trim().min(1, 'The name is required').max(100),
    kind: z.enum(GEOFENCE_KINDS, `The kind must be one of ${GEOFENCE_KINDS.join(', ')}`).default('other'),
    geometry: FenceGeometrySchema,
    radiusM: z
      .number()
      .min(10, GEOFENCE_MESSAGES.radiusRequired)
      .max(50_000, GEOFENCE_MESSAGES.radiusRequired)
      .nullish(),
    /** Overrides the organisation's visit dwell (seconds). */
    dwellS: z.number().int().min(0).max(86_400).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.geometry.type === 'Point' && (v.radiusM === undefined || v.radiusM === null))
      ctx.addIssue({ code: 'custom', path: ['radiusM'], message: GEOFENCE_MESSAGES.radiusRequired });
    if (v.geometry.type !== 'Point' && v.radiusM !== undefined && v.radiusM !== null)
      ctx.addIssue({ code: 'custom', path: ['radiusM'], message: GEOFENCE_MESSAGES.radiusOnlyForPoint });
  });
export type GeofenceInput = z.infer<typeof GeofenceInputSchema>;

/** PUT /geofence/:id/vehicles: replaces the fence's vehicles ([] = every vehicle of the organisation). */
export const GeofenceVehiclesInputSchema = z.object({ vehicleIds: z.array(IdSchema).max(10_000) });
export type GeofenceVehiclesInput = z.infer<typeof GeofenceVehiclesInputSchema>;

/** GET /geofence/vehicle/:vehicleId: every fence of the vehicle's organisation and whether it applies to it. */
export const VehicleGeofencesSchema = z.object({
  vehicleId: z.string(),
  geofences: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(GEOFENCE_KINDS),
      /** Assigned to this vehicle. */
      isAssigned: z.boolean(),
      /** Assigned to no vehicle: applies to all of the organisation's vehicles, this one included. */
      isOrganisationWide: z.boolean(),
    }),
  ),
});
export type VehicleGeofences = z.infer<typeof VehicleGeofencesSchema>;

/** PUT /geofence/vehicle/:vehicleId: the fences assigned to this vehicle (others keep their other vehicles). */
export const VehicleGeofencesInputSchema = z.object({ geofenceIds: z.array(IdSchema).max(10_000) });
export type VehicleGeofencesInput = z.infer<typeof VehicleGeofencesInputSchema>;

export const VehicleIdParamsSchema = z.object({ vehicleId: IdSchema });
