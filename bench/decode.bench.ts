/**
 * Decode throughput per protocol on one core (not a test): each codec's framer + decoder over a stream of one typical
 * position frame repeated, measured as frames per CPU-second of this process (on a shared machine, wall time counts
 * time spent descheduled). Targets (telematics issue): AIS-140 ≥ 300k frames/s, GT06 ≥ 1M. The `gt06-mix` and
 * `teltonika-mix` rows cycle through the message types of issue 21 (4G, LBS/Wi-Fi lists incl. a length-0 Wi-Fi frame
 * framed by its layout, dash-cam alarm, modular 0x70; Codec 8E with EYE sensors, Codec 7, FM6xxx extended, Codec 13)
 * next to the everyday frames in the proportions of a fleet's traffic (`GT06_TRAFFIC`); the GT06 target holds for that
 * mix. `gt06-each-type` (one frame of each type, rare ones as frequent as locations) is reported without a target.
 * Run: npm run bench:decode   (results → bench/results/decode.json)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getCodec, type Protocol } from '@civicfleet/protocols';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
interface Sample {
  protocol: Protocol;
  frames: Uint8Array[];
  imei: string | null;
  source: string;
}

const SINGLE: Record<Protocol, { frame: Uint8Array; imei: string | null; source: string }> = {
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

const GT06_MIX = [
  '78781f12110819110216d402f250340828924055d4c801944600d300c09501429c830d0a', // 0x12 location
  '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a', // 0xA0 4G
  '78782222120616083817c5050cc8c801a819d600152400e8011dbf003332000000004862500d0a', // 0x22
  '78780a13c40604000201298f5b0d0a', // 0x13 heartbeat
  '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a', // Wi-Fi, length 0
  '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A', // 0x28 LBS list
  '78782DA4150817073B10CF032EEA9C0B6CE0800015141001CC0100009A00000000000A6F24014605041900FF01908A640D0A', // 0xA4 alarm
  '78785195140a020c2914055D4A800209D9C014009300004556454e545f3335333337363131303032333139365f30303030303030305f323032305f31305f30325f31345f34315f32305f30352e6d70340004e3a60d0a', // 0x95 dash-cam
  '797900a87000000001020035000100003300125d62bf3a0800e804b5994308814a87001d5d00340006115d62bf29000011000a012e02620000000000000001000803537601000129800002000803102608593397620003000a8901260852293397626600180002017d002b000116002c00045d6278ea0009000108000a00010b002800010b002e00040000f0c1002a00010000290004000000be0030000a000100b4000a00b402d00006c5490d0a', // 0x70 modular
  '78782616170A080C0E24C0027C58AD0C2B8B0100454E0901CC0025030328E7A0005D4B13021EC373170D0A', // 0x16 alarm
].map(fromHex);

/**
 * A fleet's traffic, per 20 frames: locations 10 (0x12 ×4, 0x22 ×3, 0xA0 ×3), heartbeats 4, and one each of Wi-Fi
 * (length 0), LBS list, 0xA4 alarm, 0x95 dash-cam alarm, 0x70 modular, 0x16 alarm. Indexes into GT06_MIX.
 */
const GT06_TRAFFIC = [0, 1, 2, 3, 0, 1, 2, 3, 4, 0, 5, 1, 6, 2, 3, 7, 0, 8, 3, 9].flatMap(
  (i) => GT06_MIX[i] ?? [],
);

const TELTONIKA_MIX = [
  SINGLE.teltonika.frame,
  '00000000000000628e0100000193011f1ec8003fa9def2fc401ea4000d00000400000000000f000700ef0000f00000150500c8000045012a34492a3800000600b5001300b60011004230aa00430fb7004400002a30fb5d000200f10000c74200100000014900000000010000fbff', // 8E, EYE
  '000000000000003107024c61410b013f4231c2c141d0beb9003d000005006483ff4c6140eb013f4231c2c141d0beb9003d000005006483ff02000041df', // Codec 7
  '00000000000000240d01060000001c642b3ad14754534c7c367c317c307c31323734393838347c317c0d0a010000ec11', // Codec 13
].map((frame) => (typeof frame === 'string' ? fromHex(frame) : frame));

const SAMPLES: Record<string, Sample> = {
  ais140: { protocol: 'ais140', frames: [SINGLE.ais140.frame], imei: null, source: SINGLE.ais140.source },
  gt06: { protocol: 'gt06', frames: [SINGLE.gt06.frame], imei: SINGLE.gt06.imei, source: SINGLE.gt06.source },
  'gt06-mix': {
    protocol: 'gt06',
    frames: GT06_TRAFFIC,
    imei: SINGLE.gt06.imei,
    source:
      'GT06 traffic mix per 20 frames: 10 locations (0x12, 0x22, 0xA0), 4 heartbeats 0x13, one each of Wi-Fi 0x17 ' +
      '(length 0), 0x28 LBS list, 0xA4, 0x95, 0x70, 0x16 (fixtures)',
  },
  'gt06-each-type': {
    protocol: 'gt06',
    frames: GT06_MIX,
    imei: SINGLE.gt06.imei,
    source:
      'GT06, one frame of each: 0x12, 0xA0, 0x22, 0x13, Wi-Fi 0x17, 0x28, 0xA4, 0x95, 0x70, 0x16 (no target)',
  },
  teltonika: {
    protocol: 'teltonika',
    frames: [SINGLE.teltonika.frame],
    imei: SINGLE.teltonika.imei,
    source: SINGLE.teltonika.source,
  },
  'teltonika-mix': {
    protocol: 'teltonika',
    frames: TELTONIKA_MIX,
    imei: SINGLE.teltonika.imei,
    source: 'Teltonika mix: Codec 8, Codec 8E with EYE sensor IOs, Codec 7 (2 records), Codec 13 (fixtures)',
  },
};

function measure(sample: Sample): { framesPerCpuSecond: number; framesPerWallSecond: number } {
  const codec = getCodec(sample.protocol);
  const { imei } = sample;
  const copies = 50;
  const one = sample.frames.reduce((sum, f) => sum + f.length, 0);
  const stream = new Uint8Array(one * copies);
  let at = 0;
  for (let i = 0; i < copies; i++) {
    for (const f of sample.frames) {
      stream.set(f, at);
      at += f.length;
    }
  }
  const framer = codec.createFramer();
  const session = { imei };
  // Frames, not messages: a Codec 7 packet carries two records, a Teltonika handshake none.
  let decoded = 0;
  const run = () => {
    for (const f of framer.push(stream)) {
      codec.decode(f.bytes, session);
      decoded++;
    }
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
for (const [name, sample] of Object.entries(SAMPLES)) {
  const figures = measure(sample);
  results[name] = { ...figures, sample: sample.source };
  console.log(
    `${name.padEnd(14)} ${figures.framesPerCpuSecond.toLocaleString('en-US')} frames/CPU-s ` +
      `(${figures.framesPerWallSecond.toLocaleString('en-US')} per wall second)`,
  );
}
await writeFile(path.join(here, 'results/decode.json'), `${JSON.stringify(results, null, 2)}\n`);
