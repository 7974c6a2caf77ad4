/** /v1/report-schedule calls (contract: packages/shared report-schedule.contract.ts) with their query keys. */
import {
  ReportSchedulePageSchema,
  ReportScheduleRecipientSchema,
  ReportScheduleSchema,
  type ListQuery,
  type ReportSchedule,
  type ReportScheduleInputValues,
  type ReportScheduleRecipient,
} from '@civicfleet/shared';
import { z } from 'zod';
import { apiRequest } from '@/api/client';

export const scheduleKeys = {
  all: ['report-schedules'] as const,
  list: () => [...scheduleKeys.all, 'list'] as const,
  recipients: (search: string) => [...scheduleKeys.all, 'recipients', search] as const,
};

export function listSchedules(query: ListQuery) {
  return apiRequest({
    method: 'GET',
    path: '/report-schedule',
    query: { ...query },
    schema: ReportSchedulePageSchema,
  });
}

export function createSchedule(input: ReportScheduleInputValues): Promise<ReportSchedule> {
  return apiRequest({ method: 'POST', path: '/report-schedule', body: input, schema: ReportScheduleSchema });
}

export function updateSchedule(id: string, input: ReportScheduleInputValues): Promise<ReportSchedule> {
  return apiRequest({
    method: 'PUT',
    path: `/report-schedule/${id}`,
    body: input,
    schema: ReportScheduleSchema,
  });
}

export function deleteSchedule(id: string): Promise<null> {
  return apiRequest({ method: 'DELETE', path: `/report-schedule/${id}`, schema: z.null() });
}

const RunNowSchema = z.object({
  schedule: ReportScheduleSchema,
  run: z.object({ status: z.enum(['ok', 'failed']), error: z.string().nullable(), mailed: z.number() }),
});
export type RunNowResult = z.infer<typeof RunNowSchema>;

/** Runs the schedule at once (the period ending now) and mails the files; its calendar is unchanged. */
export function runScheduleNow(id: string): Promise<RunNowResult> {
  return apiRequest({ method: 'POST', path: `/report-schedule/${id}/run-now`, schema: RunNowSchema });
}

/** Users of the caller's organisations who have an e-mail, matching `search` (name or e-mail). */
export function searchRecipients(search: string): Promise<ReportScheduleRecipient[]> {
  return apiRequest({
    method: 'GET',
    path: '/report-schedule/recipients',
    query: search ? { search } : {},
    schema: z.array(ReportScheduleRecipientSchema),
  });
}

/** The body of a create/update from a schedule as listed (e.g. to switch it on or off). */
export function inputOf(schedule: ReportSchedule, over: Partial<ReportScheduleInputValues> = {}) {
  const input: ReportScheduleInputValues = {
    name: schedule.name,
    reportId: schedule.reportId,
    filter: schedule.filter,
    range: schedule.range,
    frequency: schedule.frequency,
    dayOfWeek: schedule.dayOfWeek,
    dayOfMonth: schedule.dayOfMonth,
    timeOfDay: schedule.timeOfDay,
    formats: schedule.formats,
    recipients: schedule.recipients.map((r) => r.id),
    enabled: schedule.enabled,
  };
  return { ...input, ...over };
}
