/** SQL of the activation inventory (a view over live fitments), plans and the expiry sweep. */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivationSortField, ListQuery } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { planList, runList, type ListDefinition } from '../../db/list-query.ts';
import { activationPlans, devices, fitments, organisations, users, vehicles } from '../../db/schema/index.ts';
import { countJoined, customers, fitmentWhere, type FitmentFilter } from '../fitment/fitment.repository.ts';

const approvers = alias(users, 'approver');

const columns = {
  id: fitments.id,
  imei: devices.imei,
  registrationNumber: vehicles.registrationNumber,
  organisationId: organisations.id,
  organisationName: organisations.tradeName,
  customerFirstName: customers.firstName,
  customerLastName: customers.lastName,
  fitmentDate: fitments.fitmentDate,
  durationInDays: fitments.durationInDays,
  deviceActivate: fitments.deviceActivate,
  activationStatus: fitments.activationStatus,
  expiresOn: fitments.expiresOn,
  approvedAt: fitments.approvedAt,
  approverId: approvers.id,
  approverFirstName: approvers.firstName,
  approverLastName: approvers.lastName,
  chargedPaise: fitments.chargedPaise,
  planPricePaise: activationPlans.pricePaise,
  isTrackingActivated: vehicles.isTrackingActivated,
  createdAt: fitments.createdAt,
};

const activationList: ListDefinition<ActivationSortField> = {
  searchable: [devices.imei, vehicles.registrationNumber],
  sortable: {
    fitmentDate: fitments.fitmentDate,
    createdAt: fitments.createdAt,
    approvedAt: fitments.approvedAt,
    expiresOn: fitments.expiresOn,
    imei: devices.imei,
    registrationNumber: vehicles.registrationNumber,
  },
  defaultOrder: [desc(fitments.createdAt)],
  tieBreaker: fitments.id,
};

function joined(db: Db) {
  return db
    .select(columns)
    .from(fitments)
    .innerJoin(organisations, eq(organisations.id, fitments.organisationId))
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .innerJoin(customers, eq(customers.id, fitments.customerUserId))
    .leftJoin(approvers, eq(approvers.id, fitments.approvedByUserId))
    .leftJoin(
      activationPlans,
      and(eq(activationPlans.durationInDays, fitments.durationInDays), eq(activationPlans.isActive, true)),
    );
}

export type ActivationRecord = Awaited<ReturnType<typeof findActivation>>;

export async function listActivations(db: Db, filter: FitmentFilter, query: ListQuery) {
  return runList(
    planList(activationList, query),
    fitmentWhere(filter),
    joined(db).$dynamic(),
    countJoined(db).$dynamic(),
  );
}

export async function findActivation(db: Db, id: bigint) {
  const [row] = await joined(db)
    .where(and(eq(fitments.id, id), eq(fitments.deleted, false)))
    .limit(1);
  return row;
}

/**
 * Turns tracking off on vehicles whose approved activation ended before `today` ('YYYY-MM-DD', India time) and that
 * have no live activation running on `today`. Returns the vehicles changed.
 */
export async function deactivateExpired(db: Db, today: string, now: Date): Promise<bigint[]> {
  const expired = db
    .select({ vehicleId: fitments.vehicleId })
    .from(fitments)
    .where(
      and(
        eq(fitments.deleted, false),
        eq(fitments.activationStatus, 'APPROVED'),
        lt(fitments.expiresOn, today),
      ),
    );
  const rows = await db
    .update(vehicles)
    .set({ isTrackingActivated: false, updatedAt: now })
    .where(
      and(
        eq(vehicles.isTrackingActivated, true),
        eq(vehicles.deleted, false),
        inArray(vehicles.id, expired),
        sql`not exists (select 1 from ${fitments} f2 where f2.vehicle_id = ${vehicles.id} and not f2.deleted
              and f2.activation_status = 'APPROVED' and f2.expires_on >= ${today})`,
      ),
    )
    .returning({ id: vehicles.id });
  return rows.map((r) => r.id);
}
