/** Hostile input: random and mutated bytes never make the framer or decoder throw, stall or grow without bound. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16Itu } from '../core/crc16-itu.ts';
import { createGt06Framer, decodeGt06, MAX_FRAME_BYTES } from './index.ts';
import { parseFrame } from './frame-parser.ts';
import { deviceFrames, variantFrames } from './test-fixtures.ts';

/**
 * Frames the framer must recover under any chunking: every fixture except those delimited only by their 0D 0A
 * terminator (length field wrong), which by design end at the first 0D 0A followed by a start marker or the end of
 * the data received so far.
 */
const frameArb = fc.constantFrom(
  ...[...deviceFrames, ...variantFrames].filter((f) => {
    const parsed = parseFrame(f);
    return typeof parsed !== 'string' && parsed.framing !== 'terminator';
  }),
);
const anyFrameArb = fc.constantFrom(...deviceFrames, ...variantFrames);
const NOT_START = fc.integer({ min: 0, max: 255 }).filter((b) => b !== 0x78 && b !== 0x79);

/** Mutates a real frame, optionally repairing length and CRC so the mutation reaches the content decoders. */
const mutatedArb = fc
  .tuple(
    anyFrameArb,
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
    fc.boolean(),
  )
  .map(([frame, edits, repair]) => {
    const bytes = frame.slice();
    const headerBytes = bytes[0] === 0x79 ? 4 : 3;
    for (const [at, value] of edits) {
      const index = headerBytes + (at % Math.max(1, bytes.length - headerBytes - 4));
      bytes[index] = value;
    }
    if (repair) {
      const crc = crc16Itu(bytes, 2, bytes.length - 4);
      bytes[bytes.length - 4] = crc >> 8;
      bytes[bytes.length - 3] = crc & 0xff;
    }
    return bytes;
  });

function checkMessage(bytes: Uint8Array): void {
  const result = decodeGt06(bytes, { imei: null });
  expect(result.messages.length).toBeLessThanOrEqual(1);
  for (const msg of result.messages) {
    if (msg.lat !== null) expect(Math.abs(msg.lat)).toBeLessThanOrEqual(90);
    if (msg.lon !== null) expect(Math.abs(msg.lon)).toBeLessThanOrEqual(180);
    if (msg.gsmSignal !== null) expect(msg.gsmSignal).toBeLessThanOrEqual(31);
  }
}

describe('GT06 properties', () => {
  it('decoder never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => checkMessage(bytes)),
      { numRuns: 2000 },
    );
  });

  it('decoder never throws on random bytes wrapped as a well-formed frame with a valid CRC', () => {
    const arb = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 120 }))
      .map(([type, body]) => {
        const bytes = new Uint8Array(body.length + 10);
        bytes.set([0x78, 0x78, body.length + 5, type], 0);
        bytes.set(body, 4);
        const crc = crc16Itu(bytes, 2, bytes.length - 4);
        bytes.set([crc >> 8, crc & 0xff, 0x0d, 0x0a], bytes.length - 4);
        return bytes;
      });
    fc.assert(
      fc.property(arb, (bytes) => checkMessage(bytes)),
      { numRuns: 3000 },
    );
  });

  it('decoder never throws on mutated real frames', () => {
    fc.assert(
      fc.property(mutatedArb, (bytes) => checkMessage(bytes)),
      { numRuns: 3000 },
    );
  });

  it('framer never throws and stays under its cap on random chunks', () => {
    const chunks = fc.array(fc.uint8Array({ maxLength: 2000 }), { maxLength: 20 });
    fc.assert(
      fc.property(chunks, (parts) => {
        const framer = createGt06Framer();
        for (const part of parts) {
          for (const frame of framer.push(part)) {
            expect(frame.bytes.length).toBeLessThanOrEqual(MAX_FRAME_BYTES);
            expect(frame.bytes[frame.bytes.length - 1]).toBe(0x0a);
          }
          expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('framer recovers every frame through garbage and arbitrary chunk boundaries', () => {
    const garbage = fc.array(NOT_START, { maxLength: 20 });
    const stream = fc.array(fc.tuple(garbage, frameArb), { minLength: 1, maxLength: 8 });
    const cuts = fc.array(fc.nat(), { maxLength: 10 });
    fc.assert(
      fc.property(stream, cuts, (items, cutPoints) => {
        const bytes = Uint8Array.from(items.flatMap(([junk, frame]) => [...junk, ...frame]));
        const points = [...new Set(cutPoints.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const framer = createGt06Framer();
        const out = [];
        let last = 0;
        for (const point of [...points, bytes.length]) {
          out.push(...framer.push(bytes.subarray(last, point)));
          last = point;
        }
        expect(out.map((f) => [...f.bytes])).toEqual(items.map(([, frame]) => [...frame]));
        expect(out.map((f) => f.skippedBytes)).toEqual(items.map(([junk]) => junk.length));
        expect(framer.bufferedBytes).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('framer time is linear: 2 MiB of random bytes in bounded time', () => {
    const data = new Uint8Array(2 * 1024 * 1024);
    let seed = 42;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      data[i] = i % 7 === 0 ? 0x78 : seed >>> 24; // many false starts
    }
    const framer = createGt06Framer();
    const started = performance.now();
    for (let i = 0; i < data.length; i += 1460) framer.push(data.subarray(i, i + 1460));
    expect(performance.now() - started).toBeLessThan(5000); // ~50 ms typically; generous for shared CI cores
    expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  });
});
