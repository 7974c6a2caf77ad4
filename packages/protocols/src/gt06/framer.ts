/**
 * GT06 stream framer: finds `78 78 len … 0D 0A` and `79 79 lenHi lenLo … 0D 0A` frames in a TCP byte stream.
 *
 * Invariants: the framer only ever holds a prefix of one candidate frame (≤ MAX_FRAME_BYTES), so memory is bounded;
 * a candidate is accepted when its declared length ends on 0D 0A; otherwise a `78 78` candidate gets the fallbacks of
 * `terminator.ts` (Wi-Fi layout, then the 0D 0A terminator before the next start marker), and failing those its first
 * byte is skipped and the scan resumes one byte later (resync). CRC is not checked here: bad-CRC frames reach the decoder, which reports them.
 */
import { copyBytes } from '../core/byte-reader.ts';
import type { Frame, Framer } from '../core/codec.ts';
import * as constants from './constants.ts';
import { INCOMPLETE, NOT_A_FRAME, fallbackLength } from './terminator.ts';

// Read once: under tsx/esbuild every access to an imported binding is a getter call (per byte in the framer).
const { MAX_FRAME_BYTES, MIN_LENGTH_FIELD, START_LONG, START_SHORT, STOP_CR, STOP_LF } = constants;

export interface Gt06FramerOptions {
  /** Largest frame accepted, start to stop bytes (default MAX_FRAME_BYTES). */
  maxFrameBytes?: number;
}

export function createGt06Framer(options: Gt06FramerOptions = {}): Framer {
  const cap = Math.max(16, options.maxFrameBytes ?? MAX_FRAME_BYTES);
  const held = new Uint8Array(cap);
  let heldLength = 0;
  let skipped = 0;

  function scan(data: Uint8Array, length: number, frames: Frame[]): number {
    let i = 0;
    while (i < length) {
      const start = data[i];
      if (start !== START_SHORT && start !== START_LONG) {
        skipped++;
        i++;
        continue;
      }
      if (i + 1 >= length) break;
      if (data[i + 1] !== start) {
        skipped++;
        i++;
        continue;
      }
      const headerBytes = start === START_SHORT ? 3 : 4;
      if (i + headerBytes > length) break;
      const lengthField =
        start === START_SHORT ? (data[i + 2] ?? 0) : ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0);
      const total = headerBytes + lengthField + 2;
      if (lengthField >= MIN_LENGTH_FIELD && total <= cap) {
        if (i + total > length) break;
        if (data[i + total - 2] === STOP_CR && data[i + total - 1] === STOP_LF) {
          i = emit(data, i, total, frames);
          continue;
        }
      }
      // The length field does not describe the frame: Wi-Fi frames whose length byte is the access-point count,
      // firmwares that count differently. Fall back to the layout (Wi-Fi) or the 0D 0A terminator.
      const fallback = start === START_SHORT ? fallbackLength(data, i, length, cap) : NOT_A_FRAME;
      if (fallback === INCOMPLETE) break;
      if (fallback === NOT_A_FRAME) {
        skipped++;
        i++;
        continue;
      }
      i = emit(data, i, fallback, frames);
    }
    return i;
  }

  function emit(data: Uint8Array, at: number, total: number, frames: Frame[]): number {
    frames.push({ bytes: copyBytes(data, at, at + total), skippedBytes: skipped });
    skipped = 0;
    return at + total;
  }

  /** Keeps data[from, length) (a candidate prefix shorter than cap) for the next push. */
  function keep(data: Uint8Array, from: number, length: number): void {
    const rest = length - from;
    if (data === held) held.copyWithin(0, from, length);
    else held.set(data.subarray(from, length), 0);
    heldLength = rest;
  }

  return {
    push(chunk: Uint8Array): Frame[] {
      const frames: Frame[] = [];
      if (chunk.length === 0) return frames;
      let data: Uint8Array;
      if (heldLength === 0) {
        data = chunk;
      } else if (heldLength + chunk.length <= cap) {
        held.set(chunk, heldLength);
        data = held;
      } else {
        data = new Uint8Array(heldLength + chunk.length);
        data.set(held.subarray(0, heldLength), 0);
        data.set(chunk, heldLength);
      }
      const length = data === held ? heldLength + chunk.length : data.length;
      const consumed = scan(data, length, frames);
      keep(data, consumed, length);
      return frames;
    },
    get bufferedBytes(): number {
      return heldLength;
    },
  };
}
