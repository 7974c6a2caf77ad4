/**
 * Throughput of the Teltonika framer and decoder (not a test; nothing asserts on time).
 *
 *   cd packages/protocols && node --import tsx src/teltonika/teltonika.bench.ts [seconds-per-case]
 *
 * Input: the real TCP packets of fixtures/*.json plus a typical FMB920 packet (10 records, 14 IO elements each),
 * concatenated into one stream and fed in 1460-byte chunks (one TCP segment), as a gateway connection sees it.
 */
import type { Frame } from '../core/codec.ts';
import { buildAvlPacket, fromHex } from './fixtures/avl-packet.builder.ts';
import { extraPackets, researchPackets } from './fixtures/fixtures.ts';
import { teltonikaCodec } from './teltonika.codec.ts';
import { TeltonikaFramer } from './teltonika.framer.ts';

const secondsPerCase = Number(process.argv[2] ?? 2);
const SEGMENT_BYTES = 1460;

const fmb920 = buildAvlPacket(
  Array.from({ length: 10 }, (_, i) => ({
    timestampMs: 1_717_200_000_000 + i * 30_000,
    latitudeE7: 285_913_718 + i * 100,
    longitudeE7: 773_044_118 - i * 100,
    altitudeM: 215,
    angleDeg: 90,
    satellites: 11,
    speedKph: 32,
    io: [
      { id: 239, width: 1, value: 1 },
      { id: 240, width: 1, value: 1 },
      { id: 80, width: 1, value: 1 },
      { id: 21, width: 1, value: 4 },
      { id: 200, width: 1, value: 0 },
      { id: 69, width: 1, value: 1 },
      { id: 181, width: 2, value: 11 },
      { id: 182, width: 2, value: 7 },
      { id: 66, width: 2, value: 24_100 },
      { id: 24, width: 2, value: 32 },
      { id: 67, width: 2, value: 4_012 },
      { id: 241, width: 4, value: 40_410 },
      { id: 16, width: 4, value: 123_456_789 },
      { id: 78, width: 8, value: 0n },
    ],
  })),
);

const tcpPackets = [...researchPackets, ...extraPackets]
  .map((fixture) => fromHex(fixture.packet))
  .filter((bytes) => bytes.subarray(0, 4).every((byte) => byte === 0))
  .filter((bytes) => new DataView(bytes.buffer).getUint32(4) + 12 === bytes.length);
const packets = [...tcpPackets, fmb920, fmb920, fmb920];
const stream = new Uint8Array(packets.reduce((sum, packet) => sum + packet.length, 0));
packets.reduce((at, packet) => {
  stream.set(packet, at);
  return at + packet.length;
}, 0);

function measure(name: string, once: () => { frames: number; records: number; bytes: number }): void {
  for (let i = 0; i < 200; i++) once(); // warm-up
  let frames = 0;
  let records = 0;
  let bytes = 0;
  const started = performance.now();
  let elapsedMs = 0;
  while (elapsedMs < secondsPerCase * 1000) {
    const done = once();
    frames += done.frames;
    records += done.records;
    bytes += done.bytes;
    elapsedMs = performance.now() - started;
  }
  const perSecond = (count: number): string => Math.round((count * 1000) / elapsedMs).toLocaleString('en-US');
  console.log(
    `${name.padEnd(28)} ${perSecond(frames).padStart(12)} frames/s ${perSecond(records).padStart(12)} records/s ` +
      `${((bytes * 1000) / elapsedMs / 1e6).toFixed(1).padStart(7)} MB/s`,
  );
}

function frameStream(): Frame[] {
  const framer = new TeltonikaFramer();
  const frames: Frame[] = [];
  for (let at = 0; at < stream.length; at += SEGMENT_BYTES) {
    frames.push(...framer.push(stream.subarray(at, at + SEGMENT_BYTES)));
  }
  return frames;
}

const session = { imei: '356307042441013' };
console.log(
  `Teltonika: ${packets.length} packets, ${stream.length} bytes per pass, ${secondsPerCase}s per case, ` +
    `node ${process.version}`,
);
measure('framer only', () => ({ frames: frameStream().length, records: 0, bytes: stream.length }));
measure('decode only', () => {
  let records = 0;
  for (const packet of packets) records += teltonikaCodec.decode(packet, session).messages.length;
  return { frames: packets.length, records, bytes: stream.length };
});
measure('decode only, FMB920 packet', () => ({
  frames: 1,
  records: teltonikaCodec.decode(fmb920, session).messages.length,
  bytes: fmb920.length,
}));
measure('framer + decode', () => {
  let records = 0;
  const frames = frameStream();
  for (const frame of frames) records += teltonikaCodec.decode(frame.bytes, session).messages.length;
  return { frames: frames.length, records, bytes: stream.length };
});
