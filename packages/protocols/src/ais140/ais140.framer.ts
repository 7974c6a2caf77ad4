/**
 * Splits an AIS-140 TCP stream into frames (protocols.md §2.6). A frame starts at `$` followed by a header
 * character (`,`, letter or digit) and ends at the first of:
 *   - CR or LF;
 *   - `*` plus what belongs to it: a doubled `**` (the raw ATL checksum byte can be `*`), up to 8 hex digits of
 *     checksum (`*34`, `*226F7BD1`), and a comma trailer up to CR/LF/next `$` (`,*,IP=1.2.3.4`, `*,O,S,+91...`);
 *   - the next `$` that starts a frame (ATL sends its unterminated login and the first packet back to back);
 *     inside the CTPL literal login (`$DeviceName - ..$IMEI - ..`) `$Label - ` continues the frame.
 * A frame that ends exactly at the end of the received data is emitted at once (devices send one packet per write;
 * waiting for the next byte would delay every packet by one reporting interval); checksum digits, trailer or CR/LF
 * arriving in the next read are then consumed quietly. Unterminated logins and numeric-header frames whose
 * CRC-32/MPEG-2 already verifies are emitted at the end of a read too, so a device waiting for its login reply
 * is never stuck. Garbage and oversize frames (> maxFrameBytes) are dropped, counted in skippedBytes, and the
 * framer resynchronises on the next `$`. push() never throws and never holds more than maxFrameBytes.
 */
import type { Frame, Framer } from '../core/codec.ts';
import { looksComplete } from './frame-complete.ts';
import { isHexCode } from './fields.ts';

export const AIS140_MAX_FRAME_BYTES = 2048;

const DOLLAR = 0x24;
const STAR = 0x2a;
const COMMA = 0x2c;
const EMPTY = new Uint8Array(0);

type Tail = 'none' | 'hex' | 'trailer' | 'crlf';
type End =
  | { kind: 'end'; frameEnd: number; next: number; tail: Tail; hexLeft: number }
  | { kind: 'incomplete' }
  | { kind: 'oversize'; next: number };

const INCOMPLETE: End = { kind: 'incomplete' };

export function createAis140Framer(maxFrameBytes: number = AIS140_MAX_FRAME_BYTES): Framer {
  return new Ais140Framer(Math.max(64, maxFrameBytes));
}

class Ais140Framer implements Framer {
  private pending: Uint8Array = EMPTY;
  private skipped = 0;
  private tail: Tail = 'none';
  private hexLeft = 0;

  constructor(private readonly cap: number) {}

  get bufferedBytes(): number {
    return this.pending.length;
  }

  push(chunk: Uint8Array): Frame[] {
    try {
      return this.scan(chunk);
    } catch {
      this.skipped += this.pending.length;
      this.pending = EMPTY;
      this.tail = 'none';
      return [];
    }
  }

  private scan(chunk: Uint8Array): Frame[] {
    const data = concat(this.pending, chunk);
    this.pending = EMPTY;
    const n = data.length;
    const frames: Frame[] = [];
    let pos = this.consumeTail(data, 0);
    while (pos < n) {
      const start = findStart(data, pos, n);
      if (start < 0) {
        this.skipped += n - pos;
        break;
      }
      this.skipped += start - pos;
      const end = findEnd(data, start, n, this.cap);
      if (end.kind === 'oversize') {
        this.skipped += end.next - start;
        pos = end.next;
      } else if (end.kind === 'incomplete') {
        if (n - start > this.cap) this.skipped += n - start;
        else if (looksComplete(data, start, n)) this.emit(frames, data, start, n, 'crlf', 0);
        else this.pending = data.slice(start);
        break;
      } else {
        this.emit(frames, data, start, end.frameEnd, end.next >= n ? end.tail : 'none', end.hexLeft);
        pos = end.next;
      }
    }
    return frames;
  }

  private emit(frames: Frame[], data: Uint8Array, start: number, end: number, tail: Tail, hexLeft: number): void {
    frames.push({ bytes: data.slice(start, end), skippedBytes: this.skipped });
    this.skipped = 0;
    this.tail = tail;
    this.hexLeft = hexLeft;
  }

  /** Quietly consumes checksum digits, trailer and CR/LF that belong to the frame emitted at the end of last read. */
  private consumeTail(data: Uint8Array, from: number): number {
    let pos = from;
    const n = data.length;
    if (this.tail === 'hex') {
      while (pos < n && this.hexLeft > 0 && isHexCode(data[pos] ?? 0)) {
        pos++;
        this.hexLeft--;
      }
      if (pos < n) this.tail = data[pos] === COMMA ? 'trailer' : 'crlf';
    }
    if (this.tail === 'trailer') {
      while (pos < n && !isCrLf(data[pos] ?? 0) && !isStartAt(data, pos, n)) pos++;
      if (pos < n) this.tail = 'crlf';
    }
    if (this.tail === 'crlf') {
      while (pos < n && isCrLf(data[pos] ?? 0)) pos++;
      if (pos < n) this.tail = 'none';
    }
    return pos;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function isCrLf(c: number): boolean {
  return c === 0x0d || c === 0x0a;
}

function isHeaderStart(c: number): boolean {
  return c === COMMA || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** A `$` that starts a frame; one at the very end of the data is assumed to. */
function isStartAt(data: Uint8Array, i: number, n: number): boolean {
  return data[i] === DOLLAR && (i + 1 >= n || isHeaderStart(data[i + 1] ?? 0));
}

function findStart(data: Uint8Array, from: number, n: number): number {
  for (let i = from; i < n; i++) if (isStartAt(data, i, n)) return i;
  return -1;
}

function findEnd(data: Uint8Array, start: number, n: number, cap: number): End {
  const literal = startsWithAscii(data, start, '$DeviceName - ');
  for (let i = start + 1; i < n; i++) {
    if (i - start > cap) return { kind: 'oversize', next: i };
    const c = data[i] ?? 0;
    if (isCrLf(c)) return endAt(data, i, i, n);
    if (c === DOLLAR && isStartAt(data, i, n)) {
      if (!literal) return { kind: 'end', frameEnd: i, next: i, tail: 'none', hexLeft: 0 };
      const label = continuationLabel(data, i, n);
      if (label === null) return INCOMPLETE;
      if (!label) return { kind: 'end', frameEnd: i, next: i, tail: 'none', hexLeft: 0 };
    }
    if (c === STAR) return afterStar(data, start, i, n, cap);
  }
  return INCOMPLETE;
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
