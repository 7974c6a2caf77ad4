import { boolean, doublePrecision, jsonb, pgTable, primaryKey, real, smallint } from 'drizzle-orm/pg-core';
import { ref, timestamptz } from './columns.ts';

/**
 * Every stored fix. PARTITION BY RANGE (fixed_at), one partition per month plus a DEFAULT partition: the DDL is the
 * hand-written migration drizzle/0003_positions.sql (Drizzle cannot express partitioning); this declaration keeps
 * drizzle-kit's snapshot and typed reads in step with it. Partitions are created on demand by the ingest writer
 * (gateway/ingest/partitions.ts). No foreign keys: they would cost every insert and block dropping old partitions.
 * Written only by the ingest writer with raw multi-row INSERTs (research/stack.md §6).
 */
export const positions = pgTable(
  'positions',
  {
    deviceId: ref('device_id').notNull(),
    fixedAt: timestamptz('fixed_at').notNull(),
    serverAt: timestamptz('server_at').notNull(),
    /** The vehicle the device was linked to at fixed_at (vehicle_device_links). */
    vehicleId: ref('vehicle_id'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    speedKph: real('speed_kph'),
    headingDeg: real('heading_deg'),
    altitudeM: real('altitude_m'),
    satellites: smallint('satellites'),
    hdop: real('hdop'),
    gpsValid: boolean('gps_valid'),
    ignition: boolean('ignition'),
    motion: boolean('motion'),
    mainPower: boolean('main_power'),
    mainVoltageV: real('main_voltage_v'),
    batteryVoltageV: real('battery_voltage_v'),
    gsmSignal: smallint('gsm_signal'),
    /** Metres since the previous in-order valid fix; 0 when not counted (invalid fix, jump), null for late fixes. */
    distanceM: real('distance_m'),
    /** Running odometer: the device's own when it sends one, else the sum of distance_m. */
    odometerM: doublePrecision('odometer_m'),
    /** Buffered by the device (AIS-140 `H`) or older than the device's newest fix when it arrived. */
    history: boolean('history').notNull().default(false),
    /** Protocol extras (io) and ingest flags (jump, late). */
    attrs: jsonb('attrs').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ name: 'positions_pkey', columns: [t.deviceId, t.fixedAt] })],
);
