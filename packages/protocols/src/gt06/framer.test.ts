/** Framer: split and merged chunks, garbage, oversize frames, 0x7979 long frames, bounded buffer. */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../core/byte-reader.ts';
import { createGt06Framer, MAX_FRAME_BYTES } from './index.ts';
import { writeFrame } from './frame-writer.ts';
import { deviceFrames } from './test-fixtures.ts';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const login = fromHex('78780D01012345678901234500018CDD0D0A');
const location = fromHex('78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a');

describe('GT06 framer', () => {
  it('returns every real frame, fed whole', () => {
    for (const frame of deviceFrames) {
      const out = createGt06Framer().push(frame);
      expect(out.map((f) => toHex(f.bytes))).toEqual([toHex(frame)]);
      expect(out[0]?.skippedBytes).toBe(0);
    }
  });

  it('reassembles every real frame fed byte by byte', () => {
    for (const frame of deviceFrames) {
      const framer = createGt06Framer();
      const out = [];
      for (const byte of frame) out.push(...framer.push(Uint8Array.of(byte)));
      expect(out.map((f) => toHex(f.bytes))).toEqual([toHex(frame)]);
      expect(framer.bufferedBytes).toBe(0);
    }
  });

  it('splits merged frames (all fixtures in one chunk, including 0x7979 frames)', () => {
    const out = createGt06Framer().push(concat(deviceFrames));
    expect(out.map((f) => toHex(f.bytes))).toEqual(deviceFrames.map((f) => toHex(f)));
    expect(deviceFrames.some((f) => f[0] === 0x79)).toBe(true);
  });

  it('handles a frame split across chunks mid-header and mid-body', () => {
    const framer = createGt06Framer();
    const stream = concat([login, location]);
    expect(framer.push(stream.subarray(0, 2))).toEqual([]);
    expect(framer.bufferedBytes).toBe(2);
    const first = framer.push(stream.subarray(2, 30));
    expect(first.map((f) => toHex(f.bytes))).toEqual([toHex(login)]);
    const second = framer.push(stream.subarray(30));
    expect(second.map((f) => toHex(f.bytes))).toEqual([toHex(location)]);
  });

  it('skips garbage before a frame and reports how much', () => {
    const garbage = new TextEncoder().encode('GET / HTTP/1.1\r\n\x78\x00');
    const out = createGt06Framer().push(concat([garbage, location]));
    expect(out).toHaveLength(1);
    expect(out[0]?.skippedBytes).toBe(garbage.length);
  });

  it('resyncs after a false start whose declared length does not end on 0D 0A', () => {
    const falseStart = fromHex('78780a0102030405');
    const out = createGt06Framer().push(concat([falseStart, location]));
    expect(out.map((f) => toHex(f.bytes))).toEqual([toHex(location)]);
    expect(out[0]?.skippedBytes).toBe(falseStart.length);
  });

  it('skips an oversize 0x7979 frame and keeps the buffer under the cap', () => {
    const oversize = writeFrame(0x94, new Uint8Array(2000), 1, true);
    const framer = createGt06Framer();
    const out = [];
    for (let i = 0; i < oversize.length; i += 100) {
      out.push(...framer.push(oversize.subarray(i, i + 100)));
      expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    }
    out.push(...framer.push(location));
    expect(out.map((f) => toHex(f.bytes))).toEqual([toHex(location)]);
    expect(out[0]?.skippedBytes).toBe(oversize.length);
  });

  it('accepts a long 0x7979 frame up to the cap', () => {
    const long = writeFrame(0x21, new Uint8Array(MAX_FRAME_BYTES - 11), 7, true);
    expect(long.length).toBe(MAX_FRAME_BYTES);
    const out = createGt06Framer().push(concat([long, login]));
    expect(out.map((f) => f.bytes.length)).toEqual([MAX_FRAME_BYTES, login.length]);
  });

  it('emits copies that later pushes cannot overwrite', () => {
    const framer = createGt06Framer();
    framer.push(login.subarray(0, 5));
    const [frame] = framer.push(login.subarray(5));
    framer.push(location.subarray(0, 10));
    expect(toHex(frame?.bytes ?? new Uint8Array())).toBe(toHex(login));
  });

  it('ignores empty chunks', () => {
    expect(createGt06Framer().push(new Uint8Array())).toEqual([]);
  });
});
