import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DeviceStatus, VehicleLiveStatus } from '@civicfleet/shared';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';

/** Tracker protocols the gateway speaks (packages/protocols). */
export type DeviceProtocol = 'ais140' | 'gt06' | 'teltonika';

/** A tracker, identified on the wire by its IMEI (spec 02 §3 "Device"). */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    imei: text('imei').notNull(),
    /**
     * AIS-140 UID: the unique serial/ID printed on the unit (distinct from the IMEI), shown on the fitment certificate.
     * Optional; unique among non-deleted devices when set.
     */
    uid: text('uid'),
    iccid: text('iccid'),
    sim1: text('sim1'),
    sim2: text('sim2'),
    esimProvider: text('esim_provider'),
    status: text('status').$type<DeviceStatus>().notNull().default('NEW'),
    model: text('model'),
    /** The owner: a manufacturer holding stock, a vendor, or the municipal customer it is fitted for. */
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    panicButtonCount: integer('panic_button_count').notNull().default(0),
    firmware: text('firmware'),
    /** Learnt from the port the device connects on; null until its first connection. */
    protocol: text('protocol').$type<DeviceProtocol>(),
    /** Drop frames whose checksum does not match instead of storing them flagged (protocols README). */
    strictChecksum: boolean('strict_checksum').notNull().default(false),
    lastSeenAt: timestamptz('last_seen_at'),
    /** The firmware version an update command was last queued for (null: none pending or recorded). */
    targetFirmware: text('target_firmware'),
    /** Who allocated it to its current owner: where a rollback returns it (null: never allocated). */
    allocatedFromOrganisationId: ref('allocated_from_organisation_id').references(() => organisations.id),
    /**
     * Temporary (debug) devices only: after this instant the device is treated as deleted (the device service
     * soft-deletes expired ones; the gateway's directory should also skip `expires_at <= now()`). Null = permanent.
     */
    expiresAt: timestamptz('expires_at'),
    deleted: boolean('deleted').notNull().default(false),
    /**
     * Source networks (CIDRs) the gateway accepts this device's frames from; null = the organisation's setting
     * (`organisation_settings.settings.deviceNetwork`, inherited), empty = any address (docs/security.md "Device identity").
     */
    allowedNetworks: text('allowed_networks').array(),
    /** The last takeover of its connection from another address while it was sending (null: no open conflict). */
    identityConflictAt: timestamptz('identity_conflict_at'),
    /** Takeovers since the conflict opened; from GATEWAY clone threshold on, `clone_suspected_at` is set. */
    identityConflicts: integer('identity_conflicts').notNull().default(0),
    cloneSuspectedAt: timestamptz('clone_suspected_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_imei_uq').on(t.imei),
    uniqueIndex('devices_uid_uq')
      .on(t.uid)
      .where(sql`${t.uid} is not null and not ${t.deleted}`),
    index('devices_organisation_idx').on(t.organisationId),
    // Global search (modules/search): prefix and suffix LIKE on both engines (byte order, whatever the collation).
    index('devices_imei_search_idx').on(sql`(${t.imei} collate "C")`),
    index('devices_imei_rev_search_idx').on(sql`(reverse(${t.imei}) collate "C")`),
    index('devices_iccid_search_idx').on(sql`(upper(${t.iccid}) collate "C")`),
    index('devices_iccid_rev_search_idx').on(sql`(reverse(upper(${t.iccid})) collate "C")`),
    check('devices_status_chk', sql`${t.status} in ('NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED')`),
  ],
);

/**
 * One row per device: its newest fix and state, upserted by every ingest batch (never moved backwards by late
 * packets). What the live snapshot, vehicle status and the map read — never a scan of positions.
 */
export const deviceLatest = pgTable(
  'device_latest',
  {
    deviceId: ref('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The vehicle the device was on at fixed_at, and the organisation live deltas are filtered by. */
    vehicleId: bigint('vehicle_id', { mode: 'bigint' }),
    organisationId: ref('organisation_id').notNull(),
    fixedAt: timestamptz('fixed_at'),
    serverAt: timestamptz('server_at'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    speedKph: real('speed_kph'),
    headingDeg: real('heading_deg'),
    altitudeM: real('altitude_m'),
    satellites: smallint('satellites'),
    gpsValid: boolean('gps_valid'),
    ignition: boolean('ignition'),
    motion: boolean('motion'),
    mainPower: boolean('main_power'),
    mainVoltageV: real('main_voltage_v'),
    batteryVoltageV: real('battery_voltage_v'),
    gsmSignal: smallint('gsm_signal'),
    odometerM: doublePrecision('odometer_m'),
    status: text('status').$type<VehicleLiveStatus>().notNull().default('never-connected'),
    statusSince: timestamptz('status_since'),
    /** Any frame, fix or not (heartbeats, logins): what offline detection looks at. */
    lastPacketAt: timestamptz('last_packet_at').notNull(),
  },
  (t) => [index('device_latest_organisation_idx').on(t.organisationId)],
);

/** IMEIs that connected without being registered (or after being deleted): listed for support staff. */
export const unknownDevices = pgTable('unknown_devices', {
  imei: text('imei').primaryKey(),
  protocol: text('protocol').$type<DeviceProtocol>().notNull(),
  firstSeenAt: timestamptz('first_seen_at').notNull(),
  lastSeenAt: timestamptz('last_seen_at').notNull(),
  packets: bigint('packets', { mode: 'number' }).notNull().default(0),
  remoteAddr: text('remote_addr'),
  /** Free-form notes by staff (e.g. "demo unit, ignore"). */
  attrs: jsonb('attrs').$type<Record<string, unknown>>(),
});
