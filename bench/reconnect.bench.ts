/**
 * Reconnect storm: a gateway restart makes every device log in again at once. How long until all of them got their
 * login reply, what one identification costs (p50/p99, database round trips), and whether the event loop stalls
 * while it happens (ingest of devices already identified must keep flowing).
 *
 *   npm run bench:reconnect                                  (= node --import tsx bench/reconnect.bench.ts)
 *   node --import tsx bench/reconnect.bench.ts --devices 10000 --engines pglite,postgres
 *   DATABASE_URL=postgres://… for the postgres engine (a scratch database is created and dropped)
 *
 * The gateway runs in a CHILD process, as main-gateway.ts builds it (derive stage with the database-backed derive
 * context, command delivery), so the event-loop delay it reports (perf_hooks.monitorEventLoopDelay, 10 ms resolution)
 * is the gateway's alone. The child seeds `--devices` GT06 devices in bulk SQL, each on its own vehicle, with what a
 * device has after running a while: a device_latest row, a device_derive_state row, an open powerCut event for every
 * 10th device, a queued command for every 100th. This process then:
 *   1. logs `--live` other devices in and has each send a location every 250 ms (write → ack latency recorded
 *      during the storm: acks leave after the batch commit, so this is ingest flowing);
 *   2. opens all `--devices` connections (≤ 1,000 TCP connects in flight: the listen backlog is 511) and writes the
 *      login as soon as each connects; per device, login written → reply received;
 *   3. waits for every reply (and every queued command to arrive), reads the child's figures.
 * Round trips = statements the gateway sent outside the ingest writer's transactions during the storm (the
 * identification path: device directory, derive stage load, queued commands), counted by wrapping the driver.
 * Results → bench/results/reconnect.json (`--out` another name under results/).
 * Diagnostics: RECONNECT_TRACE=1 prints the statements per text and PGlite's synchronous time per protocol message
 * (any over 30 ms as it happens); RECONNECT_PROFILE=<dir> writes the gateway child's CPU profile there.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openScratchPglite, openScratchPostgres, type ScratchDatabase } from './support/engine.ts';
import { type Database } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { startGateway } from '../apps/server/src/gateway/gateway.ts';
import { createDbDeriveContext } from '../apps/server/src/gateway/ingest/derive-context-db.ts';
import { deriveWiring, initialPersistedDeriveState } from '../apps/server/src/gateway/ingest/derive-stage.ts';
import { sqlClientOf } from '../apps/server/src/gateway/ingest/sql-client.ts';
import { INDORE, organisationId, testGatewayConfig } from '../apps/server/src/gateway/testing/fleet.ts';
import { gt06Location, gt06Login } from '../apps/server/src/gateway/testing/packets.ts';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    live: { type: 'string', default: '50' },
    engines: { type: 'string', default: 'pglite,postgres' },
    child: { type: 'string' },
    out: { type: 'string', default: 'reconnect.json' },
  },
});
const DEVICES = Number(args.devices);
const LIVE = Number(args.live);
const IMEI_PREFIX = '35991';
const imeiOf = (i: number) => `${IMEI_PREFIX}${String(i).padStart(10, '0')}`;
/** GT06 login reply and location ack: 10 bytes each. */
const ACK_BYTES = 10;
/** Every 100th storm device has a queued command (a GT06 0x80 frame after its login reply). */
const COMMAND_EVERY = 100;
const here = path.dirname(fileURLToPath(import.meta.url));

type Engine = 'pglite' | 'postgres';
type ToChild = { cmd: 'storm-start' } | { cmd: 'storm-end' } | { cmd: 'stop' };
interface ChildFigures {
  eventLoopDelayMs: { max: number; p99: number; mean: number };
  roundTrips: number;
  cpuMs: number;
  directorySize: number;
}
type FromChild = { ready: { port: number; version: string } } | { figures: ChildFigures };

// ------------------------------------------------------------------------------------------------------------ child

function openEngine(engine: Engine): Promise<ScratchDatabase> {
  if (engine === 'pglite') return openScratchPglite({ prefix: 'cf-reconnect-' });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is needed for the postgres engine');
  return openScratchPostgres(url, { prefix: 'cf_reconnect_' });
}

