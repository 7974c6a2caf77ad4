/** SQL of routes and the vehicles that run them. Deleted routes are never listed or found. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { pois, routeVehicles, routes } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type RouteRow = typeof routes.$inferSelect;
export type NewRoute = typeof routes.$inferInsert;

const list: ListDefinition<'name' | 'corridorM' | 'createdAt'> = {
  searchable: [routes.name],
  sortable: { name: routes.name, corridorM: routes.corridorM, createdAt: routes.createdAt },
  defaultOrder: [asc(routes.name)],
  tieBreaker: routes.id,
};

export interface RouteFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  vehicleId?: bigint | undefined;
}

export async function listRoutes(db: Db, filter: RouteFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [
    eq(routes.deleted, false),
    orgScope(filter.orgIds, routes.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(routes.organisationId, filter.organisationId));
  if (filter.vehicleId !== undefined)
    conditions.push(
      sql`exists (select 1 from route_vehicles rv where rv.route_id = "routes"."id" and rv.vehicle_id = ${filter.vehicleId})`,
    );
  return runList(
    planList(list, query),
    and(...conditions),
    db.select().from(routes).$dynamic(),
    db.select(countSelection()).from(routes).$dynamic(),
  );
}

export async function findRoute(db: Db, id: bigint, orgIds: OrgIds): Promise<RouteRow | undefined> {
  const [row] = await db
    .select()
    .from(routes)
    .where(and(eq(routes.id, id), eq(routes.deleted, false), orgScope(orgIds, routes.organisationId)))
    .limit(1);
  return row;
}

export async function insertRoute(db: Db, values: NewRoute): Promise<bigint> {
  const [row] = await db.insert(routes).values(values).returning({ id: routes.id });
  if (!row) throw new Error('route insert returned no row');
  return row.id;
}

export async function updateRoute(db: Db, id: bigint, values: Partial<NewRoute>): Promise<void> {
  await db
    .update(routes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(routes.id, id));
}

export async function vehicleIdsOf(db: Db, routeIds: bigint[]): Promise<Map<bigint, bigint[]>> {
  const result = new Map<bigint, bigint[]>();
  if (routeIds.length === 0) return result;
  const rows = await db
    .select({ routeId: routeVehicles.routeId, vehicleId: routeVehicles.vehicleId })
    .from(routeVehicles)
    .where(inArray(routeVehicles.routeId, routeIds))
    .orderBy(asc(routeVehicles.vehicleId));
  for (const r of rows) result.set(r.routeId, [...(result.get(r.routeId) ?? []), r.vehicleId]);
  return result;
}

export async function replaceRouteVehicles(db: Db, routeId: bigint, vehicleIds: bigint[]): Promise<void> {
  await db.delete(routeVehicles).where(eq(routeVehicles.routeId, routeId));
  if (vehicleIds.length > 0)
    await db.insert(routeVehicles).values(vehicleIds.map((vehicleId) => ({ routeId, vehicleId })));
}

export async function livePoiIds(db: Db, organisationId: bigint, ids: bigint[]): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: pois.id })
    .from(pois)
    .where(and(inArray(pois.id, ids), eq(pois.organisationId, organisationId), eq(pois.deleted, false)));
  return rows.map((r) => r.id);
}
