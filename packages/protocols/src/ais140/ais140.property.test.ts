/**
 * Property tests (fast-check): random and mutated bytes never make the framer or decoder throw, stay fast, and the
 * framer never holds more than its cap. Valid frames separated by garbage are always recovered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../core/codec.ts';
import { AIS140_MAX_FRAME_BYTES, createAis140Framer, decodeAis140 } from './index.ts';
import { ascii, fixtureBytes, loadFixtures, text } from './test-fixtures.ts';

const frames = loadFixtures().map(fixtureBytes);
const anyFrame = fc.constantFrom(...frames);
const NOW = Date.UTC(2024, 0, 1);

/** A real frame with a few bytes replaced, inserted or deleted. */
const mutatedFrame = fc
  .tuple(
    anyFrame,
    fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.nat({ max: 2 })), { maxLength: 8 }),
  )
  .map(([frame, edits]) => {
    const bytes = Array.from(frame);
    for (const [at, byte, op] of edits) {
      const i = at % (bytes.length + 1);
      if (op === 0) bytes[i] = byte;
      else if (op === 1) bytes.splice(i, 0, byte);
      else bytes.splice(i, 1);
    }
    return Uint8Array.from(bytes);
  });

const textish = fc.string({
  unit: fc.constantFrom(...'$,*NSEWLH0123456789.ABCDEF\r\n-'.split('')),
  maxLength: 400,
});
const anyBytes = fc.oneof(fc.uint8Array({ maxLength: 3000 }), textish.map(ascii), mutatedFrame);

function summary(frame: Frame): unknown {
  const m = decodeAis140(frame.bytes, { imei: null }, NOW).messages[0];
  return m && { kind: m.kind, imei: m.imei, fixTime: m.fixTime, lat: m.lat, lon: m.lon, alarms: m.alarms };
}

function split(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    chunks.push(data.subarray(from, p));
    from = p;
  }
  chunks.push(data.subarray(from));
  return chunks;
}

describe('AIS-140 properties', () => {
  it('framer: any bytes in any chunking → no throw, buffer ≤ cap, output never exceeds input', () => {
    fc.assert(
      fc.property(
        fc.array(anyBytes, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (parts, cuts) => {
          const data = Uint8Array.from(parts.flatMap((p) => Array.from(p)));
          const framer = createAis140Framer();
          let out = 0;
          for (const chunk of split(data, cuts)) {
            for (const frame of framer.push(chunk)) out += frame.bytes.length + frame.skippedBytes;
            expect(framer.bufferedBytes).toBeLessThanOrEqual(AIS140_MAX_FRAME_BYTES);
          }
          expect(out + framer.bufferedBytes).toBeLessThanOrEqual(data.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('decoder: random and mutated frames → no throw, a well-formed result, sane values', () => {
    fc.assert(
      fc.property(anyBytes, fc.boolean(), (frame, strictChecksum) => {
        const result = decodeAis140(frame, { imei: null, strictChecksum }, NOW);
        expect(result.messages.length).toBeLessThanOrEqual(1);
        expect(result.messages.length > 0 || result.error !== null).toBe(true);
        for (const m of result.messages) {
          expect(m.imei === null || /^\d{15}$/.test(m.imei)).toBe(true);
          if (m.lat !== null) expect(Math.abs(m.lat)).toBeLessThanOrEqual(90);
          if (m.lon !== null) expect(Math.abs(m.lon)).toBeLessThanOrEqual(180);
          if (m.fixTime !== null) expect(Number.isNaN(Date.parse(m.fixTime))).toBe(false);
          if (m.gsmSignal !== null) expect(m.gsmSignal).toBeLessThanOrEqual(31);
          if (strictChecksum) expect(m.checksumOk).not.toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('real frames separated by `$`-free garbage are all recovered, however the stream is chunked', () => {
    const garbage = fc.string({
      unit: fc.constantFrom(...'GHIJKLMNOPQRSTUVWXYZ!#%&'.split('')),
      maxLength: 30,
    });
    const terminated = frames.map((f) => text(f)).filter((t) => t.endsWith('*') && !t.startsWith('$Device'));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(garbage, fc.constantFrom(...terminated)), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (items, cuts) => {
          const stream = ascii(items.map(([g, f]) => g + f).join(''));
          const framer = createAis140Framer();
          const got = split(stream, cuts).flatMap((c) => framer.push(c));
          // Chunking may cut checksum digits after `*` or the `*` of a login ending in `lat,N,lon,E` off the frame
          // (see the framer's header comment); what the frames decode to must not change.
          const want = items.flatMap(([, f]) => createAis140Framer().push(ascii(f)));
          expect(got.map(summary)).toEqual(want.map(summary));
          expect(got.map((f) => f.skippedBytes)).toEqual(
            items.flatMap(([g, f]) => (f.startsWith('$,,') ? [g.length, 0] : [g.length])),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays fast on hostile input (bounded time)', () => {
    const big = new Uint8Array(200_000).map((_, i) => (i % 7 === 0 ? 0x24 : i % 5 === 0 ? 0x2c : 0x41));
    const started = performance.now();
    const framer = createAis140Framer();
    for (let i = 0; i < big.length; i += 1000) framer.push(big.subarray(i, i + 1000));
    for (let i = 0; i < 2000; i++) decodeAis140(big.subarray(i * 50, i * 50 + 2048), { imei: null }, NOW);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
