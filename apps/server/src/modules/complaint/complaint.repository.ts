/**
 * SQL of complaints: the rows with their names (organisation, ward, assigned staff, users), the timeline, the wards
 * a location falls in and the staff a complaint may be assigned to. Every read of a complaint is scoped by the
 * caller's organisations. The GPS evidence's SQL is complaint-evidence.repository.ts.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ComplaintListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  adminDivisions,
  complaintEvents,
  complaints,
  organisations,
  staff,
  users,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaint = typeof complaints.$inferInsert;

const wards = alias(adminDivisions, 'complaint_ward');
const resolver = alias(users, 'complaint_resolver');
const creator = alias(users, 'complaint_creator');

/** "First Last" of a users table or alias (left-joined: null when there is no user). */
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`trim(${u.firstName} || ' ' || ${u.lastName})`;

const columns = {
  complaint: complaints,
  organisationName: organisations.tradeName,
  wardName: wards.name,
  staffName: staff.name,
  resolvedByName: fullName(resolver),
  createdByName: fullName(creator),
};

export type ComplaintRecord = {
  complaint: ComplaintRow;
  organisationName: string;
  wardName: string | null;
  staffName: string | null;
  resolvedByName: string | null;
  createdByName: string | null;
};

type SortKey = 'createdAt' | 'dueAt' | 'status' | 'category' | 'resolvedAt';

const list: ListDefinition<SortKey> = {
  searchable: [
    complaints.description,
    complaints.address,
    complaints.citizenName,
    complaints.citizenPhone,
    sql`${complaints.id}::text`,
    wards.name,
  ],
  sortable: {
    createdAt: complaints.createdAt,
    dueAt: complaints.dueAt,
    status: complaints.status,
    category: complaints.category,
    resolvedAt: complaints.resolvedAt,
  },
  defaultOrder: [desc(complaints.createdAt)],
  tieBreaker: complaints.id,
};

const selectComplaints = (db: Db) =>
  db
    .select(columns)
    .from(complaints)
    .innerJoin(organisations, eq(organisations.id, complaints.organisationId))
    .leftJoin(wards, eq(wards.id, complaints.wardId))
    .leftJoin(staff, eq(staff.id, complaints.assignedStaffId))
    .leftJoin(resolver, eq(resolver.id, complaints.resolvedBy))
    .leftJoin(creator, eq(creator.id, complaints.createdBy));

/** The count joins only what the search may touch (the ward name). */
const countComplaints = (db: Db) =>
  db.select(countSelection()).from(complaints).leftJoin(wards, eq(wards.id, complaints.wardId));

/** Not resolved and past due at `now`. */
export const overdueCondition = (now: Date): SQL =>
  and(ne(complaints.status, 'resolved'), lt(complaints.dueAt, now)) as SQL;

export async function listComplaints(db: Db, orgIds: OrgIds, query: ComplaintListQuery, now: Date) {
  const conditions: Array<SQL | undefined> = [orgScope(orgIds, complaints.organisationId)];
  if (query.status === 'unresolved') conditions.push(ne(complaints.status, 'resolved'));
  else if (query.status !== undefined) conditions.push(eq(complaints.status, query.status));
  if (query.category !== undefined) conditions.push(eq(complaints.category, query.category));
  if (query.wardId !== undefined) conditions.push(eq(complaints.wardId, BigInt(query.wardId)));
  if (query.overdue === true) conditions.push(overdueCondition(now));
  if (query.overdue === false)
    conditions.push(or(eq(complaints.status, 'resolved'), gte(complaints.dueAt, now)));
  if (query.from !== undefined) conditions.push(gte(complaints.createdAt, query.from));
  if (query.to !== undefined) conditions.push(lte(complaints.createdAt, query.to));
  return runList(
    planList(list, query),
    and(...conditions),
    selectComplaints(db).$dynamic(),
    countComplaints(db).$dynamic(),
  );
}

