/** SQL of staff. Deleted staff are never listed or found; their tag is free for someone else. */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { adminDivisions, staff } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewStaff = typeof staff.$inferInsert;

export const zones = alias(adminDivisions, 'staff_zone');
export const circles = alias(adminDivisions, 'staff_circle');
export const wards = alias(adminDivisions, 'staff_ward');

const columns = {
  staff,
  zoneName: zones.name,
  circleName: circles.name,
  wardName: wards.name,
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(staff)
    .leftJoin(zones, eq(zones.id, staff.zoneId))
    .leftJoin(circles, eq(circles.id, staff.circleId))
    .leftJoin(wards, eq(wards.id, staff.wardId));

const list: ListDefinition<'name' | 'role' | 'phone' | 'tagId' | 'ward' | 'circle' | 'createdAt'> = {
  searchable: [staff.name, staff.phone, staff.tagId, staff.licenceNo, wards.name, circles.name],
  sortable: {
    name: staff.name,
    role: staff.role,
    phone: staff.phone,
    tagId: staff.tagId,
    ward: wards.name,
    circle: circles.name,
    createdAt: staff.createdAt,
  },
  defaultOrder: [asc(staff.name)],
  tieBreaker: staff.id,
};

export interface StaffFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  role?: string | undefined;
  zoneId?: bigint | undefined;
  circleId?: bigint | undefined;
  wardId?: bigint | undefined;
  active?: boolean | undefined;
}

export function staffWhere(filter: StaffFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(staff.deleted, false),
    orgScope(filter.orgIds, staff.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(staff.organisationId, filter.organisationId));
  if (filter.role !== undefined) conditions.push(eq(staff.role, filter.role as never));
  if (filter.zoneId !== undefined) conditions.push(eq(staff.zoneId, filter.zoneId));
  if (filter.circleId !== undefined) conditions.push(eq(staff.circleId, filter.circleId));
  if (filter.wardId !== undefined) conditions.push(eq(staff.wardId, filter.wardId));
  if (filter.active !== undefined) conditions.push(eq(staff.active, filter.active));
  return and(...conditions);
}

export async function listStaff(db: Db, filter: StaffFilter, query: ListQuery) {
  return runList(
    planList(list, query),
    staffWhere(filter),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(staff)
      .leftJoin(zones, eq(zones.id, staff.zoneId))
      .leftJoin(circles, eq(circles.id, staff.circleId))
      .leftJoin(wards, eq(wards.id, staff.wardId))
      .$dynamic(),
  );
}

export type StaffRecord = Awaited<ReturnType<typeof listStaff>>['items'][number];

export async function findStaff(db: Db, id: bigint, orgIds: OrgIds): Promise<StaffRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(staff.id, id), eq(staff.deleted, false), orgScope(orgIds, staff.organisationId)))
    .limit(1);
  return row;
}

/** Another live staff member of the organisation holding `tagId` (stored upper-case), if any. */
export async function findTagHolder(
  db: Db,
  organisationId: bigint,
  tagId: string,
  exceptId?: bigint,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(
        eq(staff.organisationId, organisationId),
        eq(staff.deleted, false),
        sql`upper(${staff.tagId}) = ${tagId}`,
        exceptId === undefined ? undefined : ne(staff.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertStaff(db: Db, values: NewStaff): Promise<bigint> {
  const [row] = await db.insert(staff).values(values).returning({ id: staff.id });
  if (!row) throw new Error('staff insert returned no row');
  return row.id;
}

export async function updateStaff(db: Db, id: bigint, values: Partial<NewStaff>): Promise<void> {
  await db
    .update(staff)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staff.id, id));
}

export async function findDivisions(db: Db, ids: bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: adminDivisions.id,
      organisationId: adminDivisions.organisationId,
      type: adminDivisions.type,
      parentId: adminDivisions.parentId,
    })
    .from(adminDivisions)
    .where(inArray(adminDivisions.id, ids));
}
