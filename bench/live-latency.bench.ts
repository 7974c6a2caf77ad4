/**
 * Live latency: from a GT06 location frame written to a device socket to the /v1/live delta that carries it.
 *
 * Per configuration, a CHILD process runs the real server the way main.ts does (openRuntime on PGlite in a temp
 * DATA_DIR — or, with --database-url / DATABASE_URL, on a scratch PostgreSQL database created and dropped per
 * configuration — with the demo seed, buildApi + listen, startGateway with the derive stage, the worker jobs; SIMULATOR off,
 * ephemeral ports) and registers N GT06 devices on Indore vehicles. This process signs in over HTTP as the demo Indore
 * ADMIN, opens /v1/live with `ws`, logs the N devices in over loopback TCP and sends location frames round-robin at
 * the target rate. Every frame has a unique fix time per device (T0 + k s for the device's k-th frame), so a delta
 * position (deviceId, fixTime) tells which frames it covers: it delivers that frame and the device's older ones
 * (coalescing keeps only the newest per device — the client then knows the older ones too). Latency = delta received
 * − frame written, both on this process's performance.now(). The acks (sent by the gateway after the batch commit)
 * give the commit part of the latency in the same run.
 *
 *   npm run bench:live                  (= node --import tsx bench/live-latency.bench.ts)
 *   node --import tsx bench/live-latency.bench.ts --devices 1000 --rates 10000,1000 --duration 10 \
 *     --configs default:1000:500,tuned:10:50 [--derive off]     (name:INGEST_FLUSH_MS:LIVE_DELTA_MS)
 *   DATABASE_URL=postgres://… node --import tsx bench/live-latency.bench.ts …     (PostgreSQL instead of PGlite)
 *   … --database-url postgres://… --layout split [--runs 3]
 *
 * `--layout split` (PostgreSQL only) runs the product's scaled roles instead of the all-in-one child: 1 API, 1 gateway
 * and 1 worker process on a scratch database and a throwaway redis-server (support/live-split.ts); the devices connect
 * to the gateway, the WebSocket to the API, so deltas travel gateway → Redis → API. Each process reports its CPU
 * and event-loop delay over the same span (support/process-probe.ts).
 *
 * Results → bench/results/live-latency.json (rows of the other engine from an earlier run are kept). Client and
 * server share the 2 cores (and other work): figures are noisy.
 */
import { execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { LiveMessage } from '@civicfleet/shared';
import { registerBenchDevices } from './support/bench-devices.ts';
import { startSplitServer, type SplitStats } from './support/live-split.ts';
import { machineCpuUs, postgresCpuByPid, postgresCpuUsBetween } from './support/machine-cpu.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '1000' },
    rates: { type: 'string', default: '10000,1000' },
    duration: { type: 'string', default: '10' },
    configs: { type: 'string', default: 'default:1000:500,tuned:10:50' },
    drain: { type: 'string', default: '5' },
    'max-drain': { type: 'string', default: '60' },
    /** The derive stage as in main.ts (off: core pipeline only). */
    derive: { type: 'string', default: 'on' },
    server: { type: 'string' },
    /** PostgreSQL server to run on (a scratch database per configuration); default DATABASE_URL, else PGlite. */
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    /** What code was measured, for the result file (default: git HEAD and whether the tree is dirty). */
    code: { type: 'string' },
    /** Extra node flags for the server child (split: every role, via NODE_OPTIONS), comma-separated (e.g. --max-semi-space-size=64). */
    'node-flags': { type: 'string', default: '' },
    /** Write a V8 CPU profile of each server child over the sending and draining phase to <dir>/<config>-<rate>.cpuprofile. */
    'cpu-prof': { type: 'string' },
    /** all-in-one (one server child, as main.ts) or split (API, gateway and worker processes + Redis). */
    layout: { type: 'string', default: 'all-in-one' },
    /** Each configuration and rate this many times (the result file keeps every run). */
    runs: { type: 'string', default: '1' },
    /** Split layout: gateway processes (devices alternate between them, as behind a TCP load balancer). */
    gateways: { type: 'string', default: '1' },
    /** All-in-one child: `main` (as main.ts) or `bench` (the lighter wiring of earlier rows; see runServer). */
    wiring: { type: 'string', default: 'main' },
    /** Keep every row already in the result file (default: drop those of the engine and layouts run now). */
    append: { type: 'boolean', default: false },
    /** Result file (default bench/results/live-latency.json): exploratory runs elsewhere. */
    out: { type: 'string' },
  },
});
type Layout = 'all-in-one' | 'split';
/** Several layouts (`--layout all-in-one,split`) alternate row by row, so each pair sees about the same load. */
const LAYOUTS = (args.layout ?? '').split(',') as Layout[];
if (LAYOUTS.length === 0 || LAYOUTS.some((l) => l !== 'all-in-one' && l !== 'split'))
  throw new Error('--layout: all-in-one, split, or both comma-separated');
