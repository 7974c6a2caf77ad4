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
 * is never stuck (a `*`, checksum or CR/LF that does follow is then consumed quietly). Garbage and oversize frames (> maxFrameBytes) are dropped, counted in skippedBytes, and the
 * framer resynchronises on the next `$`. push() never throws and never holds more than maxFrameBytes.
 */
import { copyBytes } from '../core/byte-reader.ts';
import type { Frame, Framer } from '../core/codec.ts';
import { looksComplete } from './frame-complete.ts';
import {
  findEnd,
  findStart,
  isCrLf,
  isLoginTail,
  isStartAt,
  LOGIN_TAIL_BYTES,
  wordsOf,
} from './frame-end.ts';
import type { Tail } from './frame-end.ts';
import { isHexCode } from './fields.ts';

export const AIS140_MAX_FRAME_BYTES = 2048;

const COMMA = 0x2c;
const EMPTY = new Uint8Array(0);

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
    const words = wordsOf(data);
    let pos = this.consumeTail(data, 0);
    while (pos < n) {
      const start = findStart(data, pos, n);
      if (start < 0) {
        this.skipped += n - pos;
        break;
      }
      this.skipped += start - pos;
      const end = findEnd(data, start, n, this.cap, words);
      if (end.kind === 'oversize') {
        this.skipped += end.next - start;
        pos = end.next;
      } else if (end.kind === 'incomplete') {
        if (n - start > this.cap) this.skipped += n - start;
        else if (looksComplete(data, start, n)) this.emit(frames, data, start, n, 'login', LOGIN_TAIL_BYTES);
        else this.pending = data.slice(start);
        break;
      } else {
        this.emit(frames, data, start, end.frameEnd, end.next >= n ? end.tail : 'none', end.hexLeft);
        pos = end.next;
      }
    }
    return frames;
  }

  private emit(
    frames: Frame[],
    data: Uint8Array,
    start: number,
    end: number,
    tail: Tail,
    hexLeft: number,
  ): void {
    frames.push({ bytes: copyBytes(data, start, end), skippedBytes: this.skipped });
    this.skipped = 0;
    this.tail = tail;
    this.hexLeft = hexLeft;
  }

  /** Quietly consumes checksum digits, trailer and CR/LF that belong to the frame emitted at the end of last read. */
  private consumeTail(data: Uint8Array, from: number): number {
    let pos = from;
    const n = data.length;
    if (this.tail === 'login') {
      while (pos < n && this.hexLeft > 0 && isLoginTail(data[pos] ?? 0)) {
        pos++;
        this.hexLeft--;
      }
      if (pos < n || this.hexLeft === 0) this.tail = 'crlf';
    }
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
