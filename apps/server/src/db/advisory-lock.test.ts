/**
 * Cluster-wide locks (issue 9): scheduled jobs run in one worker at a time, and N processes starting together on a
 * fresh PostgreSQL database migrate and seed exactly once. The PostgreSQL cases run with TEST_DATABASE_URL (.ci/run's
 * PostgreSQL pass); on PGlite (one process) the locks are no-ops and jobs run as before.
 */
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmptyDatabase, type TestDatabase } from '../../test/helpers.ts';
import { adminQuery, databaseUrlFor, randomDbName } from '../../test/template.ts';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { sleep } from '../gateway/testing/fleet.ts';
import { startJobs, type Job, type JobLogger, type JobRunner } from '../worker/runner.ts';
import { advisoryLockKey, jobLockOf, withClusterLock } from './advisory-lock.ts';
import { openPostgres, rows, type Database } from './client.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
import { prepareDatabase } from './seed/index.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function recordingLogger() {
  const skipped: string[] = [];
  const done: string[] = [];
  const failed: unknown[] = [];
  const log: JobLogger = {
    // Runs with nothing to report log 'job done' at debug too; skipped ticks log 'job skipped: …'.
    debug: (obj, msg) =>
      (msg.startsWith('job skipped') ? skipped : done).push(String((obj as { job: string }).job)),
    info: (obj) => done.push(String((obj as { job: string }).job)),
    error: (obj) => failed.push((obj as { err: unknown }).err),
  };
  return { log, skipped, done, failed };
}

/** A job whose body takes `bodyMs` and records how many bodies run at the same time (across runners). */
function slowJob(bodyMs: number, intervalMs: number) {
  const state = { runs: 0, active: 0, maxActive: 0 };
  const job: Job = {
    name: `slow-${bodyMs}`,
    intervalMs,
    async run() {
      state.runs += 1;
      state.active += 1;
      state.maxActive = Math.max(state.maxActive, state.active);
      await sleep(bodyMs);
      state.active -= 1;
    },
  };
  return { job, state };
}

describe('advisory lock keys', () => {
  it('are stable signed 64-bit integers, distinct per name', () => {
    const key = advisoryLockKey('job:sessions');
    expect(key).toBe(advisoryLockKey('job:sessions'));
    expect(BigInt(key) >= -(2n ** 63n) && BigInt(key) < 2n ** 63n).toBe(true);
    expect(advisoryLockKey('job:offline')).not.toBe(key);
  });
});

describe.skipIf(onPostgres)('locks on PGlite (one process)', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await openEmptyDatabase();
  });
  afterAll(async () => empty?.close());

  it('has no job lock, and jobs run as before', async () => {
    expect(jobLockOf(empty.database)).toBeUndefined();
    expect(await withClusterLock(empty.database, 'anything', async () => 42)).toBe(42);
    const { job, state } = slowJob(20, 10);
    const { log, done } = recordingLogger();
    const runner = startJobs([job], log, { firstRunDelayMs: 0, lock: jobLockOf(empty.database) });
    for (let waited = 0; state.runs < 3 && waited < 10_000; waited += 20) await sleep(20);
    await runner.stop();
    expect(state.runs).toBeGreaterThanOrEqual(3);
    expect(done.length).toBe(state.runs);
  });
});

