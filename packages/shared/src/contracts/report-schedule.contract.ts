/**
 * Scheduled reports (issue 8): any report with its filter, run on a calendar in Asia/Kolkata (daily at a time, weekly
 * on a day, monthly on a day) and e-mailed as files to chosen users. The filter is the report's own WITHOUT from/to:
 * each run covers `range`, ending at the scheduled time. Routes: /v1/report-schedule (module `report-schedule`; the
 * caller must also hold the report's module `report-<reportId>`).
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { REPORT_EXPORT_FORMATS } from './report.contract.ts';
import { reportMeta } from './reports/index.ts';

export const REPORT_SCHEDULE_RANGES = [
  'previous-day',
  'previous-7-days',
  'previous-week',
  'previous-month',
  'month-to-date',
] as const;
export type ReportScheduleRange = (typeof REPORT_SCHEDULE_RANGES)[number];

/** English names of the ranges (mail subjects; the console translates `reportSchedules:ranges.<range>`). */
export const REPORT_SCHEDULE_RANGE_LABELS: Record<ReportScheduleRange, string> = {
  'previous-day': 'Previous day',
  'previous-7-days': 'Previous 7 days',
  'previous-week': 'Previous week (Monday to Sunday)',
  'previous-month': 'Previous month',
  'month-to-date': 'Month to date',
};

/** The longest period a range can cover (days), checked against the report's maxDays. */
export const REPORT_SCHEDULE_RANGE_MAX_DAYS: Record<ReportScheduleRange, number> = {
  'previous-day': 1,
  'previous-7-days': 7,
  'previous-week': 7,
  'previous-month': 31,
  'month-to-date': 31,
};

export const REPORT_SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];

export const REPORT_SCHEDULE_STATUSES = ['ok', 'failed'] as const;
export type ReportScheduleStatus = (typeof REPORT_SCHEDULE_STATUSES)[number];

export const REPORT_SCHEDULE_MAX_RECIPIENTS = 20;

export const REPORT_SCHEDULE_MESSAGES = {
  name: 'The name is required',
  report: 'Choose a report',
  range: 'Choose the period each run covers',
  frequency: 'Choose daily, weekly or monthly',
  time: 'The time must be HH:mm (24 hours)',
  dayOfWeek: 'Choose the day of the week (1 = Monday … 7 = Sunday)',
  dayOfMonth: 'Choose a day of the month from 1 to 28',
  formats: 'Choose at least one file format',
  recipients: 'Choose at least one recipient',
  tooManyRecipients: `Choose at most ${REPORT_SCHEDULE_MAX_RECIPIENTS} recipients`,
  fromTo: 'A schedule has no From Time or To Time: each run covers its period',
  notFound: 'Report schedule not found.',
  unknownRecipient: (id: string) => `User ${id} was not found`,
  noEmail: (name: string) => `${name} has no e-mail address: add one or choose another recipient`,
  tooLong: (days: number) => `This report covers at most ${days} days: choose a shorter period`,
} as const;

/** A fixed range used only to check a schedule's filter with the report's own schema (the filter has no from/to). */
const CHECK_RANGE = { from: '2026-01-01T00:00:00+05:30', to: '2026-01-01T23:59:59.999+05:30' };

export const ReportScheduleInputSchema = z
  .object({
    name: z.string().trim().min(1, REPORT_SCHEDULE_MESSAGES.name).max(120),
    reportId: z.string({ error: REPORT_SCHEDULE_MESSAGES.report }).min(1, REPORT_SCHEDULE_MESSAGES.report),
    filter: z.record(z.string(), z.unknown()).default({}),
    range: z.enum(REPORT_SCHEDULE_RANGES, { error: REPORT_SCHEDULE_MESSAGES.range }),
    frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES, { error: REPORT_SCHEDULE_MESSAGES.frequency }),
    /** weekly only: 1 (Monday) … 7 (Sunday). */
    dayOfWeek: z.number({ error: REPORT_SCHEDULE_MESSAGES.dayOfWeek }).int().min(1).max(7).nullish(),
    /** monthly only: 1 … 28 (every month has it). */
    dayOfMonth: z.number({ error: REPORT_SCHEDULE_MESSAGES.dayOfMonth }).int().min(1).max(28).nullish(),
    /** HH:mm, Asia/Kolkata. */
    timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, REPORT_SCHEDULE_MESSAGES.time),
    formats: z
      .array(z.enum(REPORT_EXPORT_FORMATS, { error: 'Choose CSV, XLSX or PDF' }))
      .min(1, REPORT_SCHEDULE_MESSAGES.formats)
      .max(3),
    recipients: z
      .array(IdSchema)
      .min(1, REPORT_SCHEDULE_MESSAGES.recipients)
      .max(REPORT_SCHEDULE_MAX_RECIPIENTS, REPORT_SCHEDULE_MESSAGES.tooManyRecipients),
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'weekly' && (value.dayOfWeek === null || value.dayOfWeek === undefined)) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.dayOfWeek, path: ['dayOfWeek'] });
    }
    if (value.frequency === 'monthly' && (value.dayOfMonth === null || value.dayOfMonth === undefined)) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.dayOfMonth, path: ['dayOfMonth'] });
    }
    const meta = reportMeta(value.reportId);
    if (!meta) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.report, path: ['reportId'] });
      return;
    }
    if ('from' in value.filter || 'to' in value.filter) {
      ctx.addIssue({ code: 'custom', message: REPORT_SCHEDULE_MESSAGES.fromTo, path: ['filter'] });
      return;
    }
    const checked = meta.filter.safeParse({ ...value.filter, ...CHECK_RANGE });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['filter', ...issue.path] });
      }
    }
    if (meta.maxDays !== null && REPORT_SCHEDULE_RANGE_MAX_DAYS[value.range] > meta.maxDays) {
      ctx.addIssue({
        code: 'custom',
        message: REPORT_SCHEDULE_MESSAGES.tooLong(meta.maxDays),
        path: ['range'],
      });
    }
  });
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;
export type ReportScheduleInputValues = z.input<typeof ReportScheduleInputSchema>;

export const ReportScheduleRecipientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type ReportScheduleRecipient = z.infer<typeof ReportScheduleRecipientSchema>;

export const ReportScheduleSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  name: z.string(),
  reportId: z.string(),
  reportTitle: z.string(),
  filter: z.record(z.string(), z.unknown()),
  range: z.enum(REPORT_SCHEDULE_RANGES),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  dayOfWeek: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  timeOfDay: z.string(),
  timeZone: z.string(),
  formats: z.array(z.enum(REPORT_EXPORT_FORMATS)),
  recipients: z.array(ReportScheduleRecipientSchema),
  enabled: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  lastStatus: z.enum(REPORT_SCHEDULE_STATUSES).nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;
export const ReportSchedulePageSchema = listPageSchema(ReportScheduleSchema);

export const REPORT_SCHEDULE_SORT_FIELDS = [
  'name',
  'reportId',
  'nextRunAt',
  'lastRunAt',
  'createdAt',
] as const;

export const ReportScheduleListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  reportId: z.string().max(60).optional(),
});
export type ReportScheduleListQuery = z.infer<typeof ReportScheduleListQuerySchema>;

/** GET /report-schedule/recipients?search=: users of the caller's organisations who can receive the mail. */
export const ReportScheduleRecipientQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
