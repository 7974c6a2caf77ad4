/** Readable one-line forms of derived rows for golden assertions (times as IST wall clock). */
import type { DeriveSettings } from '../settings.ts';
import type { DerivePoint, StateInterval } from '../types.ts';
import { openInterval } from '../motion.ts';
import { rederive } from '../rederive.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** `HH:mm:ss` in IST, prefixed with the day of month when `withDay`. */
export function istTime(at: Date, withDay = false): string {
  const iso = new Date(at.getTime() + IST_OFFSET_MS).toISOString();
  return withDay ? `${iso.slice(8, 10)} ${iso.slice(11, 19)}` : iso.slice(11, 19);
}

export function describeInterval(interval: StateInterval, withDay = false): string {
  return `${interval.kind} ${istTime(interval.startAt, withDay)}–${istTime(interval.endAt, withDay)}`;
}

/** Closed intervals plus the open one (up to the last fix): the full timeline of the fixes. */
export function timelineOf(points: readonly DerivePoint[], settings: DeriveSettings): StateInterval[] {
  const { intervals, state } = rederive(points, settings);
  const open = openInterval(state);
  return open && open.durationS > 0 ? [...intervals, open] : intervals;
}
