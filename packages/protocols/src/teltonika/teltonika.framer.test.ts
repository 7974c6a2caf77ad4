import { describe, expect, it } from 'vitest';
import type { Frame } from '../core/codec.ts';
import { buildAvlPacket, fromHex, imeiHandshake, toHexLower } from './fixtures/avl-packet.builder.ts';
import { extraPackets, researchPackets } from './fixtures/fixtures.ts';
import { MAX_FRAME_BYTES } from './protocol.ts';
import { TeltonikaFramer } from './teltonika.framer.ts';

const handshake = fromHex('000F333536333037303432343431303133');
const hexOf = (variant: string): Uint8Array => {
  const fixture = [...researchPackets, ...extraPackets].find((entry) => entry.variant.startsWith(variant));
  if (fixture === undefined) throw new Error(variant);
  return fromHex(fixture.packet);
};
const moving83 = hexOf('Codec 8 TCP, 1 record, moving 83');
const noida = hexOf('Codec 8 TCP, 4 records from a device near Noida');
const codec16 = hexOf('Codec 16 (0x10) TCP');
const codec8e = hexOf('Codec 8 Extended TCP, 2 records');
const getinfoResponse = hexOf("Codec 12 device response to 'getinfo'");
const corruptedCrc = hexOf('Codec 8 TCP with corrupted CRC');

const session = [handshake, moving83, noida, codec16, codec8e, getinfoResponse, corruptedCrc];
const stream = concat(...session);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function feed(framer: TeltonikaFramer, bytes: Uint8Array, chunkSize: number): Frame[] {
  const frames: Frame[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize)
    frames.push(...framer.push(bytes.subarray(at, at + chunkSize)));
  return frames;
}

const hexes = (frames: Frame[]): (string | null)[] => frames.map((frame) => toHexLower(frame.bytes));

describe('TeltonikaFramer', () => {
  it('splits a whole session (handshake, Codec 8, 16, 8E, 12, a bad-CRC packet) pushed as one chunk', () => {
    const framer = new TeltonikaFramer();
    const frames = framer.push(stream);
    expect(hexes(frames)).toEqual(hexes(session.map((bytes) => ({ bytes, skippedBytes: 0 }))));
    expect(frames.every((frame) => frame.skippedBytes === 0)).toBe(true);
    expect(framer.bufferedBytes).toBe(0);
  });

  it.each([1, 2, 3, 7, 16, 100])('gives the same frames when fed %i byte(s) at a time', (chunkSize) => {
    const framer = new TeltonikaFramer();
    expect(hexes(feed(framer, stream, chunkSize))).toEqual(hexes(new TeltonikaFramer().push(stream)));
    expect(framer.bufferedBytes).toBe(0);
  });

  it('holds a partial frame and completes it with the next chunk', () => {
    const framer = new TeltonikaFramer();
    expect(framer.push(concat(handshake, moving83.subarray(0, 20)))).toHaveLength(1);
    expect(framer.bufferedBytes).toBe(20);
    expect(hexes(framer.push(moving83.subarray(20)))).toEqual([toHexLower(moving83)]);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('skips garbage before and between frames and reports how much', () => {
    const framer = new TeltonikaFramer();
    const garbage = fromHex('deadbeef0102');
    const frames = framer.push(concat(garbage, handshake, fromHex('ff00ff'), moving83));
    expect(hexes(frames)).toEqual([toHexLower(handshake), toHexLower(moving83)]);
    expect(frames.map((frame) => frame.skippedBytes)).toEqual([6, 3]);
  });

  it('recognises the IMEI handshake only before the first packet', () => {
    const framer = new TeltonikaFramer();
    framer.push(moving83);
    const frames = framer.push(concat(handshake, noida));
    expect(hexes(frames)).toEqual([toHexLower(noida)]);
    expect(frames[0]?.skippedBytes).toBe(handshake.length);
  });

  it('accepts a connection that starts with a packet (no handshake)', () => {
    expect(hexes(new TeltonikaFramer().push(noida))).toEqual([toHexLower(noida)]);
  });

  it('skips a header whose length exceeds the cap instead of waiting for it', () => {
    const framer = new TeltonikaFramer();
    const oversize = fromHex('00000000' + MAX_FRAME_BYTES.toString(16).padStart(8, '0') + '0801');
    const frames = framer.push(concat(handshake, oversize, moving83));
    expect(hexes(frames)).toEqual([toHexLower(handshake), toHexLower(moving83)]);
    expect(frames[1]?.skippedBytes).toBe(oversize.length);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('skips an unknown codec id and a record-count mismatch, then finds the real frame behind them', () => {
    const unknownCodec = fromHex('000000000000000f' + '09' + '01'); // 0x09 is no Teltonika codec
    const countMismatch = Uint8Array.from(moving83);
    countMismatch[moving83.length - 5] = 2; // number of data 2
    const framer = new TeltonikaFramer();
    const frames = framer.push(concat(unknownCodec, countMismatch, noida));
    expect(hexes(frames)).toEqual([toHexLower(noida)]);
    expect(frames[0]?.skippedBytes).toBe(unknownCodec.length + countMismatch.length);
  });

  it('never buffers more than MAX_FRAME_BYTES, even when a plausible header announces the maximum', () => {
    const framer = new TeltonikaFramer();
    const dataLength = MAX_FRAME_BYTES - 12;
    const header = fromHex('00000000' + dataLength.toString(16).padStart(8, '0') + '0801');
    framer.push(header);
    for (let i = 0; i < 100; i++) framer.push(new Uint8Array(1000).fill(0x41));
    expect(framer.bufferedBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
  });

  it('passes a large valid Codec 8E packet', () => {
    const records = Array.from({ length: 200 }, (_, index) => ({
      timestampMs: 1_700_000_000_000 + index * 1000,
      satellites: 9,
      io: [{ id: 300, width: 100, value: 0n, isVariable: true }],
    }));
    const packet = buildAvlPacket(records, 0x8e);
    expect(packet.length).toBeGreaterThan(20_000);
    const framer = new TeltonikaFramer();
    expect(feed(framer, packet, 1460).map((frame) => frame.bytes.length)).toEqual([packet.length]);
  });

  it('gives back a small buffer after a burst of garbage', () => {
    const framer = new TeltonikaFramer();
    expect(framer.push(imeiHandshake('356307042441013'))).toHaveLength(1);
    framer.push(new Uint8Array(2_000_000).fill(0x7a));
    expect(framer.bufferedBytes).toBe(0);
    expect(framer.push(moving83)).toHaveLength(1);
  });
});
