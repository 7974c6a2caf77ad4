import { doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Answers of the external reverse-geocoding provider (when one is configured), keyed by provider and the position
 * rounded to 4 decimals (≈11 m), so a parked vehicle costs one request, not one per screen refresh.
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    provider: text('provider').notNull(),
    latKey: doublePrecision('lat_key').notNull(),
    lonKey: doublePrecision('lon_key').notNull(),
    address: text('address').notNull(),
    fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.latKey, t.lonKey] })],
);
