import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/** Activation status of a fitment (issue 6): PENDING until approved (tracking on, wallet debited); undo returns it. */
export type ActivationStatus = 'PENDING' | 'APPROVED';

/**
 * Activation plans offered on the fitment and SIM activation forms (spec 02 §9: "1 year" = 365, "2 year" = 730; more
 * come from here). Price in integer paise, debited from the vendor's wallet when an activation is approved.
 */
export const activationPlans = pgTable(
  'activation_plans',
  {
    id: id(),
    name: text('name').notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activation_plans_duration_uq').on(t.durationInDays),
    check('activation_plans_price_chk', sql`${t.pricePaise} >= 0`),
    check('activation_plans_duration_chk', sql`${t.durationInDays} > 0`),
  ],
);

/**
 * A tracker fitted to a vehicle for a customer by a vendor's fitter (spec 02 §3 "Fitment"), and its activation
 * (spec 01 §3 "Activation (inventory)"): one row is both, the activation inventory is a view over fitments.
 * At most one live (non-deleted) fitment per device.
 */
export const fitments = pgTable(
  'fitments',
  {
    id: id(),
    /** The vendor (RFC) organisation that fitted it: whose wallet pays the activation, whose stock it came from. */
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    /** The vehicle owner (role LIMITED_USER). */
    customerUserId: ref('customer_user_id')
      .notNull()
      .references(() => users.id),
    /** The fitter (role FITTER); optional on bulk rows without fitter columns. */
    fitterUserId: ref('fitter_user_id').references(() => users.id),
    fitmentDate: date('fitment_date', { mode: 'string' }).notNull(),
    durationInDays: integer('duration_in_days').notNull(),
    /** The form's "deviceActivate": the fitter asks for activation at once (still approved by the vendor). */
    deviceActivate: boolean('device_activate').notNull().default(false),
    /** Photos of the fitted device (2–3 URLs from POST /v1/file). */
    deviceImages: jsonb('device_images').$type<string[]>().notNull().default([]),
    activationStatus: text('activation_status').$type<ActivationStatus>().notNull().default('PENDING'),
    /** fitment_date + duration_in_days, set on approval (tracking is active until then). */
    expiresOn: date('expires_on', { mode: 'string' }),
    approvedAt: timestamptz('approved_at'),
    approvedByUserId: ref('approved_by_user_id').references(() => users.id),
    /** What the approval debited (paise), so undo credits back exactly that even if the plan price changed. */
    chargedPaise: bigint('charged_paise', { mode: 'number' }),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fitments_device_live_uq')
      .on(t.deviceId)
      .where(sql`not ${t.deleted}`),
    index('fitments_organisation_idx').on(t.organisationId, t.fitmentDate),
    index('fitments_vehicle_idx').on(t.vehicleId),
    index('fitments_customer_idx').on(t.customerUserId),
    check('fitments_activation_status_chk', sql`${t.activationStatus} in ('PENDING', 'APPROVED')`),
    check('fitments_duration_chk', sql`${t.durationInDays} > 0`),
  ],
);
