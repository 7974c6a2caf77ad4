/**
 * Idle device connections: what one open GT06 connection costs the gateway in memory. The gateway (startGateway on
 * PGlite, GT06 listener only) runs in a CHILD process started with --expose-gc; this process opens the connections
 * over loopback and asks the child, over IPC, for process.memoryUsage() after a full GC, before and after.
 *
 *   npm run bench:idle                         (= node --import tsx bench/idle-connections.bench.ts)
 *   node --import tsx bench/idle-connections.bench.ts --connections 10000 --modes silent,identified
 *
 * Modes (one fresh child each): `silent` — connected, never sends a byte (a device that has not logged in yet);
 * `identified` — sends a GT06 login of a registered device (on a vehicle) and gets its ack, so the gateway also holds
 * the device's state (device directory, registry entry, decoder session). Each mode warms up first (a few hundred
 * connections of the same kind opened and closed) so that one-time allocations (JIT, prepared statements) do not
 * count. Figures: RSS, V8 heap, external and ArrayBuffer deltas over the connections opened; connections per GiB of
 * RSS. Issue target: ≥ 50,000 idle connections per GiB (≤ ~21 KB each).
 *
 * Needs ~2 × connections file descriptors per process pair (each side holds one per connection): the script checks
 * the soft limit (Node cannot raise it) and asks for `ulimit -n 65536` when it is too low. Source addresses rotate over
 * 127.0.0.1–127.0.0.x (5,000 connections each) so that ephemeral ports never run out.
 * Results → bench/results/idle-connections.json. Kernel socket buffers are not in RSS and not counted.
 */
import { fork, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { openPglite, type Database } from '../apps/server/src/db/client.ts';
import { prepareDatabase } from '../apps/server/src/db/seed/index.ts';
import { startGateway } from '../apps/server/src/gateway/gateway.ts';
import { sqlClientOf } from '../apps/server/src/gateway/ingest/sql-client.ts';
import {
  INDORE,
  organisationId,
  sleep,
  testGatewayConfig,
} from '../apps/server/src/gateway/testing/fleet.ts';
import { gt06Login } from '../apps/server/src/gateway/testing/packets.ts';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10000' },
    modes: { type: 'string', default: 'silent,identified' },
    warmup: { type: 'string', default: '300' },
    child: { type: 'string' },
  },
});
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const PER_SOURCE_IP = 5000;
const ACK_BYTES = 10;
const MIB = 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
/** IMEI prefix of the bench devices (not used by the demo fleet). */
const IMEI_PREFIX = '35990';
const imeiOf = (i: number) => `${IMEI_PREFIX}${String(i).padStart(10, '0')}`;

type Mode = 'silent' | 'identified';
type ToChild = { cmd: 'measure' } | { cmd: 'stop' };
type Memory = NodeJS.MemoryUsage & { connections: number; registered: number };
type FromChild = { ready: { port: number } } | { memory: Memory };

/** Devices 0 … count-1 (IMEI imeiOf(i), at most a million), each on its own vehicle of the organisation, in three statements. */
async function seedDevices(database: Database, org: bigint, count: number): Promise<void> {
  const sql = sqlClientOf(database);
  await sql.query(
    `INSERT INTO devices (imei, protocol, organisation_id, status, model)
     SELECT $3 || lpad(g::text, 10, '0'), 'gt06', $1, 'INSTALLED', 'gt06 bench unit'
     FROM generate_series(0, $2::int - 1) g`,
    [org.toString(), count, IMEI_PREFIX],
  );
  await sql.query(
    `INSERT INTO vehicles (organisation_id, registration_number, kind, type, category)
     SELECT $1, 'MP09BI' || lpad(g::text, 6, '0'), 'TRUCK', 'tipper', 'Goods' FROM generate_series(0, $2::int - 1) g`,
    [org.toString(), count],
  );
  await sql.query(
    `INSERT INTO vehicle_device_links (vehicle_id, device_id, linked_at)
     SELECT v.id, d.id, '2000-01-01T00:00:00Z' FROM generate_series(0, $3::int - 1) g
     JOIN devices d ON d.imei = $2 || lpad(g::text, 10, '0')
     JOIN vehicles v ON v.organisation_id = $1 AND v.registration_number = 'MP09BI' || lpad(g::text, 6, '0')`,
    [org.toString(), IMEI_PREFIX, count],
  );
}

