/**
 * Crash test (issue 3, Benchmarks): the real gateway process is killed with SIGKILL while simulated GT06 and
 * Teltonika devices send positions over TCP; after a restart, every position whose ack reached the device is in
 * `positions`. Acks are sent only after the batch committed, so nothing acknowledged may be lost.
 *
 * PGlite: the all-in-one process (main.ts) on a temp DATA_DIR (one process at a time: seed, close, spawn).
 * PostgreSQL (TEST_DATABASE_URL): the gateway process (main-gateway.ts) on a private database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, rows, type Database } from '../src/db/client.ts';
import type { DeviceProtocol } from '../src/db/schema/index.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
} from '../src/gateway/testing/fleet.ts';
import {
  gt06Ack,
  gt06Location,
  gt06Login,
  teltonikaAck,
  teltonikaCodec8,
  teltonikaHandshake,
  toHex,
} from '../src/gateway/testing/packets.ts';
import { TcpDevice } from '../src/gateway/testing/tcp-device.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess } from './processes.ts';

const GT06_DEVICES = 4;
const TELTONIKA_DEVICES = 4;
/** Teltonika records per Codec 8 packet (acked together with the record count). */
const RECORDS_PER_PACKET = 2;
/** Kill once at least this many positions were acked (and at least LOAD_MS of load has run). */
const MIN_ACKED = 40;
const LOAD_MS = 1500;
/** Fix times start an hour ago, one second apart per device, so they stay in the past and unique. */
const BASE_MS = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const MAX_FIXES_PER_DEVICE = 3000;

interface Device {
  imei: string;
  protocol: DeviceProtocol;
}

/** Per position `imei|fix time ISO`: whether the device got its ack. */
const positions = new Map<string, boolean>();
const keyOf = (imei: string, at: Date) => `${imei}|${at.toISOString()}`;

async function waitForPort(port: number, child: ServerProcess, timeoutMs = 90_000): Promise<void> {
  let exitCode: number | null | undefined;
  void child.exited.then((code) => {
    exitCode = code === null ? -1 : code;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${child.output()}`);
    try {
      const device = await TcpDevice.connect(port);
      device.close();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not listen on ${port}:\n${child.output()}`);
      await sleep(100);
    }
  }
}

/** One device: log in, then send fixes one after another until the connection dies; records each ack. */
async function runDevice(device: Device, port: number, firstFix: number): Promise<void> {
  const tcp = await TcpDevice.connect(port);
  try {
    if (device.protocol === 'gt06') {
      await tcp.write(gt06Login(device.imei, 1));
      await tcp.read(10);
      for (let i = firstFix; i < MAX_FIXES_PER_DEVICE; i++) {
        const at = new Date(BASE_MS + i * 1000);
        const serial = (i % 60_000) + 2;
        positions.set(keyOf(device.imei, at), false);
        await tcp.write(gt06Location({ at, lat: 22.7 + i * 1e-4, lon: 75.85, speedKph: 36 }, serial));
        const ack = await tcp.read(10);
        if (toHex(ack) !== toHex(gt06Ack(0x12, serial))) throw new Error(`unexpected GT06 ack ${toHex(ack)}`);
        positions.set(keyOf(device.imei, at), true);
      }
    } else {
      await tcp.write(teltonikaHandshake(device.imei));
      if (toHex(await tcp.read(1)) !== '01') throw new Error('Teltonika handshake refused');
      for (let i = firstFix; i + RECORDS_PER_PACKET <= MAX_FIXES_PER_DEVICE; i += RECORDS_PER_PACKET) {
        const records = Array.from({ length: RECORDS_PER_PACKET }, (_, k) => ({
          at: new Date(BASE_MS + (i + k) * 1000),
          lat: 22.7 + (i + k) * 1e-4,
          lon: 75.86,
          speedKph: 36,
          ignition: true,
        }));
        for (const r of records) positions.set(keyOf(device.imei, r.at), false);
        await tcp.write(teltonikaCodec8(records));
        const ack = await tcp.read(4);
        if (toHex(ack) !== toHex(teltonikaAck(records.length)))
          throw new Error(`unexpected Teltonika ack ${toHex(ack)}`);
        for (const r of records) positions.set(keyOf(device.imei, r.at), true);
      }
    }
  } finally {
    tcp.close();
  }
}

const ackedCount = () => [...positions.values()].filter(Boolean).length;

