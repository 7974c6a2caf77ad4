/**
 * Dates as the spec shows them (spec 01 §9): dd/MM/yyyy in Asia/Kolkata, whatever the browser's zone. Wire values are
 * ISO-8601 UTC strings (docs/conventions.md "Wire").
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const APP_TIME_ZONE = 'Asia/Kolkata';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm:ss';

type DateInput = string | number | Date | Dayjs;

/** The instant in the app's time zone, or null when the input is empty or not a date. */
export function toAppTime(value: DateInput | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs.utc(value);
  return parsed.isValid() ? parsed.tz(APP_TIME_ZONE) : null;
}

/** `21/11/2026`; empty string for a missing or invalid value so tables can render it as-is. */
export function formatDate(value: DateInput | null | undefined): string {
  return toAppTime(value)?.format(DATE_FORMAT) ?? '';
}

/** `21/11/2026 18:05:09`. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return toAppTime(value)?.format(DATE_TIME_FORMAT) ?? '';
}

export { dayjs };
