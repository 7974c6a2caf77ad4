/**
 * One query per result kind of the global search (spec 01 §2.9, §3 "Search results"): users, devices, vehicles.
 */
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { SearchResult } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { devices, organisations, roles, users, vehicleDeviceLinks, vehicles } from '../../db/schema/index.ts';
import { containsPattern } from '../organisation/organisation.repository.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';
import { userSearchCondition } from '../user/user.repository.ts';

export interface SearchArgs {
  orgIds: OrgIds;
  /** Trimmed, non-empty search text (case-insensitive substring). */
  term: string;
  limit: number;
}

export async function searchUsers(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Users']> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      isEnabled: users.isEnabled,
      roleName: roles.name,
      brandName: organisations.brandName,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.deleted, false), orgScope(orgIds, users.organisationId), userSearchCondition(term)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    email: r.email,
    isEnabled: r.isEnabled,
    role: { name: r.roleName },
    organisation: { brandName: r.brandName },
  }));
}

/** Devices by IMEI or ICCID; `active` = fitted on a vehicle (INSTALLED). Devices have no name column. */
export async function searchDevices(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Devices']> {
  const pattern = containsPattern(term);
  const rows = await db
    .select({
      id: devices.id,
      imei: devices.imei,
      iccid: devices.iccid,
      esimProvider: devices.esimProvider,
      status: devices.status,
      brandName: organisations.brandName,
    })
    .from(devices)
    .innerJoin(organisations, eq(organisations.id, devices.organisationId))
    .where(
      and(
        eq(devices.deleted, false),
        orgScope(orgIds, devices.organisationId),
        or(ilike(devices.imei, pattern), ilike(devices.iccid, pattern)),
      ),
    )
    .orderBy(asc(devices.imei), asc(devices.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    name: null,
    imei: r.imei,
    iccid: r.iccid,
    eSimProvider: r.esimProvider,
    active: r.status === 'INSTALLED',
    organisation: { brandName: r.brandName },
  }));
}

/** Vehicles by registration number or the IMEI / ICCID of their current device (open link, device not deleted). */
export async function searchVehicles(
  db: Db,
  { orgIds, term, limit }: SearchArgs,
): Promise<SearchResult['Vehicles']> {
  const pattern = containsPattern(term);
  const rows = await db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      isTrackingActivated: vehicles.isTrackingActivated,
      imei: devices.imei,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      brandName: organisations.brandName,
    })
    .from(vehicles)
    .innerJoin(organisations, eq(organisations.id, vehicles.organisationId))
    .leftJoin(
      vehicleDeviceLinks,
      and(eq(vehicleDeviceLinks.vehicleId, vehicles.id), isNull(vehicleDeviceLinks.unlinkedAt)),
    )
    .leftJoin(devices, and(eq(devices.id, vehicleDeviceLinks.deviceId), eq(devices.deleted, false)))
    .leftJoin(users, eq(users.id, vehicles.ownerUserId))
    .where(
      and(
        eq(vehicles.deleted, false),
        orgScope(orgIds, vehicles.organisationId),
        or(
          ilike(vehicles.registrationNumber, pattern),
          ilike(devices.imei, pattern),
          ilike(devices.iccid, pattern),
        ),
      ),
    )
    .orderBy(asc(vehicles.registrationNumber), asc(vehicles.id))
    .limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    name: null,
    registrationNumber: r.registrationNumber,
    imei: r.imei,
    isTrackingActivated: r.isTrackingActivated,
    owner:
      r.ownerFirstName !== null && r.ownerLastName !== null
        ? { firstName: r.ownerFirstName, lastName: r.ownerLastName }
        : null,
    organisation: { brandName: r.brandName },
  }));
}
