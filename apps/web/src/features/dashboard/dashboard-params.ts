/**
 * The dashboards' filters in the URL: `from`, `to` (local days yyyy-MM-dd, default today) and `zoneId`, `circleId`,
 * `wardId`. A malformed day falls back to today; a backwards range is put in order.
 */
import { useSearchParams } from 'react-router';
import { isIsoDate, todayIsoDate } from '@/components/form/date-value';

export interface DashboardFilters {
  from: string;
  to: string;
  zoneId: string | null;
  circleId: string | null;
  wardId: string | null;
}

const idOf = (value: string | null) => (value !== null && /^\d{1,19}$/.test(value) ? value : null);

export function readFilters(params: URLSearchParams): DashboardFilters {
  const today = todayIsoDate();
  const rawFrom = params.get('from');
  const rawTo = params.get('to');
  const from = isIsoDate(rawFrom) ? rawFrom : today;
  const to = isIsoDate(rawTo) ? rawTo : from > today ? from : today;
  return {
    ...(from <= to ? { from, to } : { from: to, to: from }),
    zoneId: idOf(params.get('zoneId')),
    circleId: idOf(params.get('circleId')),
    wardId: idOf(params.get('wardId')),
  };
}

/** The filters as query text for links to the screens behind a number (only the keys given). */
export function filterQuery(f: DashboardFilters, keys: ReadonlyArray<keyof DashboardFilters>): string {
  const q = new URLSearchParams();
  for (const key of keys) {
    const value = f[key];
    if (value) q.set(key, value);
  }
  return q.toString();
}

export function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const write = (changes: Partial<Record<keyof DashboardFilters | 'metric', string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return { filters, write, params };
}
