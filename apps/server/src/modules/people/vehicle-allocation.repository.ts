/** SQL of vehicle allocations (who was on which vehicle when) and the driver changes derived from them. */
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { staff, users, vehicleAllocations, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewAllocation = typeof vehicleAllocations.$inferInsert;

const userName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const columns = {
  allocation: vehicleAllocations,
  registrationNumber: vehicles.registrationNumber,
  staffName: staff.name,
  staffRole: staff.role,
  createdByName: userName,
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(vehicleAllocations)
    .innerJoin(vehicles, eq(vehicles.id, vehicleAllocations.vehicleId))
    .innerJoin(staff, eq(staff.id, vehicleAllocations.staffId))
    .leftJoin(users, eq(users.id, vehicleAllocations.createdBy));

const list: ListDefinition<'startedAt' | 'vehicle' | 'staff' | 'shift' | 'day'> = {
  searchable: [vehicles.registrationNumber, staff.name, staff.tagId],
  sortable: {
    startedAt: vehicleAllocations.startedAt,
    vehicle: vehicles.registrationNumber,
    staff: staff.name,
    shift: vehicleAllocations.shift,
    day: vehicleAllocations.day,
  },
  defaultOrder: [desc(vehicleAllocations.startedAt)],
  tieBreaker: vehicleAllocations.id,
};

export interface AllocationFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  day?: string | undefined;
  vehicleId?: bigint | undefined;
  staffId?: bigint | undefined;
  isOpen?: boolean | undefined;
}

function where(filter: AllocationFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [orgScope(filter.orgIds, vehicleAllocations.organisationId)];
  if (filter.organisationId !== undefined)
    conditions.push(eq(vehicleAllocations.organisationId, filter.organisationId));
  if (filter.day !== undefined) conditions.push(eq(vehicleAllocations.day, filter.day));
  if (filter.vehicleId !== undefined) conditions.push(eq(vehicleAllocations.vehicleId, filter.vehicleId));
  if (filter.staffId !== undefined) conditions.push(eq(vehicleAllocations.staffId, filter.staffId));
  if (filter.isOpen === true) conditions.push(isNull(vehicleAllocations.endedAt));
  if (filter.isOpen === false) conditions.push(sql`${vehicleAllocations.endedAt} is not null`);
  return and(...conditions);
}

export async function listAllocations(db: Db, filter: AllocationFilter, query: ListQuery) {
  return runList(
    planList(list, query),
    where(filter),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(vehicleAllocations)
      .innerJoin(vehicles, eq(vehicles.id, vehicleAllocations.vehicleId))
      .innerJoin(staff, eq(staff.id, vehicleAllocations.staffId))
      .$dynamic(),
  );
}

export type AllocationRecord = Awaited<ReturnType<typeof listAllocations>>['items'][number];

export async function findAllocation(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<AllocationRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(vehicleAllocations.id, id), orgScope(orgIds, vehicleAllocations.organisationId)))
    .limit(1);
  return row;
}

/** The vehicle's newest open allocation of a driver (staff role 'driver'), if any. */
export async function openDriverAllocation(db: Db, vehicleId: bigint) {
  const [row] = await db
    .select({
      id: vehicleAllocations.id,
      staffId: vehicleAllocations.staffId,
      startedAt: vehicleAllocations.startedAt,
      day: vehicleAllocations.day,
      shift: vehicleAllocations.shift,
    })
    .from(vehicleAllocations)
    .innerJoin(staff, eq(staff.id, vehicleAllocations.staffId))
    .where(
      and(
        eq(vehicleAllocations.vehicleId, vehicleId),
        isNull(vehicleAllocations.endedAt),
        eq(staff.role, 'driver'),
      ),
    )
    .orderBy(desc(vehicleAllocations.startedAt), desc(vehicleAllocations.id))
    .limit(1);
  return row;
}

/** An allocation of this person to this vehicle for this day and shift that is still open. */
export async function findOpenSame(
  db: Db,
  v: { vehicleId: bigint; staffId: bigint; day: string; shift: string },
) {
  const [row] = await db
    .select({ id: vehicleAllocations.id })
    .from(vehicleAllocations)
    .where(
      and(
        eq(vehicleAllocations.vehicleId, v.vehicleId),
        eq(vehicleAllocations.staffId, v.staffId),
        eq(vehicleAllocations.day, v.day),
        eq(vehicleAllocations.shift, v.shift),
        isNull(vehicleAllocations.endedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAllocation(db: Db, values: NewAllocation): Promise<bigint> {
  const [row] = await db.insert(vehicleAllocations).values(values).returning({ id: vehicleAllocations.id });
  if (!row) throw new Error('allocation insert returned no row');
  return row.id;
}

/** Ends an open allocation (no-op when it has ended meanwhile). */
export async function endAllocation(db: Db, id: bigint, endedAt: Date, endReason: string): Promise<void> {
  await db
    .update(vehicleAllocations)
    .set({ endedAt, endReason })
    .where(and(eq(vehicleAllocations.id, id), isNull(vehicleAllocations.endedAt)));
}

const previous = alias(vehicleAllocations, 'previous_allocation');
const nextAllocation = alias(vehicleAllocations, 'next_allocation');
const fromStaff = alias(staff, 'from_staff');
const toStaff = alias(staff, 'to_staff');

/**
 * Driver changes in [from, to): a driver allocation ended 'replaced' and the driver allocation on the same vehicle
 * that started at that instant (the replacing one), oldest first.
 */
export async function driverChanges(
  db: Db,
  filter: { orgIds: OrgIds; organisationId?: bigint | undefined; vehicleId?: bigint | undefined },
  from: Date,
  to: Date,
) {
  return db
    .select({
      vehicleId: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      fromId: fromStaff.id,
      fromName: fromStaff.name,
      toId: toStaff.id,
      toName: toStaff.name,
      at: nextAllocation.startedAt,
      source: nextAllocation.source,
    })
    .from(previous)
    .innerJoin(
      nextAllocation,
      and(
        eq(nextAllocation.vehicleId, previous.vehicleId),
        eq(nextAllocation.startedAt, previous.endedAt),
        sql`${nextAllocation.id} <> ${previous.id}`,
      ),
    )
    .innerJoin(fromStaff, and(eq(fromStaff.id, previous.staffId), eq(fromStaff.role, 'driver')))
    .innerJoin(toStaff, and(eq(toStaff.id, nextAllocation.staffId), eq(toStaff.role, 'driver')))
    .innerJoin(vehicles, eq(vehicles.id, previous.vehicleId))
    .where(
      and(
        eq(previous.endReason, 'replaced'),
        gte(previous.endedAt, from),
        lt(previous.endedAt, to),
        orgScope(filter.orgIds, previous.organisationId),
        filter.organisationId === undefined ? undefined : eq(previous.organisationId, filter.organisationId),
        filter.vehicleId === undefined ? undefined : eq(previous.vehicleId, filter.vehicleId),
      ),
    )
    .orderBy(asc(nextAllocation.startedAt), asc(nextAllocation.id));
}

/** A vehicle the caller can see, with its organisation and contractor. */
export async function findVisibleVehicle(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({
      id: vehicles.id,
      organisationId: vehicles.organisationId,
      contractorOrganisationId: vehicles.contractorOrganisationId,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .limit(1);
  return row;
}