/** The child: gateway only, answers IPC. */
async function runChild(): Promise<void> {
  const send = (message: FromChild) => process.send?.(message);
  const gc = (globalThis as { gc?: () => void }).gc;
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-idle-'));
  const database = openPglite(await PGlite.create(path.join(dir, 'pglite')));
  await prepareDatabase(database, { demo: true });
  await seedDevices(database, await organisationId(database.db, INDORE), CONNECTIONS + WARMUP);
  const gateway = await startGateway({
    database,
    config: testGatewayConfig({ maxConnections: 1_000_000, flushMs: 1000 }),
    protocols: ['gt06'],
  });
  process.on('message', (message: ToChild) => {
    void (async () => {
      if (message.cmd === 'measure') {
        await gateway.writer.drain();
        for (let i = 0; i < 4; i++) {
          gc?.();
          await sleep(50);
        }
        send({
          memory: {
            ...process.memoryUsage(),
            connections: gateway.connections,
            registered: gateway.registry.size,
          },
        });
      } else {
        await gateway.stop();
        await database.close();
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
  send({ ready: { port: gateway.ports.gt06 ?? 0 } });
}

/** Opens `count` connections (≤ 500 in flight); identified ones log in and wait for the login ack. */
async function openConnections(
  port: number,
  mode: Mode,
  first: number,
  count: number,
  sourceOffset: number,
): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  let next = 0;
  async function one(i: number): Promise<void> {
    const localAddress = `127.0.0.${1 + Math.floor((sourceOffset + i) / PER_SOURCE_IP)}`;
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(s));
      s.once('error', reject);
    });
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (mode === 'silent') return;
    await new Promise<void>((resolve, reject) => {
      let received = 0;
      const timer = setTimeout(() => reject(new Error(`no login ack for ${imeiOf(first + i)}`)), 60_000);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= ACK_BYTES) {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.write(gt06Login(imeiOf(first + i), 1));
    });
  }
  await Promise.all(
    Array.from({ length: Math.min(500, count) }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return sockets;
}

function closeAll(sockets: net.Socket[]): Promise<void> {
  return Promise.all(
    sockets.map(
      (s) => new Promise<void>((resolve) => (s.destroyed ? resolve() : s.once('close', resolve).destroy())),
    ),
  ).then(() => undefined);
}

interface ModeResult {
  mode: Mode;
  connections: number;
  openS: number;
  before: Memory;
  after: Memory;
  perConnectionBytes: { rss: number; heapUsed: number; external: number; arrayBuffers: number };
  connectionsPerGiB: number;
  meetsTarget: boolean;
}

async function runMode(mode: Mode, sourceOffset: number): Promise<ModeResult> {
  const child = fork(
    fileURLToPath(import.meta.url),
    ['--child', mode, '--connections', String(CONNECTIONS)],
    {
      execArgv: ['--import', 'tsx', '--expose-gc'],
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
  const measure = async (): Promise<Memory> => {
    child.send({ cmd: 'measure' } satisfies ToChild);
    const m = await receive();
    if (!('memory' in m)) throw new Error('expected a memory reply');
    return m.memory;
  };

  const ready = await receive();
  if (!('ready' in ready)) throw new Error('expected the ready message');
  const { port } = ready.ready;
  // Warm-up: devices CONNECTIONS … CONNECTIONS+WARMUP-1, opened and closed before the baseline.
  await closeAll(await openConnections(port, mode, CONNECTIONS, WARMUP, sourceOffset));
  await sleep(500);
  const before = await measure();
  const started = performance.now();
  const sockets = await openConnections(port, mode, 0, CONNECTIONS, sourceOffset);
  const openS = (performance.now() - started) / 1000;
  await sleep(1000);
  const after = await measure();
  if (after.connections - before.connections !== CONNECTIONS)
    throw new Error(`gateway holds ${after.connections - before.connections} of ${CONNECTIONS} connections`);
  await closeAll(sockets);
  child.send({ cmd: 'stop' } satisfies ToChild);
  await exited;
  const per = (key: 'rss' | 'heapUsed' | 'external' | 'arrayBuffers') =>
    Math.round((after[key] - before[key]) / CONNECTIONS);
  const perConnectionBytes = {
    rss: per('rss'),
    heapUsed: per('heapUsed'),
    external: per('external'),
    arrayBuffers: per('arrayBuffers'),
  };
  const connectionsPerGiB = Math.round((1024 * MIB) / Math.max(1, perConnectionBytes.rss));
  return {
    mode,
    connections: CONNECTIONS,
    openS: Number(openS.toFixed(2)),
    before,
    after,
    perConnectionBytes,
    connectionsPerGiB,
    meetsTarget: connectionsPerGiB >= 50_000,
  };
}

/** The soft open-files limit this process (and so the child) runs with: Node cannot raise it itself. */
function fileLimit(): string {
  try {
    return execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function runParent(): Promise<void> {
  const limit = fileLimit();
  if (limit !== 'unlimited' && Number(limit) < CONNECTIONS + WARMUP + 200)
    throw new Error(`ulimit -n is ${limit}; run \`ulimit -n ${2 * (CONNECTIONS + 1000)}\` first`);
  const modes = (args.modes ?? '').split(',').filter((m): m is Mode => m === 'silent' || m === 'identified');
  const results: ModeResult[] = [];
  let sourceOffset = 0;
  for (const mode of modes) {
    console.log(`${mode}: ${CONNECTIONS} connections …`);
    results.push(await runMode(mode, sourceOffset));
    // Fresh source addresses per mode: the previous mode's ports may still be in TIME_WAIT.
    sourceOffset += Math.ceil((CONNECTIONS + WARMUP) / PER_SOURCE_IP) * PER_SOURCE_IP;
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    '\nmode        conns   open s  RSS/conn  heap/conn  external/conn  conns per GiB RSS  target ≥ 50k',
  );
  for (const r of results) {
    console.log(
      `${r.mode.padEnd(10)} ${String(r.connections).padStart(6)} ${r.openS.toFixed(1).padStart(8)} ` +
        `${kb(r.perConnectionBytes.rss).padStart(7)} KB ${kb(r.perConnectionBytes.heapUsed).padStart(7)} KB ` +
        `${kb(r.perConnectionBytes.external).padStart(11)} KB ${String(r.connectionsPerGiB).padStart(18)}  ` +
        `${r.meetsTarget ? 'yes' : 'NO'}`,
    );
  }
  const result = {
    benchmark: 'idle-connections',
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? '',
      memoryMiB: Math.round(totalmem() / MIB),
      node: process.version,
      openFilesLimit: limit,
    },
    settings: {
      connections: CONNECTIONS,
      warmup: WARMUP,
      protocol: 'gt06',
      database: 'pglite',
      gc: 'forced before each reading',
    },
    target: { connectionsPerGiB: 50_000, maxBytesPerConnection: Math.floor((1024 * MIB) / 50_000) },
    results,
    note:
      'RSS delta over the connections opened, after a forced GC, in a child process holding only the gateway. ' +
      'Kernel socket buffers are outside RSS. The 2 cores are shared with other work; memory figures are stable ' +
      'to a few percent, open times are noisy.',
  };
  writeFileSync(path.join(here, 'results', 'idle-connections.json'), `${JSON.stringify(result, null, 2)}\n`);
}

if (args.child) await runChild();
else await runParent();
