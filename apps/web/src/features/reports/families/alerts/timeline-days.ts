/** Splits timeline spans into IST days for the chart: a span across midnight gives a piece to each day. */
import { REPORT_TIME_ZONE } from '@civicfleet/shared';

export interface TimelinePiece {
  /** Index of the span (row) it comes from. */
  row: number;
  kind: string;
  /** 0–1 of the day. */
  startFraction: number;
  endFraction: number;
}

export interface TimelineDay {
  day: string;
  pieces: TimelinePiece[];
}

const DAY_MS = 86_400_000;
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, dateStyle: 'short' });

export const istDayOf = (ms: number): string => dayFormat.format(new Date(ms));
/** Asia/Kolkata has no daylight saving: every day is 24 h from its +05:30 midnight. */
export const istDayStartMs = (day: string): number => Date.parse(`${day}T00:00:00+05:30`);

export function splitByDay(rows: ReadonlyArray<Record<string, unknown>>): TimelineDay[] {
  const days = new Map<string, TimelinePiece[]>();
  rows.forEach((row, index) => {
    const startMs = Date.parse(String(row.startedAt));
    const endMs = Date.parse(String(row.endedAt));
    if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs < startMs) return;
    for (let dayStart = istDayStartMs(istDayOf(startMs)); dayStart <= endMs; dayStart += DAY_MS) {
      const day = istDayOf(dayStart);
      const from = Math.max(startMs, dayStart);
      const to = Math.min(endMs, dayStart + DAY_MS);
      if (to <= from && !(startMs === endMs && from === startMs)) continue;
      const pieces = days.get(day) ?? [];
      pieces.push({
        row: index,
        kind: String(row.kind ?? ''),
        startFraction: (from - dayStart) / DAY_MS,
        endFraction: (to - dayStart) / DAY_MS,
      });
      days.set(day, pieces);
    }
  });
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, pieces]) => ({ day, pieces }));
}
