/** SQL of vehicles and their device links. Soft-deleted vehicles are never listed or found. */
import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, VehicleSortField } from '@civicfleet/shared';
import { rows, type Db } from '../../db/client.ts';
import {
  countSelection,
  literalLimit,
  offsetSql,
  planList,
  runList,
  type ListDefinition,
} from '../../db/list-query.ts';
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

/**
 * One page of the scoped vehicles. The count joins the current device only when a search may match its IMEI: every
 * vehicle has at most one open link, so the join never changes the count otherwise, and the plain count is an index
 * scan of vehicles instead of a three-table join.
 */
export async function listVehicles(db: Db, filter: VehicleFilter, query: ListQuery) {
  const plan = planList(vehicleList, query);
  const counted =
    plan.search === undefined
      ? db.select(countSelection()).from(vehicles).$dynamic()
      : db
          .select(countSelection())
          .from(vehicles)
          .leftJoin(
            vehicleDeviceLinks,
            and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
          )
          .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
          .$dynamic();
  return runList(plan, where(filter), joined(db).$dynamic(), counted);
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

/**
 * effectiveStatus (live/live-mapping.ts) in SQL, so that the Vehicle Status board counts and pages in the database
 * instead of reading every vehicle of the scope per request (bench/api-load.bench.ts: ~80 ms of CPU per call with
 * 1,000 vehicles, whatever the page size). `offlineBefore` = now − OFFLINE_AFTER_MS; keep both in step.
 */
function effectiveStatusSql(offlineBefore: Date): { status: SQL; since: SQL } {
  return {
    status: sql`(case when ${deviceLatest.deviceId} is null then 'never-connected'
      when ${deviceLatest.lastPacketAt} < ${offlineBefore} then 'offline'
      when ${deviceLatest.status} = 'never-connected' then 'stopped'
      else ${deviceLatest.status} end)`,
    since: sql`(case when ${deviceLatest.deviceId} is null then null
      when ${deviceLatest.lastPacketAt} < ${offlineBefore} or ${deviceLatest.status} = 'never-connected'
        then ${deviceLatest.lastPacketAt}
      else ${deviceLatest.statusSince} end)`,
  };
}

/** Vehicles of the scope joined to their current device's latest state (the same joins as listVehicleLatest). */
function vehicleLatestFrom(orgIds: OrgIds): SQL {
  return sql`from ${vehicles}
    left join ${vehicleDeviceLinks}
      on ${vehicleDeviceLinks.vehicleId} = ${vehicles.id} and ${vehicleDeviceLinks.unlinkedAt} is null
    left join ${devices} on ${devices.id} = ${vehicleDeviceLinks.deviceId} and ${devices.deleted} = false
    left join ${deviceLatest} on ${deviceLatest.deviceId} = ${devices.id}
    where ${vehicles.deleted} = false and ${orgScope(orgIds, vehicles.organisationId) ?? sql`true`}`;
}

export interface VehicleStatusFilter {
  orgIds: OrgIds;
  offlineBefore: Date;
  status?: string | undefined;
  /** Lower-case text the registration number (case-insensitively) or the IMEI contains. */
  term?: string | undefined;
}

function statusFilterSql(f: VehicleStatusFilter, status: SQL): SQL {
  const parts: SQL[] = [];
  if (f.status !== undefined) parts.push(sql`${status} = ${f.status}`);
  if (f.term)
    parts.push(
      sql`(strpos(lower(${vehicles.registrationNumber}), ${f.term}) > 0 or strpos(coalesce(${devices.imei}, ''), ${f.term}) > 0)`,
    );
  return parts.length === 0 ? sql`` : sql` and ${sql.join(parts, sql` and `)}`;
}

/** Vehicles of the scope per effective live status (every vehicle once, whatever the filter of the page). */
export async function countVehicleStatuses(db: Db, orgIds: OrgIds, offlineBefore: Date) {
  const { status } = effectiveStatusSql(offlineBefore);
  return rows<{ status: string; n: number }>(
    db,
    sql`select ${status} as status, count(*)::int as n ${vehicleLatestFrom(orgIds)} group by 1`,
  );
}

/** How many vehicles match the status/term filter. */
export async function countVehicleStatusMatches(db: Db, f: VehicleStatusFilter): Promise<number> {
  const { status } = effectiveStatusSql(f.offlineBefore);
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n ${vehicleLatestFrom(f.orgIds)}${statusFilterSql(f, status)}`,
  );
  return row?.n ?? 0;
}

export interface VehicleStatusRecord {
  vehicleId: string;
  registrationNumber: string;
  organisationId: string;
  deviceId: string | null;
  imei: string | null;
  status: string;
  statusSince: Date | string | null;
  lastPacketAt: Date | string | null;
  fixedAt: Date | string | null;
  lat: number | null;
  lon: number | null;
  speedKph: number | null;
  ignition: boolean | null;
  mainPower: boolean | null;
  batteryVoltageV: number | null;
  gsmSignal: number | null;
  groupId: string | null;
  groupName: string | null;
  wardName: string | null;
  kind: string | null;
  type: string | null;
}

/** One page of the board, ordered like listVehicleLatest (registration number, id). */
export async function pageVehicleStatuses(
  db: Db,
  f: VehicleStatusFilter & { offset: number; limit: number },
): Promise<VehicleStatusRecord[]> {
  const { status, since } = effectiveStatusSql(f.offlineBefore);
  return rows<VehicleStatusRecord>(
    db,
    sql`select ${vehicles.id}::text as "vehicleId", ${vehicles.registrationNumber} as "registrationNumber",
          ${vehicles.organisationId}::text as "organisationId", ${devices.id}::text as "deviceId",
          ${devices.imei} as "imei", ${status} as "status", ${since} as "statusSince",
          ${deviceLatest.lastPacketAt} as "lastPacketAt", ${deviceLatest.fixedAt} as "fixedAt",
          ${deviceLatest.lat} as "lat", ${deviceLatest.lon} as "lon", ${deviceLatest.speedKph} as "speedKph",
          ${deviceLatest.ignition} as "ignition", ${deviceLatest.mainPower} as "mainPower",
          ${deviceLatest.batteryVoltageV} as "batteryVoltageV", ${deviceLatest.gsmSignal} as "gsmSignal",
          ${vehicles.groupId}::text as "groupId",
          (select ${groups.name} from ${groups} where ${groups.id} = ${vehicles.groupId}) as "groupName",
          (select ${adminDivisions.name} from ${adminDivisions} where ${adminDivisions.id} = ${vehicles.wardId})
            as "wardName",
          ${vehicles.kind} as "kind", ${vehicles.type} as "type"
        ${vehicleLatestFrom(f.orgIds)}${statusFilterSql(f, status)}
        order by ${vehicles.registrationNumber} asc, ${vehicles.id} asc
        limit ${literalLimit(f.limit)}${offsetSql(f.offset)}`,
  );
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