/** Devices 0 … count-1 with vehicles, links, latest rows, derive states, some open events and queued commands. */
async function seed(database: Database, count: number, withCommandsBelow: number): Promise<void> {
  const sql = sqlClientOf(database);
  const org = (await organisationId(database.db, INDORE)).toString();
  await sql.query(
    `INSERT INTO devices (imei, protocol, organisation_id, status, model)
     SELECT $3 || lpad(g::text, 10, '0'), 'gt06', $1, 'INSTALLED', 'gt06 bench unit'
     FROM generate_series(0, $2::int - 1) g`,
    [org, count, IMEI_PREFIX],
  );
  await sql.query(
    `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category, speed_limit_kph)
     SELECT $1, 'MP09RC' || lpad(g::text, 6, '0'), 'TRUCK', 'tipper', 'Goods', CASE WHEN g % 2 = 0 THEN 40 END
     FROM generate_series(0, $2::int - 1) g`,
    [org, count],
  );
  await sql.query(
    `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
     SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $3::int - 1) g
     JOIN devices d ON d.imei = $2 || lpad(g::text, 10, '0')
     JOIN vehicles v ON v.organisation_id = $1 AND v.registration_number = 'MP09RC' || lpad(g::text, 6, '0')`,
    [org, IMEI_PREFIX, count],
  );
  const devices = `SELECT d.id, l.vehicle_id, row_number() OVER (ORDER BY d.id) - 1 AS n
    FROM devices d JOIN vehicle_device_links l ON l.device_id = d.id WHERE d.imei LIKE '${IMEI_PREFIX}%'`;
  await sql.query(
    `INSERT INTO device_latest (device_id, vehicle_id, organisation_id, fixed_at, server_at, lat, lon, speed_kph,
       gps_valid, ignition, motion, odometer_m, status, status_since, last_packet_at)
     SELECT id, vehicle_id, $1, now() - interval '10 minutes', now() - interval '10 minutes', 22.7 + n * 1e-5,
       75.85, 0, true, false, false, 1000, 'stopped', now() - interval '1 hour', now() - interval '10 minutes'
     FROM (${devices}) x`,
    [org],
  );
  await sql.query(
    `INSERT INTO device_derive_state (device_id, state) SELECT id, $1::jsonb FROM (${devices}) x`,
    [JSON.stringify(initialPersistedDeriveState())],
  );
  await sql.query(
    `INSERT INTO events (device_id, vehicle_id, organisation_id, type, started_at, last_at)
     SELECT id, vehicle_id, $1, 'powerCut', now() - interval '1 hour', now() - interval '1 hour'
     FROM (${devices}) x WHERE n % 10 = 0`,
    [org],
  );
  await sql.query(
    `INSERT INTO commands (device_id, organisation_id, type, text, expires_at)
     SELECT id, $1, 'custom', 'WHERE#', now() + interval '1 day' FROM (${devices}) x WHERE n % ${COMMAND_EVERY} = 0 AND n < $2`,
    [org, withCommandsBelow],
  );
  await sql.query('ANALYZE');
}

const traced = new Map<string, number>();
const syncSpent = new Map<string, { ms: number; n: number }>();
/** Counts statements sent outside transactions (PGlite: client.query; PostgreSQL: pool.query). */
function countRoundTrips(database: Database): () => number {
  let count = 0;
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const original = client.query.bind(client);
  client.query = (...a: unknown[]) => {
    count++;
    if (process.env.RECONNECT_TRACE) {
      const key = String(a[0]).replace(/\s+/g, ' ').slice(0, 70);
      traced.set(key, (traced.get(key) ?? 0) + 1);
    }
    return original(...a);
  };
  const raw = client as unknown as { execProtocolRawSync?: (m: Uint8Array) => Uint8Array };
  const sync = raw.execProtocolRawSync?.bind(client);
  if (process.env.RECONNECT_TRACE && sync) {
    raw.execProtocolRawSync = (m: Uint8Array) => {
      const t0 = performance.now();
      const out = sync(m);
      const ms = performance.now() - t0;
      const text = Buffer.from(m.subarray(0, 400))
        .toString('latin1')
        .replace(/[^ -~]+/g, ' ');
      const key = text.trim().slice(0, 60);
      const spent = syncSpent.get(key) ?? { ms: 0, n: 0 };
      spent.ms += ms;
      spent.n++;
      syncSpent.set(key, spent);
      if (ms > 30) console.error(`slow ${ms.toFixed(0)} ms (${m.length} B): ${text.slice(0, 160)}`);
      return out;
    };
  }
  return () => count;
}

