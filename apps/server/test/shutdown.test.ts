/**
 * Graceful shutdown of every role as a real process (issue 9): SIGTERM → exit code 0 within SHUTDOWN_BOUND_MS. The
 * gateway (inside the all-in-one process, and the gateway-only process) first commits and acks the frames it has
 * received: a GT06 device sends positions without waiting, the test waits until the process has read them (its
 * /metrics packet counter), sends SIGTERM, and then every position is acked and stored exactly once.
 *
 * PGlite (always, `npm test`): the all-in-one process (main.ts) on a temp DATA_DIR, with an open /v1/live WebSocket.
 * PostgreSQL (TEST_DATABASE_URL): main-api.ts, main-gateway.ts (ops server on OPS_PORT) and main-worker.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { openPglite, openPostgres, rows, type Database } from '../src/db/client.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
} from '../src/gateway/testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from '../src/gateway/testing/packets.ts';
import { TcpDevice } from '../src/gateway/testing/tcp-device.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess, waitForHttp } from './processes.ts';

const SHUTDOWN_BOUND_MS = 15_000;
const FRAMES = 20;
const IMEI = '359710049066601';

/** Polls GET url until it answers 200 (or the process exits / the time is up). */

/** SIGTERM; resolves with the exit code and how long the process took to exit. */
async function terminate(child: ServerProcess): Promise<{ code: number | null; tookMs: number }> {
  const started = Date.now();
  child.process.kill('SIGTERM');
  const code = await Promise.race([
    child.exited,
    sleep(SHUTDOWN_BOUND_MS + 5_000).then(() => 'timeout' as const),
  ]);
  if (code === 'timeout') {
    child.process.kill('SIGKILL');
    throw new Error(`no exit within ${SHUTDOWN_BOUND_MS + 5_000} ms after SIGTERM:\n${child.output()}`);
  }
  const tookMs = Date.now() - started;
  console.log(`shutdown: ${child.process.spawnargs.at(-1) ?? '?'} exited ${code} ${tookMs} ms after SIGTERM`);
  return { code, tookMs };
}

function counterOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/**
 * Logs the device in, sends FRAMES positions back to back, waits until the process has read them all (metricsUrl),
 * sends SIGTERM and collects the acks until the process closes the connection. Returns the fix times sent.
 */
async function positionsThroughShutdown(
  child: ServerProcess,
  gt06Port: number,
  metricsUrl: string,
): Promise<Date[]> {
  const device = await TcpDevice.connect(gt06Port);
  await device.write(gt06Login(IMEI, 1));
  await device.read(10);
  const base = Math.floor(Date.now() / 1000) * 1000 - 600_000;
  const fixes = Array.from({ length: FRAMES }, (_, i) => new Date(base + i * 1000));
  const series = 'civicfleet_gateway_packets_received_total{protocol="gt06",kind="position"}';
  await device.write(
    Buffer.concat(
      fixes.map((at, i) => gt06Location({ at, lat: 22.72 + i * 1e-4, lon: 75.86, speedKph: 30 }, 2 + i)),
    ),
  );
  await eventually(async () => counterOf(await (await fetch(metricsUrl)).text(), series) >= FRAMES, 20_000);
  const { code, tookMs } = await terminate(child);
  expect(code, child.output()).toBe(0);
  expect(tookMs).toBeLessThan(SHUTDOWN_BOUND_MS);
  const acks = await device.read(10 * FRAMES, 2_000);
  const expected = Buffer.concat(fixes.map((_, i) => gt06Ack(0x12, 2 + i)));
  expect(toHex(acks)).toBe(toHex(expected));
  await device.closed;
  return fixes;
}

