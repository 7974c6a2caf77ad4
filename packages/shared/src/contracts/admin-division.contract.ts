import { z } from 'zod';

/** Zones → circles → wards of a municipal organisation (spec 01 §2.6, spec 02 §7 "Reference data"). */
export const ADMIN_DIVISION_TYPES = ['ZONE', 'CIRCLE', 'WARD'] as const;
export type AdminDivisionType = (typeof ADMIN_DIVISION_TYPES)[number];

export const AdminDivisionSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  type: z.enum(ADMIN_DIVISION_TYPES),
  name: z.string(),
  code: z.string().nullable(),
  parentId: z.string().nullable(),
  /** GeoJSON geometry; in GET /admin-divisions/:id, and in lists asked `withGeometry=true`. */
  geometry: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type AdminDivision = z.infer<typeof AdminDivisionSchema>;

/** GET /admin-divisions?type=WARD&parent=<circle ids or zone ids joined by comma>&organisationId= */
export const AdminDivisionQuerySchema = z.object({
  type: z.enum(ADMIN_DIVISION_TYPES, 'The type must be ZONE, CIRCLE or WARD').optional(),
  parent: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'The parent must be division ids joined by comma')
    .optional(),
  organisationId: z.string().regex(/^\d+$/, 'Invalid id').optional(),
  search: z.string().trim().max(200).optional(),
  /** `true`: each listed division carries its geometry (one call for a map of all wards). */
  withGeometry: z.enum(['true', 'false'], 'withGeometry must be true or false').optional(),
});
export type AdminDivisionQuery = z.infer<typeof AdminDivisionQuerySchema>;
