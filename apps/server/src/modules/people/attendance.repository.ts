/**
 * SQL of attendance: the day board (every active person of the scope with their mark or none), the per-ward/circle
 * summary, and the marks the supervisor and the worker write. One row per person per local day (primary key).
 */
import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AttendanceFilter, ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { adminDivisions, attendance, staff, users, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewMark = typeof attendance.$inferInsert;

const markWard = alias(adminDivisions, 'mark_ward');
const markCircle = alias(adminDivisions, 'mark_circle');
const wardIdOf = sql<bigint | null>`coalesce(${attendance.wardId}, ${staff.wardId})`;
const circleIdOf = sql<bigint | null>`coalesce(${attendance.circleId}, ${staff.circleId})`;
const userName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const boardColumns = {
  staff,
  mark: attendance,
  wardName: markWard.name,
  circleName: markCircle.name,
  registrationNumber: vehicles.registrationNumber,
  markedByName: userName,
};

const markOfDay = (day: string) => and(eq(attendance.staffId, staff.id), eq(attendance.day, day));

/** FROM staff ⟕ attendance of the day ⟕ divisions, vehicle, marker. */
const boardRows = (db: Db, day: string) =>
  db
    .select(boardColumns)
    .from(staff)
    .leftJoin(attendance, markOfDay(day))
    .leftJoin(markWard, sql`${markWard.id} = ${wardIdOf}`)
    .leftJoin(markCircle, sql`${markCircle.id} = ${circleIdOf}`)
    .leftJoin(vehicles, eq(vehicles.id, attendance.vehicleId))
    .leftJoin(users, eq(users.id, attendance.markedBy));

/** The same FROM for counts (the divisions are needed by the search and the filters). */
const boardCounted = <T extends Parameters<Db['select']>[0]>(db: Db, day: string, selection: T) =>
  db
    .select(selection as NonNullable<T>)
    .from(staff)
    .leftJoin(attendance, markOfDay(day))
    .leftJoin(markWard, sql`${markWard.id} = ${wardIdOf}`)
    .leftJoin(markCircle, sql`${markCircle.id} = ${circleIdOf}`);

const list: ListDefinition<'name' | 'role' | 'status' | 'ward' | 'circle' | 'dutyStartAt'> = {
  searchable: [staff.name, staff.phone, staff.tagId],
  sortable: {
    name: staff.name,
    role: staff.role,
    status: attendance.status,
    ward: markWard.name,
    circle: markCircle.name,
    dutyStartAt: attendance.dutyStartAt,
  },
  defaultOrder: [asc(staff.name)],
  tieBreaker: staff.id,
};

export interface BoardFilter {
  orgIds: OrgIds;
  day: string;
  organisationId?: bigint | undefined;
  zoneId?: bigint | undefined;
  circleId?: bigint | undefined;
  wardId?: bigint | undefined;
  role?: string | undefined;
}

/** Everyone on the board: live staff who are active, or who have a mark that day (kept when made inactive). */
function boardWhere(filter: BoardFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(staff.deleted, false),
    or(eq(staff.active, true), sql`${attendance.staffId} is not null`),
    orgScope(filter.orgIds, staff.organisationId),
  ];
  if (filter.organisationId !== undefined) conditions.push(eq(staff.organisationId, filter.organisationId));
  if (filter.wardId !== undefined) conditions.push(sql`${wardIdOf} = ${filter.wardId}`);
  if (filter.circleId !== undefined) conditions.push(sql`${circleIdOf} = ${filter.circleId}`);
  if (filter.zoneId !== undefined) conditions.push(eq(staff.zoneId, filter.zoneId));
  if (filter.role !== undefined) conditions.push(eq(staff.role, filter.role as never));
  return and(...conditions);
}

function statusWhere(status: AttendanceFilter | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'NOT_MARKED') return isNull(attendance.staffId);
  return eq(attendance.status, status);
}

export async function attendanceBoard(
  db: Db,
  filter: BoardFilter,
  status: AttendanceFilter | undefined,
  query: ListQuery,
) {
  const base = boardWhere(filter);
  const page = await runList(
    planList(list, query),
    and(base, statusWhere(status)),
    boardRows(db, filter.day).$dynamic(),
    boardCounted(db, filter.day, countSelection()).$dynamic(),
  );
  const plan = planList(list, { ...query, sortBy: undefined });
  const [counts] = await boardCounted(db, filter.day, {
    present: sql<number>`count(*) filter (where ${attendance.status} = 'PRESENT')`.mapWith(Number),
    absent: sql<number>`count(*) filter (where ${attendance.status} = 'ABSENT')`.mapWith(Number),
    notMarked: sql<number>`count(*) filter (where ${attendance.staffId} is null)`.mapWith(Number),
  }).where(and(base, plan.search));
  return { page, counts: counts ?? { present: 0, absent: 0, notMarked: 0 } };
}

