/**
 * Reverse geocoding (issue 5 "reverse geocoding behind one interface"; spec 02: "Reverse geocode GET with latitude
 * and longitude"): GET /geocode/reverse?lat=&lon= and POST /geocode/reverse-batch.
 *
 * The server answers English text ("near Dump Yard Devguradia, Ward 12, Zone 3") plus `parts`, so the console can
 * compose its own wording in another language. Sources: 'provider' = the configured external service (or its
 * cache), 'own-data' = the organisation's POIs, geofences, wards and zones, 'none' = nothing known there.
 */
import { z } from 'zod';

export const GEOCODE_BATCH_MAX = 200;

export const GEOCODE_MESSAGES = {
  lat: 'lat must be a latitude between -90 and 90',
  lon: 'lon must be a longitude between -180 and 180',
  points: 'Send between 1 and 200 points',
} as const;

/** Query values are strings: '' counts as missing (z.coerce would make it 0). */
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
const latitude = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: GEOCODE_MESSAGES.lat })
    .min(-90, GEOCODE_MESSAGES.lat)
    .max(90, GEOCODE_MESSAGES.lat),
);
const longitude = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: GEOCODE_MESSAGES.lon })
    .min(-180, GEOCODE_MESSAGES.lon)
    .max(180, GEOCODE_MESSAGES.lon),
);

export const GeocodeQuerySchema = z.object({ lat: latitude, lon: longitude });
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

export const GEOCODE_SOURCES = ['own-data', 'provider', 'none'] as const;
export type GeocodeSource = (typeof GEOCODE_SOURCES)[number];

/** What our own data says about the point (each null when nothing applies). */
export const GeocodePartsSchema = z.object({
  /** Nearest POI within its radius (or 300 m, whichever is larger). */
  poi: z.string().nullable(),
  /** Metres to that POI. */
  distanceM: z.number().nullable(),
  /** A geofence that contains the point (the smallest when several do). */
  geofence: z.string().nullable(),
  ward: z.string().nullable(),
  zone: z.string().nullable(),
});
export type GeocodeParts = z.infer<typeof GeocodePartsSchema>;

export const GeocodeResultSchema = z.object({
  /** null when source is 'none'. */
  address: z.string().nullable(),
  source: z.enum(GEOCODE_SOURCES),
  /** Own data about the point; present whenever own data found anything (also when the provider answered). */
  parts: GeocodePartsSchema.optional(),
});
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>;

const PointSchema = z.object({
  lat: z.number({ error: GEOCODE_MESSAGES.lat }).min(-90, GEOCODE_MESSAGES.lat).max(90, GEOCODE_MESSAGES.lat),
  lon: z
    .number({ error: GEOCODE_MESSAGES.lon })
    .min(-180, GEOCODE_MESSAGES.lon)
    .max(180, GEOCODE_MESSAGES.lon),
});

/** Up to 200 points per call (timelines, stop lists); answered from own data and the provider's cache only. */
export const GeocodeBatchInputSchema = z.object({
  points: z
    .array(PointSchema, { error: GEOCODE_MESSAGES.points })
    .min(1, GEOCODE_MESSAGES.points)
    .max(GEOCODE_BATCH_MAX, GEOCODE_MESSAGES.points),
});
export type GeocodeBatchInput = z.infer<typeof GeocodeBatchInputSchema>;

/** One address per point, in the order sent; null where nothing is known. */
export const GeocodeBatchSchema = z.object({ addresses: z.array(z.string().nullable()) });
export type GeocodeBatch = z.infer<typeof GeocodeBatchSchema>;
