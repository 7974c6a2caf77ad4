/**
 * The screens' filters, kept in the URL: local days (yyyy-MM-dd, Asia/Kolkata) and a vehicle. A missing or malformed
 * day falls back to today; a range given backwards is put in order, so a shared link always shows something sensible.
 */
import { useSearchParams } from 'react-router';
import { isIsoDate, todayIsoDate } from '@/components/form/date-value';
import type { PickerOption } from '@/components/SearchPicker';

export interface DayRange {
  /** yyyy-MM-dd, local days, both included. */
  from: string;
  to: string;
}

export function readDay(params: URLSearchParams, key: string, fallback = todayIsoDate()): string {
  const value = params.get(key);
  return isIsoDate(value) ? value : fallback;
}

export function readRange(params: URLSearchParams): DayRange {
  const today = todayIsoDate();
  const from = readDay(params, 'from', today);
  const to = readDay(params, 'to', from > today ? from : today);
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The vehicle filter: ?vehicleId= with its label in ?vehicle= (so the picker can show it without a call). */
export function readVehicle(params: URLSearchParams): PickerOption | null {
  const id = params.get('vehicleId');
  return id ? { id, label: params.get('vehicle') ?? id } : null;
}

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