async function runChild(engine: Engine): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const { database, close } = await openEngine(engine);
  await prepareDatabase(database, { demo: true });
  await seed(database, DEVICES + LIVE, DEVICES);
  const version =
    (await sqlClientOf(database).query<{ v: string }>('select version() as v'))[0]?.v.split(' on ')[0] ?? '';
  const roundTrips = countRoundTrips(database);
  const gateway = await startGateway({
    database,
    config: testGatewayConfig({ maxConnections: 1_000_000, flushMs: 100 }),
    protocols: ['gt06'],
    ...deriveWiring(createDbDeriveContext()),
  });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let startTrips = 0;
  let startCpu = process.cpuUsage();
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.cmd === 'storm-start') {
        delay.reset();
        delay.enable();
        startTrips = roundTrips();
        startCpu = process.cpuUsage();
      } else if (message.cmd === 'storm-end') {
        delay.disable();
        if (process.env.RECONNECT_TRACE) {
          console.error([...traced].sort((a, b) => b[1] - a[1]).slice(0, 15));
          for (const [k, v] of [...syncSpent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
            console.error(`${v.ms.toFixed(0).padStart(6)} ms ${String(v.n).padStart(6)} × ${k}`);
        }
        const cpu = process.cpuUsage(startCpu);
        send({
          figures: {
            eventLoopDelayMs: {
              max: delay.max / 1e6,
              p99: delay.percentile(99) / 1e6,
              mean: delay.mean / 1e6,
            },
            roundTrips: roundTrips() - startTrips,
            cpuMs: (cpu.user + cpu.system) / 1000,
            directorySize: gateway.directory.size,
          },
        });
      } else {
        await gateway.stop();
        await close();
        process.exit(0);
      }
    })();
  });
  // The parent died (a failed run): do not linger holding the database.
  process.on('disconnect', () => {
    void close().finally(() => process.exit(1));
  });
  send({ ready: { port: gateway.ports.gt06 ?? 0, version } });
}

// ----------------------------------------------------------------------------------------------------------- parent

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Logs in and resolves with login written → reply received (ms); `extra` bytes more are awaited too (a command). */
function logIn(
  socket: net.Socket,
  imei: string,
  extra: number,
): Promise<{ replyMs: number; doneMs: number }> {
  return new Promise((resolve, reject) => {
    let received = 0;
    let replyMs = 0;
    const started = performance.now();
    const timer = setTimeout(() => reject(new Error(`no login reply for ${imei}`)), 300_000);
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (replyMs === 0 && received >= ACK_BYTES) replyMs = performance.now() - started;
      if (received >= ACK_BYTES + extra) {
        clearTimeout(timer);
        socket.off('data', onData);
        resolve({ replyMs, doneMs: performance.now() - started });
      }
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      reject(new Error(`${imei}: closed by the gateway without a reply`));
    });
    socket.write(gt06Login(imei, 1));
  });
}

/** Live devices: each sends a location every 250 ms; the write → ack latencies while `recording`. */
function streamLive(sockets: net.Socket[]): {
  stop(): void;
  latencies: number[];
  recording: { on: boolean };
} {
  const latencies: number[] = [];
  const recording = { on: false };
  const timers = sockets.map((socket, i) => {
    let serial = 2;
    const sentAt: number[] = [];
    let buffered = 0;
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.length;
      while (buffered >= ACK_BYTES) {
        buffered -= ACK_BYTES;
        const at = sentAt.shift();
        if (at !== undefined && recording.on) latencies.push(performance.now() - at);
      }
    });
    return setInterval(() => {
      const fix = { at: new Date(), lat: 22.7 + i * 1e-4, lon: 75.85 + serial * 1e-5, speedKph: 20 };
      sentAt.push(performance.now());
      socket.write(gt06Location(fix, serial++ & 0xffff));
    }, 250);
  });
  return { stop: () => timers.forEach(clearInterval), latencies, recording };
}