const RUNS = Number(args.runs);
const GATEWAYS = Number(args.gateways);
const WIRING = args.wiring === 'bench' ? 'bench' : 'main';
const DEVICES = Number(args.devices);
const DURATION_S = Number(args.duration);
/** After the last frame: wait until every frame was delivered, or DRAIN_S without progress, or MAX_DRAIN_S. */
const DRAIN_S = Number(args.drain);
const MAX_DRAIN_S = Number(args['max-drain']);
const ACK_BYTES = 10;
const IMEI_PREFIX = '35991';
const here = path.dirname(fileURLToPath(import.meta.url));

interface Config {
  name: string;
  flushMs: number;
  deltaEveryMs: number;
  rate: number;
}
interface Ready {
  apiPort: number;
  /** GT06 listeners: device i connects to gt06Ports[i % length] (split layout: one per gateway process). */
  gt06Ports: number[];
  /** Database id of device i (IMEI IMEI_PREFIX + i). */
  deviceIds: string[];
}
/** The writer over the sending and draining phase (from 'mark' to 'stop'). */
interface ServerStats {
  batches: number;
  positions: number;
  avgBatchPositions: number;
  avgFlushMs: number;
  writerBusyShare: number;
  /** LiveDelta publications on the bus (one per committed batch with positions) and the positions they held. */
  published: { deltas: number; positions: number };
  /** The server's event-loop delay while sending and draining (ms): how far it fell behind on CPU. */
  eventLoopDelayMs: { p99: number; max: number };
  /** CPU of the server process while sending and draining, in cores (1 = one core busy). */
  processCpuCores: number;
  /** The same CPU per position committed (µs): independent of how busy the machine was. */
  cpuUsPerPosition: number;
  /** The writer's flush time by phase over the same span (ms, summed over flushes; writer.ts WriterStats). */
  writerPhaseMs: Record<string, number>;
}
type FromServer = { ready: Ready } | { stats: ServerStats };
/** The server side of a row, whatever the layout. */
interface ServerUnderTest {
  ready: Ready;
  /** Start of the measured span (sending and draining). */
  mark(): void;
  /** End of the span: the server's figures; the processes are gone when it resolves. */
  stop(): Promise<ServerStats | SplitStats>;
}

const DATABASE_URL = args['database-url'] || undefined;
const DATABASE: 'pglite' | 'postgres' = DATABASE_URL ? 'postgres' : 'pglite';
if (LAYOUTS.includes('split') && !DATABASE_URL)
  throw new Error('--layout split needs PostgreSQL: --database-url');
const imeiOf = (i: number) => `${IMEI_PREFIX}${String(i).padStart(10, '0')}`;

/** Every configuration (name:flushMs:deltaEveryMs) at every rate. */
function parseConfigs(text: string, rates: string): Config[] {
  return text.split(',').flatMap((part) => {
    const [name = '', flushMs = '1000', deltaEveryMs = '500'] = part.split(':');
    return rates.split(',').map((rate) => ({
      name,
      flushMs: Number(flushMs),
      deltaEveryMs: Number(deltaEveryMs),
      rate: Number(rate),
    }));
  });
}

// ---------------------------------------------------------------------------------------------- server child

