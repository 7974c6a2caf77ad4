/**
 * GT06 decode throughput on one core (not a test). Run: `node --import tsx packages/protocols/src/gt06/gt06.bench.ts`.
 * Measures decodeGt06 on a typical 0x12 location frame, and framer + decode on a stream of merged frames.
 */
import { fromHex } from '../core/byte-reader.ts';
import { createGt06Framer, decodeGt06 } from './index.ts';

const location = fromHex('78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a');
const session = { imei: '356307042441013' };

function measure(label: string, durationMs: number, run: () => number): void {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) run();
  let frames = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < durationMs) {
    frames += run();
    elapsed = performance.now() - started;
  }
  const perSecond = Math.round((frames * 1000) / elapsed);
  console.log(
    `${label}: ${perSecond.toLocaleString('en-US')} frames/s (${frames} frames in ${elapsed.toFixed(0)} ms)`,
  );
}

let sink = 0;

measure('decode 0x12 location', 2000, () => {
  for (let i = 0; i < 10_000; i++) sink += decodeGt06(location, session).messages.length;
  return 10_000;
});

const stream = new Uint8Array(location.length * 40);
for (let i = 0; i < 40; i++) stream.set(location, i * location.length);
const framer = createGt06Framer();
measure('framer + decode, 40 merged frames per chunk', 2000, () => {
  let n = 0;
  for (let i = 0; i < 250; i++) {
    for (const frame of framer.push(stream)) n += decodeGt06(frame.bytes, session).messages.length;
  }
  return n;
});

if (sink < 0) console.log(sink);
