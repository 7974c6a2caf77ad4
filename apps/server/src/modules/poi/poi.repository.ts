/** SQL of POIs. Deleted POIs are never listed or found. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { adminDivisions, pois } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type PoiRow = typeof pois.$inferSelect;
export type NewPoi = typeof pois.$inferInsert;

const list: ListDefinition<'name' | 'kind' | 'createdAt'> = {
  searchable: [pois.name, pois.address],
  sortable: { name: pois.name, kind: pois.kind, createdAt: pois.createdAt },
  defaultOrder: [asc(pois.name)],
  tieBreaker: pois.id,
};

export interface PoiFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  kind?: string | undefined;
  wardId?: bigint | undefined;
}

export async function listPois(db: Db, filter: PoiFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [
    eq(pois.deleted, false),
    orgScope(filter.orgIds, pois.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(pois.organisationId, filter.organisationId));
  if (filter.kind !== undefined) conditions.push(eq(pois.kind, filter.kind));
  if (filter.wardId !== undefined) conditions.push(eq(pois.wardId, filter.wardId));
  return runList(
    planList(list, query),
    and(...conditions),
    db.select().from(pois).$dynamic(),
    db.select(countSelection()).from(pois).$dynamic(),
  );
}

export async function findPoi(db: Db, id: bigint, orgIds: OrgIds): Promise<PoiRow | undefined> {
  const [row] = await db
    .select()
    .from(pois)
    .where(and(eq(pois.id, id), eq(pois.deleted, false), orgScope(orgIds, pois.organisationId)))
    .limit(1);
  return row;
}

export async function insertPoi(db: Db, values: NewPoi): Promise<bigint> {
  const [row] = await db.insert(pois).values(values).returning({ id: pois.id });
  if (!row) throw new Error('poi insert returned no row');
  return row.id;
}

export async function updatePoi(db: Db, id: bigint, values: Partial<NewPoi>): Promise<void> {
  await db
    .update(pois)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pois.id, id));
}

/** Is `wardId` a WARD of `organisationId`? */
export async function isWardOf(db: Db, wardId: bigint, organisationId: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: adminDivisions.id })
    .from(adminDivisions)
    .where(
      and(
        eq(adminDivisions.id, wardId),
        eq(adminDivisions.type, 'WARD'),
        eq(adminDivisions.organisationId, organisationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