async function storedFixes(database: Database): Promise<number> {
  const [row] = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from positions p join devices d on d.id = p.device_id where d.imei = ${IMEI}`,
  );
  return row?.n ?? 0;
}

const baseEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  DEMO: 'off',
  SIMULATOR: 'off',
  HOST: '127.0.0.1',
  GATEWAY_HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: randomBytes(32).toString('base64url'),
});

describe('graceful shutdown: all-in-one process (PGlite)', () => {
  let dataDir = '';
  let child: ServerProcess | undefined;

  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) return;
    dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-shutdown-'));
    const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
    const database = openPglite(client);
    try {
      await seedTrackedVehicle(database.db, {
        imei: IMEI,
        protocol: 'gt06',
        organisationId: await organisationId(database.db, INDORE),
        registrationNumber: 'MP09SD0001',
      });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    if (child && child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'commits and acks the frames it read, closes the live socket and exits 0 on SIGTERM',
    async () => {
      const [apiPort, gt06Port] = [await freeLoopbackPort(), await freeLoopbackPort()];
      child = spawnServer('main.ts', {
        ...baseEnv(dataDir),
        DATABASE_URL: '',
        PORT: String(apiPort),
        GATEWAY: 'on',
        AIS140_PORT: '0',
        TELTONIKA_PORT: '0',
        GT06_PORT: String(gt06Port),
      });
      const api = `http://127.0.0.1:${apiPort}`;
      await waitForHttp(`${api}/healthz`, child);
      expect((await fetch(`${api}/readyz`)).status).toBe(200);
      // An open live WebSocket (not yet signed in) must not hold the shutdown up.
      const socket = new WebSocket(`ws://127.0.0.1:${apiPort}/v1/live`);
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });

      await positionsThroughShutdown(child, gt06Port, `${api}/metrics`);
      await socketClosed;

      const database = openPglite(await PGlite.create({ dataDir: path.join(dataDir, 'pglite') }));
      try {
        expect(await storedFixes(database)).toBe(FRAMES);
      } finally {
        await database.close();
      }
    },
    150_000,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('graceful shutdown: split roles (PostgreSQL)', () => {
  let dataDir = '';
  let postgresServer = '';
  let databaseName = '';
  let databaseUrl = '';
  const children: ServerProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-shutdown-pg-'));
    postgresServer = inject('postgresServerUrl');
    databaseName = randomDbName('cf_shutdown');
    await adminQuery(
      postgresServer,
      `create database ${databaseName} template ${inject('postgresTemplateDb')}`,
    );
    databaseUrl = databaseUrlFor(postgresServer, databaseName);
    const database = openPostgres(databaseUrl, 2);
    try {
      await seedTrackedVehicle(database.db, {
        imei: IMEI,
        protocol: 'gt06',
        organisationId: await organisationId(database.db, INDORE),
        registrationNumber: 'MP09SD0002',
      });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.process.exitCode === null && child.process.signalCode === null) {
        child.process.kill('SIGKILL');
        await child.exited;
      }
    }
    if (databaseName)
      await adminQuery(postgresServer, `drop database if exists ${databaseName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (entry: string, env: Record<string, string>) => {
    const child = spawnServer(entry, { ...baseEnv(dataDir), DATABASE_URL: databaseUrl, ...env });
    children.push(child);
    return child;
  };

  it('main-api.ts exits 0 on SIGTERM', async () => {
    const port = await freeLoopbackPort();
    const child = start('main-api.ts', { PORT: String(port) });
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, child);
    const { code, tookMs } = await terminate(child);
    expect(code, child.output()).toBe(0);
    expect(tookMs).toBeLessThan(SHUTDOWN_BOUND_MS);
  }, 120_000);

  it('main-gateway.ts commits and acks the frames it read, then exits 0 on SIGTERM', async () => {
    const [gt06Port, opsPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const child = start('main-gateway.ts', {
      AIS140_PORT: '0',
      TELTONIKA_PORT: '0',
      GT06_PORT: String(gt06Port),
      OPS_PORT: String(opsPort),
    });
    const ops = `http://127.0.0.1:${opsPort}`;
    await waitForHttp(`${ops}/readyz`, child);
    await positionsThroughShutdown(child, gt06Port, `${ops}/metrics`);
    const database = openPostgres(databaseUrl, 1);
    try {
      expect(await storedFixes(database)).toBe(FRAMES);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('main-worker.ts serves its ops endpoints and exits 0 on SIGTERM', async () => {
    const opsPort = await freeLoopbackPort();
    const child = start('main-worker.ts', { OPS_PORT: String(opsPort) });
    const ops = `http://127.0.0.1:${opsPort}`;
    await waitForHttp(`${ops}/readyz`, child);
    expect(await (await fetch(`${ops}/metrics`)).text()).toContain('civicfleet_process_cpu_seconds_total');
    const { code, tookMs } = await terminate(child);
    expect(code, child.output()).toBe(0);
    expect(tookMs).toBeLessThan(SHUTDOWN_BOUND_MS);
  }, 120_000);
});
