/** SQL of the attendance worker job (attendance-job.ts): what it reads across organisations and what it writes. */
import { and, asc, eq, inArray, isNotNull, isNull, lt, max, min, sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import {
  attendance,
  dailyVehicleStats,
  driverTagReads,
  staff,
  vehicleAllocations,
  vehicles,
} from '../../db/schema/index.ts';

export async function unprocessedReads(db: Db, limit: number) {
  return db
    .select({
      id: driverTagReads.id,
      vehicleId: driverTagReads.vehicleId,
      organisationId: driverTagReads.organisationId,
      tag: driverTagReads.tag,
      readAt: driverTagReads.readAt,
    })
    .from(driverTagReads)
    .where(isNull(driverTagReads.processedAt))
    .orderBy(asc(driverTagReads.readAt), asc(driverTagReads.id))
    .limit(limit);
}

export async function markReadProcessed(db: Db, id: bigint, at: Date): Promise<void> {
  await db.update(driverTagReads).set({ processedAt: at }).where(eq(driverTagReads.id, id));
}

export async function vehicleOrganisation(db: Db, vehicleId: bigint): Promise<bigint | undefined> {
  const [row] = await db
    .select({ organisationId: vehicles.organisationId })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .limit(1);
  return row?.organisationId;
}

/**
 * The organisation tree of `organisationId` in order of preference for a tag match: itself, its descendants
 * (nearest first), then its ancestors (nearest first).
 */
export async function organisationTree(db: Db, organisationId: bigint): Promise<bigint[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive down (id, depth) as (
          select id, 0 from organisations where id = ${organisationId}
          union
          select o.id, down.depth + 1 from organisations o join down on o.parent_id = down.id
           where not o.deleted and down.depth < 16
        ),
        up (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${organisationId}
          union all
          select o.id, o.parent_id, up.depth + 1 from organisations o join up on o.id = up.parent_id
           where up.depth < 16
        )
        select id::text as id from (
          select id, depth as rank from down
          union all
          select id, 1000 + depth from up where depth > 0
        ) t order by rank, id`,
  );
  return found.map((r) => BigInt(r.id));
}

/** Active, live staff holding `tag` (case-insensitive, leading zeros ignored) in any of the organisations. */
export async function tagCandidates(db: Db, tag: string, organisationIds: bigint[]) {
  if (organisationIds.length === 0) return [];
  return db
    .select({ staffId: staff.id, organisationId: staff.organisationId, role: staff.role })
    .from(staff)
    .where(
      and(
        // Same number whatever the leading zeros: readers drop leading zero bytes (normaliseDriverTag), people type them.
        sql`ltrim(upper(${staff.tagId}), '0') = ltrim(${tag.toUpperCase()}, '0')`,
        eq(staff.deleted, false),
        eq(staff.active, true),
        inArray(staff.organisationId, organisationIds),
      ),
    );
}

export async function staffPlacement(db: Db, staffId: bigint) {
  const [row] = await db
    .select({ organisationId: staff.organisationId, wardId: staff.wardId, circleId: staff.circleId })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  return row;
}

/** Allocations of live, active staff on these days, with their span. */
export async function allocationsOfDays(db: Db, days: string[]) {
  return db
    .select({
      staffId: vehicleAllocations.staffId,
      vehicleId: vehicleAllocations.vehicleId,
      day: vehicleAllocations.day,
      startedAt: vehicleAllocations.startedAt,
      endedAt: vehicleAllocations.endedAt,
      organisationId: staff.organisationId,
      wardId: staff.wardId,
      circleId: staff.circleId,
    })
    .from(vehicleAllocations)
    .innerJoin(staff, eq(staff.id, vehicleAllocations.staffId))
    .where(and(inArray(vehicleAllocations.day, days), eq(staff.deleted, false), eq(staff.active, true)));
}

/** First/last ignition per vehicle and day over all its devices (daily_vehicle_stats). */
export async function vehicleDuties(db: Db, vehicleIds: bigint[], days: string[]) {
  if (vehicleIds.length === 0) return [];
  return db
    .select({
      vehicleId: dailyVehicleStats.vehicleId,
      day: dailyVehicleStats.day,
      firstIgnitionAt: min(dailyVehicleStats.firstIgnitionAt),
      lastIgnitionAt: max(dailyVehicleStats.lastIgnitionAt),
    })
    .from(dailyVehicleStats)
    .where(
      and(
        inArray(dailyVehicleStats.vehicleId, vehicleIds),
        inArray(dailyVehicleStats.day, days),
        isNotNull(dailyVehicleStats.firstIgnitionAt),
      ),
    )
    .groupBy(dailyVehicleStats.vehicleId, dailyVehicleStats.day);
}

/** Active, live staff without a mark on `day` who existed before `dayEnd` (the day close's candidates). */
export async function unmarkedStaff(db: Db, day: string, dayEnd: Date) {
  return db
    .select({
      staffId: staff.id,
      createdAt: staff.createdAt,
      organisationId: staff.organisationId,
      wardId: staff.wardId,
      circleId: staff.circleId,
    })
    .from(staff)
    .leftJoin(attendance, and(eq(attendance.staffId, staff.id), eq(attendance.day, day)))
    .where(
      and(
        eq(staff.deleted, false),
        eq(staff.active, true),
        lt(staff.createdAt, dayEnd),
        isNull(attendance.staffId),
      ),
    );
}
