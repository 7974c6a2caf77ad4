/**
 * `DATABASE_URL=postgres://… DEMO=on npm start` as an operator runs it (issue 27): the all-in-one process on an empty
 * PostgreSQL database seeds the demo and drives the demo fleet with the simulator, while a client signs in and calls
 * list routes every few seconds for three minutes. Every call must answer within 2 s and positions must keep growing.
 * (Before issue 27 every database call hung within a minute: the worker's jobs each pinned a pooled connection for
 * an advisory lock while their work waited for another from the same pool.)
 *
 * Runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL); it takes about four minutes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, rows, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD, demoAccount } from '../src/db/seed/demo-accounts.ts';
import { eventually, sleep } from '../src/gateway/testing/fleet.ts';
import { adminQuery, databaseUrlFor, randomDbName } from './template.ts';
import { freeLoopbackPort, spawnServer, type ServerProcess } from './processes.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const RUN_MS = 180_000;
const CALL_EVERY_MS = 3_000;
const CALL_BOUND_MS = 2_000;

function mustHave<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('not set up');
  return value;
}

describe.skipIf(!onPostgres)('all-in-one on PostgreSQL with the demo and the simulator (issue 27)', () => {
  const serverUrl = onPostgres ? inject('postgresServerUrl') : '';
  const databaseName = randomDbName('cf_allinone');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-allinone-'));
  let child: ServerProcess | undefined;
  let database: Database | undefined;
  let api = '';

  beforeAll(async () => {
    await adminQuery(serverUrl, `create database ${databaseName}`);
    const databaseUrl = databaseUrlFor(serverUrl, databaseName);
    const [port, ais140, gt06, teltonika] = [
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
      await freeLoopbackPort(),
    ];
    // As the README has it: DATABASE_URL and DEMO=on (the simulator follows DEMO); no JWT_SECRET (generated).
    child = spawnServer('main.ts', {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO: 'on',
      HOST: '127.0.0.1',
      GATEWAY_HOST: '127.0.0.1',
      PORT: String(port),
      AIS140_PORT: String(ais140),
      GT06_PORT: String(gt06),
      TELTONIKA_PORT: String(teltonika),
      LOG_LEVEL: 'warn',
    });
    api = `http://127.0.0.1:${port}`;
    await eventually(async () => {
      if (!child?.isRunning()) throw new Error(`main.ts exited:\n${child?.output()}`);
      const ready = await fetch(`${api}/v1/readyz`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      return ready?.status === 200;
    }, 240_000);
    database = openPostgres(databaseUrl, 1);
  }, 300_000);

  afterAll(async () => {
    if (child?.isRunning()) {
      child.kill('SIGTERM');
      await child.exited;
    }
    await database?.close();
    await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const positionCount = async () =>
    (await rows<{ n: number }>(mustHave(database).db, sql`select count(*)::int as n from positions`))[0]?.n ??
    0;

  /** One call, timed; never longer than the bound plus a margin (then it counts as failed). */
  async function call(
    label: string,
    request: () => Promise<Response>,
  ): Promise<{ label: string; ms: number; status: number }> {
    const started = performance.now();
    try {
      const response = await request();
      await response.arrayBuffer();
      return { label, ms: performance.now() - started, status: response.status };
    } catch (error) {
      return { label: `${label} (${(error as Error).name})`, ms: performance.now() - started, status: 0 };
    }
  }

  it(
    'answers every sign-in and list call within 2 s for 3 minutes while positions keep growing',
    async () => {
      const results: { label: string; ms: number; status: number }[] = [];
      const counts: number[] = [await positionCount()];
      const until = Date.now() + RUN_MS;
      const signal = () => AbortSignal.timeout(CALL_BOUND_MS + 3_000);
      while (Date.now() < until) {
        let token = '';
        results.push(
          await call('sign-in', async () => {
            const response = await fetch(`${api}/v1/auth/login`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: demoAccount('ADMIN').email, password: DEMO_PASSWORD }),
              signal: signal(),
            });
            if (response.ok) {
              const body = (await response.clone().json()) as {
                data: { token: { access: { token: string } } };
              };
              token = body.data.token.access.token;
            }
            return response;
          }),
        );
        const headers = { authorization: `Bearer ${token}` };
        for (const [label, url] of [
          ['vehicles', '/v1/vehicle?page=1&limit=25'],
          ['users', '/v1/users?page=1&limit=25'],
          ['organisations', '/v1/organisation?page=1&limit=25'],
          ['readiness', '/v1/readyz'],
        ] as const) {
          results.push(await call(label, () => fetch(`${api}${url}`, { headers, signal: signal() })));
        }
        counts.push(await positionCount());
        await sleep(CALL_EVERY_MS);
      }
      const slow = results.filter((r) => r.ms >= CALL_BOUND_MS || r.status !== 200);
      const worst = Math.max(...results.map((r) => r.ms));
      console.log(
        `all-in-one on PostgreSQL: ${results.length} calls in ${RUN_MS / 1000} s, slowest ${worst.toFixed(0)} ms; ` +
          `positions ${counts[0]} → ${counts.at(-1)}`,
      );
      expect(slow, child?.output()).toEqual([]);
      // Positions keep growing: in every minute of the run, new ones were committed.
      const perMinute = Math.round(60_000 / (CALL_EVERY_MS + 1_000));
      for (let i = perMinute; i < counts.length; i += perMinute) {
        expect(counts[i] ?? 0).toBeGreaterThan(counts[i - perMinute] ?? 0);
      }
      expect(counts.at(-1) ?? 0).toBeGreaterThan(counts[0] ?? 0);
      expect(child?.isRunning()).toBe(true);
    },
    RUN_MS + 120_000,
  );
});