async function runServer(config: Config): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cf-live-'));
  const scratch = DATABASE_URL ? await createScratchDatabase(DATABASE_URL) : null;
  if (scratch) process.env.DATABASE_URL = scratch.url;
  else delete process.env.DATABASE_URL;
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'on',
    SIMULATOR: 'off',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    AIS140_PORT: '0',
    GT06_PORT: '0',
    TELTONIKA_PORT: '0',
    INGEST_FLUSH_MS: String(config.flushMs),
    LIVE_DELTA_MS: String(config.deltaEveryMs),
  });
  const { openRuntime } = await import('../apps/server/src/runtime.ts');
  const { buildApi } = await import('../apps/server/src/app.ts');
  const { startGateway } = await import('../apps/server/src/gateway/gateway.ts');
  const { workerJobs } = await import('../apps/server/src/worker/jobs.ts');
  const { startJobs } = await import('../apps/server/src/worker/runner.ts');

  const { createLiveDeriveContext } = await import('../apps/server/src/gateway/ingest/derive-context-db.ts');
  const { deriveWiring } = await import('../apps/server/src/gateway/ingest/derive-stage.ts');
  const { withForwarding } = await import('../apps/server/src/modules/forwarding/forward-stage.ts');
  const { createMetrics } = await import('../apps/server/src/observability/metrics.ts');

  const runtime = await openRuntime(() => undefined);
  const { env, database, mailer, bus } = runtime;
  // `--wiring main` (default) wires the gateway as main.ts does: the organisations' derive settings, fences and
  // wards (createLiveDeriveContext), the forwarding stage and a metrics registry. `bench`: the wiring of the rows
  // before 2026-11-26 21:40 UTC (static derive context without fences, no forwarding, no metrics): less work a fix.
  const isMainWiring = WIRING === 'main';
  const deriveContext = isMainWiring ? createLiveDeriveContext(bus) : undefined;
  const metrics = isMainWiring ? createMetrics({ defaultMetrics: true }) : undefined;
  const app = await buildApi({
    db: database.db,
    env,
    brand: runtime.brand,
    mailer,
    bus,
    ...(metrics ? { metrics, changes: database } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  const deviceIds = await registerBenchDevices(database, {
    count: DEVICES,
    imeiPrefix: IMEI_PREFIX,
    registrationPrefix: 'MP09BL',
    model: 'gt06 bench unit',
  });
  const gateway = await startGateway({
    database,
    bus,
    config: env.gateway,
    ...(metrics ? { metrics } : {}),
    ...(args.derive === 'off'
      ? {}
      : isMainWiring
        ? withForwarding(
            deriveWiring(deriveContext),
            bus,
            { allowPrivateAddresses: false },
            {
              metrics: metrics?.forwarding,
            },
          )
        : deriveWiring()),
  });
  const jobs = startJobs(
    workerJobs({
      db: database.db,
      database,
      mailer,
      clock: () => new Date(),
      smtpConfigured: false,
      ...(deriveContext ? { deriveContext, bus } : {}),
    }),
    app.log,
  );
  let mark = {
    batches: 0,
    positions: 0,
    busyMs: 0,
    atMs: 0,
    cpu: process.cpuUsage(),
    phaseMs: {} as Record<string, number>,
  };
  const published = { deltas: 0, positions: 0 };
  bus.subscribe<{ positions: unknown[] }>('live', (delta) => {
    published.deltas++;
    published.positions += delta.positions.length;
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const profiler = args['cpu-prof'] ? new Session() : null;
  profiler?.connect();
  process.on('message', (command: 'mark' | 'stop') => {
    const w = gateway.writer.stats;
    if (command === 'mark') {
      mark = {
        batches: w.batches,
        positions: w.positions,
        busyMs: w.busyMs,
        atMs: performance.now(),
        cpu: process.cpuUsage(),
        phaseMs: { ...w.phaseMs },
      };
      loopDelay.reset();
      published.deltas = 0;
      published.positions = 0;
      if (profiler) void profiler.post('Profiler.enable').then(() => profiler.post('Profiler.start'));
      return;
    }
    void (async () => {
      const batches = w.batches - mark.batches;
      const busyMs = w.busyMs - mark.busyMs;
      const stats: ServerStats = {
        batches,
        positions: w.positions - mark.positions,
        avgBatchPositions: Math.round((w.positions - mark.positions) / Math.max(1, batches)),
        avgFlushMs: Math.round(busyMs / Math.max(1, batches)),
        writerBusyShare: Number((busyMs / (performance.now() - mark.atMs)).toFixed(2)),
        published,
        eventLoopDelayMs: loopDelayOf(loopDelay),
        processCpuCores: Number(
          (
            (process.cpuUsage(mark.cpu).user + process.cpuUsage(mark.cpu).system) /
            1000 /
            (performance.now() - mark.atMs)
          ).toFixed(2),
        ),
        cpuUsPerPosition: Math.round(
          (process.cpuUsage(mark.cpu).user + process.cpuUsage(mark.cpu).system) /
            Math.max(1, w.positions - mark.positions),
        ),
        writerPhaseMs: Object.fromEntries(
          Object.entries(w.phaseMs).map(([k, v]) => [k, Math.round(v - (mark.phaseMs[k] ?? 0))]),
        ),
      };
      process.send?.({ stats } satisfies FromServer);
      if (profiler && args['cpu-prof']) {
        const { profile } = await profiler.post('Profiler.stop');
        mkdirSync(args['cpu-prof'], { recursive: true });
        writeFileSync(
          path.join(args['cpu-prof'], `${config.name}-${config.rate}.cpuprofile`),
          JSON.stringify(profile),
        );
      }
      await gateway.stop();
      await app.close();
      await jobs.stop();
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
      process.exit(0);
    })();
  });
  process.send?.({
    ready: { apiPort, gt06Ports: [gateway.ports.gt06 ?? 0], deviceIds },
  } satisfies FromServer);
}

/** A scratch database on the PostgreSQL server of `url` (migrated and seeded by openRuntime), dropped at the end. */
async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `cf_live_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------- client (this process)

/** One device: its socket, frames written and not yet seen in a delta / not yet acked (send times, in order). */
interface Device {
  socket: net.Socket;
  sent: number;
  lat: number;
  lon: number;
  /** Run-wide ids of the frames not yet seen in a delta (the device's frame k is unseen[k - unseenBase]). */
  unseen: number[];
  unseenBase: number;
  /** Run-wide ids of the frames not yet acked, in order. */
  unacked: number[];
  ackBytes: number;
}

interface ConfigResult extends Config {
  database: 'pglite' | 'postgres';
  /** Rows written before the split layout carry none: they are all-in-one. */
  layout: Layout;
  /** All-in-one rows: the child's gateway wiring (`main` as main.ts; `bench` or absent: the lighter one). */
  wiring?: 'main' | 'bench';
  /** Extra node flags of the server processes (`--node-flags`). */
  nodeFlags?: string;
  /** When this row was measured and the 1-minute load average then (rows of another engine may be older). */
  at: string;
  loadAverage1m: number;
  /** The 1-minute load average when the row started (before its server processes). */
  loadAverage1mAtStart?: number;
  sent: number;
  targetRate: number;
  achievedRate: number;
  delivered: number;
  lost: number;
  acked: number;
  latencyMs: Percentiles;
  commitLatencyMs: Percentiles;
  /** Delta received − ack received, per frame: the live path alone (bus → session → WebSocket → client). */
  liveAfterCommitMs: Percentiles;
  deltas: number;
  /** Close code of the /v1/live socket when it closed before the end (4008 = too slow), else null. */
  liveClosed: number | null;
  /** This process's (client) event-loop delay while sending and draining. */
  clientEventLoopDelayMs: { p99: number; max: number };
  avgPositionsPerDelta: number;
  server: ServerStats | SplitStats;
  /** Every postgres process of the server over the span, in cores (other databases' work included); PGlite: null. */
  postgresCpuCores: number | null;
  /** This process (load generator + WebSocket client) over the span, in cores. */
  clientCpuCores: number;
  /** The whole machine's busy CPU over the span, in cores (of os.cpus().length): ours plus any other work. */
  machineBusyCores?: number;
  meetsTarget: boolean;
}
interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function loopDelayOf(h: IntervalHistogram): { p99: number; max: number } {
  return { p99: Math.round(h.percentile(99) / 1e6), max: Math.round(h.max / 1e6) };
}

function percentiles(values: number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN).toFixed(1));
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) };
}

async function signIn(apiPort: number): Promise<string> {
  const { demoAccount, DEMO_PASSWORD } = await import('../apps/server/src/db/seed/demo-accounts.ts');
  const res = await fetch(`http://127.0.0.1:${apiPort}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demoAccount('ADMIN').email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token: { access: { token: string } } } };
  const token = body.data?.token.access.token;
  if (!token) throw new Error(`login failed: ${res.status}`);
  return token;
}

/** The all-in-one layout: one server child (this file with --server), talking over IPC. */
async function startAllInOne(config: Config): Promise<ServerUnderTest> {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--server',
      JSON.stringify(config),
      '--devices',
      String(DEVICES),
      '--derive',
      args.derive ?? 'on',
      '--wiring',
      WIRING,
      '--database-url',
      DATABASE_URL ?? '',
      ...(args['cpu-prof'] ? ['--cpu-prof', args['cpu-prof']] : []),
    ],
    {
      execArgv: ['--import', 'tsx', ...(args['node-flags'] ?? '').split(',').filter(Boolean)],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const messages: FromServer[] = [];
  let wake: () => void = () => undefined;
  child.on('message', (m: FromServer) => {
    messages.push(m);
    wake();
  });
  child.once('exit', () => wake());
  const receive = async (): Promise<FromServer> => {
    while (messages.length === 0) {
      if (child.exitCode !== null) throw new Error('server child exited');
      await new Promise<void>((resolve) => (wake = resolve));
    }
    return messages.shift() as FromServer;
  };
  const first = await receive();
  if (!('ready' in first)) throw new Error('expected ready');
  return {
    ready: first.ready,
    mark: () => child.send('mark'),
    async stop() {
      child.send('stop');
      const last = await receive();
      if (!('stats' in last)) throw new Error('expected stats');
      await new Promise<void>((resolve) =>
        child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
      );
      return last.stats;
    },
  };
}

/** The split layout: API, gateway and worker processes on PostgreSQL + Redis (support/live-split.ts). */
async function startSplit(config: Config): Promise<ServerUnderTest> {
  const split = await startSplitServer({
    serverUrl: DATABASE_URL ?? '',
    devices: { count: DEVICES, imeiPrefix: IMEI_PREFIX, registrationPrefix: 'MP09BL' },
    flushMs: config.flushMs,
    deltaEveryMs: config.deltaEveryMs,
    cpuProfDir: args['cpu-prof'],
    name: `split-${config.name}-${config.rate}`,
    nodeFlags: (args['node-flags'] ?? '').split(',').filter(Boolean),
    gateways: GATEWAYS,
  });
  return {
    ready: { apiPort: split.apiPort, gt06Ports: split.gt06Ports, deviceIds: split.deviceIds },
    mark: () => split.mark(),
    stop: () => split.stop(),
  };
}

async function runConfig(config: Config, layout: Layout): Promise<ConfigResult> {
  const loadAverage1mAtStart = Number((loadavg()[0] ?? 0).toFixed(1));
  const { gt06Location, gt06Login } = await import('../apps/server/src/gateway/testing/packets.ts');
  const server = layout === 'split' ? await startSplit(config) : await startAllInOne(config);
  const { apiPort, gt06Ports, deviceIds } = server.ready;
  const indexOfDevice = new Map(deviceIds.map((id, i) => [id, i]));
  const nowS = Math.floor(Date.now() / 1000);
  // Fix time of frame k of a device: T0 + k s, in the past and strictly increasing per device.
  const framesPerDevice = Math.ceil((config.rate * DURATION_S) / DEVICES) + 1;
  const t0Ms = (nowS - framesPerDevice - 120) * 1000;

  // Per frame (run-wide id = send order): written, acked (after its batch committed), seen in a delta.
  const total = config.rate * DURATION_S;
  const sentAt = new Float64Array(total);
  const ackedAt = new Float64Array(total).fill(NaN);
  const seenAt = new Float64Array(total).fill(NaN);
  let delivered = 0;
  let acked = 0;
  let deltas = 0;
  let deltaPositions = 0;
  const devices: Device[] = [];

  const token = await signIn(apiPort);
  const ws = new WebSocket(`ws://127.0.0.1:${apiPort}/v1/live`);
  ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  let liveClosed: number | null = null;
  ws.on('close', (code) => (liveClosed = code));
  const snapshot = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const receivedAt = performance.now();
      const message = JSON.parse(String(data)) as LiveMessage;
      if (message.type === 'snapshot') resolve();
      if (message.type !== 'delta') return;
      deltas++;
      deltaPositions += message.positions.length;
      for (const p of message.positions) {
        const i = indexOfDevice.get(p.deviceId);
        const device = i === undefined ? undefined : devices[i];
        if (!device) continue;
        const k = (Date.parse(p.fixTime) - t0Ms) / 1000;
        while (device.unseenBase <= k && device.unseen.length > 0) {
          seenAt[device.unseen.shift() ?? 0] = receivedAt;
          device.unseenBase++;
          delivered++;
        }
      }
    });
  });
  await snapshot;

  // Connect and log in every device (login replies do not wait for a commit).
  for (let i = 0; i < DEVICES; i += 200) {
    await Promise.all(
      deviceIds.slice(i, i + 200).map(async (_, j) => {
        const index = i + j;
        const socket = await new Promise<net.Socket>((resolve, reject) => {
          const port = gt06Ports[index % gt06Ports.length] ?? 0;
          const s = net.connect({ port, host: '127.0.0.1' }, () => resolve(s));
          s.once('error', reject);
        });
        socket.setNoDelay(true);
        const device: Device = {
          socket,
          sent: 0,
          lat: 22.68 + (index % 40) * 0.003,
          lon: 75.82 + Math.floor(index / 40) * 0.001,
          unseen: [],
          unseenBase: 0,
          unacked: [],
          ackBytes: -ACK_BYTES, // the login ack
        };
        devices[index] = device;
        await new Promise<void>((resolve) => {
          socket.on('data', (chunk: Buffer) => {
            const at = performance.now();
            device.ackBytes += chunk.length;
            if (device.ackBytes >= 0) resolve();
            while (device.ackBytes >= ACK_BYTES) {
              device.ackBytes -= ACK_BYTES;
              const id = device.unacked.shift();
              if (id === undefined) continue;
              ackedAt[id] = at;
              acked++;
            }
          });
          socket.write(gt06Login(imeiOf(index), 1));
        });
      }),
    );
  }

  // Send round-robin at the rate, in small bursts every ~2 ms.
  server.mark();
  const postgresAtMark = DATABASE === 'postgres' ? postgresCpuByPid() : new Map<number, number>();
  const clientCpuAtMark = process.cpuUsage();
  const machineAtMark = machineCpuUs();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let sent = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * config.rate));
      while (sent < due) {
        const device = devices[sent % DEVICES];
        sent++;
        if (!device) continue;
        const k = device.sent++;
        device.lat += (Math.random() - 0.5) * 0.0002;
        device.lon += (Math.random() - 0.5) * 0.0002;
        const frame = gt06Location(
          { at: new Date(t0Ms + k * 1000), lat: device.lat, lon: device.lon, speedKph: 25, headingDeg: 90 },
          (k + 2) & 0xffff,
        );
        const at = performance.now();
        sentAt[sent - 1] = at;
        device.unseen.push(sent - 1);
        device.unacked.push(sent - 1);
        device.socket.write(frame);
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  const sendS = (performance.now() - started) / 1000;
  let progressAt = performance.now();
  let seen = delivered;
  const giveUpAt = progressAt + MAX_DRAIN_S * 1000;
  while (
    delivered < sent &&
    performance.now() - progressAt < DRAIN_S * 1000 &&
    performance.now() < giveUpAt
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (delivered > seen) {
      seen = delivered;
      progressAt = performance.now();
    }
  }
  loopDelay.disable();
  const spanMs = performance.now() - started;
  const postgresCpuCores =
    DATABASE === 'postgres'
      ? Number((postgresCpuUsBetween(postgresAtMark, postgresCpuByPid()) / 1000 / spanMs).toFixed(2))
      : null;
  const clientCpu = process.cpuUsage(clientCpuAtMark);
  const clientCpuCores = Number(((clientCpu.user + clientCpu.system) / 1000 / spanMs).toFixed(2));
  const machineNow = machineCpuUs();
  const machineBusyCores = Number(((machineNow.busyUs - machineAtMark.busyUs) / 1000 / spanMs).toFixed(2));
  ws.removeAllListeners('close');
  ws.terminate();
  for (const d of devices) d.socket.destroy();
  const serverStats = await server.stop();
  const latencies: number[] = [];
  const commitLatencies: number[] = [];
  const afterCommit: number[] = [];
  for (let id = 0; id < sent; id++) {
    const sentMs = sentAt[id] ?? NaN;
    const seenMs = seenAt[id] ?? NaN;
    const ackedMs = ackedAt[id] ?? NaN;
    if (!Number.isNaN(seenMs)) latencies.push(seenMs - sentMs);
    if (!Number.isNaN(ackedMs)) commitLatencies.push(ackedMs - sentMs);
    if (!Number.isNaN(seenMs) && !Number.isNaN(ackedMs)) afterCommit.push(seenMs - ackedMs);
  }
  const latencyMs = percentiles(latencies);
  return {
    ...config,
    sent,
    targetRate: config.rate,
    achievedRate: Math.round(sent / sendS),
    delivered: delivered,
    lost: sent - delivered,
    acked,
    latencyMs,
    commitLatencyMs: percentiles(commitLatencies),
    liveAfterCommitMs: percentiles(afterCommit),
    deltas,
    liveClosed,
    clientEventLoopDelayMs: loopDelayOf(loopDelay),
    avgPositionsPerDelta: Math.round(deltaPositions / Math.max(1, deltas)),
    server: serverStats,
    postgresCpuCores,
    clientCpuCores,
    machineBusyCores,
    meetsTarget: latencyMs.p99 < 100 && sent === delivered && sent >= 0.99 * config.rate * DURATION_S,
    database: DATABASE,
    layout,
    ...(layout === 'all-in-one' ? { wiring: WIRING } : {}),
    nodeFlags: args['node-flags'] ?? '',
    at: new Date().toISOString(),
    loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(1)),
    loadAverage1mAtStart,
  };
}

