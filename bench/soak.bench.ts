/**
 * Soak on the scaled layout (issue 9): PostgreSQL + Redis + 2 API + 2 gateway + 1 worker as real processes
 * (apps/server/test/cluster.ts). N GT06 devices (default 10,000) are registered with SQL, connect over loopback TCP
 * split across the two gateways and each send a fix every S seconds (default 10 → 1,000 msg/s) for D minutes
 * (default 10); a signed-in /v1/live client on each API process receives the deltas. Measured:
 *   - memory: RSS of every process (/proc/<pid>/status VmRSS) every --sample-s seconds from the end of the first
 *     interval (warm-up: all devices connected and sending) to after the drain; per process first, last, max,
 *     the mean of the first vs the last third of the run and the least-squares slope in MB/min;
 *   - ingest lag: ack received − frame written (the gateway acks after the batch COMMIT), p50/p99/max;
 *   - completeness: after the last frame a drain, then positions counted in the database = frames acknowledged = sent.
 *
 *   npm run bench:soak                                              (10,000 devices × 10 min, own PostgreSQL in /tmp)
 *   npm run bench:soak -- --devices 500 --minutes 1                 (a short proof run)
 *   npm run bench:soak -- --database-url postgres://postgres@127.0.0.1:5432/postgres   (a scratch database there)
 *
 * Results → bench/results/soak-<date>.json and .md. The devices run in this process and share the machine's cores
 * with every server process and PostgreSQL: lag includes this process's own event-loop delay.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import WebSocket from 'ws';
import type { LiveMessage } from '@civicfleet/shared';
import { openPostgres, rows } from '../apps/server/src/db/client.ts';
import { demoAccount, DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-accounts.ts';
import { sqlClientOf } from '../apps/server/src/gateway/ingest/sql-client.ts';
import { INDORE, organisationId } from '../apps/server/src/gateway/testing/fleet.ts';
import { gt06Location, gt06Login } from '../apps/server/src/gateway/testing/packets.ts';
import { freeLoopbackPort, residentBytes, startCluster, type Cluster } from '../apps/server/test/cluster.ts';
import { startRedisServer } from '../apps/server/test/redis-server.ts';
import { sql } from 'drizzle-orm';
import { percentile, round } from './support/engine.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    'interval-s': { type: 'string', default: '10' },
    minutes: { type: 'string', default: '10' },
    'sample-s': { type: 'string', default: '10' },
    /** After the last frame: wait this long at most for the outstanding acks. */
    'drain-s': { type: 'string', default: '60' },
    /** A PostgreSQL server (a scratch database is created there and dropped); default: DATABASE_URL, else own. */
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
    /** Server settings, as in a deployment (defaults: the server's). */
    'flush-ms': { type: 'string' },
  },
});
const DEVICES = Number(args.devices);
const INTERVAL_MS = Number(args['interval-s']) * 1000;
const DURATION_MS = Number(args.minutes) * 60_000;
const SAMPLE_MS = Number(args['sample-s']) * 1000;
const DRAIN_MS = Number(args['drain-s']) * 1000;
const ACK_BYTES = 10;
/** IMEI prefix of the soak devices (not used by the demo fleet or the other benches). */
const IMEI_PREFIX = '35988';
const imeiOf = (i: number) => `${IMEI_PREFIX}${String(i).padStart(10, '0')}`;
const here = path.dirname(fileURLToPath(import.meta.url));
if (!Number.isInteger(INTERVAL_MS / 1000) || INTERVAL_MS < 1000)
  throw new Error('--interval-s: whole seconds ≥ 1');

