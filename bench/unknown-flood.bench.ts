/**
 * Unknown-IMEI flood (issue 20 finding 6, docs/security.md "Device identity"): the all-in-one server (main.ts in a
 * child process, DEMO off) while many connections from several source addresses send GT06 frames of IMEIs nobody
 * registered. Measured:
 *   - `GET /v1/healthz` latency p50/p99/max from a separate client process (one call every --probe-every-ms, each
 *     counted from when it was due), before the flood (baseline) and during it; target: p99 < 100 ms during the flood;
 *   - the raw_logs and unknown_devices rows the flood left (read after the server stopped), against the bound the
 *     gateway promises: at most GATEWAY_UNKNOWN_FRAMES × 10 raw_logs rows per source address per hour;
 *   - frames and connections the flood managed to send, and what the gateway counted
 *     (`civicfleet_gateway_unknown_device_packets_total`, `civicfleet_gateway_connections_refused_total`).
 *
 *   npm run bench:flood                        (= node --import tsx bench/unknown-flood.bench.ts; PGlite)
 *   npm run bench:flood -- --engine postgres --database-url postgres://postgres@127.0.0.1:54329/postgres
 *   options: --seconds 30 --connections 400 --addresses 4 --frames 50 --probe-every-ms 50
 *
 * Each flood connection binds one of 127.0.0.11… (--addresses), logs in with a fresh random unknown IMEI, writes
 * --frames location frames at once and, when the gateway closes it (after GATEWAY_UNKNOWN_FRAMES unidentified frames),
 * connects again; --connections of them run at once. Results → bench/results/unknown-flood-<engine>.json.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { gt06Location, gt06Login } from '../apps/server/src/gateway/testing/packets.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess } from '../apps/server/test/processes.ts';
import { openScratchPostgres } from './support/engine.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    seconds: { type: 'string', default: '30' },
    'baseline-seconds': { type: 'string', default: '5' },
    connections: { type: 'string', default: '400' },
    addresses: { type: 'string', default: '4' },
    frames: { type: 'string', default: '50' },
    'probe-every-ms': { type: 'string', default: '50' },
    probe: { type: 'string' },
  },
});

const HEALTH_TARGET_P99_MS = 100;
/** unidentified-budget.ts ADDRESS_FACTOR: raw-logged frames per address = GATEWAY_UNKNOWN_FRAMES × this, per hour. */
const ADDRESS_FACTOR = 10;
const UNKNOWN_FRAMES = 10;

interface ProbeResult {
  phase: string;
  calls: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const round = (n: number) => Math.round(n * 10) / 10;

/** The separate client: health calls on a fixed schedule, latency counted from when each was due. */
async function runProbe(url: string, everyMs: number): Promise<void> {
  let phase = 'start-up';
  let latencies: number[] = [];
  let failed = 0;
  const results: ProbeResult[] = [];
  const close = () => {
    const sorted = [...latencies].sort((a, b) => a - b);
    results.push({
      phase,
      calls: sorted.length,
      failed,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
    });
    latencies = [];
    failed = 0;
  };
  let running = true;
  process.on('message', (message: { phase?: string; stop?: boolean }) => {
    close();
    if (message.phase) phase = message.phase;
    if (message.stop) {
      running = false;
      process.send?.({ results }, () => process.exit(0));
    }
  });
  // The first answer (the probe's own start-up: tsx, the first connection) is not counted; the parent starts the
  // baseline when it arrives.
  let isReady = false;
  let due = performance.now();
  while (running) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = due;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.ok) {
        latencies.push(performance.now() - started);
        if (!isReady) process.send?.({ ready: true });
        isReady = true;
      } else failed += 1;
    } catch {
      failed += 1;
    }
    due = Math.max(due + everyMs, performance.now() - everyMs);
  }
}

if (args.probe) {
  await runProbe(args.probe, Number(args['probe-every-ms']));
} else {
  await main();
}

function randomImei(): string {
  let imei = '9';
  while (imei.length < 15) imei += String(Math.floor(Math.random() * 10));
  return imei;
}

/** Flood connections until `untilMs`: each logs in as a random unknown IMEI and writes its frames, then reconnects. */
async function flood(port: number, untilMs: number) {
  const CONNECTIONS = Number(args.connections);
  const ADDRESSES = Number(args.addresses);
  const FRAMES = Number(args.frames);
  const stats = { connections: 0, framesWritten: 0, connectErrors: 0, closedByServer: 0 };
  const fix = { at: new Date(), lat: 22.7196, lon: 75.8577, speedKph: 20 };
  const worker = async (index: number) => {
    const localAddress = `127.0.0.${11 + (index % ADDRESSES)}`;
    while (Date.now() < untilMs) {
      const frames = [gt06Login(randomImei(), 1)];
      for (let i = 0; i < FRAMES; i++) frames.push(gt06Location(fix, i + 2));
      const payload = Buffer.concat(frames);
      await new Promise<void>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port, localAddress });
        const timer = setTimeout(() => socket.destroy(), 5_000);
        socket.on('connect', () => {
          stats.connections += 1;
          stats.framesWritten += frames.length;
          socket.write(payload);
        });
        socket.on('data', () => {});
        socket.on('end', () => {
          stats.closedByServer += 1;
          socket.end();
        });
        socket.on('error', () => {
          stats.connectErrors += 1;
        });
        socket.on('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  return stats;
}

/** A counter's samples by their labels (`{reason="source-network"}` → value), from the server's /metrics. */
async function metric(api: string, name: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${api}/metrics`)).text();
  const samples: Record<string, number> = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const value = Number(line.split(' ').at(-1));
    samples[line.slice(name.length, line.lastIndexOf(' ')) || 'all'] = value;
  }
  return samples;
}

async function waitReady(api: string, child: ServerProcess) {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (!child.isRunning()) throw new Error(`main.ts exited:\n${child.output()}`);
    const ready = await fetch(`${api}/v1/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (ready?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`not ready in 300 s:\n${child.output()}`);
}

async function countRows(query: (text: string) => Promise<number>) {
  return {
    rawLogs: await query('select count(*)::int as n from raw_logs'),
    unknownDevices: await query('select count(*)::int as n from unknown_devices'),
    unknownPackets: await query('select coalesce(sum(packets), 0)::int as n from unknown_devices'),
  };
}

function postgresCount(url: string) {
  return async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(text)).rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  };
}

