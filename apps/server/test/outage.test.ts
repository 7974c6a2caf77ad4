/**
 * Outages of PostgreSQL and Redis under GT06 load (issue 27), on real servers of the test's own: a PostgreSQL cluster
 * (test/postgres-server.ts) that the test restarts with `-m fast` and `-m immediate` and stops for 30 s, and a
 * redis-server it restarts. For the all-in-one process (main.ts) and the split layout (API + gateway + worker over
 * Redis), while four GT06 devices send a fix every 200 ms:
 *
 * - during an outage /v1/readyz answers 503 naming the database within 1 s, and an API call fails within 5 s with a
 *   503 `{ success: false, message }` (never hangs);
 * - within 10 s of the database's return readiness is 200, the API answers and new positions are committed (acked);
 * - every position acknowledged before, during and after the outages is in the database;
 * - after a Redis restart (split layout) live deltas reach an open /v1/live socket again within 10 s, and the socket
 *   gets a fresh snapshot (the deltas published while Redis was away are lost).
 *
 * Runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL set; its PostgreSQL binaries start the private server).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openPostgres, rows } from '../src/db/client.ts';
import { DEMO_PASSWORD, demoAccount } from '../src/db/seed/demo-accounts.ts';
import { prepareDatabase } from '../src/db/seed/index.ts';
import {
  eventually,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  sleep,
} from '../src/gateway/testing/fleet.ts';
import { gt06Location, gt06Login } from '../src/gateway/testing/packets.ts';
import { TcpDevice } from '../src/gateway/testing/tcp-device.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { findPostgresBin, startPostgresServer, type TestPostgres } from './postgres-server.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess } from './processes.ts';
import { startRedisServer, type TestRedis } from './redis-server.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL) && findPostgresBin() !== undefined;
const DEVICES = 4;
const FIX_EVERY_MS = 200;
/** Fix times: one second apart, each device in its own range of 5,000 s within the last 6 hours (past, unique). */
const BASE_MS = Math.floor(Date.now() / 1000) * 1000 - 6 * 3_600_000;
const FIXES_PER_DEVICE = 5_000;

/** A GT06 device that keeps sending, reconnecting when its connection is closed, and records which fixes were acked. */
class LoadDevice {
  readonly sent = new Map<number, string>();
  readonly acked = new Set<string>();
  private stopped = false;
  private index = 0;
  private tcp: TcpDevice | undefined;
  readonly done: Promise<void>;

  constructor(
    readonly imei: string,
    private readonly port: () => number,
    offset: number,
  ) {
    this.index = offset;
    this.done = this.loop();
  }

  get ackedCount(): number {
    return this.acked.size;
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.tcp?.close();
    return this.done;
  }

  private async loop(): Promise<void> {
    let serial = 1;
    while (!this.stopped) {
      let tcp: TcpDevice;
      try {
        tcp = await TcpDevice.connect(this.port());
      } catch {
        await sleep(300);
        continue;
      }
      this.tcp = tcp;
      const reader = this.readAcks(tcp);
      try {
        serial = (serial % 60_000) + 1;
        await tcp.write(gt06Login(this.imei, serial));
        while (!this.stopped && !tcp.isClosed) {
          serial = (serial % 60_000) + 1;
          const at = new Date(BASE_MS + this.index * 1000);
          this.index++;
          this.sent.set(serial, at.toISOString());
          await tcp.write(
            gt06Location({ at, lat: 22.7 + this.index * 1e-5, lon: 75.85, speedKph: 30 }, serial),
          );
          await sleep(FIX_EVERY_MS);
        }
      } catch {
        // closed under us: reconnect
      }
      tcp.close();
      await reader;
      if (!this.stopped) await sleep(300);
    }
  }

  /** GT06 replies are 10 bytes: 78 78 05 <type> <serial:2> <crc:2> 0D 0A; a location ack (0x12) marks its fix. */
  private async readAcks(tcp: TcpDevice): Promise<void> {
    for (;;) {
      let reply: Buffer;
      try {
        reply = await tcp.read(10, 3_600_000);
      } catch {
        return;
      }
      if (reply[3] !== 0x12) continue;
      const fix = this.sent.get(reply.readUInt16BE(4));
      if (fix) this.acked.add(fix);
    }
  }
}

interface Layout {
  api(): string;
  gt06Port(): number;
  output(): string;
  stop(): Promise<void>;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.skipIf(!enabled)('PostgreSQL and Redis outages under GT06 load', () => {
  let postgres: TestPostgres;
  let redis: TestRedis;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    postgres = await startPostgresServer();
    redis = await startRedisServer();
    // One seeded template (migrations, demo organisations and accounts), copied per layout.
    const admin = openPostgres(postgres.url, 1);
    await admin.db.execute(sql.raw('create database outage_template'));
    await admin.close();
    const template = openPostgres(postgres.urlFor('outage_template'), 2);
    await prepareDatabase(template, { demo: true, demoFleet: false });
    await template.close();
  }, 240_000);

