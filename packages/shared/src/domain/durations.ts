/**
 * Duration display helpers of spec 02 §9: a year is 365 days and a month 30 days; helpers show minutes, hours and
 * days, and years and days; '-' for an undefined value. Plain English text; the console may instead translate the
 * parts (`splitYearsDays`, `splitDaysHoursMinutes`) through i18n.
 */

export const DAYS_PER_YEAR = 365;
export const DAYS_PER_MONTH = 30;
export const MISSING_DURATION = '-';

const unit = (n: number, singular: string): string => `${n} ${singular}${n === 1 ? '' : 's'}`;
const isMissing = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || !Number.isFinite(v);

/** 800 → { years: 2, days: 70 } (negative values are treated as 0). */
export function splitYearsDays(totalDays: number): { years: number; days: number } {
  const days = Math.max(0, Math.floor(totalDays));
  return { years: Math.floor(days / DAYS_PER_YEAR), days: days % DAYS_PER_YEAR };
}

/** 400 → { years: 1, months: 1, days: 5 }. */
export function splitYearsMonthsDays(totalDays: number): { years: number; months: number; days: number } {
  const { years, days } = splitYearsDays(totalDays);
  return { years, months: Math.floor(days / DAYS_PER_MONTH), days: days % DAYS_PER_MONTH };
}

/** 1505 minutes → { days: 1, hours: 1, minutes: 5 }. */
export function splitDaysHoursMinutes(totalMinutes: number): {
  days: number;
  hours: number;
  minutes: number;
} {
  const minutes = Math.max(0, Math.floor(totalMinutes));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** 365 → '1 year', 730 → '2 years', 400 → '1 year 35 days', 30 → '30 days', 0 → '0 days', undefined → '-'. */
export function formatYearsDays(totalDays: number | null | undefined): string {
  if (isMissing(totalDays)) return MISSING_DURATION;
  const { years, days } = splitYearsDays(totalDays);
  const parts = [years > 0 ? unit(years, 'year') : '', days > 0 || years === 0 ? unit(days, 'day') : ''];
  return parts.filter(Boolean).join(' ');
}

/** 90 → '1 hour 30 minutes', 1505 → '1 day 1 hour 5 minutes', 0 → '0 minutes', undefined → '-'. */
export function formatDaysHoursMinutes(totalMinutes: number | null | undefined): string {
  if (isMissing(totalMinutes)) return MISSING_DURATION;
  const { days, hours, minutes } = splitDaysHoursMinutes(totalMinutes);
  const parts = [
    days > 0 ? unit(days, 'day') : '',
    hours > 0 ? unit(hours, 'hour') : '',
    minutes > 0 || (days === 0 && hours === 0) ? unit(minutes, 'minute') : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * The activation duration's name as the spec writes it: whole years read '1 year', '2 year' (spec 02 §9, no plural),
 * anything else in days ('45 days'); undefined → '-'.
 */
export function activationDurationName(totalDays: number | null | undefined): string {
  if (isMissing(totalDays)) return MISSING_DURATION;
  if (totalDays > 0 && totalDays % DAYS_PER_YEAR === 0) return `${totalDays / DAYS_PER_YEAR} year`;
  return unit(Math.max(0, Math.floor(totalDays)), 'day');
}
