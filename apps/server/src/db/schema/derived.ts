import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamptz } from './columns.ts';
import { devices } from './devices.ts';

/** Kinds of `state_intervals` (derive/types.ts INTERVAL_KINDS). */
export type StateIntervalKind = 'moving' | 'idle' | 'stopped' | 'offline';

/**
 * Derived at ingest (apps/server/src/derive, docs/derivations.md): per device, contiguous non-overlapping spans of
 * moving / idle / stopped / offline. Written when an interval closes; an offline interval opened by the worker's
 * offline check has ended_at null until the next fix closes it (the same row, keyed by device and start).
 */
export const stateIntervals = pgTable(
  'state_intervals',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    kind: text('kind').$type<StateIntervalKind>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    /** Null: still open (an offline interval the worker opened). */
    endedAt: timestamptz('ended_at'),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    maxSpeedKph: real('max_speed_kph'),
    startLat: doublePrecision('start_lat'),
    startLon: doublePrecision('start_lon'),
    endLat: doublePrecision('end_lat'),
    endLon: doublePrecision('end_lon'),
    /** Offline only: 'power-cut' | 'silent' (what the last packet before the silence said). */
    offlineReason: text('offline_reason'),
  },
  (t) => [
    uniqueIndex('state_intervals_device_started_uq').on(t.deviceId, t.startedAt),
    index('state_intervals_vehicle_started_idx').on(t.vehicleId, t.startedAt),
    index('state_intervals_organisation_started_idx').on(t.organisationId, t.startedAt),
    check('state_intervals_kind_chk', sql`${t.kind} in ('moving', 'idle', 'stopped', 'offline')`),
  ],
);

/** Trips (moving intervals joined across short standstills), reported once the closing stop is long enough. */
export const trips = pgTable(
  'trips',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at').notNull(),
    distanceM: doublePrecision('distance_m').notNull(),
    maxSpeedKph: real('max_speed_kph'),
    avgSpeedKph: real('avg_speed_kph'),
    startLat: doublePrecision('start_lat'),
    startLon: doublePrecision('start_lon'),
    endLat: doublePrecision('end_lat'),
    endLon: doublePrecision('end_lon'),
  },
  (t) => [
    uniqueIndex('trips_device_started_uq').on(t.deviceId, t.startedAt),
    index('trips_vehicle_started_idx').on(t.vehicleId, t.startedAt),
    index('trips_organisation_started_idx').on(t.organisationId, t.startedAt),
  ],
);

/**
 * Per device and local day (Asia/Kolkata by default), upserted by every ingest batch that touches the day; includes
 * the still-open interval so today's numbers move live. Keyed by device (a device without a vehicle still has days);
 * vehicle_id is the vehicle the device was on.
 */
export const dailyVehicleStats = pgTable(
  'daily_vehicle_stats',
  {
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    day: date('day', { mode: 'string' }).notNull(),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    distanceM: doublePrecision('distance_m').notNull().default(0),
    runS: integer('run_s').notNull().default(0),
    idleS: integer('idle_s').notNull().default(0),
    stopS: integer('stop_s').notNull().default(0),
    offlineS: integer('offline_s').notNull().default(0),
    maxSpeedKph: real('max_speed_kph'),
    avgSpeedKph: real('avg_speed_kph'),
    trips: integer('trips').notNull().default(0),
    firstIgnitionAt: timestamptz('first_ignition_at'),
    lastIgnitionAt: timestamptz('last_ignition_at'),
    points: integer('points').notNull().default(0),
    /** Fuel used by a fuel-level sensor's drops over the day (rises are refills); null = no sensor readings. */
    fuelUsedL: doublePrecision('fuel_used_l'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'daily_vehicle_stats_pkey', columns: [t.deviceId, t.day] }),
    index('daily_vehicle_stats_vehicle_day_idx').on(t.vehicleId, t.day),
    index('daily_vehicle_stats_organisation_day_idx').on(t.organisationId, t.day),
  ],
);

/** The derive machines' JSON state per device, written with every batch, so that a restart resumes exactly. */
export const deviceDeriveState = pgTable('device_derive_state', {
  deviceId: bigint('device_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => devices.id),
  state: jsonb('state').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
