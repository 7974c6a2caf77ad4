/**
 * Fuzzed frames on every device port (issue 9 "Bad input"), for a bounded time (FUZZ_GATEWAY_S, default 15 s):
 * random bytes, mutated real packets (from registered and unknown IMEIs, so mutations reach the decoder, the ingest
 * pipeline and the database), truncated and merged frames, oversize frames and slowloris trickles, from several
 * connections per port at once, in random chunkings.
 *
 * The framers' rules (packages/protocols/src/<protocol>/*framer.ts): garbage and oversize frames are skipped and the
 * framer resynchronises, holding at most one frame's cap; a frame of an unknown IMEI is logged and the connection may
 * be ended; nothing else closes a connection. So: the gateway never logs an internal error or a failed batch, every
 * connection is released when its client goes, the heap stays bounded, and afterwards a valid device on each port
 * still gets its position stored and acked. Deterministic byte streams (seeded PRNG); counts per port are printed and,
 * with FUZZ_RESULTS=1, written to bench/results/fuzz-<date>.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Protocol } from '@civicfleet/protocols';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { GatewayLog } from './connection.ts';
import { startGateway, type Gateway } from './gateway.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
  testGatewayConfig,
} from './testing/fleet.ts';
import {
  gt06Ack,
  gt06Alarm,
  gt06Heartbeat,
  gt06Location,
  gt06Login,
  teltonikaAck,
  teltonikaCodec8,
  teltonikaHandshake,
  toHex,
} from './testing/packets.ts';
import { TcpDevice } from './testing/tcp-device.ts';

const PROTOCOLS: Protocol[] = ['gt06', 'teltonika', 'ais140'];
const FUZZ_MS = Number(process.env.FUZZ_GATEWAY_S ?? 15) * 1000;
const CONNECTIONS_PER_PORT = 3;
/** Registered devices the fuzzer logs in as (mutations then reach the pipeline), and unknown ones. */
const FUZZ_IMEI: Record<Protocol, string> = {
  gt06: '359710049000001',
  teltonika: '356307042000001',
  ais140: '358980100000001',
};
const UNKNOWN_IMEI = '861234567890123';
/**
 * The slowloris devices: their own IMEIs, since a newer connection of an IMEI replaces the older one — five digits
 * away from the fuzzer's, so that no single mutation of a fuzzed login (a bit flip turns '1' into '3') can take their
 * identity (AIS-140 keeps frames with a bad checksum).
 */
const SLOW_IMEI: Record<Protocol, string> = {
  gt06: '359710049876540',
  teltonika: '356307042876540',
  ais140: '358980100876540',
};
/** Devices that must still work after the fuzzing. */
const CHECK_IMEI: Record<Protocol, string> = {
  gt06: '359710049000002',
  teltonika: '356307042000002',
  ais140: '358980100000002',
};

/** mulberry32: a small deterministic PRNG, so a failure replays with the same bytes. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)] as T };
}
type Rng = ReturnType<typeof prng>;

const ascii = (text: string) => Uint8Array.from(Buffer.from(text, 'ascii'));
const concat = (parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));

function ais140Login(imei: string) {
  return ascii(`$,LGN,MARK,000000000,${imei},V0.0.1,AIS140,19.804487,N,75.225876,E,*\r\n`);
}
function ais140Normal(imei: string, at: Date) {
  const d = at.toISOString();
  const date = `${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(0, 4)}`;
  const time = `${d.slice(11, 13)}${d.slice(14, 16)}${d.slice(17, 19)}`;
  return ascii(
    `$,NRM,MARK,V0.0.1,NR,01,L,${imei},000000000,1,${date},${time},22.719600,N,75.857700,E,0.6,1.40,13,` +
      '211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,' +
      '0000,00,0.1,0,000027,0,0,0,4E9C,*\r\n',
  );
}

/** Real packets of a protocol: the session opener (login/handshake) and data packets. */
function realPackets(protocol: Protocol, imei: string, rng: Rng): { open: Uint8Array; data: Uint8Array[] } {
  const at = new Date(Date.now() - 60_000 - rng.int(86_400_000));
  at.setMilliseconds(0);
  const fix = {
    at,
    lat: 22.7 + rng.next() / 10,
    lon: 75.8 + rng.next() / 10,
    speedKph: rng.int(90),
    headingDeg: rng.int(360),
  };
  switch (protocol) {
    case 'gt06':
      return {
        open: gt06Login(imei, 1),
        data: [gt06Location(fix, 2 + rng.int(1000)), gt06Heartbeat(3), gt06Alarm(fix, 0x01, 4)],
      };
    case 'teltonika':
      return {
        open: teltonikaHandshake(imei),
        data: [
          teltonikaCodec8([
            { ...fix, ignition: rng.next() < 0.5 },
            { ...fix, at: new Date(at.getTime() + 10_000) },
          ]),
        ],
      };
    case 'ais140':
      return { open: ais140Login(imei), data: [ais140Normal(imei, at)] };
  }
}

