/**
 * Strict, allocation-light field parsers. AIS-140 fields are short ASCII tokens; `Number()` alone is too lenient
 * (`Number('') === 0`, `Number('0x1A') === 26`), and a regex per field is too slow for the hot path.
 */

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * Decimal number such as `12`, `-0.28`, `015.2`, `000.00000000`; null for anything else. Up to 15 significant
 * digits the value is computed as mantissa / 10^k, which IEEE division rounds exactly like `Number()` would.
 */
export function parseDecimal(s: string | undefined): number | null {
  return s === undefined ? null : parseDecimalAt(s, 0, s.length);
}

/** parseDecimal of text[start, end). */
export function parseDecimalAt(text: string, start: number, end: number): number | null {
  if (end <= start || end - start > 24) return null;
  let i = start;
  const first = text.charCodeAt(start);
  const negative = first === 45;
  if (negative || first === 43) i++; // '-' '+'
  let digits = 0;
  let fraction = -1;
  let mantissa = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return null;
  }
  if (digits === 0) return null;
  if (digits > 15) return Number(text.slice(start, end));
  const value = fraction > 0 ? mantissa / (POW10[fraction] ?? 1) : mantissa;
  return negative ? -value : value;
}

export function isDigits(s: string): boolean {
  return isDigitsAt(s, 0, s.length);
}

export function isDigitsAt(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function isHexAt(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    if (!isHexCode(text.charCodeAt(i))) return false;
  }
  return true;
}

export function isHexCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Hex number of 1–8 digits (LAC, cell id) in text[start, end); null otherwise. */
export function parseHexAt(text: string, start: number, end: number): number | null {
  if (end <= start || end - start > 8) return null;
  let v = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) v = v * 16 + (c - 48);
    else if (c >= 65 && c <= 70) v = v * 16 + (c - 55);
    else if (c >= 97 && c <= 102) v = v * 16 + (c - 87);
    else return null;
  }
  return v;
}

// The same parsers over bytes (FieldList reads the frame's bytes: a Uint8Array load is cheaper than charCodeAt).

/** parseDecimalAt of the latin1 text behind bytes[start, end). */
export function parseDecimalBytes(bytes: Uint8Array, start: number, end: number): number | null {
  if (end <= start || end - start > 24) return null;
  let i = start;
  const first = bytes[start] ?? 0;
  const negative = first === 45;
  if (negative || first === 43) i++; // '-' '+'
  let digits = 0;
  let fraction = -1;
  let mantissa = 0;
  for (; i < end; i++) {
    const c = bytes[i] ?? 0;
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (fraction >= 0) fraction++;
    } else if (c === 46 && fraction < 0) fraction = 0;
    else return null;
  }
  if (digits === 0) return null;
  if (digits > 15) return Number(String.fromCharCode(...bytes.subarray(start, end)));
  const value = fraction > 0 ? mantissa / (POW10[fraction] ?? 1) : mantissa;
  return negative ? -value : value;
}

export function isDigitsBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    const c = bytes[i] ?? 0;
    if (c < 48 || c > 57) return false;
  }
  return true;
}

export function isHexBytes(bytes: Uint8Array, start: number, end: number): boolean {
  if (end <= start) return false;
  for (let i = start; i < end; i++) {
    if (!isHexCode(bytes[i] ?? 0)) return false;
  }
  return true;
}

/** parseHexAt of the latin1 text behind bytes[start, end). */
export function parseHexBytes(bytes: Uint8Array, start: number, end: number): number | null {
  if (end <= start || end - start > 8) return null;
  let v = 0;
  for (let i = start; i < end; i++) {
    const c = bytes[i] ?? 0;
    if (c >= 48 && c <= 57) v = v * 16 + (c - 48);
    else if (c >= 65 && c <= 70) v = v * 16 + (c - 55);
    else if (c >= 97 && c <= 102) v = v * 16 + (c - 87);
    else return null;
  }
  return v;
}

/** A 15-digit IMEI field. */
export function isImei(s: string | undefined): s is string {
  return s !== undefined && s.length === 15 && isDigits(s);
}

/** Signed degrees from a value and its hemisphere letter; null when out of range or malformed. */
export function parseCoordinate(value: string, hemisphere: string, max: number): number | null {
  const v = parseDecimal(value);
  if (v === null || v < 0 || v > max) return null;
  return hemisphere === 'S' || hemisphere === 'W' ? -v : v;
}