export type BoardRecord = Awaited<ReturnType<typeof attendanceBoard>>['page']['items'][number];

/** PRESENT/ABSENT marks per day and ward (or circle) of the mark, for [from, to] days. */
export async function attendanceSummary(
  db: Db,
  filter: { orgIds: OrgIds; organisationId?: bigint | undefined },
  from: string,
  to: string,
  groupBy: 'ward' | 'circle',
) {
  const key = groupBy === 'ward' ? attendance.wardId : attendance.circleId;
  return db
    .select({
      day: attendance.day,
      key,
      label: adminDivisions.name,
      present: sql<number>`count(*) filter (where ${attendance.status} = 'PRESENT')`.mapWith(Number),
      absent: sql<number>`count(*) filter (where ${attendance.status} = 'ABSENT')`.mapWith(Number),
    })
    .from(attendance)
    .innerJoin(staff, and(eq(staff.id, attendance.staffId), eq(staff.deleted, false)))
    .leftJoin(adminDivisions, eq(adminDivisions.id, key))
    .where(
      and(
        gte(attendance.day, from),
        lte(attendance.day, to),
        orgScope(filter.orgIds, attendance.organisationId),
        filter.organisationId === undefined
          ? undefined
          : eq(attendance.organisationId, filter.organisationId),
      ),
    )
    .groupBy(attendance.day, key, adminDivisions.name)
    .orderBy(asc(attendance.day), asc(adminDivisions.name));
}

/** A supervisor's mark: replaces whatever the person had that day (derived or not). */
export async function upsertSupervisorMark(db: Db, values: NewMark): Promise<void> {
  await db
    .insert(attendance)
    .values(values)
    .onConflictDoUpdate({
      target: [attendance.staffId, attendance.day],
      set: {
        status: values.status,
        source: 'supervisor',
        reason: values.reason ?? null,
        wardId: values.wardId ?? null,
        circleId: values.circleId ?? null,
        markedBy: values.markedBy ?? null,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * A derived mark: written where the person has none that day; a derived PRESENT also replaces a 'day-close' ABSENT
 * (attendance-derive.ts canDeriveOver). Never over a supervisor's mark. Returns whether it was written.
 */
export async function insertDerivedMark(db: Db, values: NewMark): Promise<boolean> {
  const insert = db.insert(attendance).values(values);
  const done = await (
    values.status === 'PRESENT'
      ? insert.onConflictDoUpdate({
          target: [attendance.staffId, attendance.day],
          set: {
            status: values.status,
            source: values.source,
            reason: null,
            wardId: values.wardId ?? null,
            circleId: values.circleId ?? null,
            vehicleId: values.vehicleId ?? null,
            dutyStartAt: values.dutyStartAt ?? null,
            dutyEndAt: values.dutyEndAt ?? null,
            markedBy: null,
            updatedAt: sql`now()`,
          },
          setWhere: eq(attendance.source, 'day-close'),
        })
      : insert.onConflictDoNothing({ target: [attendance.staffId, attendance.day] })
  ).returning({ staffId: attendance.staffId });
  return done.length > 0;
}

/** Moves the duty end of a derived PRESENT mark (never a supervisor's). */
export async function extendDuty(db: Db, staffId: bigint, day: string, dutyEndAt: Date): Promise<void> {
  await db
    .update(attendance)
    .set({ dutyEndAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(attendance.staffId, staffId),
        eq(attendance.day, day),
        inArray(attendance.source, ['driver-id', 'duty']),
      ),
    );
}

export async function marksOf(db: Db, staffIds: bigint[], days: string[]) {
  if (staffIds.length === 0 || days.length === 0) return [];
  return db
    .select({
      staffId: attendance.staffId,
      day: attendance.day,
      status: attendance.status,
      source: attendance.source,
      vehicleId: attendance.vehicleId,
      dutyEndAt: attendance.dutyEndAt,
    })
    .from(attendance)
    .where(and(inArray(attendance.staffId, staffIds), inArray(attendance.day, days)));
}

/** One person's board row for a day. */
export async function boardRowOf(db: Db, orgIds: OrgIds, day: string, staffId: bigint) {
  const [row] = await boardRows(db, day)
    .where(and(eq(staff.id, staffId), orgScope(orgIds, staff.organisationId)))
    .limit(1);
  return row;
}
