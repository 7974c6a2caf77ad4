/** SQL of devices. Soft-deleted devices are never listed or found. */
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { DeviceSortField, ListQuery, UnknownDeviceSortField } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  devices,
  organisations,
  unknownDevices,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewDevice = typeof devices.$inferInsert;

/** Inserts a device (seeding, tests; the management issue adds the route). Returns its id. */
export async function createDevice(db: Db, values: NewDevice): Promise<bigint> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  if (!row) throw new Error('device insert returned no row');
  return row.id;
}

const columns = {
  id: devices.id,
  imei: devices.imei,
  iccid: devices.iccid,
  sim1: devices.sim1,
  sim2: devices.sim2,
  esimProvider: devices.esimProvider,
  status: devices.status,
  model: devices.model,
  panicButtonCount: devices.panicButtonCount,
  firmware: devices.firmware,
  protocol: devices.protocol,
  strictChecksum: devices.strictChecksum,
  lastSeenAt: devices.lastSeenAt,
  createdAt: devices.createdAt,
  organisation: {
    id: organisations.id,
    tradeName: organisations.tradeName,
    brandName: organisations.brandName,
  },
  vehicleId: vehicles.id,
  registrationNumber: vehicles.registrationNumber,
};

export interface DeviceFilter {
  orgIds: OrgIds;
  status?: (typeof devices.$inferSelect)['status'] | undefined;
  organisationId?: bigint | undefined;
}

function where(filter: DeviceFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(devices.deleted, false),
    orgScope(filter.orgIds, devices.organisationId),
  ];
  if (filter.status) conditions.push(eq(devices.status, filter.status));
  if (filter.organisationId !== undefined) conditions.push(eq(devices.organisationId, filter.organisationId));
  return and(...conditions);
}

const deviceList: ListDefinition<DeviceSortField> = {
  searchable: [devices.imei, devices.iccid, devices.sim1, devices.sim2],
  sortable: {
    imei: devices.imei,
    iccid: devices.iccid,
    status: devices.status,
    model: devices.model,
    createdAt: devices.createdAt,
    lastSeenAt: devices.lastSeenAt,
  },
  defaultOrder: [asc(devices.imei)],
  tieBreaker: devices.id,
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(devices)
    .innerJoin(organisations, eq(organisations.id, devices.organisationId))
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.deviceId, devices.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(vehicles, eq(vehicles.id, vehicleDeviceLinks.vehicleId));
}

/** One page of the scoped devices (search and sort over the device's own columns: the count needs no join). */
export async function listDevices(db: Db, filter: DeviceFilter, query: ListQuery) {
  return runList(
    planList(deviceList, query),
    where(filter),
    joined(db).$dynamic(),
    db.select(countSelection()).from(devices).$dynamic(),
  );
}

export async function findDevice(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await joined(db)
    .where(and(eq(devices.id, id), eq(devices.deleted, false), orgScope(orgIds, devices.organisationId)))
    .limit(1);
  return row;
}

const unknownDeviceList: ListDefinition<UnknownDeviceSortField> = {
  searchable: [unknownDevices.imei],
  sortable: {
    imei: unknownDevices.imei,
    protocol: unknownDevices.protocol,
    firstSeenAt: unknownDevices.firstSeenAt,
    lastSeenAt: unknownDevices.lastSeenAt,
    packets: unknownDevices.packets,
  },
  defaultOrder: [desc(unknownDevices.lastSeenAt)],
  tieBreaker: unknownDevices.imei,
};

export async function listUnknownDevices(db: Db, query: ListQuery) {
  return runList(
    planList(unknownDeviceList, query),
    undefined,
    db.select().from(unknownDevices).$dynamic(),
    db.select(countSelection()).from(unknownDevices).$dynamic(),
  );
}
