import { sql } from 'drizzle-orm';
import {
  check,
  boolean,
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
import { adminDivisions } from './admin-divisions.ts';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { geofences } from './geofences.ts';
import { jobs } from './jobs.ts';
import { organisations } from './organisations.ts';
import { routes } from './routes.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/**
 * SWM operations (issue 7): the people on the vehicles, their attendance, citizen complaints, what dump-yard operators
 * record, and the per-day evaluation of job schedules against GPS. Definitions: docs/swm.md.
 */

export type StaffRole = 'driver' | 'helper' | 'sweeper' | 'supervisor';

/** Drivers, helpers, sweepers and supervisors of an organisation. `tag_id` is the RFID card or iButton id (upper hex). */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    phone: text('phone'),
    role: text('role').$type<StaffRole>().notNull(),
    zoneId: ref('zone_id').references(() => adminDivisions.id),
    circleId: ref('circle_id').references(() => adminDivisions.id),
    wardId: ref('ward_id').references(() => adminDivisions.id),
    tagId: text('tag_id'),
    licenceNo: text('licence_no'),
    licenceValidUntil: date('licence_valid_until', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('staff_organisation_idx').on(t.organisationId),
    uniqueIndex('staff_org_tag_uq')
      .on(t.organisationId, t.tagId)
      .where(sql`${t.tagId} is not null and not ${t.deleted}`),
    check('staff_role_chk', sql`${t.role} in ('driver', 'helper', 'sweeper', 'supervisor')`),
  ],
);

/**
 * Who was on which vehicle when (vehicle allocation): set by a supervisor for a shift, or detected from a driver-id
 * read in the tracker data. A new driver allocation on a vehicle ends the previous one (end_reason 'replaced'): that
 * is a driver change. `day` is the local (Asia/Kolkata) day of `started_at`.
 */
export const vehicleAllocations = pgTable(
  'vehicle_allocations',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    staffId: ref('staff_id')
      .notNull()
      .references(() => staff.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'morning' | 'afternoon' | 'night'. */
    shift: text('shift').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    /** 'replaced' | 'shift-end' | 'manual'. */
    endReason: text('end_reason'),
    /** 'supervisor' | 'driver-id'. */
    source: text('source').notNull(),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('vehicle_allocations_vehicle_started_idx').on(t.vehicleId, t.startedAt),
    index('vehicle_allocations_staff_day_idx').on(t.staffId, t.day),
    index('vehicle_allocations_organisation_day_idx').on(t.organisationId, t.day),
    check('vehicle_allocations_source_chk', sql`${t.source} in ('supervisor', 'driver-id')`),
    check('vehicle_allocations_shift_chk', sql`${t.shift} in ('morning', 'afternoon', 'night')`),
  ],
);

/**
 * Driver-id reads from the tracker data (GT06 RFID info packet, Teltonika iButton IO, AIS-140 vendor extras), written
 * by the ingest pipeline when a device reports a tag different from its previous one or after a pause (docs/swm.md).
 */
