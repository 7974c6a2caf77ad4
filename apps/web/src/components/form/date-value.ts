/**
 * Date-only values of the form fields: ISO `YYYY-MM-DD` strings on the form side, dayjs in Asia/Kolkata on the
 * picker side. "Today" is the Kolkata calendar day, whatever the browser's zone (spec 01 §9).
 */
import type { Dayjs } from 'dayjs';
import { APP_TIME_ZONE, DATE_FORMAT, dayjs } from '@/lib/format';

export const ISO_DATE_FORMAT = 'YYYY-MM-DD';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Asia/Kolkata, e.g. `2026-11-22`. `now` for tests. */
export function todayIsoDate(now: Date = new Date()): string {
  return dayjs(now).tz(APP_TIME_ZONE).format(ISO_DATE_FORMAT);
}

export function isIsoDate(value: unknown): value is string {
  // A round trip also refuses 2026-02-31, which dayjs would roll over to 3 March.
  return typeof value === 'string' && ISO_DATE.test(value) && dayjs(value).format(ISO_DATE_FORMAT) === value;
}

/** `2026-11-22` → midnight of that day in Asia/Kolkata; null for empty or malformed values. */
export function isoDateToDayjs(value: string | null | undefined): Dayjs | null {
  if (!isIsoDate(value)) return null;
  return dayjs.tz(value, APP_TIME_ZONE);
}

/** The picker's day → `YYYY-MM-DD`; null when cleared; `'invalid'` while the typed text is not a date. */
export function dayjsToIsoDate(value: Dayjs | null): string | null {
  if (value === null) return null;
  return value.isValid() ? value.format(ISO_DATE_FORMAT) : 'invalid';
}

/** `2026-11-22` → `22/11/2026` (messages). */
export function formatIsoDate(value: string): string {
  return isIsoDate(value) ? dayjs(value).format(DATE_FORMAT) : value;
}

export type DateProblem = 'required' | 'invalid' | 'min' | 'max';

/** What is wrong with a field value, given its bounds (ISO dates compare as strings). */
export function checkIsoDate(
  value: string | null | undefined,
  {
    minDate,
    maxDate,
    isRequired,
  }: { minDate?: string | undefined; maxDate?: string | undefined; isRequired?: boolean },
): DateProblem | null {
  if (value === null || value === undefined || value === '') return isRequired ? 'required' : null;
  if (!isIsoDate(value)) return 'invalid';
  if (minDate !== undefined && value < minDate) return 'min';
  if (maxDate !== undefined && value > maxDate) return 'max';
  return null;
}
