/** SQL of RFID / QR items. Deleted items are never listed or found. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { items, pois, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewItem = typeof items.$inferInsert;

const columns = {
  item: items,
  vehicleRegistration: vehicles.registrationNumber,
  poiName: pois.name,
};

const list: ListDefinition<'code' | 'kind' | 'createdAt' | 'vehicle'> = {
  searchable: [items.code, items.description, vehicles.registrationNumber, pois.name],
  sortable: {
    code: items.code,
    kind: items.kind,
    createdAt: items.createdAt,
    vehicle: vehicles.registrationNumber,
  },
  defaultOrder: [asc(items.code)],
  tieBreaker: items.id,
};

const vehicleJoin = and(eq(vehicles.id, items.vehicleId), eq(vehicles.deleted, false));
const poiJoin = and(eq(pois.id, items.poiId), eq(pois.deleted, false));
const joined = (db: Db) =>
  db.select(columns).from(items).leftJoin(vehicles, vehicleJoin).leftJoin(pois, poiJoin);

export interface ItemFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  kind?: string | undefined;
  vehicleId?: bigint | undefined;
  poiId?: bigint | undefined;
}

export async function listItems(db: Db, filter: ItemFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [
    eq(items.deleted, false),
    orgScope(filter.orgIds, items.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(items.organisationId, filter.organisationId));
  if (filter.kind !== undefined) conditions.push(eq(items.kind, filter.kind));
  if (filter.vehicleId !== undefined) conditions.push(eq(items.vehicleId, filter.vehicleId));
  if (filter.poiId !== undefined) conditions.push(eq(items.poiId, filter.poiId));
  return runList(
    planList(list, query),
    and(...conditions),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(items)
      .leftJoin(vehicles, vehicleJoin)
      .leftJoin(pois, poiJoin)
      .$dynamic(),
  );
}

export type ItemRecord = Awaited<ReturnType<typeof listItems>>['items'][number];

export async function findItem(db: Db, id: bigint, orgIds: OrgIds): Promise<ItemRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(items.id, id), eq(items.deleted, false), orgScope(orgIds, items.organisationId)))
    .limit(1);
  return row;
}

export async function codeTaken(
  db: Db,
  organisationId: bigint,
  code: string,
  exceptId?: bigint,
): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.organisationId, organisationId),
        eq(items.deleted, false),
        sql`upper(${items.code}) = upper(${code})`,
        exceptId === undefined ? undefined : sql`${items.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertItem(db: Db, values: NewItem): Promise<bigint> {
  const [row] = await db.insert(items).values(values).returning({ id: items.id });
  if (!row) throw new Error('item insert returned no row');
  return row.id;
}

export async function updateItem(db: Db, id: bigint, values: Partial<NewItem>): Promise<void> {
  await db
    .update(items)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(items.id, id));
}

export async function isLivePoiOf(db: Db, organisationId: bigint, id: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: pois.id })
    .from(pois)
    .where(and(eq(pois.id, id), eq(pois.organisationId, organisationId), eq(pois.deleted, false)))
    .limit(1);
  return row !== undefined;
}
