/**
 * AIS-140 date-time tokens → ISO-8601 UTC (Table 4A: GPS time in UTC). Accepted: `DDMMYYYY` + `hhmmss`,
 * `DDMMYY` + `hhmmss` (years 2000+), one `DDMMYYYYhhmmss` / `DDMMYYhhmmss` token, or six `dd,mm,yyyy,hh,mm,ss`
 * tokens. All-zero and impossible dates give null (devices send zeros before their first fix).
 */
import type { FieldList } from './field-list.ts';
import { isDigitsAt } from './fields.ts';

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** ISO time from fields [from, to). */
export function isoFromTokens(f: FieldList, from: number, to: number): string | null {
  if (to - from === 2) {
    return f.size(from + 1) === 6 ? isoAt(f.text, f.start(from), f.size(from), f.start(from + 1)) : null;
  }
  if (to - from === 1) {
    const size = f.size(from);
    const start = f.start(from);
    if (size === 14) return isoAt(f.text, start, 8, start + 8);
    return size === 12 ? isoAt(f.text, start, 6, start + 6) : null;
  }
  const digits = f.strings(from, to).join('');
  if (digits.length === 14) return isoAt(digits, 0, 8, 8);
  return digits.length === 12 ? isoAt(digits, 0, 6, 6) : null;
}

/** Date of `dateLength` (8 or 6) digits at `d` and time `hhmmss` at `t`, both inside `text`. */
export function isoAt(text: string, d: number, dateLength: number, t: number): string | null {
  const long = dateLength === 8;
  if (!long && dateLength !== 6) return null;
  if (!isDigitsAt(text, d, d + dateLength) || !isDigitsAt(text, t, t + 6)) return null;
  const day = twoDigits(text, d);
  const month = twoDigits(text, d + 2);
  const year = long ? twoDigits(text, d + 4) * 100 + twoDigits(text, d + 6) : 2000 + twoDigits(text, d + 4);
  const hours = twoDigits(text, t);
  const minutes = twoDigits(text, t + 2);
  const seconds = twoDigits(text, t + 4);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const prefix = datePrefix(year, month, day);
  if (prefix === null) return null;
  return prefix + (HOURS_MINUTES[hours * 60 + minutes] ?? '') + (SECONDS[seconds] ?? '');
}

/** `00` .. `99`. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
/** `hh:mm:` for every minute of the day and `ss.000Z` for every second: two concatenations per time. */
const HOURS_MINUTES: readonly string[] = Array.from(
  { length: 24 * 60 },
  (_, n) => `${TWO_DIGITS[Math.floor(n / 60)] ?? ''}:${TWO_DIGITS[n % 60] ?? ''}:`,
);
const SECONDS: readonly string[] = Array.from({ length: 60 }, (_, n) => `${TWO_DIGITS[n] ?? ''}.000Z`);

/**
 * `YYYY-MM-DDT` of a valid date, null for an impossible one. The last date is cached: a gateway's frames carry
 * today's date (or a few recent ones for history), and building and validating it per frame showed in profiles.
 */
let cachedDateKey = -1;
let cachedPrefix: string | null = null;

function datePrefix(year: number, month: number, day: number): string | null {
  const key = year * 10000 + month * 100 + day;
  if (key === cachedDateKey) return cachedPrefix;
  let prefix: string | null = null;
  if (month >= 1 && month <= 12 && day >= 1 && year >= 1980 && year <= 2099) {
    const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const maxDay = month === 2 && !isLeap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
    if (day <= maxDay) prefix = `${year}-${TWO_DIGITS[month] ?? ''}-${TWO_DIGITS[day] ?? ''}T`;
  }
  cachedDateKey = key;
  cachedPrefix = prefix;
  return prefix;
}

function twoDigits(s: string, at: number): number {
  return (s.charCodeAt(at) - 48) * 10 + (s.charCodeAt(at + 1) - 48);
}
