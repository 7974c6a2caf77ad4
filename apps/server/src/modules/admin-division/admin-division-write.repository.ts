/** SQL of admin-division writes (reads are admin-division.repository.ts). */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminDivisions, geofenceVisits, pois, vehicles } from '../../db/schema/index.ts';

export type NewAdminDivision = typeof adminDivisions.$inferInsert;

export async function insertAdminDivision(db: Db, values: NewAdminDivision): Promise<bigint> {
  const [row] = await db.insert(adminDivisions).values(values).returning({ id: adminDivisions.id });
  if (!row) throw new Error('admin division insert returned no row');
  return row.id;
}

export async function updateAdminDivision(
  db: Db,
  id: bigint,
  values: Partial<NewAdminDivision>,
): Promise<void> {
  await db.update(adminDivisions).set(values).where(eq(adminDivisions.id, id));
}

export async function deleteAdminDivision(db: Db, id: bigint): Promise<void> {
  await db.delete(adminDivisions).where(eq(adminDivisions.id, id));
}

/** A division of `organisationId` by id, for parent checks. */
export async function findOwnDivision(db: Db, organisationId: bigint, id: bigint) {
  const [row] = await db
    .select({ id: adminDivisions.id, type: adminDivisions.type })
    .from(adminDivisions)
    .where(and(eq(adminDivisions.id, id), eq(adminDivisions.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** What still points at a division: children, vehicles, POIs, recorded visits (any one blocks a delete). */
export async function usesOf(db: Db, id: bigint) {
  const [children] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(adminDivisions)
    .where(eq(adminDivisions.parentId, id));
  const [vehicleUses] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vehicles)
    .where(or(eq(vehicles.zoneId, id), eq(vehicles.circleId, id), eq(vehicles.wardId, id)));
  const [poiUses] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(pois)
    .where(eq(pois.wardId, id));
  const [visits] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(geofenceVisits)
    .where(eq(geofenceVisits.divisionId, id));
  return {
    children: children?.n ?? 0,
    vehicles: vehicleUses?.n ?? 0,
    pois: poiUses?.n ?? 0,
    visits: visits?.n ?? 0,
  };
}

/** Divisions of an organisation by lower-cased name and code (import parent lookup). */
export async function divisionsOf(db: Db, organisationId: bigint) {
  return db
    .select({
      id: adminDivisions.id,
      type: adminDivisions.type,
      name: adminDivisions.name,
      code: adminDivisions.code,
    })
    .from(adminDivisions)
    .where(eq(adminDivisions.organisationId, organisationId));
}

/** Ids of the circles of the given zones. */
export async function circleIdsOf(db: Db, zoneIds: bigint[]): Promise<bigint[]> {
  if (zoneIds.length === 0) return [];
  const rows = await db
    .select({ id: adminDivisions.id })
    .from(adminDivisions)
    .where(and(inArray(adminDivisions.parentId, zoneIds), eq(adminDivisions.type, 'CIRCLE')));
  return rows.map((r) => r.id);
}