export async function findComplaint(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<ComplaintRecord | undefined> {
  const [row] = await selectComplaints(db)
    .where(and(eq(complaints.id, id), orgScope(orgIds, complaints.organisationId)))
    .limit(1);
  return row;
}

/** Locks the complaint's row for a step (two people acting at once: the second sees the first's result). */
export async function lockComplaint(tx: Db, id: bigint, orgIds: OrgIds): Promise<ComplaintRow | undefined> {
  const [row] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, id), orgScope(orgIds, complaints.organisationId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertComplaint(tx: Db, values: NewComplaint): Promise<bigint> {
  const [row] = await tx.insert(complaints).values(values).returning({ id: complaints.id });
  if (!row) throw new Error('complaint insert returned no row');
  return row.id;
}

export type ComplaintChange = Partial<
  Omit<NewComplaint, 'id' | 'organisationId' | 'createdAt' | 'createdBy'>
>;

export async function updateComplaint(tx: Db, id: bigint, change: ComplaintChange, now: Date): Promise<void> {
  await tx
    .update(complaints)
    .set({ ...change, updatedAt: now })
    .where(eq(complaints.id, id));
}

export type NewComplaintEvent = typeof complaintEvents.$inferInsert;

export async function insertEvent(tx: Db, values: NewComplaintEvent): Promise<void> {
  await tx.insert(complaintEvents).values(values);
}

const actor = alias(users, 'complaint_event_user');

export async function listTimeline(db: Db, complaintId: bigint) {
  return db
    .select({
      id: complaintEvents.id,
      action: complaintEvents.action,
      at: complaintEvents.at,
      userId: complaintEvents.userId,
      userName: fullName(actor),
      note: complaintEvents.note,
      attrs: complaintEvents.attrs,
    })
    .from(complaintEvents)
    .leftJoin(actor, eq(actor.id, complaintEvents.userId))
    .where(eq(complaintEvents.complaintId, complaintId))
    .orderBy(asc(complaintEvents.at), asc(complaintEvents.id));
}

export type TimelineRow = Awaited<ReturnType<typeof listTimeline>>[number];

/** The wards (with a geometry) of an organisation, for the point-in-polygon ward detection. */
export async function listWardShapes(db: Db, organisationId: bigint) {
  return db
    .select({ id: adminDivisions.id, name: adminDivisions.name, geometry: adminDivisions.geometry })
    .from(adminDivisions)
    .where(
      and(
        eq(adminDivisions.organisationId, organisationId),
        eq(adminDivisions.type, 'WARD'),
        isNotNull(adminDivisions.geometry),
      ),
    )
    .orderBy(asc(adminDivisions.id));
}

export async function findWard(
  db: Db,
  id: bigint,
  organisationId: bigint,
): Promise<{ id: bigint } | undefined> {
  const [row] = await db
    .select({ id: adminDivisions.id })
    .from(adminDivisions)
    .where(
      and(
        eq(adminDivisions.id, id),
        eq(adminDivisions.organisationId, organisationId),
        eq(adminDivisions.type, 'WARD'),
      ),
    )
    .limit(1);
  return row;
}

/** An active, not deleted staff member of the organisation. */
export async function findActiveStaff(
  db: Db,
  id: bigint,
  organisationId: bigint,
): Promise<{ id: bigint; name: string } | undefined> {
  const [row] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(
      and(
        eq(staff.id, id),
        eq(staff.organisationId, organisationId),
        eq(staff.active, true),
        eq(staff.deleted, false),
      ),
    )
    .limit(1);
  return row;
}

/** The organisation, if it is in the scope and not deleted. */
export async function findOrganisation(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<{ id: bigint } | undefined> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        eq(organisations.id, id),
        eq(organisations.deleted, false),
        orgIds === 'all' ? undefined : inArray(organisations.id, orgIds),
      ),
    )
    .limit(1);
  return row;
}
