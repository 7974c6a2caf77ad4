/** SQL of the vehicle management writes: registration lookups, divisions, owners, devices and link spans. */
import { and, asc, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  adminDivisions,
  devices,
  groups,
  organisations,
  registrationKey,
  users,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';

export type VehicleValues = Partial<typeof vehicles.$inferInsert>;

/** A live vehicle of `organisationId` with the same normalised registration number (other than `exceptId`). */
export async function findRegistration(
  db: Db,
  organisationId: bigint,
  registrationNumber: string,
  exceptId?: bigint,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.organisationId, organisationId),
        eq(vehicles.deleted, false),
        sql`${registrationKey(vehicles.registrationNumber)} = ${registrationNumber}`,
        exceptId === undefined ? undefined : ne(vehicles.id, exceptId),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function updateVehicle(db: Db, id: bigint, values: VehicleValues): Promise<void> {
  await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(vehicles.id, id));
}

/** Soft delete: the row stays for history (positions, reports); its open device link ends at `at`. */
export async function softDeleteVehicle(db: Db, id: bigint, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(vehicles).set({ deleted: true, updatedAt: at }).where(eq(vehicles.id, id));
    await tx
      .update(vehicleDeviceLinks)
      .set({ unlinkedAt: at })
      .where(and(eq(vehicleDeviceLinks.vehicleId, id), isNull(vehicleDeviceLinks.unlinkedAt)));
  });
}

export async function findDivisions(db: Db, ids: bigint[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: adminDivisions.id,
      organisationId: adminDivisions.organisationId,
      type: adminDivisions.type,
      parentId: adminDivisions.parentId,
    })
    .from(adminDivisions)
    .where(inArray(adminDivisions.id, ids));
}

/** A live (not soft-deleted) group, with its organisation. */
export async function findGroup(db: Db, id: bigint) {
  const [row] = await db
    .select({ id: groups.id, organisationId: groups.organisationId })
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.deleted, false)))
    .limit(1);
  return row;
}

/** The kind of a live organisation (vehicle contractor check). */
export async function findOrganisationKind(db: Db, id: bigint): Promise<string | undefined> {
  const [row] = await db
    .select({ kind: organisations.kind })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return row?.kind;
}

export async function findUser(db: Db, id: bigint) {
  const [row] = await db
    .select({
      id: users.id,
      organisationId: users.organisationId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, false)))
    .limit(1);
  return row;
}

export async function findDevice(db: Db, id: bigint) {
  const [row] = await db
    .select({ id: devices.id, imei: devices.imei, organisationId: devices.organisationId })
    .from(devices)
    .where(and(eq(devices.id, id), eq(devices.deleted, false)))
    .limit(1);
  return row;
}

/** Ends the vehicle's open link at `at`; returns the device that was on it (undefined: none). */
export async function unlinkVehicle(db: Db, vehicleId: bigint, at: Date): Promise<bigint | undefined> {
  const [row] = await db
    .update(vehicleDeviceLinks)
    .set({ unlinkedAt: at })
    .where(and(eq(vehicleDeviceLinks.vehicleId, vehicleId), isNull(vehicleDeviceLinks.unlinkedAt)))
    .returning({ deviceId: vehicleDeviceLinks.deviceId });
  return row?.deviceId;
}

/** Live devices of the organisation without an open link: what the link dialog offers. */
export async function linkableDevices(db: Db, organisationId: bigint) {
  return db
    .select({ id: devices.id, imei: devices.imei, model: devices.model })
    .from(devices)
    .where(
      and(
        eq(devices.organisationId, organisationId),
        eq(devices.deleted, false),
        notExists(
          db
            .select({ one: sql`1` })
            .from(vehicleDeviceLinks)
            .where(and(eq(vehicleDeviceLinks.deviceId, devices.id), isNull(vehicleDeviceLinks.unlinkedAt))),
        ),
      ),
    )
    .orderBy(asc(devices.imei))
    .limit(1000);
}