export const driverTagReads = pgTable(
  'driver_tag_reads',
  {
    id: id(),
    deviceId: ref('device_id')
      .notNull()
      .references(() => devices.id),
    vehicleId: ref('vehicle_id'),
    organisationId: ref('organisation_id').notNull(),
    tag: text('tag').notNull(),
    readAt: timestamptz('read_at').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Set once the attendance job has turned the read into an allocation / attendance mark. */
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    uniqueIndex('driver_tag_reads_device_read_uq').on(t.deviceId, t.readAt, t.tag),
    index('driver_tag_reads_organisation_read_idx').on(t.organisationId, t.readAt),
    index('driver_tag_reads_unprocessed_idx')
      .on(t.readAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * One mark per person per local day. PRESENT from a driver-id read ('driver-id'), from the duty start of the vehicle
 * the person is allocated to ('duty'), or by a supervisor ('supervisor', with a reason); ABSENT by a supervisor or by
 * the end-of-day close. A supervisor's mark is never overwritten by a derived one. Ward and circle are the person's
 * at marking time.
 */
export const attendance = pgTable(
  'attendance',
  {
    staffId: ref('staff_id')
      .notNull()
      .references(() => staff.id),
    day: date('day', { mode: 'string' }).notNull(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    status: text('status').$type<'PRESENT' | 'ABSENT'>().notNull(),
    /** 'driver-id' | 'duty' | 'supervisor' | 'day-close'. */
    source: text('source').notNull(),
    reason: text('reason'),
    wardId: ref('ward_id').references(() => adminDivisions.id),
    circleId: ref('circle_id').references(() => adminDivisions.id),
    vehicleId: ref('vehicle_id').references(() => vehicles.id),
    dutyStartAt: timestamptz('duty_start_at'),
    dutyEndAt: timestamptz('duty_end_at'),
    markedBy: ref('marked_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'attendance_pkey', columns: [t.staffId, t.day] }),
    index('attendance_organisation_day_idx').on(t.organisationId, t.day),
    check('attendance_status_chk', sql`${t.status} in ('PRESENT', 'ABSENT')`),
    check('attendance_source_chk', sql`${t.source} in ('driver-id', 'duty', 'supervisor', 'day-close')`),
  ],
);

export type ComplaintStatus = 'open' | 'assigned' | 'resolved' | 'reopened';

/**
 * Citizen grievances. `due_at` = raised + the category's SLA hours (packages/shared domain/complaints.ts). `evidence` is the
 * GPS evidence shown when the complaint was resolved (which vehicles passed the location in the window), kept so a
 * closure can be checked later.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    category: text('category').notNull(),
    description: text('description'),
    wardId: ref('ward_id').references(() => adminDivisions.id),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    address: text('address'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    citizenName: text('citizen_name'),
    citizenPhone: text('citizen_phone'),
    status: text('status').$type<ComplaintStatus>().notNull().default('open'),
    slaHours: integer('sla_hours').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    assignedStaffId: ref('assigned_staff_id').references(() => staff.id),
    assignedAt: timestamptz('assigned_at'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: ref('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note'),
    resolutionPhotos: jsonb('resolution_photos').$type<string[]>().notNull().default([]),
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    reopenCount: integer('reopen_count').notNull().default(0),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('complaints_organisation_status_idx').on(t.organisationId, t.status),
    check('complaints_status_chk', sql`${t.status} in ('open', 'assigned', 'resolved', 'reopened')`),
    check('complaints_sla_chk', sql`${t.slaHours} > 0`),
  ],
);

/** The timeline of a complaint: raised, assigned, note, resolved, reopened. */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: id(),
    complaintId: ref('complaint_id')
      .notNull()
      .references(() => complaints.id),
    at: timestamptz('at').notNull().defaultNow(),
    userId: ref('user_id').references(() => users.id),
    action: text('action').notNull(),
    note: text('note'),
    attrs: jsonb('attrs').$type<Record<string, unknown>>(),
  },
  (t) => [index('complaint_events_complaint_idx').on(t.complaintId, t.at)],
);

/**
 * Trips recorded at a dump yard or transfer station by its operator (a simple entry screen; a weighbridge feed writes
 * the same rows with source 'weighbridge'). Compared with GPS visits for the dump mismatch (docs/swm.md).
 */
export const dumpYardEntries = pgTable(
  'dump_yard_entries',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    geofenceId: ref('geofence_id')
      .notNull()
      .references(() => geofences.id),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    enteredAt: timestamptz('entered_at').notNull(),
    exitedAt: timestamptz('exited_at'),
    grossKg: real('gross_kg'),
    tareKg: real('tare_kg'),
    ticketNo: text('ticket_no'),
    /** 'operator' | 'weighbridge'. */
    source: text('source').notNull().default('operator'),
    note: text('note'),
    recordedBy: ref('recorded_by').references(() => users.id),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('dump_yard_entries_organisation_entered_idx').on(t.organisationId, t.enteredAt),
    index('dump_yard_entries_vehicle_entered_idx').on(t.vehicleId, t.enteredAt),
    check('dump_yard_entries_source_chk', sql`${t.source} in ('operator', 'weighbridge')`),
    check(
      'dump_yard_entries_weight_chk',
      sql`(${t.grossKg} is null or ${t.grossKg} >= 0) and (${t.tareKg} is null or ${t.tareKg} >= 0)`,
    ),
  ],
);

export type JobRunStatus = 'scheduled' | 'started' | 'finished' | 'missed';

/** One checkpoint of a job run: the route's checkpoint and when the vehicle reached it inside the window. */
export interface JobRunCheckpointValue {
  name: string;
  lat: number;
  lon: number;
  reachedAt: string | null;
  /** The checkpoint's POI (collection reports group by it); absent on runs evaluated before issue 8. */
  poiId?: string | null;
  /** Seconds stopped within reach at the visit (a collection-point visit needs collectionMinStopS). */
  dwellS?: number | null;
  /** How the visit was seen: a GPS stop, or an RFID/QR read of the point's item bound to a fix. */
  via?: 'gps' | 'rfid' | null;
}

/** A stretch of a job run outside its route's corridor (route violation report). */
export interface JobRunCorridorExitValue {
  exitedAt: string;
  returnedAt: string | null;
  lat: number;
  lon: number;
  /** Furthest distance from the route line during the stretch, metres. */
  maxDistanceM: number;
}

/**
 * A job schedule's run on one local day, evaluated against GPS by the worker (docs/swm.md "Jobs"): Started at the
 * first fix of the window on the route, Finished when the window ends (or all checkpoints are met); `score` = share of
 * the run's checkpoints met in the window (0 for a run never started). SLA compliance averages the score over the last
 * 61 runs (samples).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: ref('job_id')
      .notNull()
      .references(() => jobs.id),
    day: date('day', { mode: 'string' }).notNull(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    routeId: ref('route_id').references(() => routes.id),
    windowStart: timestamptz('window_start').notNull(),
    windowEnd: timestamptz('window_end').notNull(),
    status: text('status').$type<JobRunStatus>().notNull().default('scheduled'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    checkpointsTotal: integer('checkpoints_total').notNull().default(0),
    checkpointsMet: integer('checkpoints_met').notNull().default(0),
    checkpoints: jsonb('checkpoints').$type<JobRunCheckpointValue[]>().notNull().default([]),
    corridorExits: jsonb('corridor_exits').$type<JobRunCorridorExitValue[]>().notNull().default([]),
    expectedTrips: integer('expected_trips').notNull().default(0),
    gpsTrips: integer('gps_trips').notNull().default(0),
    score: real('score'),
    evaluatedAt: timestamptz('evaluated_at'),
  },
  (t) => [
    primaryKey({ name: 'job_runs_pkey', columns: [t.jobId, t.day] }),
    index('job_runs_organisation_day_idx').on(t.organisationId, t.day),
    index('job_runs_vehicle_day_idx').on(t.vehicleId, t.day),
    check('job_runs_status_chk', sql`${t.status} in ('scheduled', 'started', 'finished', 'missed')`),
  ],
);
