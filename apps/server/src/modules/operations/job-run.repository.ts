/** SQL of job runs (job_runs) and of the job schedules they are evaluated from. */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { JobRunStatusValue } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { driverTagReads, items, jobRuns, jobs, pois, routes, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewJobRun = typeof jobRuns.$inferInsert;

/** Live jobs whose date range touches [fromDay, toDay], with their route (null when none or deleted). */
export async function jobsAround(
  db: Db,
  filter: { orgIds: OrgIds; vehicleId?: bigint | undefined },
  fromDay: string,
  toDay: string,
) {
  const conditions: Array<SQL | undefined> = [
    eq(jobs.deleted, false),
    eq(vehicles.deleted, false),
    orgScope(filter.orgIds, jobs.organisationId),
    lte(jobs.startDate, toDay),
    or(isNull(jobs.endDate), gte(jobs.endDate, fromDay)),
  ];
  if (filter.vehicleId !== undefined) conditions.push(eq(jobs.vehicleId, filter.vehicleId));
  return db
    .select({
      job: jobs,
      registrationNumber: vehicles.registrationNumber,
      route: {
        id: routes.id,
        name: routes.name,
        path: routes.path,
        corridorM: routes.corridorM,
        checkpoints: routes.checkpoints,
      },
    })
    .from(jobs)
    .innerJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .leftJoin(routes, and(eq(routes.id, jobs.routeId), eq(routes.deleted, false)))
    .where(and(...conditions))
    .orderBy(asc(jobs.startTime), asc(jobs.id));
}
export type JobAround = Awaited<ReturnType<typeof jobsAround>>[number];

export async function listJobRuns(
  db: Db,
  filter: {
    orgIds: OrgIds;
    day: string;
    vehicleId?: bigint | undefined;
    status?: JobRunStatusValue | undefined;
  },
) {
  const conditions: Array<SQL | undefined> = [
    eq(jobRuns.day, filter.day),
    eq(jobs.deleted, false),
    orgScope(filter.orgIds, jobRuns.organisationId),
  ];
  if (filter.vehicleId !== undefined) conditions.push(eq(jobRuns.vehicleId, filter.vehicleId));
  if (filter.status !== undefined) conditions.push(eq(jobRuns.status, filter.status));
  return db
    .select({
      run: jobRuns,
      jobName: jobs.name,
      registrationNumber: vehicles.registrationNumber,
      routeName: routes.name,
    })
    .from(jobRuns)
    .innerJoin(jobs, eq(jobs.id, jobRuns.jobId))
    .innerJoin(vehicles, eq(vehicles.id, jobRuns.vehicleId))
    .leftJoin(routes, eq(routes.id, jobRuns.routeId))
    .where(and(...conditions))
    .orderBy(asc(jobRuns.windowStart), asc(vehicles.registrationNumber), asc(jobRuns.jobId));
}
export type JobRunRecord = Awaited<ReturnType<typeof listJobRuns>>[number];

/** Stored runs of these jobs on these days: when each was last evaluated (the job freezes finished windows). */
export async function storedRuns(db: Db, jobIds: bigint[], days: string[]) {
  if (!jobIds.length || !days.length) return [];
  return db
    .select({
      jobId: jobRuns.jobId,
      day: jobRuns.day,
      windowEnd: jobRuns.windowEnd,
      evaluatedAt: jobRuns.evaluatedAt,
    })
    .from(jobRuns)
    .where(and(inArray(jobRuns.jobId, jobIds), inArray(jobRuns.day, days)));
}

export async function upsertJobRun(db: Db, values: NewJobRun): Promise<void> {
  const { jobId: _jobId, day: _day, ...rest } = values;
  await db
    .insert(jobRuns)
    .values(values)
    .onConflictDoUpdate({ target: [jobRuns.jobId, jobRuns.day], set: rest });
}

/** Radius of the route checkpoints' POIs (visit radius) by POI id; deleted POIs count as none. */
export async function poiRadii(db: Db, poiIds: bigint[]): Promise<Map<string, number>> {
  if (!poiIds.length) return new Map();
  const found = await db
    .select({ id: pois.id, radiusM: pois.radiusM })
    .from(pois)
    .where(and(inArray(pois.id, poiIds), eq(pois.deleted, false)));
  return new Map(found.map((p) => [String(p.id), p.radiusM]));
}

/**
 * Reads of the POIs' RFID/QR items by any device while linked to the vehicle in [from, to] (driver_tag_reads keeps
 * the vehicle of the read; the tag matches items.code case-insensitively), by POI id.
 */
export async function poiTagReads(
  db: Db,
  args: { vehicleId: bigint; poiIds: bigint[]; from: Date; to: Date },
): Promise<Map<string, Array<{ t: number; lat: number | null; lon: number | null }>>> {
  const out = new Map<string, Array<{ t: number; lat: number | null; lon: number | null }>>();
  if (!args.poiIds.length) return out;
  const found = await db
    .select({
      poiId: items.poiId,
      readAt: driverTagReads.readAt,
      lat: driverTagReads.lat,
      lon: driverTagReads.lon,
    })
    .from(driverTagReads)
    .innerJoin(
      items,
      and(
        eq(sql`upper(${items.code})`, sql`upper(${driverTagReads.tag})`),
        eq(items.organisationId, driverTagReads.organisationId),
        eq(items.deleted, false),
        inArray(items.poiId, args.poiIds),
      ),
    )
    .where(
      and(
        eq(driverTagReads.vehicleId, args.vehicleId),
        gte(driverTagReads.readAt, args.from),
        lte(driverTagReads.readAt, args.to),
      ),
    );
  for (const r of found) {
    const key = String(r.poiId);
    const list = out.get(key) ?? [];
    list.push({ t: r.readAt.getTime(), lat: r.lat, lon: r.lon });
    out.set(key, list);
  }
  return out;
}
