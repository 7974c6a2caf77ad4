/**
 * SQL of fitments (and of the lookups the fitment save needs). Soft-deleted fitments are never listed or found.
 * A fitment is visible when its organisation (the vendor that fitted it) is in the caller's scope.
 */
import { and, asc, desc, eq, gte, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FitmentSortField, ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { countSelection, planList, runList, type ListDefinition } from '../../db/list-query.ts';
import {
  activationPlans,
  devices,
  fitments,
  organisations,
  registrationKey,
  roles,
  users,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

export type NewFitment = typeof fitments.$inferInsert;
export type FitmentValues = Partial<NewFitment>;

export const customers = alias(users, 'customer');
const fitters = alias(users, 'fitter');

const columns = {
  fitment: fitments,
  organisation: { id: organisations.id, name: organisations.tradeName },
  vehicle: {
    id: vehicles.id,
    registrationNumber: vehicles.registrationNumber,
    category: vehicles.category,
    engineNo: vehicles.engineNo,
    chassisNo: vehicles.chassisNo,
    regDate: vehicles.regDate,
    rto: vehicles.rto,
    rtoCode: vehicles.rtoCode,
    make: vehicles.make,
    model: vehicles.model,
    rcImages: vehicles.rcImages,
    isTrackingActivated: vehicles.isTrackingActivated,
    organisationId: vehicles.organisationId,
  },
  device: {
    id: devices.id,
    imei: devices.imei,
    panicButtonCount: devices.panicButtonCount,
    model: devices.model,
  },
  customer: {
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phone: customers.phone,
    address: customers.address,
    kycDocs: customers.kycDocs,
  },
  fitter: {
    id: fitters.id,
    firstName: fitters.firstName,
    lastName: fitters.lastName,
    email: fitters.email,
    phone: fitters.phone,
  },
};

export interface FitmentFilter {
  orgIds: OrgIds;
  id?: bigint | undefined;
  activationStatus?: 'PENDING' | 'APPROVED' | undefined;
  organisationId?: bigint | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** Substring of the IMEI (activation inventory). */
  imei?: string | undefined;
}

export function fitmentWhere(filter: FitmentFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(fitments.deleted, false),
    orgScope(filter.orgIds, fitments.organisationId),
  ];
  if (filter.id !== undefined) conditions.push(eq(fitments.id, filter.id));
  if (filter.activationStatus) conditions.push(eq(fitments.activationStatus, filter.activationStatus));
  if (filter.organisationId !== undefined)
    conditions.push(eq(fitments.organisationId, filter.organisationId));
  if (filter.fromDate) conditions.push(gte(fitments.fitmentDate, filter.fromDate));
  if (filter.toDate) conditions.push(lte(fitments.fitmentDate, filter.toDate));
  if (filter.imei) conditions.push(sql`${devices.imei} like ${`%${filter.imei.replace(/[\\%_]/g, '')}%`}`);
  return and(...conditions);
}

const fitmentList: ListDefinition<FitmentSortField> = {
  searchable: [
    vehicles.registrationNumber,
    devices.imei,
    customers.phone,
    sql`${customers.firstName} || ' ' || ${customers.lastName}`,
  ],
  sortable: {
    fitmentDate: fitments.fitmentDate,
    createdAt: fitments.createdAt,
    registrationNumber: vehicles.registrationNumber,
    imei: devices.imei,
    activationStatus: fitments.activationStatus,
    expiresOn: fitments.expiresOn,
  },
  defaultOrder: [desc(fitments.fitmentDate), desc(fitments.createdAt)],
  tieBreaker: fitments.id,
};

/** Fitments with their vendor, vehicle, device, customer and fitter (every list and load reads this join). */
function joined(db: Db) {
  return db
    .select(columns)
    .from(fitments)
    .innerJoin(organisations, eq(organisations.id, fitments.organisationId))
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .innerJoin(customers, eq(customers.id, fitments.customerUserId))
    .leftJoin(fitters, eq(fitters.id, fitments.fitterUserId));
}

/** The count of a list: the joins its search and filters read. */
export function countJoined(db: Db) {
  return db
    .select(countSelection())
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .innerJoin(customers, eq(customers.id, fitments.customerUserId));
}

export type FitmentRecord = NonNullable<Awaited<ReturnType<typeof findFitment>>>;

export async function listFitments(db: Db, filter: FitmentFilter, query: ListQuery) {
  return runList(
    planList(fitmentList, query),
    fitmentWhere(filter),
    joined(db).$dynamic(),
    countJoined(db).$dynamic(),
  );
}

export async function findFitment(db: Db, id: bigint, orgIds: OrgIds) {
  const [row] = await joined(db).where(fitmentWhere({ orgIds, id })).limit(1);
  return row;
}

export async function insertFitment(db: Db, values: NewFitment): Promise<bigint> {
  const [row] = await db.insert(fitments).values(values).returning({ id: fitments.id });
  if (!row) throw new Error('fitment insert returned no row');
  return row.id;
}

export async function updateFitment(db: Db, id: bigint, values: FitmentValues): Promise<void> {
  await db.update(fitments).set(values).where(eq(fitments.id, id));
}

/** The live fitment row, locked until the end of the transaction (approve / undo / edit / delete serialise on it). */
export async function lockFitment(db: Db, id: bigint) {
  const [row] = await db
    .select()
    .from(fitments)
    .where(and(eq(fitments.id, id), eq(fitments.deleted, false)))
    .for('update')
    .limit(1);
  return row;
}

/** The live fitment of a device (at most one: fitments_device_live_uq), other than `exceptId`. */
export async function findLiveFitmentOfDevice(db: Db, deviceId: bigint, exceptId?: bigint) {
  const [row] = await db
    .select({ id: fitments.id })
    .from(fitments)
    .where(
      and(
        eq(fitments.deviceId, deviceId),
        eq(fitments.deleted, false),
        exceptId === undefined ? undefined : ne(fitments.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** A live fitment of the vehicle other than `exceptId` (one vehicle, one live fitment). */
export async function findLiveFitmentOfVehicle(db: Db, vehicleId: bigint, exceptId?: bigint) {
  const [row] = await db
    .select({ id: fitments.id, imei: devices.imei })
    .from(fitments)
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .where(
      and(
        eq(fitments.vehicleId, vehicleId),
        eq(fitments.deleted, false),
        exceptId === undefined ? undefined : ne(fitments.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** A live device by IMEI, whatever its organisation (the service checks the scope). */
export async function findDeviceByImei(db: Db, imei: string) {
  const [row] = await db
    .select({
      id: devices.id,
      imei: devices.imei,
      status: devices.status,
      organisationId: devices.organisationId,
      allocatedFromOrganisationId: devices.allocatedFromOrganisationId,
      /** The vehicle it is on now (open link), if any. */
      linkedVehicleId: vehicleDeviceLinks.vehicleId,
    })
    .from(devices)
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.deviceId, devices.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .where(and(eq(devices.imei, imei), eq(devices.deleted, false)))
    .limit(1);
  return row;
}

/** Live vehicles in scope with this (normalised) registration number; `preferOrganisationId`'s first. */
export async function findVehiclesByRegistration(
  db: Db,
  registrationNumber: string,
  orgIds: OrgIds,
  preferOrganisationId: bigint,
) {
  return db
    .select({ id: vehicles.id, organisationId: vehicles.organisationId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.deleted, false),
        orgScope(orgIds, vehicles.organisationId),
        sql`${registrationKey(vehicles.registrationNumber)} = ${registrationNumber}`,
      ),
    )
    .orderBy(sql`${vehicles.organisationId} = ${preferOrganisationId} desc`, asc(vehicles.id));
}

/** Any user (deleted ones too: their phone stays reserved) with this phone, with the role name. */
export async function findUserByPhone(db: Db, phone: string) {
  const [row] = await db
    .select({
      id: users.id,
      deleted: users.deleted,
      roleName: roles.name,
      organisationId: users.organisationId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.phone, phone))
    .limit(1);
  return row;
}

/** Another user (any state) holding this e-mail, case-insensitively. */
export async function isEmailTakenByOther(db: Db, email: string, exceptUserId?: bigint): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The active plan for a duration, if any. */
export async function findActivePlan(db: Db, durationInDays: number) {
  const [row] = await db
    .select()
    .from(activationPlans)
    .where(and(eq(activationPlans.durationInDays, durationInDays), eq(activationPlans.isActive, true)))
    .limit(1);
  return row;
}

export async function listActivePlans(db: Db) {
  return db
    .select()
    .from(activationPlans)
    .where(eq(activationPlans.isActive, true))
    .orderBy(asc(activationPlans.durationInDays), asc(activationPlans.id));
}

/** The parent of an organisation (where a returned device's allocation came from). */
export async function findParentOrganisation(db: Db, id: bigint): Promise<bigint | null> {
  const [row] = await db
    .select({ parentId: organisations.parentId })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1);
  return row?.parentId ?? null;
}