/** A throwaway PostgreSQL 15 cluster in /tmp on a free loopback port (like .ci/run). */
async function startOwnPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = '/usr/lib/postgresql/15/bin';
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-soak-pg-'));
  const port = await freeLoopbackPort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, cmdArgs: string[]) => {
    const [file, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...cmdArgs]] : [cmd, cmdArgs];
    const result = spawnSync(file, all, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  run(`${bin}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=300 -c shared_buffers=256MB`;
  run(`${bin}/pg_ctl`, [
    '-D',
    dir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      spawnSync(asRoot ? 'runuser' : `${bin}/pg_ctl`, [
        ...(asRoot ? ['-u', 'postgres', '--', `${bin}/pg_ctl`] : []),
        ...['-D', dir, '-m', 'fast', '-w', 'stop'],
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Devices 0 … count-1 (IMEI imeiOf(i)), each on its own Indore vehicle, in three statements. */
async function registerDevices(databaseUrl: string, count: number): Promise<void> {
  const database = openPostgres(databaseUrl, 2);
  try {
    const org = (await organisationId(database.db, INDORE)).toString();
    const client = sqlClientOf(database);
    await client.query(
      `INSERT INTO devices (imei, protocol, organisation_id, status, model)
       SELECT $3 || lpad(g::text, 10, '0'), 'gt06', $1, 'INSTALLED', 'gt06 soak unit' FROM generate_series(0, $2::int - 1) g`,
      [org, count, IMEI_PREFIX],
    );
    await client.query(
      `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category)
       SELECT $1, 'MP09SK' || lpad(g::text, 6, '0'), 'TRUCK', 'tipper', 'Goods' FROM generate_series(0, $2::int - 1) g`,
      [org, count],
    );
    await client.query(
      `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
       SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $3::int - 1) g
       JOIN devices d ON d.imei = $2 || lpad(g::text, 10, '0')
       JOIN vehicles v ON v.organisation_id = $1 AND v.registration_number = 'MP09SK' || lpad(g::text, 6, '0')`,
      [org, IMEI_PREFIX, count],
    );
  } finally {
    await database.close();
  }
}

interface SoakDevice {
  socket: net.Socket;
  /** Write times (performance.now()) of the frames not acknowledged yet, oldest first. */
  pending: number[];
  /** Bytes of an ack received only in part. */
  partial: number;
  loggedIn: boolean;
  sent: number;
  acked: number;
}

const lags: number[] = [];
let errors = 0;

function connectDevice(index: number, port: number): Promise<SoakDevice> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const device: SoakDevice = { socket, pending: [], partial: 0, loggedIn: false, sent: 0, acked: 0 };
    socket.setNoDelay(true);
    socket.once('connect', () => socket.write(gt06Login(imeiOf(index), 1)));
    socket.once('error', reject);
    socket.on('data', (chunk: Buffer) => {
      const total = device.partial + chunk.length;
      let acks = Math.floor(total / ACK_BYTES);
      device.partial = total % ACK_BYTES;
      if (!device.loggedIn && acks > 0) {
        device.loggedIn = true;
        acks -= 1;
        socket.off('error', reject);
        socket.on('error', () => (errors += 1));
        resolve(device);
      }
      const now = performance.now();
      for (; acks > 0; acks--) {
        const sentAt = device.pending.shift();
        if (sentAt === undefined) continue;
        lags.push(now - sentAt);
        device.acked += 1;
      }
    });
  });
}

/** Least-squares slope of y over x. */
function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function signInAndWatch(cluster: Cluster): Promise<{ deltas: number[]; close(): void }> {
  const res = await fetch(`${cluster.apis[0]?.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demoAccount('ADMIN').email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const token = ((await res.json()) as { data: { token: { access: { token: string } } } }).data.token.access
    .token;
  const deltas = cluster.apis.map(() => 0);
  const snapshots: Promise<void>[] = [];
  const sockets = cluster.apis.map((api, i) => {
    const socket = new WebSocket(`${api.url.replace('http', 'ws')}/v1/live`);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    snapshots.push(
      new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.on('message', (data) => {
          const message = JSON.parse(String(data)) as LiveMessage;
          if (message.type === 'snapshot') resolve();
          if (message.type === 'delta') deltas[i] = (deltas[i] ?? 0) + message.positions.length;
        });
      }),
    );
    return socket;
  });
  // Count from a subscribed session on: wait for each socket's snapshot.
  await Promise.all(snapshots);
  return { deltas, close: () => sockets.forEach((s) => s.terminate()) };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const ownPostgres = args['database-url'] ? null : await startOwnPostgres();
  const serverUrl = args['database-url'] ?? ownPostgres?.url ?? '';
  const databaseName = `cf_soak_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await admin.db.execute(sql.raw(`create database ${databaseName}`));
  const target = new URL(serverUrl);
  target.pathname = `/${databaseName}`;
  const databaseUrl = target.toString();
  const redis = await startRedisServer();
  let cluster: Cluster | undefined;
  const devices: SoakDevice[] = [];
  const timers: NodeJS.Timeout[] = [];
  try {
    console.log(`soak: starting PostgreSQL + Redis + 2 API + 2 gateway + 1 worker (${databaseName}) …`);
    cluster = await startCluster({
      databaseUrl,
      redisUrl: redis.url,
      apis: 2,
      gateways: 2,
      workers: 1,
      env: {
        GATEWAY_MAX_CONNECTIONS: String(DEVICES + 100),
        ...(args['flush-ms'] ? { INGEST_FLUSH_MS: args['flush-ms'] } : {}),
      },
      startTimeoutMs: 300_000,
    });
    await registerDevices(databaseUrl, DEVICES);
    const live = await signInAndWatch(cluster);
    const gatewayPorts = cluster.gateways.map((g) => g.ports.gt06);

    console.log(`soak: connecting ${DEVICES} GT06 devices …`);
    const connectStarted = performance.now();
    for (let i = 0; i < DEVICES; i += 200) {
      const batch = Array.from({ length: Math.min(200, DEVICES - i) }, (_, k) =>
        connectDevice(i + k, gatewayPorts[(i + k) % gatewayPorts.length] ?? 0),
      );
      devices.push(...(await Promise.all(batch)));
    }
    const connectS = (performance.now() - connectStarted) / 1000;

    // Fix times: T0 + k × interval per device (unique, whole seconds, always before the frame is written).
    const t0Ms = Math.floor(Date.now() / 1000) * 1000 - 5_000;
    const loadStarted = performance.now();
    const frames = Math.floor(DURATION_MS / INTERVAL_MS);
    console.log(
      `soak: ${DEVICES} devices × ${frames} fixes, one every ${INTERVAL_MS / 1000} s (connected in ${round(connectS)} s)`,
    );
    devices.forEach((device, i) => {
      // Spread the devices evenly over the interval.
      const offsetMs = (i / DEVICES) * INTERVAL_MS;
      const send = () => {
        const k = device.sent;
        if (k >= frames || device.socket.destroyed) return;
        const at = new Date(t0Ms + k * INTERVAL_MS);
        device.sent += 1;
        device.pending.push(performance.now());
        device.socket.write(
          gt06Location(
            { at, lat: 22.7 + (i % 100) * 1e-3, lon: 75.85 + k * 1e-4, speedKph: 25 },
            (k % 60_000) + 2,
          ),
        );
      };
      timers.push(
        setTimeout(() => {
          send();
          timers.push(setInterval(send, INTERVAL_MS));
        }, offsetMs),
      );
    });

    const samples: { atS: number; rss: Record<string, number | null> }[] = [];
    const sampleOnce = async () => {
      const rss: Record<string, number | null> = {};
      for (const p of cluster?.all() ?? []) rss[p.name] = await residentBytes(p.pid);
      rss.devices = process.memoryUsage().rss;
      samples.push({ atS: (performance.now() - loadStarted) / 1000, rss });
    };
    // Warm-up: memory is sampled from the end of the first interval on (every device connected and sending).
    let sampler: NodeJS.Timeout | undefined;
    const warmup = setTimeout(() => {
      void sampleOnce();
      sampler = setInterval(() => void sampleOnce(), SAMPLE_MS);
    }, INTERVAL_MS);
    const progress = setInterval(() => {
      const sent = devices.reduce((s, d) => s + d.sent, 0);
      const acked = devices.reduce((s, d) => s + d.acked, 0);
      console.log(
        `soak: ${round((performance.now() - loadStarted) / 60_000, 1)} min, ${sent} sent, ${acked} acked`,
      );
    }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, DURATION_MS + 50));
    clearInterval(progress);
    const sendingS = (performance.now() - loadStarted) / 1000;
    for (const timer of timers) clearTimeout(timer);

    // Drain: every frame acknowledged, or DRAIN_MS.
    const drainDeadline = performance.now() + DRAIN_MS;
    const sentTotal = () => devices.reduce((s, d) => s + d.sent, 0);
    const ackedTotal = () => devices.reduce((s, d) => s + d.acked, 0);
    while (ackedTotal() < sentTotal() && performance.now() < drainDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    clearTimeout(warmup);
    clearInterval(sampler);
    await sampleOnce();
    const sent = sentTotal();
    const acked = ackedTotal();
    // Live deltas go out up to LIVE_DELTA_MS (default 500 ms) after staging: let the last ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const counter = openPostgres(databaseUrl, 1);
    const [stored] = await rows<{ n: number }>(
      counter.db,
      sql`select count(*)::int as n from positions p join devices d on d.id = p.device_id
          where d.imei like ${`${IMEI_PREFIX}%`}`,
    );
    await counter.close();
    live.close();

    const memory = Object.fromEntries(
      Object.keys(samples[0]?.rss ?? {}).map((name) => {
        const series = samples
          .map((s) => ({ x: s.atS / 60, y: (s.rss[name] ?? 0) / 2 ** 20 }))
          .filter((p) => p.y > 0);
        const third = Math.max(1, Math.floor(series.length / 3));
        const mean = (ps: typeof series) => ps.reduce((s, p) => s + p.y, 0) / Math.max(1, ps.length);
        const firstThird = mean(series.slice(0, third));
        const lastThird = mean(series.slice(-third));
        return [
          name,
          {
            firstMb: round(series[0]?.y ?? 0),
            lastMb: round(series.at(-1)?.y ?? 0),
            maxMb: round(Math.max(...series.map((p) => p.y))),
            firstThirdMeanMb: round(firstThird),
            lastThirdMeanMb: round(lastThird),
            growthPct: round(((lastThird - firstThird) / firstThird) * 100),
            slopeMbPerMin: round(slope(series), 2),
          },
        ];
      }),
    );
    const sorted = [...lags].sort((a, b) => a - b);
    const result = {
      benchmark: 'soak',
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      layout: 'PostgreSQL 15 + Redis + 2 API + 2 gateway + 1 worker (separate processes, loopback)',
      machine: { cpus: cpus().length, loadAverage1mAtEnd: round(loadavg()[0] ?? 0, 2) },
      config: {
        devices: DEVICES,
        intervalS: INTERVAL_MS / 1000,
        minutes: DURATION_MS / 60_000,
        targetMsgPerS: round(DEVICES / (INTERVAL_MS / 1000)),
        sampleS: SAMPLE_MS / 1000,
        flushMs: args['flush-ms'] ?? 'default',
      },
      connectS: round(connectS),
      sendingS: round(sendingS),
      achievedMsgPerS: round(sent / sendingS),
      frames: { sent, acked, storedPositions: stored?.n ?? 0, unacked: sent - acked, socketErrors: errors },
      allStored: (stored?.n ?? 0) === acked && acked === sent,
      ingestLagMs: {
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
        under2sPct: round((sorted.filter((l) => l < 2_000).length / Math.max(1, sorted.length)) * 100, 3),
      },
      liveDeltaPositionsPerApi: live.deltas,
      memory,
      samples,
    };
    const date = startedAt.toISOString().slice(0, 10);
    const base = path.join(here, 'results', `soak-${date}`);
    // In the repository's Prettier style (format:check covers bench/results).
    const jsonFile = `${base}.json`;
    const prettierOptions = { ...(await resolveConfig(jsonFile)), filepath: jsonFile };
    writeFileSync(jsonFile, await format(JSON.stringify(result), prettierOptions));
    writeFileSync(`${base}.md`, markdown(result));
    console.log(markdown(result));
    console.log(`soak: results → ${path.relative(process.cwd(), base)}.json, .md`);
  } finally {
    for (const timer of timers) clearTimeout(timer);
    for (const device of devices) device.socket.destroy();
    await cluster?.stop();
    await redis.stop();
    await admin.db
      .execute(sql.raw(`drop database if exists ${databaseName} with (force)`))
      .catch(() => undefined);
    await admin.close();
    ownPostgres?.stop();
  }
}

function markdown(r: {
  startedAt: string;
  layout: string;
  config: { devices: number; intervalS: number; minutes: number; targetMsgPerS: number };
  machine: { cpus: number; loadAverage1mAtEnd: number };
  achievedMsgPerS: number;
  frames: { sent: number; acked: number; storedPositions: number; socketErrors: number };
  allStored: boolean;
  ingestLagMs: { p50: number; p99: number; max: number; under2sPct: number };
  liveDeltaPositionsPerApi: number[];
  memory: Record<
    string,
    {
      firstMb: number;
      lastMb: number;
      maxMb: number;
      firstThirdMeanMb: number;
      lastThirdMeanMb: number;
      growthPct: number;
      slopeMbPerMin: number;
    }
  >;
}): string {
  const memoryRows = Object.entries(r.memory).map(
    ([name, m]) =>
      `| ${name} | ${m.firstMb} | ${m.lastMb} | ${m.maxMb} | ${m.firstThirdMeanMb} → ${m.lastThirdMeanMb} (${m.growthPct} %) | ${m.slopeMbPerMin} |`,
  );
  return [
    `# Soak ${r.startedAt}`,
    '',
    `${r.layout}; ${r.config.devices} GT06 devices, a fix every ${r.config.intervalS} s (${r.config.targetMsgPerS} msg/s target) for ${r.config.minutes} min; ${r.machine.cpus} CPUs, load average ${r.machine.loadAverage1mAtEnd} at the end.`,
    '',
    `- achieved ${r.achievedMsgPerS} msg/s; frames sent ${r.frames.sent}, acknowledged ${r.frames.acked}, positions stored ${r.frames.storedPositions} (${r.allStored ? 'all stored' : 'NOT all stored'}); socket errors ${r.frames.socketErrors}`,
    `- ingest lag (ack − write): p50 ${r.ingestLagMs.p50} ms, p99 ${r.ingestLagMs.p99} ms, max ${r.ingestLagMs.max} ms; ${r.ingestLagMs.under2sPct} % under 2 s`,
    `- live delta positions received per API process: ${r.liveDeltaPositionsPerApi.join(', ')}`,
    '',
    '| process | RSS first MB | last MB | max MB | first → last third mean MB | slope MB/min |',
    '|---|---|---|---|---|---|',
    ...memoryRows,
    '',
  ].join('\n');
}

await main();
