import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** spec 02 §4 plus DONE (the change-status dialog's final state that records the SIMs). */
export type SimOrderStatus = 'INITIATED' | 'APPROVED' | 'COMPLETED' | 'REJECTED' | 'DONE';

/** What the change-status dialog records (spec 02 §3 "Status payload fields"). */
export interface SimDetails {
  sim1?: string;
  sim2?: string;
  sim1_operator?: string;
  sim2_operator?: string;
  eSimProvider?: string;
}

/**
 * A request to the device's manufacturer to activate the SIMs of a tracker (spec 01 §2.10, spec 02 §3
 * "Sim activation order"). Raised by a vendor; edited and moved through its statuses by SUPER_ADMIN or the
 * manufacturer organisation only.
 */
export const simActivationOrders = pgTable(
  'sim_activation_orders',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    imei: text('imei').notNull(),
    /** The organisation that raised it (scope of the list). */
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The device's manufacturer: nearest MANUFACTURER organisation above the device's owner at creation. */
    manufacturerOrganisationId: ref('manufacturer_organisation_id').references(() => organisations.id),
    /** Server IPs (1–4) to program into the tracker. */
    ips: jsonb('ips').$type<string[]>().notNull().default([]),
    /** Phone numbers (1–4), stored with +91. */
    numbers: jsonb('numbers').$type<string[]>().notNull().default([]),
    durationInDays: integer('duration_in_days').notNull(),
    status: text('status').$type<SimOrderStatus>().notNull().default('INITIATED'),
    simDetails: jsonb('sim_details').$type<SimDetails>().notNull().default({}),
    isSimActivated: boolean('is_sim_activated').notNull().default(false),
    simActivationApprovedByUserId: ref('sim_activation_approved_by_user_id').references(() => users.id),
    simActivationDate: timestamptz('sim_activation_date'),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sim_activation_orders_status_idx').on(t.status, t.createdAt),
    index('sim_activation_orders_organisation_idx').on(t.organisationId),
    index('sim_activation_orders_manufacturer_idx').on(t.manufacturerOrganisationId),
    index('sim_activation_orders_imei_idx').on(t.imei),
    // One open order per device (the service also checks it, under a lock on the device row, with a clear message).
    uniqueIndex('sim_activation_orders_open_device_uq')
      .on(t.deviceId)
      .where(sql`${t.status} in ('INITIATED', 'APPROVED') and not ${t.deleted}`),
    check(
      'sim_activation_orders_status_chk',
      sql`${t.status} in ('INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED', 'DONE')`,
    ),
  ],
);
