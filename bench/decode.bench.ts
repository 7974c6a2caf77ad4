/**
 * Decode throughput per protocol on one core (not a test): each codec's framer + decoder over a stream of one typical
 * position frame repeated, measured as frames per CPU-second of this process (on a shared machine, wall time counts
 * time spent descheduled). Targets (telematics issue): AIS-140 ≥ 300k frames/s, GT06 ≥ 1M.
 * Run: npm run bench:decode   (results → bench/results/decode.json)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCodec, type Protocol } from '@civicfleet/protocols';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const SAMPLES: Record<Protocol, { frame: Uint8Array; imei: string | null; source: string }> = {
  ais140: {
    frame: new TextEncoder().encode(
      '$NRM,ROADRPA,1.7AIS,NR,01,L,869867036345389,,1,25022019,051716,25.12891000,N,75.85587833,E,7.6,350.00,14,' +
        '284.8,1.00,1.00,AIRTEL,1,1,28.0,4.2,0,C,13,404,70,4E3B,3C84,11,4E3B,39B8,08,4E3B,3965,07,4E3B,48B5,07,4E3B,' +
        '3C85,0000,00,000551,71978C6B*',
    ),
    imei: null,
    source: 'ROADRPA normal packet with CRC-32 (research/packets.json)',
  },
  gt06: {
    frame: fromHex('78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a'),
    imei: '356307042441013',
    source: 'GT06 0x12 GPS+LBS location (research/packets.json)',
  },
  teltonika: {
    frame: fromHex(
      '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF',
    ),
    imei: '356307042441013',
    source: 'Codec 8, one AVL record (Teltonika wiki example)',
  },
};

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function measure(protocol: Protocol): { framesPerCpuSecond: number; framesPerWallSecond: number } {
  const codec = getCodec(protocol);
  const { frame, imei } = SAMPLES[protocol];
  const copies = 50;
  const stream = new Uint8Array(frame.length * copies);
  for (let i = 0; i < copies; i++) stream.set(frame, i * frame.length);
  const framer = codec.createFramer();
  const session = { imei };
  let decoded = 0;
  const run = () => {
    for (const f of framer.push(stream)) decoded += codec.decode(f.bytes, session).messages.length;
  };
  const warm = performance.now() + 300;
  while (performance.now() < warm) run();
  decoded = 0;
  const wall0 = performance.now();
  const cpu0 = cpuMs();
  while (performance.now() - wall0 < 2000) run();
  const wall = performance.now() - wall0;
  const cpu = cpuMs() - cpu0;
  return {
    framesPerCpuSecond: Math.round((decoded * 1000) / cpu),
    framesPerWallSecond: Math.round((decoded * 1000) / wall),
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
const results: Record<string, unknown> = { measuredAt: new Date().toISOString(), node: process.version };
for (const protocol of ['ais140', 'gt06', 'teltonika'] as const) {
  const figures = measure(protocol);
  results[protocol] = { ...figures, sample: SAMPLES[protocol].source };
  console.log(
    `${protocol.padEnd(10)} ${figures.framesPerCpuSecond.toLocaleString('en-US')} frames/CPU-s ` +
      `(${figures.framesPerWallSecond.toLocaleString('en-US')} per wall second)`,
  );
}
await writeFile(path.join(here, 'results/decode.json'), `${JSON.stringify(results, null, 2)}\n`);