describe('gateway crash (kill -9 under load)', () => {
  const postgresServer = process.env.TEST_DATABASE_URL ? inject('postgresServerUrl') : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-crash-'));
  let databaseUrl = '';
  let databaseName = '';
  const devices: Device[] = [
    ...Array.from({ length: GT06_DEVICES }, (_, i) => ({
      imei: `3597100490${String(i).padStart(5, '0')}`,
      protocol: 'gt06' as const,
    })),
    ...Array.from({ length: TELTONIKA_DEVICES }, (_, i) => ({
      imei: `3563070424${String(i).padStart(5, '0')}`,
      protocol: 'teltonika' as const,
    })),
  ];
  let child: ServerProcess | undefined;

  /** The test's own connection to the same database (PGlite: only while no server process runs). */
  async function openDb(): Promise<Database> {
    if (postgresServer) return openPostgres(databaseUrl, 2);
    return openPglite(await PGlite.create({ dataDir: path.join(dataDir, 'pglite') }));
  }

  beforeAll(async () => {
    let database: Database;
    if (postgresServer) {
      databaseName = randomDbName('cf_crash');
      await adminQuery(
        postgresServer,
        `create database ${databaseName} template ${inject('postgresTemplateDb')}`,
      );
      databaseUrl = databaseUrlFor(postgresServer, databaseName);
      database = openPostgres(databaseUrl, 2);
    } else {
      const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
      const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
      database = openPglite(client);
    }
    try {
      const indore = await organisationId(database.db, INDORE);
      for (const [i, device] of devices.entries()) {
        await seedTrackedVehicle(database.db, {
          ...device,
          organisationId: indore,
          registrationNumber: `MP09CR${String(i).padStart(4, '0')}`,
        });
      }
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    if (child && child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
    if (postgresServer && databaseName)
      await adminQuery(postgresServer, `drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged GT06 and Teltonika position after SIGKILL and a restart', async () => {
    const [apiPort, ais140Port, gt06Port, teltonikaPort] = [
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
    ];
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: postgresServer ? databaseUrl : '',
      DEMO: 'off',
      SIMULATOR: 'off',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      GATEWAY: 'on',
      GATEWAY_HOST: '127.0.0.1',
      AIS140_PORT: String(ais140Port),
      GT06_PORT: String(gt06Port),
      TELTONIKA_PORT: String(teltonikaPort),
      INGEST_FLUSH_MS: '20',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('base64url'),
    };
    const entry = postgresServer ? 'main-gateway.ts' : 'main.ts';
    const portOf = (d: Device) => (d.protocol === 'gt06' ? gt06Port : teltonikaPort);

    // 1. Load, then kill -9 mid-stream.
    child = spawnServer(entry, env);
    await waitForPort(gt06Port, child);
    await waitForPort(teltonikaPort, child);
    const loadStart = Date.now();
    const running = devices.map((d) => runDevice(d, portOf(d), 0));
    const settled = Promise.allSettled(running);
    await eventually(async () => Date.now() - loadStart >= LOAD_MS && ackedCount() >= MIN_ACKED, 45_000);
    child.process.kill('SIGKILL');
    const signal = await child.exited.then(() => child?.process.signalCode);
    expect(signal).toBe('SIGKILL');
    const outcomes = await settled;
    // Every device was cut off by the kill (none ran out of fixes), so the kill happened under load.
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    const acked = [...positions].filter(([, ok]) => ok).map(([key]) => key);
    const unacked = positions.size - acked.length;

    // 2. Restart on the same data: it recovers and accepts (and acks) new positions.
    child = spawnServer(entry, env);
    await waitForPort(gt06Port, child);
    const probe = devices[0];
    if (!probe) throw new Error('no device');
    const after = MAX_FIXES_PER_DEVICE - 1;
    await runDevice(probe, gt06Port, after);
    expect(positions.get(keyOf(probe.imei, new Date(BASE_MS + after * 1000)))).toBe(true);
    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);

    // 3. Every acked position is in the database.
    const database = await openDb();
    try {
      const stored = await rows<{ imei: string; fixed_at: Date | string }>(
        database.db,
        sql`select d.imei, p.fixed_at from positions p join devices d on d.id = p.device_id
            where d.imei in (${sql.join(
              devices.map((d) => sql`${d.imei}`),
              sql`, `,
            )})`,
      );
      const inDb = new Set(stored.map((r) => keyOf(r.imei, new Date(r.fixed_at))));
      const missing = acked.filter((key) => !inDb.has(key));
      console.log(
        `crash test (${postgresServer ? 'PostgreSQL' : 'PGlite'}): ${acked.length} positions acked before the kill ` +
          `(${devices.length} devices), ${unacked} in flight unacked, ${stored.length} stored, ${missing.length} missing`,
      );
      expect(acked.length).toBeGreaterThanOrEqual(MIN_ACKED);
      for (const protocol of ['gt06', 'teltonika'] as const) {
        const imeis = new Set(devices.filter((d) => d.protocol === protocol).map((d) => d.imei));
        expect(acked.some((key) => imeis.has(key.split('|')[0] ?? ''))).toBe(true);
      }
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
  }, 150_000);
});
