/** SQL of devices. Soft-deleted devices are never listed or found. */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import type { DeviceSortField, ListQuery, UnknownDeviceSortField } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  deviceLatest,
  devices,
  organisations,
  unknownDevices,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewDevice = typeof devices.$inferInsert;

/** Inserts a device. Returns its id. */
export async function createDevice(db: Db, values: NewDevice): Promise<bigint> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  if (!row) throw new Error('device insert returned no row');
  return row.id;
}

const columns = {
  id: devices.id,
  imei: devices.imei,
  uid: devices.uid,
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
  targetFirmware: devices.targetFirmware,
  expiresAt: devices.expiresAt,
  allowedNetworks: devices.allowedNetworks,
  identityConflictAt: devices.identityConflictAt,
  identityConflicts: devices.identityConflicts,
  cloneSuspectedAt: devices.cloneSuspectedAt,
  allocatedFromOrganisationId: devices.allocatedFromOrganisationId,
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
  status?: Array<(typeof devices.$inferSelect)['status']> | undefined;
  statusNotIn?: Array<(typeof devices.$inferSelect)['status']> | undefined;
  organisationId?: bigint | undefined;
}

function where(filter: DeviceFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(devices.deleted, false),
    orgScope(filter.orgIds, devices.organisationId),
  ];
  if (filter.status) conditions.push(inArray(devices.status, filter.status));
  if (filter.statusNotIn) conditions.push(notInArray(devices.status, filter.statusNotIn));
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

export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

/** By IMEI, ICCID or (all digits, up to 19) id: the device details page's search term. */
export async function findDeviceByTerm(db: Db, term: string, orgIds: OrgIds) {
  const matches: SQL[] = [eq(devices.imei, term), eq(devices.iccid, term)];
  if (/^\d{1,18}$/.test(term)) matches.push(eq(devices.id, BigInt(term)));
  const [row] = await joined(db)
    .where(and(or(...matches), eq(devices.deleted, false), orgScope(orgIds, devices.organisationId)))
    .orderBy(asc(devices.id))
    .limit(1);
  return row;
}

/** The scoped temporary (debug) devices that have not expired yet, soonest expiry first. */
export async function listTemporaryDevices(db: Db, orgIds: OrgIds, now: Date) {
  return joined(db)
    .where(
      and(
        isNotNull(devices.expiresAt),
        gt(devices.expiresAt, now),
        eq(devices.deleted, false),
        orgScope(orgIds, devices.organisationId),
      ),
    )
    .orderBy(asc(devices.expiresAt))
    .limit(200);
}

/** Scoped live devices by ids or IMEIs (bulk allocate / rollback). */
export async function findDevicesByRefs(
  db: Db,
  refs: { ids?: bigint[] | undefined; imeis?: string[] | undefined },
  orgIds: OrgIds,
) {
  const match = refs.ids ? inArray(devices.id, refs.ids) : inArray(devices.imei, refs.imeis ?? []);
  return joined(db).where(and(match, eq(devices.deleted, false), orgScope(orgIds, devices.organisationId)));
}

/** A device row by IMEI whatever its state (deleted included): unique-IMEI checks and re-registration. */
export async function findAnyByImei(db: Db, imei: string) {
  const [row] = await db
    .select({ id: devices.id, deleted: devices.deleted })
    .from(devices)
    .where(eq(devices.imei, imei))
    .limit(1);
  return row;
}

/** Another live device carrying this UID (the partial unique index covers live devices only). */
export async function findLiveByUid(db: Db, uid: string, exceptId?: bigint) {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.uid, uid),
        eq(devices.deleted, false),
        exceptId === undefined ? undefined : ne(devices.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function updateDevice(db: Db, id: bigint, values: Partial<NewDevice>): Promise<void> {
  await db.update(devices).set(values).where(eq(devices.id, id));
}

/** Soft-deletes temporary devices past their expiry; returns their ids. */
export async function expireTemporaryDevices(db: Db, now: Date): Promise<bigint[]> {
  const rows = await db
    .update(devices)
    .set({ deleted: true, updatedAt: now })
    .where(and(isNotNull(devices.expiresAt), lte(devices.expiresAt, now), eq(devices.deleted, false)))
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}

export async function findLatest(db: Db, deviceId: bigint) {
  const [row] = await db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, deviceId)).limit(1);
  return row;
}

/** A live organisation's id and name (allocation target). */
export async function findLiveOrganisation(db: Db, id: bigint) {
  const [row] = await db
    .select({ id: organisations.id, tradeName: organisations.tradeName })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
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