/** Flips, inserts, deletes or overwrites a few bytes (including length fields, checksums, separators). */
function mutate(bytes: Uint8Array, rng: Rng): Uint8Array {
  const out = [...bytes];
  const edits = 1 + rng.int(4);
  for (let i = 0; i < edits; i += 1) {
    const at = rng.int(Math.max(1, out.length));
    switch (rng.int(4)) {
      case 0:
        out[at] = (out[at] ?? 0) ^ (1 << rng.int(8));
        break;
      case 1:
        out.splice(at, 0, rng.int(256));
        break;
      case 2:
        out.splice(at, 1);
        break;
      default:
        out[at] = rng.pick([0x00, 0xff, 0x78, 0x79, 0x0d, 0x0a, 0x24, 0x2c, 0x2a, 0x7f]);
    }
  }
  return Uint8Array.from(out);
}

function randomBytes(rng: Rng, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) out[i] = rng.int(256);
  return out;
}

/** A frame header that announces (or a stream that never ends) far more than any framer's cap. */
function oversize(protocol: Protocol, rng: Rng): Uint8Array {
  const filler = randomBytes(rng, 8_000 + rng.int(56_000));
  switch (protocol) {
    case 'gt06':
      return concat([Uint8Array.from([0x79, 0x79, 0xff, 0xff, 0x22]), filler]);
    case 'teltonika':
      return concat([Uint8Array.from([0, 0, 0, 0, 0x00, 0x0f, 0xff, 0xff, 0x08, 0x01]), filler]);
    case 'ais140':
      return concat([ascii('$,NRM,'), ascii(','.repeat(filler.length))]);
  }
}

type Category = 'random' | 'mutated' | 'truncated' | 'merged' | 'oversize' | 'valid';

interface PortCounts {
  frames: number;
  bytes: number;
  connections: number;
  closedByGateway: number;
  slowloris: number;
  slowlorisClosed: number;
  perCategory: Record<Category, number>;
}

