/** SQL of vehicle groups and their members (`vehicles.group_id`). */
import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { deviceLatest, devices, groups, vehicleDeviceLinks, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;

const vehicleCount =
  sql<number>`(select count(*) from vehicles v where v.group_id = "groups"."id" and not v.deleted)`
    .mapWith(Number)
    .as('vehicle_count');
const columns = { group: groups, vehicleCount };

const list: ListDefinition<'name' | 'createdAt'> = {
  searchable: [groups.name, groups.description],
  sortable: { name: groups.name, createdAt: groups.createdAt },
  defaultOrder: [asc(groups.name)],
  tieBreaker: groups.id,
};

export async function listGroups(
  db: Db,
  filter: { orgIds: OrgIds; organisationId?: bigint | undefined },
  query: ListQuery,
) {
  const conditions: Array<SQL | undefined> = [
    eq(groups.deleted, false),
    orgScope(filter.orgIds, groups.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(groups.organisationId, filter.organisationId));
  return runList(
    planList(list, query),
    and(...conditions),
    db.select(columns).from(groups).$dynamic(),
    db.select(countSelection()).from(groups).$dynamic(),
  );
}

export type GroupRecord = Awaited<ReturnType<typeof listGroups>>['items'][number];

export async function findGroup(db: Db, id: bigint, orgIds: OrgIds): Promise<GroupRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.deleted, false), orgScope(orgIds, groups.organisationId)))
    .limit(1);
  return row;
}

export async function findGroupByName(db: Db, organisationId: bigint, name: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.organisationId, organisationId),
        eq(groups.deleted, false),
        sql`lower(${groups.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertGroup(db: Db, values: NewGroup): Promise<bigint> {
  const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
  if (!row) throw new Error('group insert returned no row');
  return row.id;
}

export async function updateGroup(db: Db, id: bigint, values: Partial<NewGroup>): Promise<void> {
  await db
    .update(groups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(groups.id, id));
}

/** Live vehicles among `ids` of `organisationId`. */

/** The group's members become exactly `vehicleIds` (moved from any other group); former members leave it. */
export async function setMembers(db: Db, groupId: bigint, vehicleIds: bigint[]): Promise<void> {
  await db
    .update(vehicles)
    .set({ groupId: null })
    .where(
      and(
        eq(vehicles.groupId, groupId),
        vehicleIds.length > 0 ? notInArray(vehicles.id, vehicleIds) : undefined,
      ),
    );
  if (vehicleIds.length > 0)
    await db.update(vehicles).set({ groupId }).where(inArray(vehicles.id, vehicleIds));
}

/** Members with their current device and its latest state (summary). */
export async function membersWithLatest(db: Db, groupId: bigint) {
  return db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      imei: devices.imei,
      latest: deviceLatest,
    })
    .from(vehicles)
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
    .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
    .where(and(eq(vehicles.groupId, groupId), eq(vehicles.deleted, false)))
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id));
}
