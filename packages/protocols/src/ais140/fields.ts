/**
 * Strict, allocation-light field parsers. AIS-140 fields are short ASCII tokens; `Number()` alone is too lenient
 * (`Number('') === 0`, `Number('0x1A') === 26`), and a regex per field is too slow for the hot path.
 */

/** Decimal number such as `12`, `-0.28`, `015.2`, `000.00000000`; null for anything else. */
export function parseDecimal(s: string | undefined): number | null {
  if (s === undefined) return null;
  const n = s.length;
  if (n === 0 || n > 24) return null;
  let i = 0;
  const first = s.charCodeAt(0);
  if (first === 45 || first === 43) i = 1; // '-' '+'
  let digits = 0;
  let dots = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && dots === 0) dots++;
    else return null;
  }
  return digits > 0 ? Number(s) : null;
}

/** Non-negative integer made only of digits (leading zeros allowed); null otherwise. */
export function parseDigits(s: string | undefined): number | null {
  if (s === undefined || s.length === 0 || s.length > 15 || !isDigits(s)) return null;
  return Number(s);
}

export function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function isHex(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    if (!isHexCode(s.charCodeAt(i))) return false;
  }
  return true;
}

export function isHexCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Hex number of 1–8 digits (LAC, cell id); null otherwise. */
export function parseHex(s: string | undefined): number | null {
  if (s === undefined || s.length === 0 || s.length > 8 || !isHex(s)) return null;
  return parseInt(s, 16);
}

/** A 15-digit IMEI field. */
export function isImei(s: string | undefined): s is string {
  return s !== undefined && s.length === 15 && isDigits(s);
}

/** `1`/`A` → true, `0`/`V` → false, anything else → null. */
export function parseFlag(s: string | undefined): boolean | null {
  if (s === '1' || s === 'A') return true;
  if (s === '0' || s === 'V') return false;
  return null;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * ISO-8601 UTC text from AIS-140 date-time digits: `DDMMYYYYhhmmss` (14) or `DDMMYYhhmmss` (12, years 2000+).
 * Returns null for all-zero or impossible dates (devices send zeros before the first fix).
 */
export function isoFromDigits(digits: string): string | null {
  const long = digits.length === 14;
  if ((!long && digits.length !== 12) || !isDigits(digits)) return null;
  const dd = digits.slice(0, 2);
  const mo = digits.slice(2, 4);
  const yyyy = long ? digits.slice(4, 8) : '20' + digits.slice(4, 6);
  const t = long ? 8 : 6;
  const hh = digits.slice(t, t + 2);
  const mi = digits.slice(t + 2, t + 4);
  const ss = digits.slice(t + 4, t + 6);
  const day = Number(dd);
  const month = Number(mo);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1 || year < 1980 || year > 2099) return null;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const maxDay = month === 2 && !isLeap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 31);
  if (day > maxDay || Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return null;
  return `${yyyy}-${mo}-${dd}T${hh}:${mi}:${ss}.000Z`;
}

/** Digits of the date/time tokens joined (`DDMMYYYY`+`hhmmss`, one 14-digit token, or six 2/4-digit tokens). */
export function joinTokens(fields: readonly string[], from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) out += fields[i] ?? '';
  return out;
}

/** Signed degrees from a value and its hemisphere letter; null when out of range or malformed. */
export function parseCoordinate(value: string | undefined, hemisphere: string | undefined, max: number): number | null {
  const v = parseDecimal(value);
  if (v === null || v < 0 || v > max) return null;
  return hemisphere === 'S' || hemisphere === 'W' ? -v : v;
}

/** Index k with fields[k+1] ∈ {N,S} and fields[k+3] ∈ {E,W}, searching [from, to]; -1 when absent. */
export function findCoordinates(fields: readonly string[], from: number, to: number): number {
  const last = Math.min(to, fields.length - 4);
  for (let k = from; k <= last; k++) {
    const ns = fields[k + 1];
    const ew = fields[k + 3];
    if ((ns === 'N' || ns === 'S') && (ew === 'E' || ew === 'W')) return k;
  }
  return -1;
}
