/** The screens' filters live in the URL: a day (yyyy-MM-dd, Asia/Kolkata, default today) and ids. */
import { useSearchParams } from 'react-router';
import { isIsoDate, todayIsoDate } from '@/components/form/date-value';

export function readDay(params: URLSearchParams, key = 'day'): string {
  const value = params.get(key);
  return isIsoDate(value) ? value : todayIsoDate();
}

export const readId = (params: URLSearchParams, key: string): string | undefined => {
  const value = params.get(key);
  return value && /^\d+$/.test(value) ? value : undefined;
};

/** Writes the given keys ('' or null removes one) and keeps the others. */
export function useParamWriter(): (changes: Record<string, string | null>) => void {
  const [, setParams] = useSearchParams();
  return (changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
}