describe('gateway under fuzzed frames', () => {
  let t: TestApp;
  let gateway: Gateway;
  const errors: string[] = [];
  /** Why the gateway closed each slowloris connection (closing reasons are logged at info). */
  const slowClosed: string[] = [];
  const log: GatewayLog = {
    info: (obj, msg) => {
      const { imei, reason } = obj as { imei?: string | null; reason?: string };
      if (msg === 'closing device connection' && imei && Object.values(SLOW_IMEI).includes(imei))
        slowClosed.push(`${imei}: ${reason ?? '?'}`);
    },
    warn: () => undefined,
    error: (obj, msg) =>
      errors.push(
        `${msg} ${JSON.stringify(obj, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      ),
  };

  beforeAll(async () => {
    t = await createTestApp();
    const indore = await organisationId(t.db, INDORE);
    let n = 0;
    for (const protocol of PROTOCOLS) {
      for (const imei of [FUZZ_IMEI[protocol], CHECK_IMEI[protocol], SLOW_IMEI[protocol]]) {
        n += 1;
        await seedTrackedVehicle(t.db, {
          imei,
          protocol,
          organisationId: indore,
          registrationNumber: `MP09FZ${String(n).padStart(4, '0')}`,
        });
      }
    }
    gateway = await startGateway({ database: t.database, bus: t.bus, config: testGatewayConfig(), log });
  });
  afterAll(async () => {
    await gateway?.stop();
    await t?.close();
  });

  async function fuzzConnection(protocol: Protocol, seed: number, deadline: number, counts: PortCounts) {
    const rng = prng(seed);
    const port = gateway.ports[protocol] ?? 0;
    while (Date.now() < deadline) {
      const device = await TcpDevice.connect(port);
      counts.connections += 1;
      const imei = rng.next() < 0.7 ? FUZZ_IMEI[protocol] : UNKNOWN_IMEI;
      const real = realPackets(protocol, imei, rng);
      const frames: { category: Category; bytes: Uint8Array }[] = [];
      if (rng.next() < 0.8) frames.push({ category: 'valid', bytes: real.open });
      for (let i = 0, count = 5 + rng.int(30); i < count; i += 1) {
        const packet = rng.pick([real.open, ...real.data]);
        const category = rng.pick<Category>([
          'random',
          'mutated',
          'mutated',
          'truncated',
          'merged',
          'oversize',
          'valid',
        ]);
        switch (category) {
          case 'random':
            frames.push({ category, bytes: randomBytes(rng, 1 + rng.int(600)) });
            break;
          case 'mutated':
            frames.push({ category, bytes: mutate(packet, rng) });
            break;
          case 'truncated':
            frames.push({ category, bytes: packet.subarray(0, rng.int(packet.length)) });
            break;
          case 'merged':
            frames.push({
              category,
              bytes: concat([packet, mutate(packet, rng), ...real.data].slice(0, 2 + rng.int(3))),
            });
            break;
          case 'oversize':
            if (rng.next() < 0.2) frames.push({ category, bytes: oversize(protocol, rng) });
            break;
          case 'valid':
            frames.push({ category, bytes: packet });
        }
      }
      for (const frame of frames) {
        if (device.isClosed || Date.now() >= deadline) break;
        // Random chunking: a frame may be split anywhere, and chunks of several frames merge on the wire.
        let offset = 0;
        while (offset < frame.bytes.length && !device.isClosed) {
          const size = 1 + rng.int(Math.min(frame.bytes.length - offset, rng.next() < 0.3 ? 8 : 4096));
          await device.write(frame.bytes.subarray(offset, offset + size)).catch(() => undefined);
          offset += size;
        }
        counts.frames += 1;
        counts.bytes += frame.bytes.length;
        counts.perCategory[frame.category] += 1;
        if (rng.next() < 0.1) await sleep(rng.int(20));
      }
      await sleep(5);
      if (device.isClosed) counts.closedByGateway += 1;
      device.close();
      await device.closed;
    }
  }

  /** Slowloris: a frame trickled a byte at a time, then left hanging half-sent. */
  async function slowloris(protocol: Protocol, seed: number, deadline: number, counts: PortCounts) {
    const rng = prng(seed);
    const device = await TcpDevice.connect(gateway.ports[protocol] ?? 0);
    counts.connections += 1;
    const real = realPackets(protocol, SLOW_IMEI[protocol], rng);
    const stream = concat([real.open, ...real.data, (real.data[0] ?? real.open).subarray(0, 10)]);
    for (let i = 0; i < stream.length && Date.now() < deadline && !device.isClosed; i += 1) {
      await device.write(stream.subarray(i, i + 1)).catch(() => undefined);
      counts.bytes += 1;
      await sleep(15);
    }
    counts.slowloris += 1;
    // Valid bytes of a registered device, however slow, are no reason to close (only the idle timeout is).
    if (device.isClosed) counts.slowlorisClosed += 1;
    device.close();
    await device.closed;
  }

  it('keeps serving every port and releases every connection', { timeout: FUZZ_MS + 120_000 }, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const started = Date.now();
    const deadline = started + FUZZ_MS;
    const counts = Object.fromEntries(
      PROTOCOLS.map((p) => [
        p,
        {
          frames: 0,
          bytes: 0,
          connections: 0,
          closedByGateway: 0,
          slowloris: 0,
          slowlorisClosed: 0,
          perCategory: { random: 0, mutated: 0, truncated: 0, merged: 0, oversize: 0, valid: 0 },
        } satisfies PortCounts,
      ]),
    ) as Record<Protocol, PortCounts>;
    let peakConnections = 0;
    const sampler = setInterval(() => {
      peakConnections = Math.max(peakConnections, gateway.connections);
    }, 50);

    await Promise.all(
      PROTOCOLS.flatMap((protocol, p) => [
        ...Array.from({ length: CONNECTIONS_PER_PORT }, (_, c) =>
          fuzzConnection(protocol, 1000 * p + c + 1, deadline, counts[protocol]),
        ),
        slowloris(protocol, 1000 * p + 99, deadline, counts[protocol]),
      ]),
    );
    clearInterval(sampler);

    // Every client has gone: the gateway holds no connection and no framer buffer.
    await eventually(async () => gateway.connections === 0, 10_000);
    await gateway.writer.drain();
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

    // A valid device on each port is still stored and acked.
    const base = Math.floor(Date.now() / 1000) * 1000 - 30_000;
    const gt06 = await TcpDevice.connect(gateway.ports.gt06 ?? 0);
    await gt06.write(gt06Login(CHECK_IMEI.gt06, 1));
    expect(toHex(await gt06.read(10))).toBe(toHex(gt06Ack(0x01, 1)));
    await gt06.write(
      gt06Location({ at: new Date(base), lat: 22.72, lon: 75.86, speedKph: 20, headingDeg: 90 }, 2),
    );
    expect(toHex(await gt06.read(10))).toBe(toHex(gt06Ack(0x12, 2)));
    const teltonika = await TcpDevice.connect(gateway.ports.teltonika ?? 0);
    await teltonika.write(teltonikaHandshake(CHECK_IMEI.teltonika));
    expect(toHex(await teltonika.read(1))).toBe('01');
    await teltonika.write(teltonikaCodec8([{ at: new Date(base), lat: 22.72, lon: 75.86, speedKph: 20 }]));
    expect(toHex(await teltonika.read(4))).toBe(toHex(teltonikaAck(1)));
    const ais140 = await TcpDevice.connect(gateway.ports.ais140 ?? 0);
    await ais140.write(ais140Login(CHECK_IMEI.ais140));
    expect((await ais140.read(19)).toString('ascii')).toMatch(/^\$LGN\d{14}\*$/);
    await ais140.write(ais140Normal(CHECK_IMEI.ais140, new Date(base)));
    for (const device of [gt06, teltonika, ais140]) device.close();

    const stored = await eventually(async () => {
      const found = await rows<{ imei: string; n: number }>(
        t.db,
        sql`select d.imei, count(*)::int as n from positions p join devices d on d.id = p.device_id
            where d.imei in (${CHECK_IMEI.gt06}, ${CHECK_IMEI.teltonika}, ${CHECK_IMEI.ais140}) group by d.imei`,
      );
      return found.length === 3 ? found : null;
    });
    expect(stored.every((r) => r.n >= 1)).toBe(true);
    const [rawLogs] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from raw_logs`);

    const summary = {
      date: new Date().toISOString(),
      durationS: Math.round((Date.now() - started) / 100) / 10,
      perPort: counts,
      totalFrames: PROTOCOLS.reduce((sum, p) => sum + counts[p].frames, 0),
      rawLogRows: rawLogs?.n ?? 0,
      peakConnections,
      heapGrowthMb: Math.round(heapGrowthMb * 10) / 10,
      gatewayErrors: errors.length,
      writer: {
        batches: gateway.writer.stats.batches,
        positions: gateway.writer.stats.positions,
        failures: gateway.writer.stats.failures,
      },
    };
    console.log(`fuzz-gateway: ${JSON.stringify(summary)}`);
    if (process.env.FUZZ_RESULTS) {
      const dir = path.resolve(import.meta.dirname, '../../../../bench/results');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `fuzz-${summary.date.slice(0, 10)}.json`);
      // The route fuzz (test/fuzz-routes.test.ts) writes its own key into the same file.
      const previous: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
      writeFileSync(file, `${JSON.stringify({ ...(previous as object), gateway: summary }, null, 2)}\n`);
    }

    expect(errors).toEqual([]);
    expect(gateway.writer.stats.failures).toBe(0);
    for (const protocol of PROTOCOLS) {
      expect(counts[protocol].frames).toBeGreaterThan(20);
      expect(counts[protocol].slowlorisClosed, `${protocol} slowloris closed: ${slowClosed.join('; ')}`).toBe(
        0,
      );
    }
    expect(heapGrowthMb).toBeLessThan(150);
  });
});
