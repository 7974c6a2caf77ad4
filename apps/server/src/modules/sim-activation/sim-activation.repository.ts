/** SQL of SIM activation orders. Deleted orders are never listed or found. */
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import {
  containsPattern,
  countSelection,
  planList,
  runList,
  type ListDefinition,
} from '../../db/list-query.ts';
import {
  activationPlans,
  devices,
  organisations,
  simActivationOrders as orders,
  users,
  type SimOrderStatus,
} from '../../db/schema/index.ts';
import type { OrgIds } from '../organisation/scope.ts';

export type NewSimActivationOrder = typeof orders.$inferInsert;

const manufacturers = alias(organisations, 'manufacturer');

const columns = {
  order: orders,
  iccid: devices.iccid,
  organisationName: organisations.tradeName,
  manufacturerName: manufacturers.tradeName,
  approverFirstName: users.firstName,
  approverLastName: users.lastName,
};

type SortKey = 'createdAt' | 'imei' | 'status' | 'durationInDays' | 'simActivationDate';

const list: ListDefinition<SortKey> = {
  searchable: [orders.imei, devices.iccid, organisations.tradeName, manufacturers.tradeName],
  sortable: {
    createdAt: orders.createdAt,
    imei: orders.imei,
    status: orders.status,
    durationInDays: orders.durationInDays,
    simActivationDate: orders.simActivationDate,
  },
  defaultOrder: [desc(orders.createdAt)],
  tieBreaker: orders.id,
};

const fromOrders = (db: Db) =>
  db
    .select(columns)
    .from(orders)
    .innerJoin(devices, eq(devices.id, orders.deviceId))
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(manufacturers, eq(manufacturers.id, orders.manufacturerOrganisationId))
    .leftJoin(users, eq(users.id, orders.simActivationApprovedByUserId));

/** The count needs the joins the search may touch (device ICCID, organisation names). */
const countOrders = (db: Db) =>
  db
    .select(countSelection())
    .from(orders)
    .innerJoin(devices, eq(devices.id, orders.deviceId))
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .leftJoin(manufacturers, eq(manufacturers.id, orders.manufacturerOrganisationId));

/** An order is visible to a caller who sees the organisation that raised it OR its manufacturer organisation. */
function scope(orgIds: OrgIds): SQL | undefined {
  if (orgIds === 'all') return undefined;
  return or(inArray(orders.organisationId, orgIds), inArray(orders.manufacturerOrganisationId, orgIds));
}

export interface SimOrderFilter {
  orgIds: OrgIds;
  status?: SimOrderStatus | undefined;
  /** Raised by, or manufactured by, this organisation. */
  organisationId?: bigint | undefined;
  imeiContains?: string | undefined;
  id?: bigint | undefined;
}

export async function listOrders(db: Db, filter: SimOrderFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [eq(orders.deleted, false), scope(filter.orgIds)];
  if (filter.status !== undefined) conditions.push(eq(orders.status, filter.status));
  if (filter.organisationId !== undefined)
    conditions.push(
      or(
        eq(orders.organisationId, filter.organisationId),
        eq(orders.manufacturerOrganisationId, filter.organisationId),
      ),
    );
  if (filter.imeiContains !== undefined)
    conditions.push(sql`${orders.imei} like ${containsPattern(filter.imeiContains)}`);
  if (filter.id !== undefined) conditions.push(eq(orders.id, filter.id));
  return runList(
    planList(list, query),
    and(...conditions),
    fromOrders(db).$dynamic(),
    countOrders(db).$dynamic(),
  );
}

export type SimOrderRecord = Awaited<ReturnType<typeof listOrders>>['items'][number];

export async function findOrder(db: Db, id: bigint, orgIds: OrgIds): Promise<SimOrderRecord | undefined> {
  const [row] = await fromOrders(db)
    .where(and(eq(orders.id, id), eq(orders.deleted, false), scope(orgIds)))
    .limit(1);
  return row;
}

/** Locks the order row for the rest of the transaction and returns its current status. */
export async function lockOrderStatus(db: Db, id: bigint): Promise<SimOrderStatus | undefined> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.deleted, false)))
    .for('update');
  return row?.status;
}

/** A live (not deleted, not expired) device by IMEI within the caller's scope. */
export async function findScopedDeviceByImei(db: Db, imei: string, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: devices.id, organisationId: devices.organisationId })
    .from(devices)
    .where(
      and(
        eq(devices.imei, imei),
        eq(devices.deleted, false),
        or(isNull(devices.expiresAt), gt(devices.expiresAt, sql`now()`)),
        orgIds === 'all' ? undefined : inArray(devices.organisationId, orgIds),
      ),
    )
    .limit(1);
  return row;
}

/** Locks the device row: raising orders for one device is serialised (one open order per device). */
export async function lockDevice(db: Db, deviceId: bigint): Promise<void> {
  await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).for('update');
}

export async function isActivePlanDuration(db: Db, durationInDays: number): Promise<boolean> {
  const [row] = await db
    .select({ id: activationPlans.id })
    .from(activationPlans)
    .where(and(eq(activationPlans.durationInDays, durationInDays), eq(activationPlans.isActive, true)))
    .limit(1);
  return row !== undefined;
}

/** The device's open (INITIATED / APPROVED) order, if any, other than `exceptId`. */
export async function findOpenOrder(db: Db, deviceId: bigint, exceptId?: bigint) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.deviceId, deviceId),
        eq(orders.deleted, false),
        inArray(orders.status, ['INITIATED', 'APPROVED']),
        exceptId === undefined ? undefined : sql`${orders.id} <> ${exceptId}`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1);
  return row;
}

export async function insertOrder(db: Db, values: NewSimActivationOrder): Promise<bigint> {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
  if (!row) throw new Error('sim activation order insert returned no row');
  return row.id;
}

export async function updateOrder(db: Db, id: bigint, values: Partial<NewSimActivationOrder>): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

/** Records the activated SIMs on the device (what the certificate and device details show). */
export async function writeDeviceSims(
  db: Db,
  deviceId: bigint,
  sims: { sim1: string; sim2: string; esimProvider: string },
): Promise<void> {
  await db
    .update(devices)
    .set({ ...sims, updatedAt: sql`now()` })
    .where(eq(devices.id, deviceId));
}
