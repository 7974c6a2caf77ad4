/**
 * The playback time range as the page keeps it: in the URL as ISO 8601 with the +05:30 offset (what the server's
 * contract asks), on screen as dd/MM/yyyy HH:mm in Asia/Kolkata. Presets are computed from a given `now`.
 */
import { APP_TIME_ZONE, dayjs } from '@/lib/format';
import type { Dayjs } from 'dayjs';

export const RANGE_PRESETS = ['today', 'yesterday', 'last24h'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_FORMAT = 'DD/MM/YYYY HH:mm';

/** `2026-11-25T09:30:00+05:30`. */
export const toOffsetIso = (value: Dayjs): string => value.tz(APP_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ssZ');

export function fromOffsetIso(value: string | null): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.tz(APP_TIME_ZONE) : null;
}

export function presetRange(preset: RangePreset, nowMs = Date.now()): { from: Dayjs; to: Dayjs } {
  const now = dayjs(nowMs).tz(APP_TIME_ZONE);
  const startOfToday = now.startOf('day');
  switch (preset) {
    case 'today':
      return { from: startOfToday, to: now.second(0).millisecond(0) };
    case 'yesterday':
      // To the last second of the day, so the fixes of 23:59:xx are in.
      return { from: startOfToday.subtract(1, 'day'), to: startOfToday.subtract(1, 'second') };
    case 'last24h':
      return { from: now.subtract(24, 'hour').second(0).millisecond(0), to: now.second(0).millisecond(0) };
  }
}

/** "2 h 05 min", "12 min", "40 s" from seconds (units translated by the caller's labels). */
export function splitDuration(totalS: number): { h: number; min: number; s: number } {
  const seconds = Math.max(0, Math.round(totalS));
  return { h: Math.floor(seconds / 3600), min: Math.floor((seconds % 3600) / 60), s: seconds % 60 };
}