describe.skipIf(!onPostgres)('locks on PostgreSQL (several processes)', () => {
  const serverUrl = onPostgres ? inject('postgresServerUrl') : '';
  const databases: string[] = [];
  const opened: Database[] = [];
  const runners: JobRunner[] = [];

  async function freshDatabase(): Promise<string> {
    const name = randomDbName('cf_lock');
    await adminQuery(serverUrl, `create database ${name}`);
    databases.push(name);
    return databaseUrlFor(serverUrl, name);
  }
  /** A process's own pool (each "process" here is a separate pool: separate sessions). */
  function open(url: string, max = 2): Database {
    const database = openPostgres(url, max);
    opened.push(database);
    return database;
  }

  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    await Promise.all(opened.map((d) => d.close()));
    for (const name of databases) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('runs a scheduled job in one of two workers at a time; the other skips its tick', async () => {
    const url = await freshDatabase();
    // The body (300 ms) outlasts the interval (50 ms): both workers tick many times while one body runs.
    const { job, state } = slowJob(300, 50);
    const [a, b] = [recordingLogger(), recordingLogger()];
    const workerA = open(url);
    const workerB = open(url);
    const started = Date.now();
    runners.push(
      startJobs([job], a.log, { firstRunDelayMs: 0, lock: jobLockOf(workerA) }),
      startJobs([job], b.log, { firstRunDelayMs: 0, lock: jobLockOf(workerB) }),
    );
    await sleep(1_600);
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    const elapsedMs = Date.now() - started;

    expect([...a.failed, ...b.failed]).toEqual([]);
    expect(state.maxActive).toBe(1);
    // Back to back at most: one body per 300 ms window, not one per worker (without the lock: about twice as many).
    expect(state.runs).toBeGreaterThanOrEqual(3);
    expect(state.runs).toBeLessThanOrEqual(Math.ceil(elapsedMs / 300) + 1);
    expect(a.done.length + b.done.length).toBe(state.runs);
    expect(a.skipped.length + b.skipped.length).toBeGreaterThan(0);
    // The lock is released after each body: nothing is left held.
    const held = await rows<{ n: number }>(
      workerA.db,
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database =
          (select oid from pg_database where datname = current_database())`,
    );
    expect(held[0]?.n).toBe(0);
  });

  it('never pins a pooled connection: more jobs due at once than the pool has connections all run (issue 27)', async () => {
    // The freeze: each job held a pooled connection for its lock while its work needed another one from the same
    // pool; with as many jobs due as connections, every job waited for a connection forever.
    const url = await freshDatabase();
    const worker = open(url, 2);
    const ran = new Set<string>();
    const jobs: Job[] = Array.from({ length: 6 }, (_, i) => ({
      name: `busy-${i}`,
      intervalMs: 60_000,
      async run() {
        await worker.db.execute(sql`select pg_sleep(0.05)`);
        await worker.db.transaction(async (tx) => tx.execute(sql`select 1`));
        ran.add(`busy-${i}`);
      },
    }));
    const { log, failed } = recordingLogger();
    runners.push(startJobs(jobs, log, { firstRunDelayMs: 0, lock: jobLockOf(worker) }));
    for (let waited = 0; ran.size < jobs.length && waited < 15_000; waited += 50) await sleep(50);
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    expect(failed).toEqual([]);
    expect(ran.size).toBe(jobs.length);
    // The locks were taken on the lock connection, not on the pool's two.
    expect(worker.locks?.heldNames).toEqual([]);
  });

  it('refuses a lock this process already holds (session locks are re-entrant in PostgreSQL)', async () => {
    const url = await freshDatabase();
    const lock = jobLockOf(open(url));
    if (!lock) throw new Error('no job lock on PostgreSQL');
    let release: (() => void) | undefined;
    const first = lock('reports', () => new Promise<void>((resolve) => (release = resolve)));
    for (let waited = 0; !release && waited < 5_000; waited += 10) await sleep(10);
    expect(await lock('reports', async () => 'twice')).toEqual({ acquired: false });
    release?.();
    expect(await first).toEqual({ acquired: true, value: undefined });
    expect(await lock('reports', async () => 'again')).toEqual({ acquired: true, value: 'again' });
  });

  it('lets a crashed holder’s lock go: a session that ends frees the job for the others', async () => {
    const url = await freshDatabase();
    const name = databases.at(-1) ?? '';
    const holder = open(url, 1);
    const other = open(url);
    const lockA = jobLockOf(holder);
    const lockB = jobLockOf(other);
    if (!lockA || !lockB) throw new Error('no job lock on PostgreSQL');
    let release: () => void = () => undefined;
    const held = lockA('reports', () => new Promise<void>((resolve) => (release = resolve)));
    await sleep(100);
    expect(await lockB('reports', async () => 'ran')).toEqual({ acquired: false });
    // Another job name is independent.
    expect(await lockB('offline', async () => 'ran')).toEqual({ acquired: true, value: 'ran' });
    // The holder's session dies (like kill -9 of its process): its lock goes with it.
    await adminQuery(
      serverUrl,
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and pid <> pg_backend_pid()
         and database = (select oid from pg_database where datname = '${name}')`,
    );
    release();
    await held.catch(() => undefined);
    expect(await lockB('reports', async () => 'ran')).toEqual({ acquired: true, value: 'ran' });
  });

  it('migrates and seeds once when 4 processes start together on a fresh database', async () => {
    const url = await freshDatabase();
    const processes = Array.from({ length: 4 }, () => open(url));
    const results = await Promise.all(
      processes.map((d) => prepareDatabase(d, { demo: true, demoFleet: false })),
    );
    expect(results.filter((r) => r.seededDemo)).toHaveLength(1);

    const db = processes[0]?.db;
    if (!db) throw new Error('no database');
    const migrationFiles = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'));
    const migrations = await rows<{ hash: string; n: number }>(
      db,
      sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
    );
    expect(migrations).toHaveLength(migrationFiles.length);
    expect(migrations.every((m) => m.n === 1)).toBe(true);
    const duplicates = await rows<{ trade_name: string }>(
      db,
      sql`select trade_name from organisations group by trade_name having count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    const users = await rows<{ n: number }>(db, sql`select count(*)::int as n from users`);
    expect(users[0]?.n).toBe(DEMO_ACCOUNTS.length);
    const roles = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from roles where is_builtin group by name having count(*) > 1`,
    );
    expect(roles).toEqual([]);
  });
});
