/**
 * Duration display of spec 02 §9 (365 days a year, 30 a month; '-' when undefined), translated: the shared helpers
 * split the number (packages/shared domain/durations.ts), the `fitment` namespace's `duration.*` plurals word it.
 */
import { MISSING_DURATION, splitDaysHoursMinutes, splitYearsDays } from '@civicfleet/shared';

export type Translate = (key: string, options: { count: number }) => string;

const isMissing = (v: number | null | undefined): v is null | undefined =>
  v === null || v === undefined || !Number.isFinite(v);

function words(parts: Array<[key: string, count: number]>, fallback: string, t: Translate): string {
  const shown = parts.filter(([, count]) => count > 0).map(([key, count]) => t(key, { count }));
  return shown.length > 0 ? shown.join(' ') : t(fallback, { count: 0 });
}

/** 365 → '1 year', 400 → '1 year 35 days', 0 → '0 days', undefined → '-'. */
export function formatYearsDays(totalDays: number | null | undefined, t: Translate): string {
  if (isMissing(totalDays)) return MISSING_DURATION;
  const { years, days } = splitYearsDays(totalDays);
  return words(
    [
      ['duration.years', years],
      ['duration.days', days],
    ],
    'duration.days',
    t,
  );
}

/** 1505 → '1 day 1 hour 5 minutes', 0 → '0 minutes', undefined → '-'. */
export function formatDaysHoursMinutes(totalMinutes: number | null | undefined, t: Translate): string {
  if (isMissing(totalMinutes)) return MISSING_DURATION;
  const { days, hours, minutes } = splitDaysHoursMinutes(totalMinutes);
  return words(
    [
      ['duration.days', days],
      ['duration.hours', hours],
      ['duration.minutes', minutes],
    ],
    'duration.minutes',
    t,
  );
}