async function main() {
  const engine = args.engine === 'postgres' ? 'postgres' : 'pglite';
  const seconds = Number(args.seconds);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-flood-'));
  const scratch =
    engine === 'postgres'
      ? await openScratchPostgres(args['database-url'] ?? 'postgres://postgres@127.0.0.1:54329/postgres', {
          prefix: 'cf_flood_',
        })
      : undefined;
  const [port, ais140, gt06, teltonika] = [
    await freeLoopbackPort(),
    await freeLoopbackPort(),
    await freeLoopbackPort(),
    await freeLoopbackPort(),
  ];
  const child = spawnServer('main.ts', {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.location } : {}),
    DEMO: 'off',
    HOST: '127.0.0.1',
    GATEWAY_HOST: '127.0.0.1',
    PORT: String(port),
    AIS140_PORT: String(ais140),
    GT06_PORT: String(gt06),
    TELTONIKA_PORT: String(teltonika),
    LOG_LEVEL: 'error',
    GATEWAY_UNKNOWN_FRAMES: String(UNKNOWN_FRAMES),
  });
  const api = `http://127.0.0.1:${port}`;
  try {
    await waitReady(api, child);
    const before = scratch
      ? await countRows(postgresCount(scratch.location))
      : { rawLogs: 0, unknownDevices: 0, unknownPackets: 0 };

    const probe = fork(path.join(import.meta.dirname, 'unknown-flood.bench.ts'), [
      '--probe',
      `${api}/v1/healthz`,
      '--probe-every-ms',
      String(args['probe-every-ms']),
    ]);
    const probeReady = new Promise<void>((resolve) =>
      probe.on('message', (m: { ready?: boolean }) => m.ready && resolve()),
    );
    const probeResults = new Promise<ProbeResult[]>((resolve) =>
      probe.on('message', (m: { results?: ProbeResult[] }) => m.results && resolve(m.results)),
    );
    await probeReady;
    probe.send({ phase: 'baseline' });
    await new Promise((resolve) => setTimeout(resolve, Number(args['baseline-seconds']) * 1000));
    probe.send({ phase: 'flood' });
    const load1Before = loadavg()[0] ?? 0;
    const started = performance.now();
    const stats = await flood(gt06, Date.now() + seconds * 1000);
    const floodS = (performance.now() - started) / 1000;
    probe.send({ phase: 'after' });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    probe.send({ stop: true });
    const [baseline, during, afterFlood] = (await probeResults).filter((r) => r.phase !== 'start-up');
    const gatewayUnknownPackets = await metric(api, 'civicfleet_gateway_unknown_device_packets_total');
    const refused = await metric(api, 'civicfleet_gateway_connections_refused_total');

    child.kill('SIGTERM');
    await child.exited;
    const after = scratch
      ? await countRows(postgresCount(scratch.location))
      : await (async () => {
          const db = await PGlite.create(path.join(dataDir, 'pglite'));
          const counts = await countRows(
            async (text) => (await db.query<{ n: number }>(text)).rows[0]?.n ?? 0,
          );
          await db.close();
          return counts;
        })();
    const addresses = Number(args.addresses);
    const rawLogBound = UNKNOWN_FRAMES * ADDRESS_FACTOR * addresses;
    const rawLogRows = after.rawLogs - before.rawLogs;
    const result = {
      at: new Date().toISOString(),
      engine: engine === 'postgres' ? 'PostgreSQL 15 (scratch database)' : 'PGlite (temp DATA_DIR)',
      machine: {
        cpus: cpus().length,
        loadAverage1mBefore: round(load1Before),
        loadAverage1mAfter: round(loadavg()[0] ?? 0),
      },
      flood: {
        seconds: round(floodS),
        concurrentConnections: Number(args.connections),
        sourceAddresses: addresses,
        framesPerConnection: Number(args.frames) + 1,
        connections: stats.connections,
        connectionsPerS: Math.round(stats.connections / floodS),
        framesSent: stats.framesWritten,
        framesSentPerS: Math.round(stats.framesWritten / floodS),
        closedByServer: stats.closedByServer,
        socketErrors: stats.connectErrors,
        gatewayUnknownPackets,
        gatewayRefusedConnections: refused,
      },
      health: {
        target: `p99 < ${HEALTH_TARGET_P99_MS} ms during the flood`,
        baseline,
        during,
        after: afterFlood,
      },
      healthTargetMet:
        during !== undefined &&
        during.calls > 0 &&
        during.failed === 0 &&
        during.p99Ms < HEALTH_TARGET_P99_MS,
      rows: {
        rawLogs: rawLogRows,
        rawLogBound,
        unknownDevices: after.unknownDevices - before.unknownDevices,
        unknownDevicePackets: after.unknownPackets - before.unknownPackets,
      },
      rowsBounded: rawLogRows <= rawLogBound,
    };
    console.log(JSON.stringify(result, null, 2));
    const out = path.join(import.meta.dirname, 'results', `unknown-flood-${engine}.json`);
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`→ ${path.relative(process.cwd(), out)}`);
  } finally {
    child.kill('SIGKILL');
    await scratch?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
