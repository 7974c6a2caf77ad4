/**
 * The complaints list's filters, kept in the URL (?status=&category=&wardId=&overdue=true&from=&to=): from/to are
 * local days (yyyy-MM-dd, Asia/Kolkata) bounding the raised time.
 */
import {
  COMPLAINT_CATEGORY_IDS,
  COMPLAINT_STATUS_FILTERS,
  type ComplaintCategory,
  type ComplaintStatusFilter,
} from '@civicfleet/shared';
import { useSearchParams } from 'react-router';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';
import type { ComplaintFilters } from './api/complaints';

export interface ComplaintFilterValues {
  status: ComplaintStatusFilter | '';
  category: ComplaintCategory | '';
  wardId: string;
  isOverdueOnly: boolean;
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
}

export const NO_FILTERS: ComplaintFilterValues = {
  status: '',
  category: '',
  wardId: '',
  isOverdueOnly: false,
  from: '',
  to: '',
};

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : '';

export function readFilters(params: URLSearchParams): ComplaintFilterValues {
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: oneOf(COMPLAINT_STATUS_FILTERS, params.get('status')),
    category: oneOf(COMPLAINT_CATEGORY_IDS, params.get('category')),
    wardId: /^\d+$/.test(params.get('wardId') ?? '') ? (params.get('wardId') ?? '') : '',
    isOverdueOnly: params.get('overdue') === 'true',
    from: isDay(from) ? from : '',
    to: isDay(to) ? to : '',
  };
}

/** The query the list sends: local days become the instants of their start (from) and end (to). */
export function toQueryFilters(v: ComplaintFilterValues): ComplaintFilters {
  const startOf = (day: string) => dayjs.tz(day, APP_TIME_ZONE).toISOString();
  const endOf = (day: string) => dayjs.tz(day, APP_TIME_ZONE).add(1, 'day').subtract(1, 'ms').toISOString();
  return {
    status: v.status || undefined,
    category: v.category || undefined,
    wardId: v.wardId || undefined,
    overdue: v.isOverdueOnly ? 'true' : undefined,
    from: v.from ? startOf(v.from) : undefined,
    to: v.to ? endOf(v.to) : undefined,
  };
}

export function useComplaintFilters(): [
  ComplaintFilterValues,
  (next: Partial<ComplaintFilterValues>) => void,
] {
  const [params, setParams] = useSearchParams();
  const current = readFilters(params);
  const apply = (patch: Partial<ComplaintFilterValues>) =>
    setParams(
      (p) => {
        const next = { ...readFilters(p), ...patch };
        const set = (key: string, value: string) => (value ? p.set(key, value) : p.delete(key));
        set('status', next.status);
        set('category', next.category);
        set('wardId', next.wardId);
        set('overdue', next.isOverdueOnly ? 'true' : '');
        set('from', next.from);
        set('to', next.to);
        return p;
      },
      { replace: true },
    );
  return [current, apply];
}