async function runEngine(engine: Engine) {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--child', engine, '--devices', String(DEVICES), '--live', String(LIVE)],
    {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.RECONNECT_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RECONNECT_PROFILE}`]
          : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const inbox: FromChild[] = [];
  const waiters: Array<() => void> = [];
  child.on('message', (m: FromChild) => {
    inbox.push(m);
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  async function receive(): Promise<FromChild> {
    while (inbox.length === 0) {
      const woken = new Promise<void>((resolve) => waiters.push(resolve));
      await Promise.race([woken, exited.then(() => Promise.reject(new Error('gateway child exited')))]);
    }
    return inbox.shift() as FromChild;
  }
  const ready = await receive();
  if (!('ready' in ready)) throw new Error('expected the ready message');
  const { port, version } = ready.ready;

  // 1. Devices already identified, streaming.
  const liveSockets: net.Socket[] = [];
  for (let i = 0; i < LIVE; i++) {
    const socket = await connect(port);
    await logIn(socket, imeiOf(DEVICES + i), 0);
    liveSockets.push(socket);
  }
  const live = streamLive(liveSockets);
  await new Promise((resolve) => setTimeout(resolve, 1500));

  // 2. The storm.
  child.send({ cmd: 'storm-start' } satisfies ToChild);
  live.recording.on = true;
  const started = performance.now();
  const replies: number[] = [];
  const sockets: net.Socket[] = [];
  let lastReplyMs = 0;
  let next = 0;
  const logins: Array<Promise<void>> = [];
  await Promise.all(
    Array.from({ length: Math.min(1000, DEVICES) }, async () => {
      while (next < DEVICES) {
        const i = next++;
        const socket = await connect(port);
        sockets.push(socket);
        // Every 100th device has a queued command: its connection also waits for the command frame (> 10 bytes).
        const extra = i % COMMAND_EVERY === 0 ? 1 : 0;
        logins.push(
          logIn(socket, imeiOf(i), extra).then(({ replyMs }) => {
            replies.push(replyMs);
            lastReplyMs = Math.max(lastReplyMs, performance.now() - started);
          }),
        );
      }
    }),
  );
  const outcomes = await Promise.allSettled(logins);
  const unanswered = outcomes.filter((o) => o.status === 'rejected').length;
  const allDoneS = (performance.now() - started) / 1000;
  live.recording.on = false;
  child.send({ cmd: 'storm-end' } satisfies ToChild);
  const figures = await receive();
  if (!('figures' in figures)) throw new Error('expected the figures');
  live.stop();
  for (const s of [...sockets, ...liveSockets]) s.destroy();
  child.send({ cmd: 'stop' } satisfies ToChild);
  await exited;

  replies.sort((a, b) => a - b);
  const acks = [...live.latencies].sort((a, b) => a - b);
  const f = figures.figures;
  return {
    engine,
    version,
    devices: DEVICES,
    unanswered,
    allRepliesS: round(lastReplyMs / 1000, 2),
    allRepliesAndCommandsS: round(allDoneS, 2),
    identificationMs: {
      p50: round(percentile(replies, 50)),
      p99: round(percentile(replies, 99)),
      max: round(replies.at(-1) ?? 0),
    },
    identificationsPerS: Math.round(DEVICES / (lastReplyMs / 1000)),
    roundTripsPerIdentification: round(f.roundTrips / DEVICES, 3),
    gatewayCpuMsPerIdentification: round(f.cpuMs / DEVICES, 3),
    eventLoopDelayMs: { max: round(f.eventLoopDelayMs.max), p99: round(f.eventLoopDelayMs.p99) },
    liveAckMsDuringStorm: {
      devices: LIVE,
      acks: acks.length,
      p50: round(percentile(acks, 50)),
      p99: round(percentile(acks, 99)),
      max: round(acks.at(-1) ?? 0),
    },
    meetsTarget: lastReplyMs / 1000 <= (engine === 'pglite' ? 20 : 10) && f.eventLoopDelayMs.max <= 200,
  };
}

async function runParent(): Promise<void> {
  const engines = (args.engines ?? '')
    .split(',')
    .filter((e): e is Engine => e === 'pglite' || (e === 'postgres' && Boolean(process.env.DATABASE_URL)));
  const results = [];
  for (const engine of engines) {
    console.log(`${engine}: ${DEVICES} devices reconnect …`);
    const result = await runEngine(engine);
    console.log(JSON.stringify(result));
    results.push(result);
  }
  const report = {
    benchmark: 'reconnect',
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      node: process.version,
      loadAverage1m: round(loadavg()[0] ?? 0, 2),
    },
    settings: { devices: DEVICES, liveDevices: LIVE, protocol: 'gt06', connectsInFlight: 1000 },
    target: { pgliteS: 20, postgresS: 10, maxEventLoopDelayMs: 200 },
    results,
  };
  writeFileSync(
    path.join(here, 'results', args.out ?? 'reconnect.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
}

if (args.child === 'pglite' || args.child === 'postgres') await runChild(args.child);
else await runParent();
