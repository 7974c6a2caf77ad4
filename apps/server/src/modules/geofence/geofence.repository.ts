/** SQL of geofences and their vehicle assignments. Deleted fences are never listed or found. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { geofenceVehicles, geofences, pois, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type GeofenceRow = typeof geofences.$inferSelect;
export type NewGeofence = typeof geofences.$inferInsert;
export interface GeofenceRecord {
  fence: GeofenceRow;
  poiId: bigint | null;
}

const columns = { fence: geofences, poiId: pois.id };

const list: ListDefinition<'name' | 'kind' | 'createdAt'> = {
  searchable: [geofences.name],
  sortable: { name: geofences.name, kind: geofences.kind, createdAt: geofences.createdAt },
  defaultOrder: [asc(geofences.name)],
  tieBreaker: geofences.id,
};

const withPoi = (db: Db) =>
  db
    .select(columns)
    .from(geofences)
    .leftJoin(pois, and(eq(pois.geofenceId, geofences.id), eq(pois.deleted, false)));

export interface GeofenceFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  kind?: string | undefined;
}

export async function listGeofences(db: Db, filter: GeofenceFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [
    eq(geofences.deleted, false),
    orgScope(filter.orgIds, geofences.organisationId),
  ];
  if (filter.organisationId !== undefined)
    conditions.push(eq(geofences.organisationId, filter.organisationId));
  if (filter.kind !== undefined) conditions.push(eq(geofences.kind, filter.kind as GeofenceRow['kind']));
  return runList(
    planList(list, query),
    and(...conditions),
    withPoi(db).$dynamic(),
    db.select(countSelection()).from(geofences).$dynamic(),
  );
}

export async function findGeofence(db: Db, id: bigint, orgIds: OrgIds): Promise<GeofenceRecord | undefined> {
  const [row] = await withPoi(db)
    .where(
      and(eq(geofences.id, id), eq(geofences.deleted, false), orgScope(orgIds, geofences.organisationId)),
    )
    .limit(1);
  return row;
}

export async function insertGeofence(db: Db, values: NewGeofence): Promise<bigint> {
  const [row] = await db.insert(geofences).values(values).returning({ id: geofences.id });
  if (!row) throw new Error('geofence insert returned no row');
  return row.id;
}

export async function updateGeofence(db: Db, id: bigint, values: Partial<NewGeofence>): Promise<void> {
  await db
    .update(geofences)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(geofences.id, id));
}

/** Soft delete; its assignments go (a deleted fence applies to nobody). */
export async function deleteGeofence(db: Db, id: bigint): Promise<void> {
  await db
    .update(geofences)
    .set({ deleted: true, updatedAt: sql`now()` })
    .where(eq(geofences.id, id));
  await db.delete(geofenceVehicles).where(eq(geofenceVehicles.geofenceId, id));
}

/** Vehicle ids per fence, for the given fences. */
export async function vehicleIdsOf(db: Db, fenceIds: bigint[]): Promise<Map<bigint, bigint[]>> {
  const result = new Map<bigint, bigint[]>();
  if (fenceIds.length === 0) return result;
  const rows = await db
    .select({ geofenceId: geofenceVehicles.geofenceId, vehicleId: geofenceVehicles.vehicleId })
    .from(geofenceVehicles)
    .where(inArray(geofenceVehicles.geofenceId, fenceIds))
    .orderBy(asc(geofenceVehicles.vehicleId));
  for (const r of rows) result.set(r.geofenceId, [...(result.get(r.geofenceId) ?? []), r.vehicleId]);
  return result;
}

export async function replaceFenceVehicles(db: Db, fenceId: bigint, vehicleIds: bigint[]): Promise<void> {
  await db.delete(geofenceVehicles).where(eq(geofenceVehicles.geofenceId, fenceId));
  if (vehicleIds.length > 0)
    await db
      .insert(geofenceVehicles)
      .values(vehicleIds.map((vehicleId) => ({ geofenceId: fenceId, vehicleId })));
}

export async function findVisibleVehicle(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: vehicles.id, organisationId: vehicles.organisationId })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .limit(1);
  return row;
}

/** The organisation's live fences with this vehicle's assignment and whether any vehicle is assigned. */
export async function fencesForVehicle(db: Db, organisationId: bigint, vehicleId: bigint) {
  return db
    .select({
      id: geofences.id,
      name: geofences.name,
      kind: geofences.kind,
      isAssigned: sql<boolean>`exists (select 1 from ${geofenceVehicles} gv where gv.geofence_id = "geofences"."id" and gv.vehicle_id = ${vehicleId})`,
      hasVehicles: sql<boolean>`exists (select 1 from ${geofenceVehicles} gv where gv.geofence_id = "geofences"."id")`,
    })
    .from(geofences)
    .where(and(eq(geofences.organisationId, organisationId), eq(geofences.deleted, false)))
    .orderBy(asc(geofences.name), asc(geofences.id));
}

/** Sets this vehicle's assignments to exactly `fenceIds` (fences of its organisation). */
export async function replaceVehicleFences(db: Db, vehicleId: bigint, fenceIds: bigint[]): Promise<void> {
  await db.delete(geofenceVehicles).where(eq(geofenceVehicles.vehicleId, vehicleId));
  if (fenceIds.length > 0)
    await db.insert(geofenceVehicles).values(fenceIds.map((geofenceId) => ({ geofenceId, vehicleId })));
}

export async function liveFenceIds(db: Db, organisationId: bigint, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(
      and(
        inArray(geofences.id, ids),
        eq(geofences.organisationId, organisationId),
        eq(geofences.deleted, false),
      ),
    );
  return rows.map((r) => r.id);
}
