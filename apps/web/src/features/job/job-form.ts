/**
 * The job schedule form's rules. The form holds text and the picked ids; on submit they become a JobInput checked by
 * the contract's JobInputSchema (schedule type and recurrence, custom days, dates, the HH:mm window), so the server's
 * rules are the form's. Date fields get the date pickers' problem codes (`required`, `invalid`, `min`) so they show
 * translated; other contract messages map to i18n keys in `MESSAGE_KEYS`.
 */
import {
  JOB_MESSAGES,
  JOB_RECURRENCES,
  JOB_SCHEDULE_TYPES,
  JobInputSchema,
  type Job,
  type JobInput,
  type JobRecurrence,
  type JobScheduleType,
} from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const JOB_LIST_PATH = '/management/job';
const CHOOSE_VEHICLE = 'Choose a vehicle';

const JobFormSchema = z.object({
  name: z.string(),
  scheduleType: z.enum(JOB_SCHEDULE_TYPES),
  recurrence: z.union([z.literal(''), z.enum(JOB_RECURRENCES)]),
  daysOfWeek: z.array(z.number().int()),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  vehicleId: z.string(),
  routeId: z.string(),
});
export type JobFormValues = z.input<typeof JobFormSchema>;

/** Contract messages on the date fields → the date pickers' codes. */
const DATE_CODES: Readonly<Record<string, string>> = {
  [JOB_MESSAGES.date]: 'invalid',
  [JOB_MESSAGES.endBeforeStart]: 'min',
};

export function toJobInput(values: JobFormValues): unknown {
  const isRecurring = values.scheduleType === 'Recurring';
  const recurrence = isRecurring && values.recurrence !== '' ? values.recurrence : null;
  return {
    name: values.name,
    scheduleType: values.scheduleType,
    recurrence,
    daysOfWeek: recurrence === 'custom' ? values.daysOfWeek : [],
    startDate: values.startDate ?? '',
    endDate: isRecurring ? values.endDate : null,
    startTime: values.startTime,
    endTime: values.endTime,
    vehicleId: values.vehicleId,
    routeId: values.routeId === '' ? null : values.routeId,
  };
}

export function jobFormSchema() {
  return JobFormSchema.transform((values, ctx): JobInput => {
    const own = new Map<string, string>();
    if (!values.startDate) own.set('startDate', 'required');
    if (values.vehicleId === '') own.set('vehicleId', CHOOSE_VEHICLE);
    for (const [field, message] of own) ctx.addIssue({ code: 'custom', path: [field], message });
    const parsed = JobInputSchema.safeParse(toJobInput(values));
    if (parsed.success && own.size === 0) return parsed.data;
    for (const issue of parsed.error?.issues ?? []) {
      const [field] = issue.path;
      if (typeof field !== 'string' || own.has(field)) continue;
      const isDate = field === 'startDate' || field === 'endDate';
      const message = (isDate ? DATE_CODES[issue.message] : undefined) ?? issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message });
    }
    return z.NEVER;
  });
}

export const JOB_FORM_FIELDS = [
  'name',
  'scheduleType',
  'recurrence',
  'daysOfWeek',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'vehicleId',
  'routeId',
] as const;

export const EMPTY_JOB_FORM: JobFormValues = {
  name: '',
  scheduleType: 'Recurring',
  recurrence: 'daily',
  daysOfWeek: [],
  startDate: null,
  endDate: null,
  startTime: '',
  endTime: '',
  vehicleId: '',
  routeId: '',
};

export function toFormValues(job: Job): JobFormValues {
  return {
    name: job.name,
    scheduleType: job.scheduleType,
    recurrence: job.recurrence ?? '',
    daysOfWeek: job.daysOfWeek,
    startDate: job.startDate,
    endDate: job.scheduleType === 'Recurring' ? job.endDate : null,
    startTime: job.startTime,
    endTime: job.endTime,
    vehicleId: job.vehicle.id,
    routeId: job.route?.id ?? '',
  };
}

/** i18n keys of the schedule types (their values have a space). */
export const SCHEDULE_TYPE_KEYS: Readonly<Record<JobScheduleType, string>> = {
  'One Time': 'scheduleTypes.oneTime',
  Recurring: 'scheduleTypes.recurring',
};
export const recurrenceKey = (r: JobRecurrence) => `recurrences.${r}`;

/** Contract and server messages → `job` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  'The schedule type must be One Time or Recurring': 'validation.scheduleType',
  [JOB_MESSAGES.time]: 'validation.time',
  [JOB_MESSAGES.recurrenceRequired]: 'validation.recurrenceRequired',
  [JOB_MESSAGES.recurrenceOneTime]: 'validation.recurrenceOneTime',
  [JOB_MESSAGES.days]: 'validation.days',
  [JOB_MESSAGES.oneTimeEnd]: 'validation.oneTimeEnd',
  [JOB_MESSAGES.emptyWindow]: 'validation.emptyWindow',
  [CHOOSE_VEHICLE]: 'validation.chooseVehicle',
  "The vehicle must be a vehicle of the job's organisation": 'validation.vehicleOrganisation',
  "The route must be a route of the job's organisation": 'validation.routeOrganisation',
};

/** How the job form shows field messages: the contract's messages by their i18n keys, others as sent. */
export function useJobMessages(): (message: string) => string {
  const { t } = useTranslation('job');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
