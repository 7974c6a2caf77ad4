import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { adminDivisions } from './admin-divisions.ts';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { groups } from './groups.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** "MP 09-ab 1234" → "MP09AB1234": what global search matches registration numbers on (indexed below). */
export const registrationKey = (column: AnyPgColumn | SQL) =>
  sql`upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;

/** A vehicle (spec 02 §3 "Vehicle") plus what the fleet screens group and filter by. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    category: text('category'),
    registrationNumber: text('registration_number').notNull(),
    engineNo: text('engine_no'),
    chassisNo: text('chassis_no'),
    rto: text('rto'),
    /** `<state>_<code>` (spec 02 §3). */
    rtoCode: text('rto_code'),
    make: text('make'),
    model: text('model'),
    regDate: date('reg_date', { mode: 'string' }),
    rcImages: jsonb('rc_images').$type<string[]>().notNull().default([]),
    /** VEHICLE_KINDS (map icon family). */
    kind: text('kind'),
    /** SWM role: tipper, compactor, door-to-door … (free text until the vehicle types module). */
    type: text('type'),
    /**
     * One group per vehicle (modules/group). Groups are soft-deleted and the group module releases the members then;
     * SET NULL only covers a hard delete (none today), so a vehicle never points at a missing group.
     */
    groupId: ref('group_id').references(() => groups.id, { onDelete: 'set null' }),
    zoneId: ref('zone_id').references(() => adminDivisions.id),
    circleId: ref('circle_id').references(() => adminDivisions.id),
    wardId: ref('ward_id').references(() => adminDivisions.id),
    ownerUserId: ref('owner_user_id').references(() => users.id),
    /** The contractor organisation operating the vehicle (SWM scorecards, issue 7); null = run by the owner. */
    contractorOrganisationId: ref('contractor_organisation_id').references(
      (): AnyPgColumn => organisations.id,
    ),
    isTrackingActivated: boolean('is_tracking_activated').notNull().default(true),
    speedLimitKph: real('speed_limit_kph'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicles_org_registration_uq')
      .on(t.organisationId, sql`upper(${t.registrationNumber})`)
      .where(sql`not ${t.deleted}`),
    index('vehicles_organisation_idx').on(t.organisationId),
    // The vehicle list's default order: a page is the first rows of this index, not a sort of the whole scope.
    index('vehicles_registration_order_idx').on(t.registrationNumber, t.id),
    // Global search (modules/search): prefix and suffix LIKE on the normalised registration number.
    index('vehicles_registration_search_idx').on(sql`(${registrationKey(t.registrationNumber)} collate "C")`),
    index('vehicles_registration_rev_search_idx').on(
      sql`(reverse(${registrationKey(t.registrationNumber)}) collate "C")`,
    ),
  ],
);

/**
 * Which device was on which vehicle when: positions are attributed to the vehicle of the link active at their fix
 * time, so moving a tracker to another vehicle never rewrites history. At most one open link per device and vehicle.
 */
export const vehicleDeviceLinks = pgTable(
  'vehicle_device_links',
  {
    id: id(),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    linkedAt: timestamptz('linked_at').notNull().defaultNow(),
    unlinkedAt: timestamptz('unlinked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vehicle_device_links_device_idx').on(t.deviceId, t.linkedAt),
    index('vehicle_device_links_vehicle_idx').on(t.vehicleId, t.linkedAt),
    uniqueIndex('vehicle_device_links_open_device_uq')
      .on(t.deviceId)
      .where(sql`${t.unlinkedAt} is null`),
    uniqueIndex('vehicle_device_links_open_vehicle_uq')
      .on(t.vehicleId)
      .where(sql`${t.unlinkedAt} is null`),
  ],
);
