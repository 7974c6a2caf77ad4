/**
 * The period selector of the fitment counts: a few ranges a stock planner asks for, each with its grouping. Ranges
 * are calendar days in Asia/Kolkata, both ends inclusive (the contract's fromDate/toDate are plain dates).
 */
import type { FitmentCountGroup } from '@civicfleet/shared';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';
import type { FitmentCountsFilter } from './api/inventory';

export const PERIODS = ['last30Days', 'thisMonth', 'last3Months', 'last12Months'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 'last12Months';

const GROUP: Record<Period, FitmentCountGroup> = {
  last30Days: 'day',
  thisMonth: 'day',
  last3Months: 'month',
  last12Months: 'month',
};

export function periodFilter(period: Period, now: Date = new Date()): FitmentCountsFilter {
  const today = dayjs(now).tz(APP_TIME_ZONE);
  const from = {
    last30Days: today.subtract(29, 'day'),
    thisMonth: today.startOf('month'),
    last3Months: today.subtract(2, 'month').startOf('month'),
    last12Months: today.subtract(11, 'month').startOf('month'),
  }[period];
  return { fromDate: from.format('YYYY-MM-DD'), toDate: today.format('YYYY-MM-DD'), groupBy: GROUP[period] };
}

/** '2026-11' → 'Nov 2026' (in the UI language); '2026-11-05' → '05/11/2026'. */
export function formatPeriod(period: string, language: string): string {
  if (/^\d{4}-\d{2}$/.test(period)) {
    const [year, month] = period.split('-').map(Number);
    if (year === undefined || month === undefined) return period;
    return new Intl.DateTimeFormat(`${language}-IN`, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year, month - 1, 1)));
  }
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(period);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : period;
}
