/** SQL of report schedules: the paged list, lookups, the atomic claim of a due run, and recipients. */
import { and, asc, eq, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@civicfleet/shared';
import type { Db } from '../../../db/client.ts';
import {
  containsPattern,
  countSelection,
  planList,
  runList,
  type ListDefinition,
} from '../../../db/list-query.ts';
import { organisations, reportExports, reportSchedules, users, vehicles } from '../../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../../organisation/scope.ts';

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type NewScheduleRow = typeof reportSchedules.$inferInsert;

const columns = {
  schedule: reportSchedules,
  organisationName: organisations.tradeName,
  createdByName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
};

const list: ListDefinition<'name' | 'reportId' | 'nextRunAt' | 'lastRunAt' | 'createdAt'> = {
  searchable: [reportSchedules.name, reportSchedules.reportId],
  sortable: {
    name: reportSchedules.name,
    reportId: reportSchedules.reportId,
    nextRunAt: reportSchedules.nextRunAt,
    lastRunAt: reportSchedules.lastRunAt,
    createdAt: reportSchedules.createdAt,
  },
  defaultOrder: [asc(reportSchedules.nextRunAt)],
  tieBreaker: reportSchedules.id,
};

const selectFrom = (db: Db) =>
  db
    .select(columns)
    .from(reportSchedules)
    .innerJoin(organisations, eq(organisations.id, reportSchedules.organisationId))
    .innerJoin(users, eq(users.id, reportSchedules.createdBy));

export type ScheduleRecord = {
  schedule: ScheduleRow;
  organisationName: string;
  createdByName: string;
};

export async function listSchedules(
  db: Db,
  filter: { orgIds: OrgIds; organisationId?: bigint | undefined; reportId?: string | undefined },
  query: ListQuery,
) {
  const conditions: Array<SQL | undefined> = [
    eq(reportSchedules.deleted, false),
    orgScope(filter.orgIds, reportSchedules.organisationId),
  ];
  if (filter.organisationId !== undefined)
    conditions.push(eq(reportSchedules.organisationId, filter.organisationId));
  if (filter.reportId !== undefined) conditions.push(eq(reportSchedules.reportId, filter.reportId));
  return runList(
    planList(list, query),
    and(...conditions),
    selectFrom(db).$dynamic(),
    db.select(countSelection()).from(reportSchedules).$dynamic(),
  );
}

export async function findSchedule(db: Db, id: bigint, orgIds: OrgIds): Promise<ScheduleRecord | undefined> {
  const [row] = await selectFrom(db)
    .where(
      and(
        eq(reportSchedules.id, id),
        eq(reportSchedules.deleted, false),
        orgScope(orgIds, reportSchedules.organisationId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSchedule(db: Db, values: NewScheduleRow): Promise<bigint> {
  const [row] = await db.insert(reportSchedules).values(values).returning({ id: reportSchedules.id });
  if (!row) throw new Error('report schedule insert returned no row');
  return row.id;
}

export async function updateSchedule(db: Db, id: bigint, values: Partial<NewScheduleRow>): Promise<void> {
  await db
    .update(reportSchedules)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(reportSchedules.id, id));
}

/** Enabled schedules due at `now` (the worker then claims each one). */
export async function listDueSchedules(db: Db, now: Date, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(
      and(
        eq(reportSchedules.enabled, true),
        eq(reportSchedules.deleted, false),
        lte(reportSchedules.nextRunAt, now),
      ),
    )
    .orderBy(asc(reportSchedules.nextRunAt), asc(reportSchedules.id))
    .limit(limit);
}

/**
 * Moves a due schedule on from the run it was seen with to its next run. Only one caller wins (compare-and-set on
 * next_run_at), so two workers never run the same occurrence twice. Returns whether this caller won.
 */
export async function claimScheduleRun(
  db: Db,
  id: bigint,
  seenNextRunAt: Date,
  nextRunAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(reportSchedules)
    .set({ nextRunAt })
    .where(
      and(
        eq(reportSchedules.id, id),
        eq(reportSchedules.nextRunAt, seenNextRunAt),
        eq(reportSchedules.enabled, true),
        eq(reportSchedules.deleted, false),
      ),
    )
    .returning({ id: reportSchedules.id });
  return rows.length === 1;
}

export async function recordScheduleRun(
  db: Db,
  id: bigint,
  run: { at: Date; status: 'ok' | 'failed'; error: string | null },
): Promise<void> {
  await db
    .update(reportSchedules)
    .set({ lastRunAt: run.at, lastStatus: run.status, lastError: run.error })
    .where(eq(reportSchedules.id, id));
}

export interface RecipientRow {
  id: bigint;
  firstName: string;
  lastName: string;
  email: string | null;
  organisationId: bigint;
}

const recipientColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  organisationId: users.organisationId,
};

/** Enabled, not deleted users among `ids` inside the scope. */
export async function findRecipients(
  db: Db,
  ids: readonly bigint[],
  orgIds: OrgIds,
): Promise<RecipientRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        orgScope(orgIds, users.organisationId),
      ),
    );
}

/** Users with an e-mail in the scope matching `search` (name or e-mail), for the recipient picker. */
export async function searchRecipients(
  db: Db,
  orgIds: OrgIds,
  search: string | undefined,
  limit = 20,
): Promise<RecipientRow[]> {
  const pattern = search ? containsPattern(search) : undefined;
  return db
    .select(recipientColumns)
    .from(users)
    .where(
      and(
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        isNotNull(users.email),
        orgScope(orgIds, users.organisationId),
        pattern === undefined
          ? undefined
          : or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

/** Records a file a schedule made, so it is also downloadable later from the exports list. */
export async function insertScheduledExport(
  db: Db,
  values: {
    organisationId: bigint;
    scheduleId: bigint;
    reportId: string;
    format: string;
    filter: Record<string, unknown>;
    status: 'done' | 'failed';
    rowCount: number | null;
    fileName: string | null;
    storageKey: string | null;
    sizeBytes: number | null;
    error: string | null;
    startedAt: Date;
    finishedAt: Date;
  },
): Promise<void> {
  await db.insert(reportExports).values({ ...values, progress: values.status === 'done' ? 1 : 0 });
}

/** Whether a vehicle exists (not deleted) in one of the organisations: a schedule's filter may name only such. */
export async function isVehicleIn(db: Db, vehicleId: bigint, orgIds: OrgIds): Promise<boolean> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(eq(vehicles.id, vehicleId), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)),
    )
    .limit(1);
  return row !== undefined;
}
