/**
 * Where an AIS-140 frame that starts at `$` ends (rules in ais140.framer.ts). Pure functions over the buffered
 * bytes; the framer owns the state.
 */
import { isHexCode } from './fields.ts';

const DOLLAR = 0x24;
const STAR = 0x2a;
const COMMA = 0x2c;

/** What may still follow a frame emitted at the end of a read: checksum digits, a comma trailer, `*`+checksum
 * after an unterminated-looking login, CR/LF. */
export type Tail = 'none' | 'hex' | 'trailer' | 'login' | 'crlf';
/** `,C27326CF*` is the longest login ending seen (protocols.md §5.1). */
export const LOGIN_TAIL_BYTES = 12;
export type End =
  | { kind: 'end'; frameEnd: number; next: number; tail: Tail; hexLeft: number }
  | { kind: 'incomplete' }
  | { kind: 'oversize'; next: number };

const INCOMPLETE: End = { kind: 'incomplete' };

export function isCrLf(c: number): boolean {
  return c === 0x0d || c === 0x0a;
}

export function isLoginTail(c: number): boolean {
  return c === COMMA || c === STAR || isHexCode(c);
}

function isHeaderStart(c: number): boolean {
  return c === COMMA || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A `$` that starts a frame; one at the very end of the data is assumed to. */
export function isStartAt(data: Uint8Array, i: number, n: number): boolean {
  return data[i] === DOLLAR && (i + 1 >= n || isHeaderStart(data[i + 1] ?? 0));
}

export function findStart(data: Uint8Array, from: number, n: number): number {
  for (let i = from; i < n; i++) if (data[i] === DOLLAR && isStartAt(data, i, n)) return i;
  return -1;
}

/**
 * `data` read four bytes at a time: words[w] holds data[base + 4w .. base + 4w + 3]. The end scan skips whole
 * words without a byte below `+` (0x2B): every terminator (CR, LF, `$`, `*`) is below it, and frame text is
 * letters, digits, `,` and `.` above it, so most of a frame is skipped a word at a time.
 */
export interface WordView {
  words: Uint32Array;
  base: number;
}

const NO_WORDS: WordView = { words: new Uint32Array(0), base: 0 };

/** The aligned 32-bit words inside `data` (none for short data). */
export function wordsOf(data: Uint8Array): WordView {
  if (data.length < 64) return NO_WORDS;
  const skip = (4 - (data.byteOffset & 3)) & 3;
  const count = (data.length - skip) >> 2;
  return { words: new Uint32Array(data.buffer, data.byteOffset + skip, count), base: skip };
}

/** Whether a 32-bit word holds a byte below 0x2B (exact for thresholds up to 0x80; byte order does not matter). */
function hasByteBelowPlus(word: number): boolean {
  return ((word - 0x2b2b2b2b) & ~word & 0x80808080) !== 0;
}

export function findEnd(
  data: Uint8Array,
  start: number,
  n: number,
  cap: number,
  view: WordView = NO_WORDS,
): End {
  const literal = startsWithAscii(data, start, '$DeviceName - ');
  const limit = Math.min(n, start + cap + 1); // the cap is checked once, not per byte
  const { words, base } = view;
  const lastWord = Math.min(words.length, (limit - base) >> 2); // words wholly before `limit`
  for (let i = start + 1; i < limit; i++) {
    if (((i - base) & 3) === 0 && i >= base) {
      let w = (i - base) >> 2;
      while (w < lastWord && !hasByteBelowPlus(words[w] ?? 0)) w++;
      i = base + w * 4;
      if (i >= limit) break;
    }
    const c = data[i] ?? 0;
    if (c > STAR) continue; // fast path: digits, letters, `,` `.` `-` are above `*` (0x2A)
    if (c > DOLLAR && c !== STAR) continue; // `%` .. `)`
    if (isCrLf(c)) return endAt(data, i, i, n);
    if (c === STAR) return afterStar(data, start, i, n, cap);
    if (c === DOLLAR && isStartAt(data, i, n)) {
      if (!literal) return { kind: 'end', frameEnd: i, next: i, tail: 'none', hexLeft: 0 };
      const label = continuationLabel(data, i, n);
      if (label === null) return INCOMPLETE;
      if (!label) return { kind: 'end', frameEnd: i, next: i, tail: 'none', hexLeft: 0 };
    }
  }
  return limit < n ? { kind: 'oversize', next: limit } : INCOMPLETE;
}

function afterStar(data: Uint8Array, start: number, star: number, n: number, cap: number): End {
  let k = star + 1;
  if (k < n && data[k] === STAR) k++;
  const hexFrom = k;
  while (k < n && k - hexFrom < 8 && isHexCode(data[k] ?? 0)) k++;
  if (k >= n) return { kind: 'end', frameEnd: n, next: n, tail: 'hex', hexLeft: 8 - (k - hexFrom) };
  const c = data[k] ?? 0;
  if (c === COMMA) {
    let j = k;
    while (j < n && !isCrLf(data[j] ?? 0) && !isStartAt(data, j, n)) j++;
    if (j - start > cap) return { kind: 'oversize', next: j };
    if (j >= n) return { kind: 'end', frameEnd: n, next: n, tail: 'trailer', hexLeft: 0 };
    return endAt(data, j, j, n);
  }
  if (isCrLf(c) || c === DOLLAR) return endAt(data, k, k, n);
  return { kind: 'end', frameEnd: hexFrom, next: hexFrom, tail: 'none', hexLeft: 0 };
}

/** Frame ends at `frameEnd`; CR/LF from `from` on are consumed. */
function endAt(data: Uint8Array, frameEnd: number, from: number, n: number): End {
  let j = from;
  while (j < n && isCrLf(data[j] ?? 0)) j++;
  return { kind: 'end', frameEnd, next: j, tail: 'crlf', hexLeft: 0 };
}

/** `$Label - ` inside the literal login: true / false, or null when more bytes are needed to tell. */
function continuationLabel(data: Uint8Array, dollar: number, n: number): boolean | null {
  let j = dollar + 1;
  while (j < n && j - dollar <= 24 && isLetter(data[j] ?? 0)) j++;
  if (j - dollar > 24) return false;
  for (let m = 0; m < 3; m++, j++) {
    if (j >= n) return null;
    if (data[j] !== ' - '.charCodeAt(m)) return false;
  }
  return true;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

export function startsWithAscii(data: Uint8Array, at: number, text: string): boolean {
  if (data.length - at < text.length) return false;
  for (let i = 0; i < text.length; i++) if (data[at + i] !== text.charCodeAt(i)) return false;
  return true;
}
