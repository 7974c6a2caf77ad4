import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamptz, updatedAt } from './columns.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/**
 * The report engine (issue 8): files made in the background (on demand or by a schedule) and the schedules themselves.
 * Report rows are never stored: they are computed from the derived tables each time.
 */

/** A CSV / XLSX / PDF file of one report run: progress while it runs, then the file in storage (DATA_DIR/files). */
export const reportExports = pgTable(
  'report_exports',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Who asked (null: made by a schedule). Only they (or SUPER_ADMIN) may download an on-demand file. */
    userId: ref('user_id').references(() => users.id),
    scheduleId: ref('schedule_id').references(() => reportSchedules.id),
    reportId: text('report_id').notNull(),
    format: text('format').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    labels: jsonb('labels').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    rowCount: integer('row_count'),
    fileName: text('file_name'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('report_exports_user_created_idx').on(t.userId, t.createdAt),
    index('report_exports_status_idx').on(t.status),
    check('report_exports_status_chk', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('report_exports_format_chk', sql`${t.format} in ('csv', 'xlsx', 'pdf')`),
  ],
);

/**
 * A report run on a calendar (Asia/Kolkata) and mailed to chosen users. `filter` holds the report's filter without
 * from/to; `range` says which period each run covers (e.g. the previous day).
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    organisationId: ref('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdBy: ref('created_by')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    reportId: text('report_id').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    /** 'previous-day' | 'previous-7-days' | 'previous-week' | 'previous-month' | 'month-to-date' */
    range: text('range').notNull(),
    /** 'daily' | 'weekly' | 'monthly' */
    frequency: text('frequency').notNull(),
    /** HH:mm in the schedule's time zone. */
    timeOfDay: text('time_of_day').notNull(),
    /** weekly: 1 (Monday) … 7 (Sunday). */
    dayOfWeek: integer('day_of_week'),
    /** monthly: 1 … 28. */
    dayOfMonth: integer('day_of_month'),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    formats: jsonb('formats').$type<string[]>().notNull(),
    /** User ids (strings) mailed with each run; their addresses are read at send time. */
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamptz('next_run_at').notNull(),
    lastRunAt: timestamptz('last_run_at'),
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled} and not ${t.deleted}`),
    index('report_schedules_organisation_idx').on(t.organisationId),
    check('report_schedules_frequency_chk', sql`${t.frequency} in ('daily', 'weekly', 'monthly')`),
  ],
);
