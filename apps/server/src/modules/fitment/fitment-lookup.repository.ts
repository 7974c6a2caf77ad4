/**
 * SQL of the fitment form's lookups (fitment-lookup.service.ts): a person by phone with only the fields the form may
 * show, and the devices of the caller's organisations that can be fitted.
 */
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, roles, users } from '../../db/schema/index.ts';
import { orgScope, type OrgIds } from '../organisation/scope.ts';

/** Any user (deleted ones too: their phone stays reserved) with this +91 phone, with the role name. */
export async function findPersonByPhone(db: Db, phone: string) {
  const [row] = await db
    .select({
      id: users.id,
      deleted: users.deleted,
      roleName: roles.name,
      organisationId: users.organisationId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      address: users.address,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.phone, phone))
    .limit(1);
  return row;
}

/** The statuses a device can be fitted from (spec 02 §4: not INSTALLED, not DEFECTED). */
export const FITTABLE_STATUSES = ['NEW', 'ALLOCATED'] as const;

/**
 * Live devices in scope that can be fitted, by IMEI; `search` (digits) matches the start or the end of the IMEI.
 * Temporary devices past their `expiresAt` count as deleted.
 */
export async function listFittableDevices(
  db: Db,
  filter: { orgIds: OrgIds; search?: string | undefined; limit: number; now: Date },
) {
  const search = filter.search?.replace(/\D/g, '');
  return db
    .select({
      id: devices.id,
      imei: devices.imei,
      model: devices.model,
      status: devices.status,
      panicButtonCount: devices.panicButtonCount,
    })
    .from(devices)
    .where(
      and(
        eq(devices.deleted, false),
        inArray(devices.status, [...FITTABLE_STATUSES]),
        or(isNull(devices.expiresAt), gt(devices.expiresAt, filter.now)),
        orgScope(filter.orgIds, devices.organisationId),
        search
          ? or(sql`${devices.imei} like ${`${search}%`}`, sql`${devices.imei} like ${`%${search}`}`)
          : undefined,
      ),
    )
    .orderBy(asc(devices.imei))
    .limit(filter.limit);
}
