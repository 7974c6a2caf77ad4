/** SQL of vehicles and their device links. Soft-deleted vehicles are never listed or found. */
import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, VehicleSortField } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  adminDivisions,
  deviceLatest,
  devices,
  groups,
  organisations,
  positions,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewVehicle = typeof vehicles.$inferInsert;

/** Inserts a vehicle (seeding, tests; the management issue adds the route). Returns its id. */
export async function createVehicle(db: Db, values: NewVehicle): Promise<bigint> {
  const [row] = await db.insert(vehicles).values(values).returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle insert returned no row');
  return row.id;
}

/**
 * Puts the device on the vehicle from `at` (default now): closes the device's and the vehicle's open links at that
 * time first, so the link history stays a sequence of spans and positions keep their old attribution.
 * The gateway picks the change up within a minute (gateway/device-directory.ts REFRESH_MS).
 */
export async function linkDevice(
  db: Db,
  link: { vehicleId: bigint; deviceId: bigint; at?: Date },
): Promise<bigint> {
  const at = link.at ?? new Date();
  return db.transaction(async (tx) => {
    await tx
      .update(vehicleDeviceLinks)
      .set({ unlinkedAt: at })
      .where(
        and(
          isNull(vehicleDeviceLinks.unlinkedAt),
          or(
            eq(vehicleDeviceLinks.deviceId, link.deviceId),
            eq(vehicleDeviceLinks.vehicleId, link.vehicleId),
          ),
        ),
      );
    const [row] = await tx
      .insert(vehicleDeviceLinks)
      .values({ vehicleId: link.vehicleId, deviceId: link.deviceId, linkedAt: at })
      .returning({ id: vehicleDeviceLinks.id });
    if (!row) throw new Error('link insert returned no row');
    return row.id;
  });
}

/** Ends the device's open link (if any) at `at`. */
export async function unlinkDevice(db: Db, deviceId: bigint, at: Date = new Date()): Promise<void> {
  await db
    .update(vehicleDeviceLinks)
    .set({ unlinkedAt: at })
    .where(and(eq(vehicleDeviceLinks.deviceId, deviceId), isNull(vehicleDeviceLinks.unlinkedAt)));
}

const columns = {
  vehicle: vehicles,
  organisation: {
    id: organisations.id,
    tradeName: organisations.tradeName,
    brandName: organisations.brandName,
  },
  deviceId: devices.id,
  imei: devices.imei,
  wardName: adminDivisions.name,
  lastUpdateAt: deviceLatest.lastPacketAt,
};

export interface VehicleFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  zoneId?: bigint | undefined;
  wardId?: bigint | undefined;
}

function where(filter: VehicleFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(vehicles.deleted, false),
    orgScope(filter.orgIds, vehicles.organisationId),
  ];
  if (filter.organisationId !== undefined)
    conditions.push(eq(vehicles.organisationId, filter.organisationId));
  if (filter.zoneId !== undefined) conditions.push(eq(vehicles.zoneId, filter.zoneId));
  if (filter.wardId !== undefined) conditions.push(eq(vehicles.wardId, filter.wardId));
  return and(...conditions);
}

const vehicleList: ListDefinition<VehicleSortField> = {
  searchable: [vehicles.registrationNumber, vehicles.chassisNo, vehicles.engineNo, devices.imei],
  sortable: {
    registrationNumber: vehicles.registrationNumber,
    make: vehicles.make,
    model: vehicles.model,
    type: vehicles.type,
    createdAt: vehicles.createdAt,
    imei: devices.imei,
  },
  defaultOrder: [asc(vehicles.registrationNumber)],
  tieBreaker: vehicles.id,
};

/** Vehicles with their current device (open link; a deleted device counts as none). */
function joined(db: Db) {
  return db
    .select(columns)
    .from(vehicles)
    .innerJoin(organisations, eq(organisations.id, vehicles.organisationId))
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
    .leftJoin(adminDivisions, eq(adminDivisions.id, vehicles.wardId))
    .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id));
}

export type VehicleRecord = Awaited<ReturnType<typeof listVehicles>>['items'][number];

/** One page of the scoped vehicles; the count joins the current device too (search and sort read its IMEI). */
export async function listVehicles(db: Db, filter: VehicleFilter, query: ListQuery) {
  return runList(
    planList(vehicleList, query),
    where(filter),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(vehicles)
      .leftJoin(
        vehicleDeviceLinks,
        and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
      )
      .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
      .$dynamic(),
  );
}

export async function findVehicle(db: Db, id: bigint, orgIds: OrgIds): Promise<VehicleRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(vehicles.id, id), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .limit(1);
  return row;
}

/** Every vehicle of the scope with its device's latest state (one row each; null columns = no device / no data). */
export async function listVehicleLatest(db: Db, orgIds: OrgIds) {
  return db
    .select({
      vehicleId: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      organisationId: vehicles.organisationId,
      deviceId: devices.id,
      imei: devices.imei,
      kind: vehicles.kind,
      type: vehicles.type,
      isTrackingActivated: vehicles.isTrackingActivated,
      groupId: vehicles.groupId,
      groupName: groups.name,
      wardName: adminDivisions.name,
      latest: deviceLatest,
    })
    .from(vehicles)
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
    .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
    .leftJoin(groups, eq(groups.id, vehicles.groupId))
    .leftJoin(adminDivisions, eq(adminDivisions.id, vehicles.wardId))
    .where(and(eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id));
}

export async function findLatest(db: Db, deviceId: bigint) {
  const [row] = await db.select().from(deviceLatest).where(eq(deviceLatest.deviceId, deviceId)).limit(1);
  return row;
}

/** The vehicle's recent fixes from its current device (valid fixes only), oldest first. */
export async function recentTrail(
  db: Db,
  args: { deviceId: bigint; vehicleId: bigint; since: Date; limit: number },
) {
  const rows = await db
    .select({
      fixedAt: positions.fixedAt,
      lat: positions.lat,
      lon: positions.lon,
      speedKph: positions.speedKph,
      headingDeg: positions.headingDeg,
    })
    .from(positions)
    .where(
      and(
        eq(positions.deviceId, args.deviceId),
        gte(positions.fixedAt, args.since),
        eq(positions.vehicleId, args.vehicleId),
        sql`${positions.gpsValid} is not false`,
      ),
    )
    .orderBy(desc(positions.fixedAt))
    .limit(args.limit);
  return rows.reverse();
}

/** Live vehicles among `ids` that belong to `organisationId`. */
export async function vehiclesOfOrganisation(
  db: Db,
  organisationId: bigint,
  ids: bigint[],
): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        inArray(vehicles.id, ids),
        eq(vehicles.organisationId, organisationId),
        eq(vehicles.deleted, false),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether `id` is a live vehicle of `organisationId`. */
export async function isLiveVehicleOf(db: Db, organisationId: bigint, id: bigint): Promise<boolean> {
  return (await vehiclesOfOrganisation(db, organisationId, [id])).length > 0;
}
