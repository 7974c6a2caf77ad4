/**
 * What every benchmark opens: a scratch database (PGlite in a temp directory, or a fresh database on a PostgreSQL
 * server, dropped at close), the env a deployment would load, and the figures it reports.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadEnv, type Env } from '../../apps/server/src/config/env.ts';
import { buildApi } from '../../apps/server/src/app.ts';
import { createInProcessBus } from '../../apps/server/src/bus/bus.ts';
import { loadBrand } from '../../apps/server/src/config/brand.ts';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/db/client.ts';
import { DEMO_PASSWORD, demoAccount } from '../../apps/server/src/db/seed/demo-accounts.ts';
import { createOutboxMailer } from '../../apps/server/src/mail/outbox-mailer.ts';
import { sqlClientOf } from '../../apps/server/src/gateway/ingest/sql-client.ts';

export interface ScratchDatabase {
  kind: 'pglite' | 'postgres';
  database: Database;
  /** PGlite: the data directory; PostgreSQL: the database's own URL. */
  location: string;
  /** PGlite only: the client (COPY … FROM '/dev/blob'). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface ScratchOptions {
  /** Temp directory / database name prefix. */
  prefix?: string;
  /** Reopen a directory (PGlite) or database name (PostgreSQL) kept by an earlier run: nothing is created. */
  reuse?: string | undefined;
  /** Leave the directory or database in place at close. */
  keep?: boolean;
}

export async function openScratchPglite({ prefix = 'cf-bench-', reuse, keep = false }: ScratchOptions = {}) {
  const dir = reuse ?? mkdtempSync(path.join(tmpdir(), prefix));
  const client = await PGlite.create(path.join(dir, 'pglite'));
  const database = openPglite(client);
  return {
    kind: 'pglite',
    database,
    location: dir,
    pglite: client,
    async close() {
      await database.close();
      if (!keep && !reuse) rmSync(dir, { recursive: true, force: true });
    },
  } satisfies ScratchDatabase;
}

/** A new database `<prefix><8 hex>` on the server of `serverUrl`. */
export async function openScratchPostgres(
  serverUrl: string,
  { prefix = 'cf_bench_', reuse, keep = false }: ScratchOptions = {},
): Promise<ScratchDatabase> {
  if (reuse !== undefined && !/^[a-z_]+[0-9a-f]{8}$/.test(reuse))
    throw new Error(`not a scratch database: ${reuse}`);
  const name = reuse ?? `${prefix}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString());
  return {
    kind: 'postgres',
    database,
    location: target.toString(),
    async close() {
      await database.close();
      if (!keep && !reuse) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** PostgreSQL when a server URL is given (usually DATABASE_URL), else PGlite. */
export function openScratchDatabase(serverUrl: string | undefined, options: ScratchOptions = {}) {
  return serverUrl ? openScratchPostgres(serverUrl, options) : openScratchPglite(options);
}

/** The env a deployment would load (through the one env reader, so new settings get their defaults). */
export function benchEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    DATA_DIR: path.join(tmpdir(), 'civicfleet-bench-data'),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    DEMO: 'on',
    SIMULATOR: 'off',
    GATEWAY: 'off',
    ...overrides,
  });
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Median, p95, min and max of a set of timings (ms). */
export function figures(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: times.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    minMs: round(sorted[0] ?? NaN),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  };
}

/**
 * Runs a benchmark on PGlite and, when DATABASE_URL is set, on PostgreSQL too, and writes `resultsFile` keeping the
 * other engine's figures from an earlier run.
 */
export async function runOnEachEngine(options: {
  resultsFile: string;
  prefix: string;
  describe: { benchmark: string; target: string };
  run(engine: ScratchDatabase): Promise<object>;
}): Promise<void> {
  const { resultsFile, prefix, describe, run } = options;
  const previous: Record<string, unknown> = existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>)
    : {};
  const engines: Record<string, unknown> = { ...((previous.engines as Record<string, unknown>) ?? {}) };
  const opens: Array<() => Promise<ScratchDatabase>> = [() => openScratchPglite({ prefix: `${prefix}-` })];
  const url = process.env.DATABASE_URL;
  if (url) opens.push(() => openScratchPostgres(url));
  for (const open of opens) {
    const engine = await open();
    try {
      engines[engine.kind] = { ranAt: new Date().toISOString(), ...(await run(engine)) };
    } finally {
      await engine.close();
    }
  }
  const report = {
    ...describe,
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
    engines,
  };
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), resultsFile)}`);
}

export type DemoRole = Parameters<typeof demoAccount>[0];

/** The real API (no socket; app.inject) on a prepared database, and the demo accounts' access tokens. */
export async function openBenchApi(database: Database, envOverrides: Record<string, string> = {}) {
  const env = benchEnv(envOverrides);
  const mailer = createOutboxMailer({ db: database.db, from: env.mailFrom, smtpUrl: undefined });
  const app = await buildApi(
    { db: database.db, env, brand: loadBrand(env.brand), mailer, bus: createInProcessBus() },
    { logger: false },
  );
  const token = async (role: DemoRole): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: demoAccount(role).email, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return (res.json() as { data: { token: { access: { token: string } } } }).data.token.access.token;
  };
  return {
    app,
    env,
    token,
    async close() {
      await app.close();
      await mailer.close();
    },
  };
}

/** COPY … FROM CSV into a table of a scratch database (PGlite: '/dev/blob'; PostgreSQL: one connection, COPY FROM STDIN). */
export async function openCopier(engine: ScratchDatabase) {
  if (engine.pglite) {
    const client = engine.pglite;
    return {
      async copy(table: string, columns: string, csv: string) {
        await client.query(`COPY ${table} (${columns}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([csv]),
        });
      },
      close: async () => undefined,
    };
  }
  const client = new pg.Client({ connectionString: engine.location });
  await client.connect();
  return {
    async copy(table: string, columns: string, csv: string) {
      const stream = client.query(copyFrom(`COPY ${table} (${columns}) FROM STDIN WITH (FORMAT csv)`));
      await new Promise<void>((resolve, reject) => {
        stream.once('finish', resolve);
        stream.once('error', reject);
        stream.end(csv);
      });
    },
    close: () => client.end(),
  };
}

export async function serverVersion(engine: ScratchDatabase): Promise<string> {
  return (await sqlClientOf(engine.database).query<{ v: string }>('select version() as v'))[0]?.v ?? '';
}
