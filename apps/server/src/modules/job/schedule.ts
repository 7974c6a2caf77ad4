/**
 * When a job runs (pure, no clock): does a schedule fall on a calendar date, and its window on that date as instants.
 * Dates are Asia/Kolkata calendar dates (yyyy-MM-dd); IST has no daylight saving, so a window is `date + HH:mm - 5:30`.
 *
 * - One Time: on its start date only.
 * - daily: every date from start to end (or open-ended).
 * - weekly: the start date's weekday. custom: the listed weekdays (0 = Sunday).
 * - monthly: the start date's day of the month; in a shorter month, its last day (a job set on the 31st runs on 30 April).
 * - yearly: the start date's month and day; a 29 February start runs on 28 February in other years.
 */
export interface JobSchedule {
  scheduleType: 'One Time' | 'Recurring';
  recurrence: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom' | null;
  daysOfWeek: readonly number[];
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string;
}

const IST_OFFSET_MS = 330 * 60_000;

const parts = (date: string) => {
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  return { y, m, d };
};
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function runsOn(job: JobSchedule, date: string): boolean {
  if (date < job.startDate || (job.endDate !== null && date > job.endDate)) return false;
  if (job.scheduleType === 'One Time') return date === job.startDate;
  const start = parts(job.startDate);
  const day = parts(date);
  switch (job.recurrence) {
    case 'daily':
      return true;
    case 'weekly':
      return weekday(date) === weekday(job.startDate);
    case 'custom':
      return job.daysOfWeek.includes(weekday(date));
    case 'monthly':
      return day.d === Math.min(start.d, daysInMonth(day.y, day.m));
    case 'yearly':
      return day.m === start.m && day.d === Math.min(start.d, daysInMonth(day.y, day.m));
    default:
      return false;
  }
}

/** The window on `date` as UTC instants; an end at or before the start is on the next day. */
export function windowOn(
  job: Pick<JobSchedule, 'startTime' | 'endTime'>,
  date: string,
): { start: Date; end: Date } {
  const at = (time: string) => new Date(Date.parse(`${date}T${time}:00Z`) - IST_OFFSET_MS);
  const start = at(job.startTime);
  let end = at(job.endTime);
  if (end.getTime() <= start.getTime()) end = new Date(end.getTime() + 86_400_000);
  return { start, end };
}
