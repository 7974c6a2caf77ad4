/**
 * The embedded database on a full disk (issue 27), with a real all-in-one process whose DATA_DIR is a small tmpfs:
 * while the disk is full the gateway withholds acks (devices keep their data and resend) and the API answers a
 * clear error; nothing half-written is stored. Needs root for the tmpfs; skipped otherwise (and on PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, openPglite, rows } from '../src/db/client.ts';
import { INDORE, organisationId, seedTrackedVehicle } from '../src/gateway/testing/fleet.ts';
import { gt06Ack, gt06Location, gt06Login, toHex } from '../src/gateway/testing/packets.ts';
import { TcpDevice } from '../src/gateway/testing/tcp-device.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess, waitForHttp } from './processes.ts';
import { DISK_MESSAGES } from '../src/storage/disk-errors.ts';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from './tmpfs.ts';

const IMEI = '359710049066602';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL) || tmpfsUnavailable() !== null)(
  'embedded database on a full disk',
  () => {
    let server: ServerProcess | undefined;
    let tmpfs: Tmpfs;
    beforeAll(async () => {
      tmpfs = mountTmpfs(160 * 1024 * 1024);
      const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
      const database = openPglite(
        await PGlite.create({ dataDir: path.join(tmpfs.dir, 'pglite'), loadDataDir: dump }),
      );
      try {
        await seedTrackedVehicle(database.db, {
          imei: IMEI,
          protocol: 'gt06',
          organisationId: await organisationId(database.db, INDORE),
          registrationNumber: 'MP09DF0001',
        });
      } finally {
        await database.close();
      }
    });
    afterAll(async () => {
      if (server?.isRunning()) {
        server.kill('SIGKILL');
        await server.exited;
      }
      tmpfs?.unmount();
    });

    const loginStatus = async (api: string) =>
      (
        await fetch(`${api}/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin@demo.civicfleet.in', password: 'Demo@12345' }),
        })
      ).json() as Promise<{ success: boolean; message: string }>;

    it('withholds acks and answers 507 while the disk is full; works again once space is freed, without a restart', async () => {
      const [port, gt06Port] = [await freeLoopbackPort(), await freeLoopbackPort()];
      server = spawnServer('main.ts', {
        DATA_DIR: tmpfs.dir,
        DATABASE_URL: '',
        DEMO: 'off',
        SIMULATOR: 'off',
        HOST: '127.0.0.1',
        GATEWAY_HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        GT06_PORT: String(gt06Port),
        AIS140_PORT: '0',
        TELTONIKA_PORT: '0',
        INGEST_FLUSH_MS: '50',
      });
      const api = `http://127.0.0.1:${port}`;
      await waitForHttp(`${api}/healthz`, server);
      const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
      const fix = (i: number) =>
        gt06Location(
          { at: new Date(base + i * 1000), lat: 22.72 + i * 1e-5, lon: 75.86, speedKph: 30 },
          2 + i,
        );
      /** Sends fixes from..to one at a time, each after the previous one's ack; returns the first not acked. */
      const sendUntilRefused = async (device: TcpDevice, from: number, to: number): Promise<number> => {
        for (let i = from; i <= to; i += 1) {
          if (
            !(await device.write(fix(i)).then(
              () => true,
              () => false,
            ))
          )
            return i;
          const ack = await device.read(10, 3_000).catch(() => Buffer.alloc(0));
          if (ack.length === 0) return i;
          expect(toHex(ack)).toBe(toHex(gt06Ack(0x12, 2 + i)));
        }
        return to + 1;
      };
      let device = await TcpDevice.connect(gt06Port);
      await device.write(gt06Login(IMEI, 1));
      await device.read(10);
      expect(await sendUntilRefused(device, 0, 0)).toBe(1);

      // Full: free space in the pages already allocated still takes a few fixes; then the batch's transaction fails
      // ("could not extend file … No space left on device"), its acks are withheld and the connection is dropped.
      tmpfs.fill();
      const refused = await sendUntilRefused(device, 1, 2_000);
      expect(refused).toBeLessThan(2_000);
      expect(await loginStatus(api)).toEqual({
        success: false,
        message: DISK_MESSAGES.full,
        requestId: expect.any(String),
      });
      device.close();

      // Space back: the device reconnects and resends what was not acked; everything is acked and the API works.
      tmpfs.free();
      device = await TcpDevice.connect(gt06Port);
      await device.write(gt06Login(IMEI, 1));
      await device.read(10);
      expect(await sendUntilRefused(device, refused, refused + 5)).toBe(refused + 6);
      expect(await loginStatus(api)).toMatchObject({ success: true });
      device.close();

      server.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Exactly the fixes that were acked, each once: nothing half-written, nothing lost.
      const database = await openDatabase({ dataDir: tmpfs.dir });
      try {
        const [stored] = await rows<{ n: number; distinct: number }>(
          database.db,
          sql`select count(*)::int as n, count(distinct p.fixed_at)::int as distinct
            from positions p join devices d on d.id = p.device_id where d.imei = ${IMEI}`,
        );
        expect(stored).toEqual({ n: refused + 6, distinct: refused + 6 });
      } finally {
        await database.close();
      }
    }, 300_000);
  },
);
