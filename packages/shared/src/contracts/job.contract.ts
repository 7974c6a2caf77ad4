/**
 * Job schedules (spec 01 §2.6 job: list, add; §9 schedule types "One Time" / "Recurring", recurrence daily / weekly /
 * monthly / yearly / custom): a vehicle runs a route in a daily time window (HH:mm, Asia/Kolkata) on the dates the
 * schedule gives. A window whose end is before its start crosses midnight.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const JOB_SCHEDULE_TYPES = ['One Time', 'Recurring'] as const;
export type JobScheduleType = (typeof JOB_SCHEDULE_TYPES)[number];
export const JOB_RECURRENCES = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type JobRecurrence = (typeof JOB_RECURRENCES)[number];

export const JOB_MESSAGES = {
  date: 'Dates are yyyy-MM-dd',
  time: 'Times are HH:mm (24-hour)',
  recurrenceRequired: 'A recurring job needs a recurrence: daily, weekly, monthly, yearly or custom',
  recurrenceOneTime: 'A one-time job has no recurrence',
  days: 'A custom recurrence needs at least one day of the week (0 = Sunday … 6 = Saturday)',
  endBeforeStart: 'The end date cannot be before the start date',
  oneTimeEnd: 'A one-time job ends on its start date',
  emptyWindow: 'The start and end times cannot be equal',
} as const;

const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, JOB_MESSAGES.date)
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    JOB_MESSAGES.date,
  );
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, JOB_MESSAGES.time);

export const JobSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  scheduleType: z.enum(JOB_SCHEDULE_TYPES),
  recurrence: z.enum(JOB_RECURRENCES).nullable(),
  daysOfWeek: z.array(z.number().int()),
  startDate: z.string(),
  endDate: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }),
  route: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof JobSchema>;
export const JobPageSchema = listPageSchema(JobSchema);

export const JobListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  vehicleId: IdSchema.optional(),
  routeId: IdSchema.optional(),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const JobInputSchema = z
  .object({
    organisationId: IdSchema.optional(),
    name: z.string().trim().min(1, 'The name is required').max(100),
    scheduleType: z.enum(JOB_SCHEDULE_TYPES, 'The schedule type must be One Time or Recurring'),
    recurrence: z.enum(JOB_RECURRENCES, JOB_MESSAGES.recurrenceRequired).nullish(),
    daysOfWeek: z
      .array(z.number().int().min(0, JOB_MESSAGES.days).max(6, JOB_MESSAGES.days))
      .max(7)
      .default([]),
    startDate: DateSchema,
    /** Recurring: none = open-ended. One Time: none or the start date. */
    endDate: DateSchema.nullish(),
    startTime: TimeSchema,
    endTime: TimeSchema,
    vehicleId: IdSchema,
    routeId: IdSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.scheduleType === 'Recurring' && !v.recurrence) issue('recurrence', JOB_MESSAGES.recurrenceRequired);
    if (v.scheduleType === 'One Time' && v.recurrence) issue('recurrence', JOB_MESSAGES.recurrenceOneTime);
    if (v.recurrence === 'custom' && v.daysOfWeek.length === 0) issue('daysOfWeek', JOB_MESSAGES.days);
    if (v.endDate && v.endDate < v.startDate) issue('endDate', JOB_MESSAGES.endBeforeStart);
    else if (v.scheduleType === 'One Time' && v.endDate && v.endDate !== v.startDate)
      issue('endDate', JOB_MESSAGES.oneTimeEnd);
    if (v.startTime === v.endTime) issue('endTime', JOB_MESSAGES.emptyWindow);
  });
export type JobInput = z.infer<typeof JobInputSchema>;

/** GET /job/active?date=yyyy-MM-dd: the jobs that run on that (Asia/Kolkata) date, with their window as instants. */
export const JobActiveQuerySchema = z.object({
  date: DateSchema,
  organisationId: IdSchema.optional(),
  vehicleId: IdSchema.optional(),
});
export type JobActiveQuery = z.infer<typeof JobActiveQuerySchema>;

export const ActiveJobSchema = z.object({
  job: JobSchema,
  /** The window on that date, ISO UTC; the end is on the next day when the window crosses midnight. */
  windowStartAt: z.string(),
  windowEndAt: z.string(),
});
export type ActiveJob = z.infer<typeof ActiveJobSchema>;
