/** SQL of devices. Soft-deleted devices are never listed or found. */
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  devices,
  organisations,
  unknownDevices,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { containsPattern } from '../organisation/organisation.repository.ts';
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
  search?: string | undefined;
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
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(
        ilike(devices.imei, pattern),
        ilike(devices.iccid, pattern),
        ilike(devices.sim1, pattern),
        ilike(devices.sim2, pattern),
      ),
    );
  }
  return and(...conditions);
}

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

export async function listDevices(db: Db, filter: DeviceFilter, page: { offset: number; limit: number }) {
  const condition = where(filter);
  const rows = await joined(db)
    .where(condition)
    .orderBy(asc(devices.imei))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(devices).where(condition);
  return { rows, total: totals?.n ?? 0 };
}

export async function findDevice(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await joined(db)
    .where(and(eq(devices.id, id), eq(devices.deleted, false), orgScope(orgIds, devices.organisationId)))
    .limit(1);
  return row;
}

export async function listUnknownDevices(
  db: Db,
  page: { offset: number; limit: number; search?: string | undefined },
) {
  const condition = page.search ? ilike(unknownDevices.imei, containsPattern(page.search)) : undefined;
  const rows = await db
    .select()
    .from(unknownDevices)
    .where(condition)
    .orderBy(desc(unknownDevices.lastSeenAt))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ n: count() }).from(unknownDevices).where(condition);
  return { rows, total: totals?.n ?? 0 };
}
