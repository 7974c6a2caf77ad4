/**
 * The dashboards' reads: plain per-scope selections the service folds into figures (dashboard.figures.ts). A city
 * fleet is thousands of vehicles and staff, so vehicle and staff sets are loaded whole and filtered by id.
 */
import {
  and,
  asc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ALERT_DESK_TYPES } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import {
  adminDivisions,
  attendance,
  complaints,
  dailyVehicleStats,
  events,
  jobRuns,
  positions,
  staff,
  stateIntervals,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

/** A division filter: rows whose zone / circle / ward column equals the id (all given ones must match). */
export interface DivisionFilter {
  zoneId: bigint | null;
  circleId: bigint | null;
  wardId: bigint | null;
}

const nonEmpty = (ids: bigint[]) => (ids.length ? ids : [-1n]);

export async function listDivisions(db: Db, orgIds: OrgIds) {
  return db
    .select({
      id: adminDivisions.id,
      type: adminDivisions.type,
      name: adminDivisions.name,
      code: adminDivisions.code,
      parentId: adminDivisions.parentId,
    })
    .from(adminDivisions)
    .where(orgScope(orgIds, adminDivisions.organisationId))
    .orderBy(asc(adminDivisions.name), asc(adminDivisions.id));
}
export type DivisionRecord = Awaited<ReturnType<typeof listDivisions>>[number];

function divisionConditions(f: DivisionFilter, cols: { zone: PgColumn; circle: PgColumn; ward: PgColumn }) {
  return [
    f.zoneId === null ? undefined : eq(cols.zone, f.zoneId),
    f.circleId === null ? undefined : eq(cols.circle, f.circleId),
    f.wardId === null ? undefined : eq(cols.ward, f.wardId),
  ];
}

export async function listVehicles(db: Db, orgIds: OrgIds, f: DivisionFilter) {
  return db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      zoneId: vehicles.zoneId,
      circleId: vehicles.circleId,
      wardId: vehicles.wardId,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.deleted, false),
        orgScope(orgIds, vehicles.organisationId),
        ...divisionConditions(f, { zone: vehicles.zoneId, circle: vehicles.circleId, ward: vehicles.wardId }),
      ),
    )
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id));
}
export type VehicleRecord = Awaited<ReturnType<typeof listVehicles>>[number];

export async function listStaff(db: Db, orgIds: OrgIds, f: DivisionFilter) {
  return db
    .select({ id: staff.id, zoneId: staff.zoneId, circleId: staff.circleId, wardId: staff.wardId })
    .from(staff)
    .where(
      and(
        eq(staff.deleted, false),
        eq(staff.active, true),
        orgScope(orgIds, staff.organisationId),
        ...divisionConditions(f, { zone: staff.zoneId, circle: staff.circleId, ward: staff.wardId }),
      ),
    );
}
export type StaffRecord = Awaited<ReturnType<typeof listStaff>>[number];

