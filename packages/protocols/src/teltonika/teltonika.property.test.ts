/**
 * Robustness properties: whatever bytes arrive, the framer and decoder never throw, stay within their memory cap,
 * finish quickly, and chunking never changes which frames come out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from '../core/codec.ts';
import { fromHex } from './fixtures/avl-packet.builder.ts';
import { extraPackets, researchPackets, variantPackets } from './fixtures/fixtures.ts';
import { MAX_FRAME_BYTES } from './protocol.ts';
import { teltonikaCodec } from './teltonika.codec.ts';
import { TeltonikaFramer } from './teltonika.framer.ts';

const realPackets = [...researchPackets, ...extraPackets, ...variantPackets].map((fixture) =>
  fromHex(fixture.packet),
);
/** Well-formed TCP packets (uro's old documentation example has a wrong length field and is left out). */
const tcpPackets = realPackets.filter(
  (bytes) =>
    bytes.subarray(0, 4).every((byte) => byte === 0) &&
    new DataView(bytes.buffer).getUint32(4) + 12 === bytes.length,
);
const anyRealPacket = fc.constantFrom(...realPackets);

/** A real packet with bytes overwritten, inserted, deleted or cut off. */
const mutatedPacket = fc
  .tuple(
    anyRealPacket,
    fc.array(
      fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'insert', 'delete')),
      {
        maxLength: 8,
      },
    ),
    fc.option(fc.nat()),
  )
  .map(([packet, edits, cut]) => {
    const bytes = [...packet];
    for (const [position, value, edit] of edits) {
      const at = bytes.length === 0 ? 0 : position % bytes.length;
      if (edit === 'set') bytes[at] = value;
      else if (edit === 'insert') bytes.splice(at, 0, value);
      else bytes.splice(at, 1);
    }
    return Uint8Array.from(cut === null ? bytes : bytes.slice(0, cut % (bytes.length + 1)));
  });

/** Splits bytes at arbitrary points. */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  return chunks;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const frameHexes = (frames: Frame[]): string[] =>
  frames.map((frame) => Buffer.from(frame.bytes).toString('hex'));

/** Generous: the 2-core CI machine is shared; a real regression (quadratic scan, runaway loop) is far slower. */
const MAX_MS_PER_CASE = 250;

function decodeAll(bytes: Uint8Array): void {
  const started = performance.now();
  const framer = new TeltonikaFramer();
  const session = { imei: null };
  for (const frame of framer.push(bytes)) teltonikaCodec.decode(frame.bytes, session);
  teltonikaCodec.decode(bytes, session);
  teltonikaCodec.decode(bytes, { imei: '356307042441013', strictChecksum: true });
  expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  expect(performance.now() - started).toBeLessThan(MAX_MS_PER_CASE);
}

describe('teltonika robustness', () => {
  it('never throws on random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4096 }), decodeAll), { numRuns: 300 });
  });

  it('never throws on mutated real packets, alone or after a handshake', () => {
    const handshake = fromHex('000F333536333037303432343431303133');
    fc.assert(
      fc.property(mutatedPacket, (bytes) => {
        decodeAll(bytes);
        decodeAll(concat([handshake, bytes]));
      }),
      { numRuns: 500 },
    );
  });

  it('answers only intact frames', () => {
    fc.assert(
      fc.property(mutatedPacket, (bytes) => {
        const result = teltonikaCodec.decode(bytes, { imei: null });
        expect(Array.isArray(result.messages)).toBe(true);
        for (const message of result.messages) {
          expect(message.protocol).toBe('teltonika');
          if (message.fixTime !== null) expect(Number.isNaN(Date.parse(message.fixTime))).toBe(false);
        }
        if (result.reply !== null) {
          expect(result.messages.every((message) => message.checksumOk !== false)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('yields the same frames however the stream is chunked, with or without garbage between frames', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...tcpPackets), { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.uint8Array({ maxLength: 12 }).map((bytes) => bytes.map((byte) => byte | 0x80)),
          {
            maxLength: 6,
          },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (packets, garbage, cuts) => {
          // Garbage bytes have the top bit set, so they can never be, or complete, a preamble.
          const parts = packets.flatMap((packet, index) => [garbage[index] ?? new Uint8Array(0), packet]);
          const stream = concat(parts);
          const framer = new TeltonikaFramer();
          const frames = chunked(stream, cuts).flatMap((chunk) => framer.push(chunk));
          expect(frameHexes(frames)).toEqual(packets.map((packet) => Buffer.from(packet).toString('hex')));
          expect(framer.bufferedBytes).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the buffer within the cap under a long random stream in random chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 1, maxLength: 8192 }), { maxLength: 40 }), (chunks) => {
        const framer = new TeltonikaFramer();
        for (const chunk of chunks) {
          framer.push(chunk);
          expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('copes with a stream of zero bytes (every offset looks like a preamble)', () => {
    const framer = new TeltonikaFramer();
    const started = performance.now();
    for (let i = 0; i < 64; i++) framer.push(new Uint8Array(16 * 1024));
    expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
