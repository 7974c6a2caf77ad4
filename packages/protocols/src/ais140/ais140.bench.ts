/**
 * AIS-140 decode throughput on one core (not a test; vitest only runs *.test.ts).
 * Run: `node --import tsx packages/protocols/src/ais140/ais140.bench.ts`.
 * Measures decodeAis140 on typical normal packets (ROADRPA with its CRC-32 verified, Wetrack/MARK without a
 * checksum), and framer + decode on a stream of merged frames.
 */
import { createAis140Framer, decodeAis140 } from './index.ts';

const encoder = new TextEncoder();
const roadrpa = encoder.encode(
  '$NRM,ROADRPA,1.7AIS,NR,01,L,869867036345389,,1,25022019,051716,25.12891000,N,75.85587833,E,7.6,350.00,14,' +
    '284.8,1.00,1.00,AIRTEL,1,1,28.0,4.2,0,C,13,404,70,4E3B,3C84,11,4E3B,39B8,08,4E3B,3965,07,4E3B,48B5,07,4E3B,' +
    '3C85,0000,00,000551,71978C6B*',
);
const mark = encoder.encode(
  '$,NRM,MARK,V0.0.1,NR,01,L,358980100040246,000000000,1,10032021,073239,25.932051,N,71.509872,E,0.6,1.40,13,' +
    '211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,0000,' +
    '00,0.1,0,000027,0,0,0,4E9C,*',
);
const session = { imei: null };
const NOW = Date.UTC(2024, 0, 1);

/**
 * Prints wall-clock frames/s and frames per CPU-second of this process: on a shared machine the second is the
 * better estimate of one core's throughput (time spent descheduled is not counted).
 */
function measure(label: string, durationMs: number, run: () => number): void {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) run();
  let frames = 0;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < durationMs) {
    frames += run();
    elapsed = performance.now() - started;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const perSecond = Math.round((frames * 1000) / elapsed).toLocaleString('en-US');
  const perCpuSecond = Math.round((frames * 1000) / cpuMs).toLocaleString('en-US');
  console.log(`${label}: ${perSecond} frames/s wall, ${perCpuSecond} frames/CPU-s (${frames} frames)`);
}

let sink = 0;

measure('decode ROADRPA normal (CRC-32 verified)', 2000, () => {
  for (let i = 0; i < 10_000; i++) sink += decodeAis140(roadrpa, session, NOW).messages.length;
  return 10_000;
});

measure('decode MARK normal (no checksum)', 2000, () => {
  for (let i = 0; i < 10_000; i++) sink += decodeAis140(mark, session, NOW).messages.length;
  return 10_000;
});

const stream = new Uint8Array(roadrpa.length * 20);
for (let i = 0; i < 20; i++) stream.set(roadrpa, i * roadrpa.length);
const framer = createAis140Framer();
measure('framer + decode, 20 merged frames per chunk', 2000, () => {
  let n = 0;
  for (let i = 0; i < 250; i++) {
    for (const frame of framer.push(stream)) n += decodeAis140(frame.bytes, session, NOW).messages.length;
  }
  return n;
});

if (sink < 0) console.log(sink);
