/** SQL of job schedules. Deleted jobs are never listed or found. */
import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { jobs, routes, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewJob = typeof jobs.$inferInsert;

const columns = { job: jobs, registrationNumber: vehicles.registrationNumber, routeName: routes.name };
const routeJoin = and(eq(routes.id, jobs.routeId), eq(routes.deleted, false));
const joined = (db: Db) =>
  db
    .select(columns)
    .from(jobs)
    .innerJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
    .leftJoin(routes, routeJoin);

const list: ListDefinition<'name' | 'startDate' | 'startTime' | 'vehicle' | 'createdAt'> = {
  searchable: [jobs.name, vehicles.registrationNumber, routes.name],
  sortable: {
    name: jobs.name,
    startDate: jobs.startDate,
    startTime: jobs.startTime,
    vehicle: vehicles.registrationNumber,
    createdAt: jobs.createdAt,
  },
  defaultOrder: [asc(jobs.startDate), asc(jobs.startTime)],
  tieBreaker: jobs.id,
};

export interface JobFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  vehicleId?: bigint | undefined;
  routeId?: bigint | undefined;
}

function where(filter: JobFilter): SQL[] {
  const conditions: Array<SQL | undefined> = [
    eq(jobs.deleted, false),
    orgScope(filter.orgIds, jobs.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(jobs.organisationId, filter.organisationId));
  if (filter.vehicleId !== undefined) conditions.push(eq(jobs.vehicleId, filter.vehicleId));
  if (filter.routeId !== undefined) conditions.push(eq(jobs.routeId, filter.routeId));
  return conditions.filter((c): c is SQL => c !== undefined);
}

export async function listJobs(db: Db, filter: JobFilter, query: ListQuery) {
  return runList(
    planList(list, query),
    and(...where(filter)),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(jobs)
      .innerJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
      .leftJoin(routes, routeJoin)
      .$dynamic(),
  );
}

export type JobRecord = Awaited<ReturnType<typeof listJobs>>['items'][number];

export async function findJob(db: Db, id: bigint, orgIds: OrgIds): Promise<JobRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(jobs.id, id), eq(jobs.deleted, false), orgScope(orgIds, jobs.organisationId)))
    .limit(1);
  return row;
}

/** Jobs whose date range contains `date` (the schedule itself is checked by the caller). */
export async function jobsInRange(db: Db, filter: JobFilter, date: string): Promise<JobRecord[]> {
  return joined(db)
    .where(
      and(...where(filter), lte(jobs.startDate, date), or(isNull(jobs.endDate), gte(jobs.endDate, date))),
    )
    .orderBy(asc(jobs.startTime), asc(vehicles.registrationNumber), asc(jobs.id));
}

export async function insertJob(db: Db, values: NewJob): Promise<bigint> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned no row');
  return row.id;
}

export async function updateJob(db: Db, id: bigint, values: Partial<NewJob>): Promise<void> {
  await db
    .update(jobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(jobs.id, id));
}

export async function isLiveRouteOf(db: Db, organisationId: bigint, id: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: routes.id })
    .from(routes)
    .where(and(eq(routes.id, id), eq(routes.organisationId, organisationId), eq(routes.deleted, false)))
    .limit(1);
  return row !== undefined;
}