  afterAll(async () => {
    await redis?.stop();
    await postgres?.destroy();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  for (const layoutName of ['all-in-one', 'split'] as const) {
    describe(layoutName, () => {
      const database = `outage_${layoutName.replace(/-/g, '_')}`;
      let layout: Layout;
      let devices: LoadDevice[] = [];
      let token = '';
      const imeis = Array.from(
        { length: DEVICES },
        (_, i) => `35871004${layoutName === 'split' ? 1 : 0}${String(i).padStart(6, '0')}`,
      );

      async function signIn(): Promise<string> {
        const response = await fetch(`${layout.api()}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: demoAccount('ADMIN').email, password: DEMO_PASSWORD }),
          signal: AbortSignal.timeout(5_000),
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { token: { access: { token: string } } } }).data.token
          .access.token;
      }

      const vehicles = () =>
        fetch(`${layout.api()}/v1/vehicle?page=1&limit=10`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(8_000),
        });
      const ready = () => fetch(`${layout.api()}/v1/readyz`, { signal: AbortSignal.timeout(5_000) });
      const acked = () => devices.reduce((n, d) => n + d.ackedCount, 0);

      /** During an outage: readiness 503 naming the database within 1 s, an API call a 503 envelope within 5 s. */
      async function expectOutageAnswers(): Promise<void> {
        const readiness = await timed(ready);
        expect(readiness.value.status).toBe(503);
        expect(((await readiness.value.json()) as { message: string }).message).toMatch(/database/i);
        expect(readiness.ms).toBeLessThan(1_000);
        const call = await timed(vehicles);
        expect(call.value.status).toBe(503);
        const body = (await call.value.json()) as { success: boolean; message: string };
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/database|busy|try again/i);
        expect(call.ms).toBeLessThan(5_000);
      }

      /** After the database's return: within 10 s ready, the API answers and new positions are acked. */
      async function expectRecoveryWithin10s(returnedAt: number): Promise<void> {
        const before = acked();
        await eventually(async () => (await ready()).status === 200, 10_000);
        await eventually(async () => (await vehicles()).status === 200, 10_000 - (Date.now() - returnedAt));
        await eventually(async () => acked() > before, Math.max(1_000, 10_000 - (Date.now() - returnedAt)));
        expect(Date.now() - returnedAt).toBeLessThan(10_000);
      }

      beforeAll(async () => {
        const admin = openPostgres(postgres.url, 1);
        await admin.db.execute(sql.raw(`create database ${database} template outage_template`));
        await admin.close();
        const databaseUrl = postgres.urlFor(database);
        const seeding = openPostgres(databaseUrl, 2);
        const indore = await organisationId(seeding.db, INDORE);
        for (const [i, imei] of imeis.entries()) {
          await seedTrackedVehicle(seeding.db, {
            imei,
            protocol: 'gt06',
            organisationId: indore,
            registrationNumber: `MP09OU${layoutName === 'split' ? 1 : 0}${String(i).padStart(3, '0')}`,
          });
        }
        await seeding.close();
        const env = { INGEST_FLUSH_MS: '100', LOG_LEVEL: 'info', DATABASE_CONNECT_TIMEOUT_MS: '3000' };
        if (layoutName === 'split') {
          const cluster: Cluster = await startCluster({
            databaseUrl,
            redisUrl: redis.url,
            apis: 1,
            gateways: 1,
            workers: 1,
            demo: false,
            env,
          });
          layout = {
            api: () => cluster.apis[0]?.url ?? '',
            gt06Port: () => cluster.gateways[0]?.ports.gt06 ?? 0,
            output: () =>
              cluster
                .all()
                .map((p) => `--- ${p.name}\n${p.output()}`)
                .join('\n'),
            stop: () => cluster.stop(),
          };
        } else {
          const dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-outage-'));
          dataDirs.push(dataDir);
          const [apiPort, gt06Port] = [await freeLoopbackPort(), await freeLoopbackPort()];
          const child: ServerProcess = spawnServer('main.ts', {
            ...env,
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            DEMO: 'off',
            SIMULATOR: 'off',
            HOST: '127.0.0.1',
            GATEWAY_HOST: '127.0.0.1',
            PORT: String(apiPort),
            GT06_PORT: String(gt06Port),
            AIS140_PORT: '0',
            TELTONIKA_PORT: '0',
            JWT_SECRET: randomBytes(32).toString('base64url'),
          });
          layout = {
            api: () => `http://127.0.0.1:${apiPort}`,
            gt06Port: () => gt06Port,
            output: () => child.output(),
            stop: async () => {
              child.kill('SIGTERM');
              await child.exited;
            },
          };
          await eventually(async () => {
            if (!child.isRunning()) throw new Error(`main.ts exited:\n${child.output()}`);
            return (await ready().catch(() => null))?.status === 200;
          }, 120_000);
        }
        token = await signIn();
        devices = imeis.map((imei, i) => new LoadDevice(imei, () => layout.gt06Port(), i * FIXES_PER_DEVICE));
        await eventually(async () => acked() >= DEVICES * 3, 30_000);
      }, 300_000);

      afterAll(async () => {
        await Promise.all(devices.map((d) => d.stop()));
        await layout?.stop();
      }, 60_000);

      it('rides out `pg_ctl restart -m fast`', async () => {
        await postgres.restart('fast');
        await expectRecoveryWithin10s(Date.now());
      }, 60_000);

      it('rides out `pg_ctl restart -m immediate`', async () => {
        await postgres.restart('immediate');
        await expectRecoveryWithin10s(Date.now());
      }, 60_000);

      it('answers 503 at once while PostgreSQL is stopped for 30 s, and recovers within 10 s of its return', async () => {
        await postgres.stop('fast');
        const stoppedAt = Date.now();
        // Let the processes notice (a connection refused on the next query or probe), then check repeatedly.
        await sleep(2_000);
        await expectOutageAnswers();
        await sleep(10_000);
        await expectOutageAnswers();
        const ackedDuring = acked();
        await sleep(Math.max(0, 30_000 - (Date.now() - stoppedAt)));
        // Nothing is acknowledged while nothing can be stored.
        expect(acked()).toBe(ackedDuring);
        await postgres.start();
        await expectRecoveryWithin10s(Date.now());
      }, 120_000);

      if (layoutName === 'split') {
        it('resumes live deltas within 10 s of a Redis restart', async () => {
          const socket = new WebSocket(`${layout.api().replace('http', 'ws')}/v1/live`);
          const deltas: number[] = [];
          const snapshots: number[] = [];
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as { type: string };
            if (message.type === 'delta') deltas.push(Date.now());
            if (message.type === 'snapshot') snapshots.push(Date.now());
          });
          socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
          try {
            await eventually(async () => deltas.length > 0, 15_000);
            await redis.stop();
            await sleep(2_000);
            await redis.start();
            const back = Date.now();
            await eventually(async () => deltas.some((at) => at > back), 10_000);
            // The deltas published while Redis was away are lost: the socket got a fresh snapshot instead.
            await eventually(async () => snapshots.some((at) => at > back), 10_000);
            expect(socket.readyState).toBe(WebSocket.OPEN);
          } finally {
            socket.terminate();
          }
        }, 60_000);
      }

      it('stored every position acknowledged before, during and after the outages', async () => {
        // Some more load after the last recovery, so that the check below covers a stretch of normal acks too.
        const afterOutages = acked();
        await eventually(async () => acked() >= afterOutages + DEVICES * 5, 30_000);
        await Promise.all(devices.map((d) => d.stop()));
        const check = openPostgres(postgres.urlFor(database), 1);
        try {
          const stored = await rows<{ imei: string; fixed_at: Date | string }>(
            check.db,
            sql`select d.imei, p.fixed_at from positions p join devices d on d.id = p.device_id
                where d.imei in (${sql.join(
                  imeis.map((imei) => sql`${imei}`),
                  sql`, `,
                )})`,
          );
          const inDb = new Set(stored.map((r) => `${r.imei}|${new Date(r.fixed_at).toISOString()}`));
          const ackedKeys = devices.flatMap((d) => [...d.acked].map((at) => `${d.imei}|${at}`));
          const sent = devices.reduce((n, d) => n + d.sent.size, 0);
          const missing = ackedKeys.filter((key) => !inDb.has(key));
          console.log(
            `outage test (${layoutName}): ${sent} fixes sent, ${ackedKeys.length} acked, ${stored.length} stored, ` +
              `${missing.length} acked but missing`,
          );
          if (process.env.OUTAGE_DEBUG) console.log(layout.output());
          expect(ackedKeys.length).toBeGreaterThanOrEqual(DEVICES * 8);
          expect(missing).toEqual([]);
        } finally {
          await check.close();
        }
        const log = layout.output();
        // One warning per outage, not one per batch or job (the process log keeps its last few thousand characters).
        expect(log).not.toMatch(/"level":50/);
      }, 60_000);
    });
  }
});
