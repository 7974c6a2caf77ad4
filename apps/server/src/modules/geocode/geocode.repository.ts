/**
 * SQL of reverse geocoding: an organisation's named places (POIs, geofences, admin divisions) for the own-data
 * geocoder, and the external provider's answers in `geocode_cache`.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';

export interface PoiRow {
  name: string;
  lat: number;
  lon: number;
  radiusM: number;
}

export interface GeofenceRow {
  name: string;
  geometry: unknown;
  radiusM: number | null;
}

export interface DivisionRow {
  id: string;
  parentId: string | null;
  type: 'ZONE' | 'CIRCLE' | 'WARD';
  name: string;
  geometry: unknown;
}

export interface OrganisationPlaceRows {
  pois: PoiRow[];
  geofences: GeofenceRow[];
  divisions: DivisionRow[];
}

/**
 * The organisation's live POIs, its geofences that are not a POI's own circle (the POI stands for those) and all its
 * admin divisions (wards need their parents to find their zone, whether or not those have a geometry).
 */
export async function readOrganisationPlaces(db: Db, organisationId: bigint): Promise<OrganisationPlaceRows> {
  const [pois, geofences, divisions] = await Promise.all([
    rows<PoiRow>(
      db,
      sql`select name, lat, lon, radius_m as "radiusM" from pois
           where organisation_id = ${organisationId} and not deleted`,
    ),
    rows<GeofenceRow>(
      db,
      sql`select g.name, g.geometry, g.radius_m as "radiusM" from geofences g
           where g.organisation_id = ${organisationId} and not g.deleted
             and not exists (select 1 from pois p where p.geofence_id = g.id and not p.deleted)`,
    ),
    rows<DivisionRow>(
      db,
      sql`select id::text as id, parent_id::text as "parentId", type, name, geometry from admin_divisions
           where organisation_id = ${organisationId}`,
    ),
  ]);
  return { pois, geofences, divisions };
}

/** Organisations that have any place a point could be named after (what a SUPER_ADMIN's 'all' scope searches). */
export async function readOrganisationsWithPlaces(db: Db): Promise<bigint[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select organisation_id::text as id from pois where not deleted
        union select organisation_id::text from geofences where not deleted
        union select organisation_id::text from admin_divisions where geometry is not null`,
  );
  return found.map((r) => BigInt(r.id));
}

export interface CacheKey {
  latKey: number;
  lonKey: number;
}

/** Cached provider answers for the keys (one statement for a whole batch); map key `${latKey},${lonKey}`. */
export async function readCachedAddresses(
  db: Db,
  provider: string,
  keys: readonly CacheKey[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const lats = `{${keys.map((k) => k.latKey).join(',')}}`;
  const lons = `{${keys.map((k) => k.lonKey).join(',')}}`;
  const found = await rows<{ latKey: number; lonKey: number; address: string }>(
    db,
    sql`select c.lat_key as "latKey", c.lon_key as "lonKey", c.address
          from unnest(${lats}::float8[], ${lons}::float8[]) as k(lat_key, lon_key)
          join geocode_cache c on c.provider = ${provider} and c.lat_key = k.lat_key and c.lon_key = k.lon_key`,
  );
  return new Map(found.map((r) => [`${r.latKey},${r.lonKey}`, r.address]));
}

export async function saveCachedAddress(
  db: Db,
  provider: string,
  key: CacheKey,
  address: string,
  at: Date,
): Promise<void> {
  await db.execute(
    sql`insert into geocode_cache (provider, lat_key, lon_key, address, fetched_at)
        values (${provider}, ${key.latKey}, ${key.lonKey}, ${address}, ${at.toISOString()}::timestamptz)
        on conflict (provider, lat_key, lon_key) do update set address = excluded.address, fetched_at = excluded.fetched_at`,
  );
}
