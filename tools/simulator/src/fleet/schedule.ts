/** Shift arithmetic in India Standard Time (UTC+05:30, no daylight saving). */
export const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

export interface ShiftWindow {
  startMs: number;
  endMs: number;
}

/** Minute of the IST day (0–1439) at `ms`. */
export function istMinuteOfDay(ms: number): number {
  return Math.floor(((((ms + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
}

function istDayStartMs(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

/** The shift (started today or yesterday, IST) that contains `ms`, or null when off duty. */
export function shiftAt(ms: number, startMinuteIst: number, durationMin: number): ShiftWindow | null {
  const today = istDayStartMs(ms) + startMinuteIst * 60_000;
  for (const startMs of [today, today - DAY_MS]) {
    const endMs = startMs + durationMin * 60_000;
    if (ms >= startMs && ms < endMs) return { startMs, endMs };
  }
  return null;
}

/** First shift start at or after `ms`. */
export function nextShiftStartMs(ms: number, startMinuteIst: number): number {
  const today = istDayStartMs(ms) + startMinuteIst * 60_000;
  return today >= ms ? today : today + DAY_MS;
}
