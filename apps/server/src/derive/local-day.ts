/**
 * Local calendar days of an organisation's time zone. India Standard Time has had no daylight saving since 1945:
 * Asia/Kolkata is UTC+05:30 all year, so its local midnight is 18:30 UTC of the previous UTC day. Fixed-offset zones
 * use plain arithmetic (hot path: every interval and point goes through here); any other IANA zone goes through Intl,
 * which handles daylight saving (23- and 25-hour days).
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const FIXED_OFFSET_MIN: Readonly<Record<string, number>> = {
  'Asia/Kolkata': 330,
  'Asia/Calcutta': 330,
  UTC: 0,
  'Etc/UTC': 0,
};

/** A local calendar day, `yyyy-MM-dd`. */
export type LocalDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes to add to UTC to get local wall time at `ms`. */
export function utcOffsetMinutes(ms: number, timeZone: string): number {
  const fixed = FIXED_OFFSET_MIN[timeZone];
  if (fixed !== undefined) return fixed;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallMs = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((wallMs - (ms - (ms % 1000))) / MINUTE_MS);
}

// Formatting a day is the costly part of `localDayOf` (called for every fix): remember recent ones.
const dayStrings = new Map<number, LocalDay>();

function dayString(utcMidnightOfWallDay: number): LocalDay {
  let day = dayStrings.get(utcMidnightOfWallDay);
  if (day === undefined) {
    if (dayStrings.size > 4096) dayStrings.clear();
    day = new Date(utcMidnightOfWallDay).toISOString().slice(0, 10);
    dayStrings.set(utcMidnightOfWallDay, day);
  }
  return day;
}

/** The local day holding the instant `ms`. */
export function localDayOf(ms: number, timeZone: string): LocalDay {
  const wall = ms + utcOffsetMinutes(ms, timeZone) * MINUTE_MS;
  return dayString(Math.floor(wall / DAY_MS) * DAY_MS);
}

/** The instant of local midnight that starts `day`. */
export function localDayStartMs(day: LocalDay, timeZone: string): number {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(wallMidnight)) throw new RangeError(`not a day: ${day}`);
  // Two passes settle the offset for zones whose offset differs between the guess and midnight itself.
  let guess = wallMidnight - utcOffsetMinutes(wallMidnight, timeZone) * MINUTE_MS;
  guess = wallMidnight - utcOffsetMinutes(guess, timeZone) * MINUTE_MS;
  return guess;
}

export function nextLocalDay(day: LocalDay): LocalDay {
  return dayString(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

export interface DayPiece {
  day: LocalDay;
  startMs: number;
  endMs: number;
}

/** Cuts [startMs, endMs) at every local midnight; an empty range gives no pieces. */
export function splitAtLocalMidnights(startMs: number, endMs: number, timeZone: string): DayPiece[] {
  const pieces: DayPiece[] = [];
  let cursor = startMs;
  let day = localDayOf(startMs, timeZone);
  while (cursor < endMs) {
    const next = nextLocalDay(day);
    const boundary = localDayStartMs(next, timeZone);
    if (boundary <= cursor) throw new RangeError(`no progress past ${day} in ${timeZone}`);
    const pieceEnd = Math.min(endMs, boundary);
    pieces.push({ day, startMs: cursor, endMs: pieceEnd });
    cursor = pieceEnd;
    day = next;
  }
  return pieces;
}
