/** SQL of the inventory panel: aggregate counts and a cross-table device search, always limited to a scope. */
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/list-query.ts';
import {
  devices,
  fitments,
  organisations,
  simActivationOrders,
  vehicleDeviceLinks,
  vehicles,
} from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

const organisationRef = {
  id: organisations.id,
  tradeName: organisations.tradeName,
  kind: organisations.kind,
};

/** Stock devices only: not deleted and not temporary (debug) devices. */
const stockDevice = and(eq(devices.deleted, false), isNull(devices.expiresAt));

export async function stockCounts(db: Db, orgIds: OrgIds, organisationId: bigint | undefined) {
  return db
    .select({
      organisation: organisationRef,
      model: devices.model,
      NEW: countWhere(sql`${devices.status} = 'NEW'`),
      ALLOCATED: countWhere(sql`${devices.status} = 'ALLOCATED'`),
      INSTALLED: countWhere(sql`${devices.status} = 'INSTALLED'`),
      DEFECTED: countWhere(sql`${devices.status} = 'DEFECTED'`),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(devices)
    .innerJoin(organisations, eq(organisations.id, devices.organisationId))
    .where(
      and(
        stockDevice,
        orgScope(orgIds, devices.organisationId),
        organisationId === undefined ? undefined : eq(devices.organisationId, organisationId),
      ),
    )
    .groupBy(organisations.id, organisations.tradeName, organisations.kind, devices.model)
    .orderBy(asc(organisations.tradeName), sql`${devices.model} asc nulls last`);
}

export interface FitmentCountFilter {
  orgIds: OrgIds;
  organisationId?: bigint | undefined;
  fromDate: string;
  toDate: string;
  groupBy: 'day' | 'month';
}

export async function fitmentCounts(db: Db, filter: FitmentCountFilter) {
  const period =
    filter.groupBy === 'day'
      ? sql<string>`to_char(${fitments.fitmentDate}, 'YYYY-MM-DD')`
      : sql<string>`to_char(${fitments.fitmentDate}, 'YYYY-MM')`;
  return db
    .select({
      organisation: organisationRef,
      period,
      approved: countWhere(sql`${fitments.activationStatus} = 'APPROVED'`),
      pending: countWhere(sql`${fitments.activationStatus} = 'PENDING'`),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(fitments)
    .innerJoin(organisations, eq(organisations.id, fitments.organisationId))
    .where(
      and(
        eq(fitments.deleted, false),
        gte(fitments.fitmentDate, filter.fromDate),
        lte(fitments.fitmentDate, filter.toDate),
        orgScope(filter.orgIds, fitments.organisationId),
        filter.organisationId === undefined ? undefined : eq(fitments.organisationId, filter.organisationId),
      ),
    )
    .groupBy(organisations.id, organisations.tradeName, organisations.kind, period)
    .orderBy(desc(period), asc(organisations.tradeName));
}

/** Devices whose IMEI, ICCID or SIM numbers contain the term (any scope filter is the caller's). */
function deviceMatches(pattern: string): SQL | undefined {
  return or(
    ilike(devices.imei, pattern),
    ilike(devices.iccid, pattern),
    ilike(devices.sim1, pattern),
    ilike(devices.sim2, pattern),
  );
}

export async function searchStock(db: Db, orgIds: OrgIds, term: string, limit: number) {
  const pattern = containsPattern(term);
  const linkedVehicle = alias(vehicles, 'linked_vehicle');
  return db
    .select({
      id: devices.id,
      imei: devices.imei,
      iccid: devices.iccid,
      sim1: devices.sim1,
      sim2: devices.sim2,
      status: devices.status,
      model: devices.model,
      organisation: organisationRef,
      vehicleId: linkedVehicle.id,
      registrationNumber: linkedVehicle.registrationNumber,
    })
    .from(devices)
    .innerJoin(organisations, eq(organisations.id, devices.organisationId))
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.deviceId, devices.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(
      linkedVehicle,
      and(eq(linkedVehicle.id, vehicleDeviceLinks.vehicleId), eq(linkedVehicle.deleted, false)),
    )
    .where(
      and(
        stockDevice,
        orgScope(orgIds, devices.organisationId),
        or(deviceMatches(pattern), ilike(linkedVehicle.registrationNumber, pattern)),
      ),
    )
    .orderBy(asc(devices.imei))
    .limit(limit);
}

export async function searchFitments(db: Db, orgIds: OrgIds, term: string, limit: number) {
  const pattern = containsPattern(term);
  return db
    .select({
      id: fitments.id,
      imei: devices.imei,
      registrationNumber: vehicles.registrationNumber,
      vendor: organisationRef,
      fitmentDate: fitments.fitmentDate,
      activationStatus: fitments.activationStatus,
      expiresOn: fitments.expiresOn,
    })
    .from(fitments)
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(organisations, eq(organisations.id, fitments.organisationId))
    .where(
      and(
        eq(fitments.deleted, false),
        orgScope(orgIds, fitments.organisationId),
        or(deviceMatches(pattern), ilike(vehicles.registrationNumber, pattern)),
      ),
    )
    .orderBy(desc(fitments.fitmentDate), desc(fitments.id))
    .limit(limit);
}

/** SIM orders are visible to the ordering organisation's tree and to the manufacturer's tree. */
export async function searchSimOrders(db: Db, orgIds: OrgIds, term: string, limit: number) {
  const pattern = containsPattern(term);
  const manufacturer = alias(organisations, 'manufacturer');
  const scope =
    orgIds === 'all'
      ? undefined
      : or(
          inArray(simActivationOrders.organisationId, orgIds),
          inArray(simActivationOrders.manufacturerOrganisationId, orgIds),
        );
  return db
    .select({
      id: simActivationOrders.id,
      imei: simActivationOrders.imei,
      status: simActivationOrders.status,
      isSimActivated: simActivationOrders.isSimActivated,
      organisation: organisationRef,
      manufacturerId: manufacturer.id,
      manufacturerName: manufacturer.tradeName,
      manufacturerKind: manufacturer.kind,
      createdAt: simActivationOrders.createdAt,
    })
    .from(simActivationOrders)
    .innerJoin(devices, eq(devices.id, simActivationOrders.deviceId))
    .innerJoin(organisations, eq(organisations.id, simActivationOrders.organisationId))
    .leftJoin(manufacturer, eq(manufacturer.id, simActivationOrders.manufacturerOrganisationId))
    .where(
      and(
        eq(simActivationOrders.deleted, false),
        scope,
        or(ilike(simActivationOrders.imei, pattern), deviceMatches(pattern)),
      ),
    )
    .orderBy(desc(simActivationOrders.createdAt), desc(simActivationOrders.id))
    .limit(limit);
}

export async function organisationExists(db: Db, id: bigint): Promise<boolean> {
  const found = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.deleted, false)))
    .limit(1);
  return found.length > 0;
}
