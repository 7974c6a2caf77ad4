/** SQL of share links and of what a link shows (the shared vehicles with their current device's latest fix). */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListQuery, ShareKind, ShareStatus } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  adminDivisions,
  deviceLatest,
  devices,
  groups,
  routes,
  routeVehicles,
  shareLinks,
  users,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type ShareRow = typeof shareLinks.$inferSelect;
export type NewShareRow = typeof shareLinks.$inferInsert;

/** The collection's name: a live route of that id, or a ward (admin division of type WARD). */
const collectionName = sql<string | null>`coalesce(
  (select r.name from routes r
    where ${shareLinks.context} = 'route' and r.id::text = ${shareLinks.collectionId} and not r.deleted),
  (select d.name from admin_divisions d
    where ${shareLinks.context} = 'ward' and d.id::text = ${shareLinks.collectionId} and d.type = 'WARD')
)`;

const columns = {
  share: shareLinks,
  registrationNumber: vehicles.registrationNumber,
  groupName: groups.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  collectionName,
};

export type ShareRecord = {
  share: ShareRow;
  registrationNumber: string | null;
  groupName: string | null;
  creatorFirstName: string;
  creatorLastName: string;
  collectionName: string | null;
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(shareLinks)
    .innerJoin(users, eq(users.id, shareLinks.createdBy))
    .leftJoin(vehicles, eq(vehicles.id, shareLinks.vehicleId))
    .leftJoin(groups, eq(groups.id, shareLinks.groupId));
}

const list: ListDefinition<'createdAt' | 'expiresAt' | 'kind'> = {
  searchable: [shareLinks.label, vehicles.registrationNumber, groups.name],
  sortable: { createdAt: shareLinks.createdAt, expiresAt: shareLinks.expiresAt, kind: shareLinks.kind },
  defaultOrder: [desc(shareLinks.createdAt), desc(shareLinks.id)],
  tieBreaker: shareLinks.id,
};

/** revoked wins over expired; active = neither, at `now`. */
export function statusCondition(status: ShareStatus, now: Date): SQL | undefined {
  if (status === 'revoked') return isNotNull(shareLinks.revokedAt);
  if (status === 'expired') return and(isNull(shareLinks.revokedAt), lte(shareLinks.expiresAt, now));
  return and(isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now));
}

export interface ShareFilter {
  orgIds: OrgIds;
  now: Date;
  /** Only links of these kinds (the kinds the caller may share). */
  kinds: readonly ShareKind[];
  kind?: ShareKind | undefined;
  status?: ShareStatus | undefined;
  vehicleId?: bigint | undefined;
}

export async function listShares(db: Db, filter: ShareFilter, query: ListQuery) {
  const conditions: Array<SQL | undefined> = [
    orgScope(filter.orgIds, shareLinks.organisationId),
    inArray(shareLinks.kind, [...filter.kinds]),
  ];
  if (filter.kind !== undefined) conditions.push(eq(shareLinks.kind, filter.kind));
  if (filter.status !== undefined) conditions.push(statusCondition(filter.status, filter.now));
  if (filter.vehicleId !== undefined) conditions.push(eq(shareLinks.vehicleId, filter.vehicleId));
  return runList(
    planList(list, query),
    and(...conditions),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(shareLinks)
      .leftJoin(vehicles, eq(vehicles.id, shareLinks.vehicleId))
      .leftJoin(groups, eq(groups.id, shareLinks.groupId))
      .$dynamic(),
  ) as Promise<{ items: ShareRecord[]; total: number; page: number; pageSize: number }>;
}

export async function findShare(db: Db, id: bigint, orgIds: OrgIds): Promise<ShareRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(shareLinks.id, id), orgScope(orgIds, shareLinks.organisationId)))
    .limit(1);
  return row;
}

export async function insertShare(db: Db, values: NewShareRow): Promise<bigint> {
  const [row] = await db.insert(shareLinks).values(values).returning({ id: shareLinks.id });
  if (!row) throw new Error('share insert returned no row');
  return row.id;
}

/** Sets the revocation once (a second revoke changes nothing); true when this call revoked it. */
export async function revokeShare(db: Db, id: bigint, by: bigint, at: Date): Promise<boolean> {
  const rows = await db
    .update(shareLinks)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  return rows.length > 0;
}

export async function findShareByTokenHash(db: Db, tokenHash: string): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findShareById(db: Db, id: bigint): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id)).limit(1);
  return row;
}

/** Deletes links that expired (or were revoked) before `before`; returns how many. */
export async function purgeShares(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(shareLinks)
    .where(or(lt(shareLinks.expiresAt, before), lt(shareLinks.revokedAt, before)))
    .returning({ id: shareLinks.id });
  return rows.length;
}

/** What a link shows, resolved to vehicles: exactly one of these. */
export type ShareTarget =
  { vehicleId: bigint } | { groupId: bigint } | { routeId: bigint } | { wardId: bigint };

function targetCondition(target: ShareTarget): SQL {
  if ('vehicleId' in target) return eq(vehicles.id, target.vehicleId);
  if ('groupId' in target) return eq(vehicles.groupId, target.groupId);
  if ('wardId' in target) return eq(vehicles.wardId, target.wardId);
  return sql`exists (select 1 from ${routeVehicles} where ${routeVehicles.routeId} = ${target.routeId}
    and ${routeVehicles.vehicleId} = ${vehicles.id})`;
}

/**
 * The live vehicles a link shows (only of the link's organisation, whatever the target says), each with its current
 * device's latest state (null: no device, or nothing heard yet).
 */
export async function sharedVehicles(db: Db, organisationId: bigint, target: ShareTarget) {
  return db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      kind: vehicles.kind,
      latest: deviceLatest,
    })
    .from(vehicles)
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
    .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
    .where(
      and(eq(vehicles.organisationId, organisationId), eq(vehicles.deleted, false), targetCondition(target)),
    )
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id));
}
export type SharedVehicleRow = Awaited<ReturnType<typeof sharedVehicles>>[number];

export async function findLiveGroup(db: Db, id: bigint, organisationId: bigint) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.organisationId, organisationId), eq(groups.deleted, false)))
    .limit(1);
  return row;
}

export async function findLiveRoute(db: Db, id: bigint, organisationId: bigint) {
  const [row] = await db
    .select()
    .from(routes)
    .where(and(eq(routes.id, id), eq(routes.organisationId, organisationId), eq(routes.deleted, false)))
    .limit(1);
  return row;
}

export async function findWard(db: Db, id: bigint, organisationId: bigint) {
  const [row] = await db
    .select()
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

/** For creation: the owning organisation of a vehicle / group / route / ward in the caller's scope. */
export async function vehicleInScope(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: vehicles.id, organisationId: vehicles.organisationId })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .limit(1);
  return row;
}

export async function groupInScope(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: groups.id, organisationId: groups.organisationId })
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.deleted, false), orgScope(orgIds, groups.organisationId)))
    .limit(1);
  return row;
}

export async function routeInScope(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: routes.id, organisationId: routes.organisationId })
    .from(routes)
    .where(and(eq(routes.id, id), eq(routes.deleted, false), orgScope(orgIds, routes.organisationId)))
    .limit(1);
  return row;
}

export async function wardInScope(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await db
    .select({ id: adminDivisions.id, organisationId: adminDivisions.organisationId })
    .from(adminDivisions)
    .where(
      and(
        eq(adminDivisions.id, id),
        eq(adminDivisions.type, 'WARD'),
        orgScope(orgIds, adminDivisions.organisationId),
      ),
    )
    .limit(1);
  return row;
}
