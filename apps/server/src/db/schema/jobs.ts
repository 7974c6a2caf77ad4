import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { routes } from './routes.ts';
import { vehicles } from './vehicles.ts';

/**
 * Job schedules (spec 01 §2.6 job, §9 "One Time" / "Recurring"): a vehicle runs a route in a daily time window
 * (`start_time`–`end_time`, HH:mm Asia/Kolkata; an end before the start crosses midnight) on the dates the schedule
 * gives. `days_of_week` (0 = Sunday) is used by the custom recurrence.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    scheduleType: text('schedule_type').notNull(),
    recurrence: text('recurrence'),
    daysOfWeek: jsonb('days_of_week').$type<number[]>().notNull().default([]),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    routeId: ref('route_id').references(() => routes.id),
    /** Disposal trips (dump yard / transfer station visits) a run of this job is expected to make (dump mismatch). */
    expectedTrips: integer('expected_trips').notNull().default(1),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_organisation_idx').on(t.organisationId),
    index('jobs_vehicle_idx').on(t.vehicleId),
    check('jobs_schedule_type_chk', sql`${t.scheduleType} in ('One Time', 'Recurring')`),
    check(
      'jobs_recurrence_chk',
      sql`${t.recurrence} is null or ${t.recurrence} in ('daily', 'weekly', 'monthly', 'yearly', 'custom')`,
    ),
  ],
);
