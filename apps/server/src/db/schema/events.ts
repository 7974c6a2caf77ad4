import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz } from './columns.ts';
import { devices } from './devices.ts';
import { users } from './users.ts';

/**
 * Alerts raised at ingest (the ALARMS catalogue of packages/protocols). A stateful alarm (sos, powerCut, lowBattery,
 * gpsLost) stays open (ended_at null) until its counterpart or a timeout; repeats while open only bump last_at and
 * repeat_count, so one SOS press held for a minute is one alert. The partial unique index makes that hold across
 * gateway processes too.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    type: text('type').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** Newest repeat of the alarm while it was open. */
    lastAt: timestamptz('last_at').notNull(),
    repeatCount: integer('repeat_count').notNull().default(1),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Raised from a history (buffered) packet or a fix older than the device's latest. */
    late: boolean('late').notNull().default(false),
    attrs: jsonb('attrs').$type<Record<string, unknown>>(),
    acknowledgedBy: ref('acknowledged_by').references(() => users.id),
    acknowledgedAt: timestamptz('acknowledged_at'),
    /**
     * The desk's state of a critical alert (sos, tamper, wire cut, power cut): new → acknowledged → closed. Null for
     * alerts the desk does not handle. Independent of ended_at, which is when the device says the alarm stopped.
     */
    deskStatus: text('desk_status'),
    assignedTo: ref('assigned_to').references(() => users.id),
    assignedAt: timestamptz('assigned_at'),
    /** 0 until the first escalation; bumped each time the alert stays unacknowledged past the organisation's limit. */
    escalationLevel: integer('escalation_level').notNull().default(0),
    escalatedAt: timestamptz('escalated_at'),
    closedBy: ref('closed_by').references(() => users.id),
    closedAt: timestamptz('closed_at'),
    resolution: text('resolution'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organisation_started_idx').on(t.organisationId, t.startedAt),
    index('events_device_started_idx').on(t.deviceId, t.startedAt),
    index('events_desk_idx')
      .on(t.organisationId, t.deskStatus, t.startedAt)
      .where(sql`${t.deskStatus} is not null and ${t.deskStatus} <> 'closed'`),
    uniqueIndex('events_open_uq')
      .on(t.deviceId, t.type)
      .where(sql`${t.endedAt} is null`),
  ],
);