/** Per vehicle and local day (a vehicle may have had two devices on a day: summed). */
export async function dailyStats(db: Db, vehicleIds: bigint[], fromDay: string, toDay: string) {
  return db
    .select({
      vehicleId: dailyVehicleStats.vehicleId,
      day: dailyVehicleStats.day,
      distanceM: sql<number>`sum(${dailyVehicleStats.distanceM})`.mapWith(Number),
      runS: sql<number>`sum(${dailyVehicleStats.runS})`.mapWith(Number),
      idleS: sql<number>`sum(${dailyVehicleStats.idleS})`.mapWith(Number),
      maxSpeedKph: sql<number | null>`max(${dailyVehicleStats.maxSpeedKph})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      firstIgnitionAt: sql<Date | null>`min(${dailyVehicleStats.firstIgnitionAt})`.mapWith(toDate),
      lastIgnitionAt: sql<Date | null>`max(${dailyVehicleStats.lastIgnitionAt})`.mapWith(toDate),
    })
    .from(dailyVehicleStats)
    .where(
      and(
        inArray(dailyVehicleStats.vehicleId, nonEmpty(vehicleIds)),
        gte(dailyVehicleStats.day, fromDay),
        sql`${dailyVehicleStats.day} <= ${toDay}`,
      ),
    )
    .groupBy(dailyVehicleStats.vehicleId, dailyVehicleStats.day)
    .then((found) => found.flatMap((r) => (r.vehicleId === null ? [] : [{ ...r, vehicleId: r.vehicleId }])));
}
export type DailyStatRecord = Awaited<ReturnType<typeof dailyStats>>[number];

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}

export async function listJobRuns(db: Db, vehicleIds: bigint[], fromDay: string, toDay: string) {
  return db
    .select({
      vehicleId: jobRuns.vehicleId,
      day: jobRuns.day,
      windowStart: jobRuns.windowStart,
      windowEnd: jobRuns.windowEnd,
      checkpointsMet: jobRuns.checkpointsMet,
      checkpointsTotal: jobRuns.checkpointsTotal,
    })
    .from(jobRuns)
    .where(
      and(
        inArray(jobRuns.vehicleId, nonEmpty(vehicleIds)),
        gte(jobRuns.day, fromDay),
        sql`${jobRuns.day} <= ${toDay}`,
      ),
    );
}
export type JobRunRecord = Awaited<ReturnType<typeof listJobRuns>>[number];

/** Desk alerts (sos, tamper …) not closed, of the vehicles. */
export async function openDeskAlerts(db: Db, vehicleIds: bigint[]) {
  return db
    .select({ vehicleId: events.vehicleId, type: events.type })
    .from(events)
    .where(
      and(
        inArray(events.vehicleId, nonEmpty(vehicleIds)),
        inArray(events.type, [...ALERT_DESK_TYPES]),
        isNotNull(events.deskStatus),
        ne(events.deskStatus, 'closed'),
      ),
    );
}

/** Overspeed alerts started in [from, to), per vehicle. */
export async function overspeedCounts(db: Db, vehicleIds: bigint[], from: Date, to: Date) {
  return db
    .select({
      vehicleId: events.vehicleId,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(events)
    .where(
      and(
        inArray(events.vehicleId, nonEmpty(vehicleIds)),
        eq(events.type, 'overspeed'),
        gte(events.startedAt, from),
        lt(events.startedAt, to),
      ),
    )
    .groupBy(events.vehicleId)
    .then((found) => found.flatMap((r) => (r.vehicleId === null ? [] : [{ ...r, vehicleId: r.vehicleId }])));
}

/** The open offline interval's reason per device (the worker's offline check opens it). */
export async function openOfflineReasons(db: Db, deviceIds: bigint[]) {
  return db
    .select({ deviceId: stateIntervals.deviceId, reason: stateIntervals.offlineReason })
    .from(stateIntervals)
    .where(
      and(
        inArray(stateIntervals.deviceId, nonEmpty(deviceIds)),
        eq(stateIntervals.kind, 'offline'),
        isNull(stateIntervals.endedAt),
      ),
    );
}

export async function attendanceRows(db: Db, staffIds: bigint[], fromDay: string, toDay: string) {
  return db
    .select({ staffId: attendance.staffId, day: attendance.day, status: attendance.status })
    .from(attendance)
    .where(
      and(
        inArray(attendance.staffId, nonEmpty(staffIds)),
        gte(attendance.day, fromDay),
        sql`${attendance.day} <= ${toDay}`,
      ),
    );
}

/** Complaints not resolved (open, assigned, reopened); `wardIds` null = every complaint of the scope. */
export async function openComplaints(db: Db, orgIds: OrgIds, wardIds: bigint[] | null) {
  return db
    .select({ wardId: complaints.wardId, status: complaints.status, dueAt: complaints.dueAt })
    .from(complaints)
    .where(
      and(
        orgScope(orgIds, complaints.organisationId),
        notInArray(complaints.status, ['resolved']),
        wardIds === null ? undefined : inArray(complaints.wardId, nonEmpty(wardIds)),
      ),
    );
}

/** Complaints raised in [from, to) (their instant; the service buckets them by local day). */
export async function raisedComplaints(
  db: Db,
  orgIds: OrgIds,
  wardIds: bigint[] | null,
  from: Date,
  to: Date,
) {
  return db
    .select({ createdAt: complaints.createdAt })
    .from(complaints)
    .where(
      and(
        orgScope(orgIds, complaints.organisationId),
        gte(complaints.createdAt, from),
        lt(complaints.createdAt, to),
        wardIds === null ? undefined : inArray(complaints.wardId, nonEmpty(wardIds)),
      ),
    );
}

/**
 * Fuel level readings (litres) in [from, to): the io `fuelLevelL` a decoder normalises, or Teltonika AVL id 84 (CAN
 * fuel level, 0.1 l). Per vehicle: readings, first and last level, and the sum of drops between consecutive readings
 * (a rise is a refill and is not consumption). No rows = no fuel sensor.
 */
export async function fuelByVehicle(db: Db, vehicleIds: bigint[], from: Date, to: Date) {
  const level = sql`coalesce((${positions.attrs}->'io'->>'fuelLevelL')::double precision,
    (${positions.attrs}->'io'->>'io84')::double precision / 10)`;
  const where: SQL | undefined = and(
    inArray(positions.vehicleId, nonEmpty(vehicleIds)),
    gte(positions.fixedAt, from),
    lt(positions.fixedAt, to),
    sql`(${positions.attrs}->'io' ? 'fuelLevelL' or ${positions.attrs}->'io' ? 'io84')`,
  );
  const readings = db
    .select({
      vehicleId: sql<bigint>`${positions.vehicleId}`.as('vehicle_id'),
      fixedAt: sql<Date>`${positions.fixedAt}`.as('fixed_at'),
      levelL: sql<number>`${level}`.as('level_l'),
      prevL: sql<
        number | null
      >`lag(${level}) over (partition by ${positions.vehicleId} order by ${positions.fixedAt})`.as('prev_l'),
      rowAsc:
        sql<number>`row_number() over (partition by ${positions.vehicleId} order by ${positions.fixedAt})`.as(
          'row_asc',
        ),
      rowDesc:
        sql<number>`row_number() over (partition by ${positions.vehicleId} order by ${positions.fixedAt} desc)`.as(
          'row_desc',
        ),
    })
    .from(positions)
    .where(where)
    .as('readings');
  return db
    .select({
      vehicleId: sql<string>`${readings.vehicleId}::text`,
      readings: sql<number>`count(*)`.mapWith(Number),
      firstL: sql<number>`max(case when ${readings.rowAsc} = 1 then ${readings.levelL} end)`.mapWith(Number),
      lastL: sql<number>`max(case when ${readings.rowDesc} = 1 then ${readings.levelL} end)`.mapWith(Number),
      consumedL: sql<number>`coalesce(sum(greatest(${readings.prevL} - ${readings.levelL}, 0)), 0)`.mapWith(
        Number,
      ),
    })
    .from(readings)
    .groupBy(readings.vehicleId);
}
