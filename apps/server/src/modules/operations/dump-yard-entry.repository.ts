/** SQL of dump-yard entries (operator / weighbridge). Deleted entries are never listed, found or counted. */
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { DISPOSAL_GEOFENCE_KINDS, type ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { dumpYardEntries, geofences, users, vehicles } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';
import { GPS_TOLERANCE_MS } from './dump-mismatch.ts';

export type NewDumpYardEntry = typeof dumpYardEntries.$inferInsert;

/** A GPS visit of the entry's vehicle to the entry's fence overlapping entered_at ± 15 min (dump-mismatch.ts). */
const gpsConfirmed = sql<boolean>`exists (
  select 1 from geofence_visits v
   where v.vehicle_id = ${dumpYardEntries.vehicleId} and v.geofence_id = ${dumpYardEntries.geofenceId}
     and v.entered_at <= ${dumpYardEntries.enteredAt} + make_interval(secs => ${GPS_TOLERANCE_MS / 1000})
     and coalesce(v.exited_at, now()) >= ${dumpYardEntries.enteredAt} - make_interval(secs => ${GPS_TOLERANCE_MS / 1000}))`;

const columns = {
  entry: dumpYardEntries,
  registrationNumber: vehicles.registrationNumber,
  geofenceName: geofences.name,
  geofenceKind: geofences.kind,
  recordedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  gpsConfirmed,
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(dumpYardEntries)
    .innerJoin(vehicles, eq(vehicles.id, dumpYardEntries.vehicleId))
    .innerJoin(geofences, eq(geofences.id, dumpYardEntries.geofenceId))
    .leftJoin(users, eq(users.id, dumpYardEntries.recordedBy));

const list: ListDefinition<'enteredAt' | 'vehicle' | 'geofence' | 'grossKg' | 'createdAt'> = {
  searchable: [vehicles.registrationNumber, geofences.name, dumpYardEntries.ticketNo],
  sortable: {
    enteredAt: dumpYardEntries.enteredAt,
    vehicle: vehicles.registrationNumber,
    geofence: geofences.name,
    grossKg: dumpYardEntries.grossKg,
    createdAt: dumpYardEntries.createdAt,
  },
  defaultOrder: [desc(dumpYardEntries.enteredAt)],
  tieBreaker: dumpYardEntries.id,
};

export interface EntryFilter {
  orgIds: OrgIds;
  from?: Date | undefined;
  to?: Date | undefined;
  vehicleId?: bigint | undefined;
  geofenceId?: bigint | undefined;
}

function where(filter: EntryFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(dumpYardEntries.deleted, false),
    orgScope(filter.orgIds, dumpYardEntries.organisationId),
  ];
  if (filter.from) conditions.push(gte(dumpYardEntries.enteredAt, filter.from));
  if (filter.to) conditions.push(lt(dumpYardEntries.enteredAt, filter.to));
  if (filter.vehicleId !== undefined) conditions.push(eq(dumpYardEntries.vehicleId, filter.vehicleId));
  if (filter.geofenceId !== undefined) conditions.push(eq(dumpYardEntries.geofenceId, filter.geofenceId));
  return and(...conditions);
}

export async function listEntries(db: Db, filter: EntryFilter, query: ListQuery) {
  return runList(
    planList(list, query),
    where(filter),
    joined(db).$dynamic(),
    db
      .select(countSelection())
      .from(dumpYardEntries)
      .innerJoin(vehicles, eq(vehicles.id, dumpYardEntries.vehicleId))
      .innerJoin(geofences, eq(geofences.id, dumpYardEntries.geofenceId))
      .$dynamic(),
  );
}

export type EntryRecord = Awaited<ReturnType<typeof listEntries>>['items'][number];

/** Every entry of the filter, oldest first (dump mismatch). */
export async function entriesInRange(db: Db, filter: EntryFilter): Promise<EntryRecord[]> {
  return joined(db).where(where(filter)).orderBy(asc(dumpYardEntries.enteredAt), asc(dumpYardEntries.id));
}

export async function findEntry(db: Db, id: bigint, orgIds: OrgIds): Promise<EntryRecord | undefined> {
  const [row] = await joined(db)
    .where(and(eq(dumpYardEntries.id, id), where({ orgIds })))
    .limit(1);
  return row;
}

export async function insertEntry(db: Db, values: NewDumpYardEntry): Promise<bigint> {
  const [row] = await db.insert(dumpYardEntries).values(values).returning({ id: dumpYardEntries.id });
  if (!row) throw new Error('dump-yard entry insert returned no row');
  return row.id;
}

export async function softDeleteEntry(db: Db, id: bigint): Promise<void> {
  await db.update(dumpYardEntries).set({ deleted: true }).where(eq(dumpYardEntries.id, id));
}

/** A live dump yard / transfer station visible in the scope. */
export async function findDisposalFence(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<{ id: bigint; organisationId: bigint } | undefined> {
  const [row] = await db
    .select({ id: geofences.id, organisationId: geofences.organisationId })
    .from(geofences)
    .where(
      and(
        eq(geofences.id, id),
        eq(geofences.deleted, false),
        inArray(geofences.kind, [...DISPOSAL_GEOFENCE_KINDS]),
        orgScope(orgIds, geofences.organisationId),
      ),
    )
    .limit(1);
  return row;
}

/** A live vehicle visible in the scope. */
export async function findScopedVehicle(
  db: Db,
  id: bigint,
  orgIds: OrgIds,
): Promise<{ id: bigint; organisationId: bigint; registrationNumber: string } | undefined> {
  const [row] = await db
    .select({
      id: vehicles.id,
      organisationId: vehicles.organisationId,
      registrationNumber: vehicles.registrationNumber,
    })
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.deleted, false), orgScope(orgIds, vehicles.organisationId)))
    .limit(1);
  return row;
}