function codeVersion(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

async function runClient(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const results: ConfigResult[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const config of parseConfigs(args.configs ?? '', args.rates ?? '')) {
      for (const layout of LAYOUTS) {
        console.log(
          `${layout}, run ${run}/${RUNS}, ${config.name}: INGEST_FLUSH_MS ${config.flushMs}, delta interval ` +
            `${config.deltaEveryMs} ms — ${DEVICES} devices, ${config.rate} msg/s for ${DURATION_S} s …`,
        );
        results.push(await runConfig(config, layout));
      }
    }
  }
  const f = (n: number, width = 6) => n.toFixed(0).padStart(width);
  console.log(
    '\nlayout config     flush delta  target achieved   lost |   p50   p90   p99   max ms | commit p50   p99 | ' +
      'live after commit p50  p99 | server (all-in-one: writer batch, flush, busy; lag max; CPU) | client',
  );
  for (const r of results) {
    console.log(
      `${`${r.layout} ${r.name}`.padEnd(17)} ${f(r.flushMs, 6)} ${f(r.deltaEveryMs, 5)} ${f(r.rate, 7)} ${f(r.achievedRate, 8)} ` +
        `${f(r.lost, 6)} | ${f(r.latencyMs.p50, 5)} ${f(r.latencyMs.p90, 5)} ${f(r.latencyMs.p99, 5)} ` +
        `${f(r.latencyMs.max, 5)}    | ${f(r.commitLatencyMs.p50, 10)} ${f(r.commitLatencyMs.p99, 5)} | ` +
        `${f(r.liveAfterCommitMs.p50, 21)} ${f(r.liveAfterCommitMs.p99, 4)} | ${describeServer(r.server)}` +
        ` | client lag ${r.clientEventLoopDelayMs.max} ms, CPU ${r.clientCpuCores} | postgres CPU ${r.postgresCpuCores}` +
        ` | machine busy ${r.machineBusyCores} cores` +
        ` | load ${r.loadAverage1mAtStart}→${r.loadAverage1m}` +
        `${r.liveClosed === null ? '' : ` | /v1/live closed ${r.liveClosed}`}` +
        `${r.meetsTarget ? '  ✓ p99 < 100 ms' : ''}`,
    );
  }
  console.log(
    `load average (1 min) before ${loadBefore.toFixed(1)}, after ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
  );
  const result = {
    benchmark: 'live-latency',
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      node: process.version,
      loadAverage1mBefore: Number(loadBefore.toFixed(1)),
      loadAverage1mAfter: Number((loadavg()[0] ?? 0).toFixed(1)),
    },
    settings: {
      devices: DEVICES,
      durationS: DURATION_S,
      drainS: DRAIN_S,
      maxDrainS: MAX_DRAIN_S,
      protocol: 'gt06',
      database: DATABASE === 'postgres' ? 'PostgreSQL (scratch database per row)' : 'PGlite (temp DATA_DIR)',
      derive: args.derive !== 'off',
      serverNodeFlags: args['node-flags'] ?? '',
      layouts: LAYOUTS,
      runs: RUNS,
      splitGateways: GATEWAYS,
      allInOneWiring: WIRING,
      user: 'demo ADMIN (Indore)',
      code: args.code ?? codeVersion(),
    },
    target: { p99Ms: 100, rate: 10_000 },
    results: [...earlierRowsOfOtherEngine(), ...results],
    note:
      'Latency = /v1/live delta received − location frame written, one clock (this process). commitLatencyMs = ' +
      'ack received − frame written (the gateway acks after the batch commit). Layout all-in-one: the server (API, ' +
      'gateway, derive, worker jobs, PGlite or a PostgreSQL client) runs in one child process; split: 1 API, 1 ' +
      'gateway (derive and forwarding stages as main-gateway.ts) and 1 worker process + redis-server, deltas via ' +
      'Redis pub/sub. The load generator and the WebSocket client run in this process; all share 2 cores with other ' +
      'work, so repeat runs vary. `settings` describe the run that wrote the file; rows of another engine or layout ' +
      'are kept from earlier runs.',
  };
  writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
}

const RESULT_FILE = args.out ? path.resolve(args.out) : path.join(here, 'results', 'live-latency.json');

/** One line of the server's figures: the writer and the one process, or each role of the split layout. */
function describeServer(stats: ServerStats | SplitStats): string {
  if ('layout' in stats) {
    const roles = Object.entries(stats.processes).map(
      ([role, p]) =>
        `${role} CPU ${p.processCpuCores}, lag p99 ${p.eventLoopDelayMs.p99} max ${p.eventLoopDelayMs.max} ms` +
        `, GC ${Object.entries(p.gcMs)
          .map(([kind, k]) => `${kind} ${k.count}×/${k.totalMs}/max ${k.maxMs} ms`)
          .join(' ')}`,
    );
    const redis = `redis CPU ${stats.redis.cpuCores}, ${stats.redis.publishCalls} PUBLISH, ${stats.redis.publishUsPerCall} µs each`;
    return [...roles, redis].join('; ');
  }
  return (
    `${stats.avgBatchPositions} pos, ${stats.avgFlushMs} ms, ${Math.round(stats.writerBusyShare * 100)} %` +
    `; lag max ${stats.eventLoopDelayMs.max} ms; CPU ${stats.processCpuCores} cores, ${stats.cpuUsPerPosition} µs/position` +
    `, flush ms ${JSON.stringify(stats.writerPhaseMs)}`
  );
}

/** Rows of another engine or layout from the result file (kept: it holds the latest run of each pair). */
function earlierRowsOfOtherEngine(): ConfigResult[] {
  try {
    const earlier = JSON.parse(readFileSync(RESULT_FILE, 'utf8')) as {
      at?: string;
      machine?: { loadAverage1mAfter?: number };
      results?: ConfigResult[];
    };
    // Rows written before the PostgreSQL mode carry no `database`: they are PGlite rows.
    return (earlier.results ?? [])
      .map((r) => ({
        ...r,
        database: r.database ?? 'pglite',
        layout: r.layout ?? 'all-in-one',
        at: r.at ?? earlier.at ?? '',
        loadAverage1m: r.loadAverage1m ?? earlier.machine?.loadAverage1mAfter ?? 0,
      }))
      .filter((r) => args.append || r.database !== DATABASE || !LAYOUTS.includes(r.layout));
  } catch {
    return [];
  }
}

if (args.server) await runServer(JSON.parse(args.server) as Config);
else await runClient();
