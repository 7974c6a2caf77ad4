/**
 * SQL of the alert desk: desk alerts are `events` rows with a desk_status; their history is `event_actions`.
 * Every read is scoped by organisation (the caller's `orgIds`).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AlertDeskQuery, AlertDeskStatusFilter } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/list-query.ts';
import {
  commands,
  devices,
  eventActions,
  events,
  organisations,
  roles,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

const acknowledger = alias(users, 'desk_ack_user');
const assignee = alias(users, 'desk_assignee');
const closer = alias(users, 'desk_closer');

/** "First Last" of a users table or alias (left-joined: null when there is no user). */
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`;

const columns = {
  event: events,
  vehicleRegistration: vehicles.registrationNumber,
  deviceImei: devices.imei,
  deviceProtocol: devices.protocol,
  organisationName: organisations.tradeName,
  acknowledgedByName: fullName(acknowledger),
  assignedToName: fullName(assignee),
  closedByName: fullName(closer),
};

export type DeskAlertRecord = {
  event: typeof events.$inferSelect;
  vehicleRegistration: string | null;
  deviceImei: string;
  deviceProtocol: string | null;
  organisationName: string;
  acknowledgedByName: string | null;
  assignedToName: string | null;
  closedByName: string | null;
};

const selectAlerts = (db: Db) =>
  db
    .select(columns)
    .from(events)
    .innerJoin(devices, eq(devices.id, events.deviceId))
    .innerJoin(organisations, eq(organisations.id, events.organisationId))
    .leftJoin(vehicles, eq(vehicles.id, events.vehicleId))
    .leftJoin(acknowledger, eq(acknowledger.id, events.acknowledgedBy))
    .leftJoin(assignee, eq(assignee.id, events.assignedTo))
    .leftJoin(closer, eq(closer.id, events.closedBy));

function statusCondition(status: AlertDeskStatusFilter): SQL | undefined {
  if (status === 'open') return inArray(events.deskStatus, ['new', 'acknowledged']);
  if (status === 'closed') return eq(events.deskStatus, 'closed');
  return isNotNull(events.deskStatus);
}

export async function listDeskAlerts(db: Db, orgIds: OrgIds, query: AlertDeskQuery) {
  const term = query.search?.trim();
  const pattern = term ? containsPattern(term) : undefined;
  const where = and(
    statusCondition(query.status),
    orgScope(orgIds, events.organisationId),
    query.type === undefined ? undefined : eq(events.type, query.type),
    query.vehicleId === undefined ? undefined : eq(events.vehicleId, BigInt(query.vehicleId)),
    query.from === undefined ? undefined : gte(events.startedAt, query.from),
    query.to === undefined ? undefined : lte(events.startedAt, query.to),
    pattern === undefined
      ? undefined
      : or(ilike(vehicles.registrationNumber, pattern), ilike(devices.imei, pattern)),
  );
  const offset = (query.page - 1) * query.pageSize;
  const items: DeskAlertRecord[] = await selectAlerts(db)
    .where(where)
    .orderBy(
      sql`case ${events.deskStatus} when 'new' then 0 when 'acknowledged' then 1 else 2 end`,
      desc(events.startedAt),
      desc(events.id),
    )
    .limit(query.pageSize)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(events)
    .innerJoin(devices, eq(devices.id, events.deviceId))
    .leftJoin(vehicles, eq(vehicles.id, events.vehicleId))
    .where(where);
  return { items, total: Number(total?.n ?? 0) };
}

/** Open desk alerts of the scope by status, whatever the list filters. */
export async function countOpen(db: Db, orgIds: OrgIds): Promise<{ new: number; acknowledged: number }> {
  const found = await db
    .select({ status: events.deskStatus, n: count() })
    .from(events)
    .where(and(inArray(events.deskStatus, ['new', 'acknowledged']), orgScope(orgIds, events.organisationId)))
    .groupBy(events.deskStatus);
  const of = (status: string) => Number(found.find((r) => r.status === status)?.n ?? 0);
  return { new: of('new'), acknowledged: of('acknowledged') };
}

export async function findDeskAlert(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<DeskAlertRecord | undefined> {
  const [row] = await selectAlerts(db)
    .where(and(eq(events.id, id), isNotNull(events.deskStatus), orgScope(orgIds, events.organisationId)))
    .limit(1);
  return row;
}

/** Locks the alert's row for a state change (two operators acting at once: the second sees the first's result). */
export async function lockDeskAlert(
  tx: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<typeof events.$inferSelect | undefined> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), isNotNull(events.deskStatus), orgScope(orgIds, events.organisationId)))
    .for('update')
    .limit(1);
  return row;
}

export type DeskStateChange = Partial<
  Pick<
    typeof events.$inferInsert,
    | 'deskStatus'
    | 'acknowledgedBy'
    | 'acknowledgedAt'
    | 'assignedTo'
    | 'assignedAt'
    | 'closedBy'
    | 'closedAt'
    | 'resolution'
  >
>;

export async function updateDeskState(tx: Db, id: bigint, change: DeskStateChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await tx.update(events).set(change).where(eq(events.id, id));
}

export type NewEventAction = typeof eventActions.$inferInsert;

export async function insertAction(tx: Db, row: NewEventAction): Promise<void> {
  await tx.insert(eventActions).values(row);
}

const actor = alias(users, 'desk_actor');
const actionAssignee = alias(users, 'desk_action_assignee');

export async function listTimeline(db: Db, eventId: bigint) {
  return db
    .select({
      id: eventActions.id,
      action: eventActions.action,
      userId: eventActions.userId,
      userName: fullName(actor),
      assigneeId: eventActions.assigneeId,
      assigneeName: fullName(actionAssignee),
      note: eventActions.note,
      at: eventActions.createdAt,
    })
    .from(eventActions)
    .leftJoin(actor, eq(actor.id, eventActions.userId))
    .leftJoin(actionAssignee, eq(actionAssignee.id, eventActions.assigneeId))
    .where(eq(eventActions.eventId, eventId))
    .orderBy(asc(eventActions.createdAt), asc(eventActions.id));
}

/** Enabled, live users of the scope: who an alert may be assigned to. */
export async function listAssignees(db: Db, orgIds: OrgIds, search: string | undefined, limit: number) {
  const pattern = search ? containsPattern(search) : undefined;
  return db
    .select({
      id: users.id,
      name: fullName(users),
      organisationName: organisations.tradeName,
      roleName: roles.name,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        orgScope(orgIds, users.organisationId),
        pattern === undefined
          ? undefined
          : or(ilike(fullName(users), pattern), ilike(users.email, pattern), ilike(users.phone, pattern)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}

export async function findAssignee(
  db: Db,
  userId: bigint,
  orgIds: OrgIds,
): Promise<{ id: bigint; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: fullName(users) })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.deleted, false),
        eq(users.isEnabled, true),
        orgScope(orgIds, users.organisationId),
      ),
    )
    .limit(1);
  return row;
}

// -------------------------------------------------------------------------------------------------- emergency off

export type CommandRow = typeof commands.$inferSelect;

/** Queues a device command (the command module's table; the gateway holding the device delivers it). */
export async function insertCommand(
  tx: Db,
  values: Pick<
    typeof commands.$inferInsert,
    'deviceId' | 'organisationId' | 'createdBy' | 'type' | 'text' | 'createdAt' | 'expiresAt'
  >,
): Promise<CommandRow> {
  const [row] = await tx
    .insert(commands)
    .values({ ...values, status: 'queued' })
    .returning();
  if (!row) throw new Error('command insert returned no row');
  return row;
}

export async function findDeviceOrganisation(db: Db, deviceId: bigint): Promise<bigint | undefined> {
  const [row] = await db
    .select({ organisationId: devices.organisationId })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return row?.organisationId;
}

// ------------------------------------------------------------------------------------------------------ escalation

export async function findDeskAlertsByIds(db: Db, ids: readonly bigint[]): Promise<DeskAlertRecord[]> {
  if (ids.length === 0) return [];
  return selectAlerts(db)
    .where(inArray(events.id, [...ids]))
    .orderBy(asc(events.startedAt), asc(events.id));
}
