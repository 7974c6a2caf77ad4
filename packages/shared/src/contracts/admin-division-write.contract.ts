/**
 * Writing zones → circles → wards (spec 01 §2.6 admin-division: add, edit, delete) and importing them from GeoJSON or
 * KML. Reading is admin-division.contract.ts; this adds the parentZone / parentCircle filters.
 */
import { z } from 'zod';
import { ADMIN_DIVISION_TYPES, AdminDivisionQuerySchema } from './admin-division.contract.ts';
import { IdSchema } from './envelope.ts';
import { AreaGeometrySchema } from './geo.contract.ts';

/** GET /admin-divisions?type=WARD&parentZone=<zone id> (wards of all its circles) or &parentCircle=<circle id>. */
export const AdminDivisionFilterQuerySchema = AdminDivisionQuerySchema.extend({
  parentZone: IdSchema.optional(),
  parentCircle: IdSchema.optional(),
});
export type AdminDivisionFilterQuery = z.infer<typeof AdminDivisionFilterQuerySchema>;

export const AdminDivisionCreateSchema = z.object({
  /** Default: the caller's organisation. */
  organisationId: IdSchema.optional(),
  type: z.enum(ADMIN_DIVISION_TYPES, 'The type must be ZONE, CIRCLE or WARD'),
  name: z.string().trim().min(1, 'The name is required').max(100),
  code: z.string().trim().max(20).nullish(),
  /** A zone has none; a circle's parent is a zone, a ward's a circle, of the same organisation. */
  parentId: IdSchema.nullish(),
  geometry: AreaGeometrySchema.nullish(),
});
export type AdminDivisionCreate = z.infer<typeof AdminDivisionCreateSchema>;

/** PUT /admin-divisions/:id: the type stays. */
export const AdminDivisionUpdateSchema = AdminDivisionCreateSchema.omit({ organisationId: true, type: true });
export type AdminDivisionUpdate = z.infer<typeof AdminDivisionUpdateSchema>;

export const ADMIN_DIVISION_IMPORT_FORMATS = ['geojson', 'kml'] as const;

/**
 * POST /admin-divisions/import. GeoJSON: a FeatureCollection whose features carry `name`, `type` (ZONE / CIRCLE /
 * WARD), optional `code` and `parent` (the parent's name or code) properties. KML: Placemarks with <name>, a Polygon
 * and ExtendedData `type`, `code`, `parent`. Parents may be created earlier in the same file (zones go first).
 */
export const AdminDivisionImportSchema = z.object({
  organisationId: IdSchema.optional(),
  format: z.enum(ADMIN_DIVISION_IMPORT_FORMATS, 'The format must be geojson or kml'),
  content: z.string().min(1, 'The file is empty').max(20_000_000),
});
export type AdminDivisionImport = z.infer<typeof AdminDivisionImportSchema>;

export const AdminDivisionImportResultSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  features: z.array(
    z.object({
      /** 0-based position of the feature / Placemark in the file. */
      index: z.number().int(),
      name: z.string().nullable(),
      id: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type AdminDivisionImportResult = z.infer<typeof AdminDivisionImportResultSchema>;
