/**
 * One database API over two engines: embedded PGlite (default, `<DATA_DIR>/pglite`) or PostgreSQL (`DATABASE_URL`).
 * Code takes a `Db`; only this file knows which driver is behind it.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths.ts';
import { withPgAdvisoryLock } from './advisory-lock.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The shared type of both drivers (and of a transaction, which extends it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** What a listener of a notification channel hears (PostgreSQL LISTEN/NOTIFY, on either engine). */
export interface ChannelListener {
  message(payload: string): void;
  /**
   * The feed was (re)established (`live` true) or lost (`live` false): anything learned from it before may be stale,
   * and while it is down nothing will be heard.
   */
  reset(live: boolean): void;
  /**
   * Statements of THIS process that `matches` are reported to `onWrite` when they complete (PostgreSQL: a NOTIFY
   * reaches this process's own listener a moment after COMMIT, later than its next request may be handled; PGlite
   * delivers notifications with the COMMIT's result, so it needs no report).
   */
  localWrite?: { matches(text: string): boolean; onWrite(): void };
}

/** LISTEN on a channel: NOTIFYs arrive at their transaction's COMMIT, from any process using the same database. */
export interface ChangeFeed {
  /** Resolves once listening (or, on PostgreSQL, once the first attempt failed and retries are scheduled). */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
}

export interface Database extends ChangeFeed {
  db: Db;
  kind: DbKind;
  /**
   * Applies the SQL migrations in apps/server/drizzle (idempotent). PostgreSQL: under an advisory lock, so that N
   * processes starting together migrate once and the others wait, then find nothing left to apply.
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // One process per data directory (data-dir-lock.ts): refused here, before PGlite opens the files.
  const lock = acquireDataDirLock(options.dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    lock.release();
    throw error;
  }
  const database = openPglite(client);
  return {
    ...database,
    close: once(async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    }),
  };
}

/** Wraps an already created PGlite instance (tests load one from a dumped template). */
export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async listen(channel, listener) {
      // One engine in this process: notifications are delivered with the result of the COMMIT that sent them.
      const unlisten = await client.listen(channel, (payload) => listener.message(payload));
      listener.reset(true);
      return () => unlisten().catch(() => undefined);
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: once(() => client.close()),
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const watchers: LocalWriteWatchers = new Set();
  pool.on('connect', (client) => instrumentClient(client, statementNames, watchers));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    async listen(channel, listener) {
      const { localWrite } = listener;
      if (localWrite) watchers.add(localWrite);
      const unlisten = await listenPostgres(connectionString, channel, listener);
      return async () => {
        if (localWrite) watchers.delete(localWrite);
        await unlisten();
      };
    },
    migrate: () =>
      withPgAdvisoryLock(pool, 'migrate', () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: once(() => pool.end()),
  };
}

/** Distinct statement texts given a name (a server-side prepared statement on each connection that runs them). */
export const MAX_NAMED_STATEMENTS = 500;
/** Process-wide: the same text has the same name on every connection of every pool. */
const statementNames = new Map<string, string>();

/** Statements this process runs, seen by a change listener when they complete (see ChannelListener.localWrite). */
type LocalWriteWatchers = Set<NonNullable<ChannelListener['localWrite']>>;

/**
 * Every query of a pooled connection passes here:
 * - parameterised ones run as named prepared statements: PostgreSQL parses each text once per connection (and plans
 *   it once when its generic plan is as good) instead of on every call — planning the console's joins and search
 *   unions cost more CPU than running them (bench/api-load.bench.ts). Texts without parameters (DDL, migrations,
 *   transaction control, several statements in one) stay unnamed, and past MAX_NAMED_STATEMENTS distinct texts new
 *   ones stay unnamed too, so a connection's memory stays bounded;
 * - a completed statement is shown to the local-write watchers (a NOTIFY reaches this process's own listener a
 *   moment after COMMIT, later than its next request may be served).
 */
function instrumentClient(
  client: pg.PoolClient,
  names: Map<string, string>,
  watchers: LocalWriteWatchers,
): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const text =
      typeof config === 'string'
        ? config
        : config !== null && typeof config === 'object' && 'text' in config && typeof config.text === 'string'
          ? config.text
          : undefined;
    let effective = config;
    if (
      text !== undefined &&
      typeof config === 'object' &&
      !('name' in (config as object) && (config as { name?: unknown }).name) &&
      !('submit' in (config as object)) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
        name = `cf_${names.size + 1}`;
        names.set(text, name);
      }
      if (name !== undefined) effective = { ...(config as object), name };
    }
    const watching = text === undefined ? [] : [...watchers].filter((w) => w.matches(text));
    if (watching.length === 0) return query(effective, values, callback);
    const done = () => {
      for (const w of watching) w.onWrite();
    };
    if (typeof callback === 'function') {
      return query(effective, values, (error: unknown, result: unknown) => {
        done();
        (callback as (e: unknown, r: unknown) => void)(error, result);
      });
    }
    const pending = query(effective, values) as Promise<unknown>;
    return pending.then(
      (result) => {
        done();
        return result;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  };
}

const RELISTEN_AFTER_MS = 1000;

/**
 * A dedicated connection (not from the pool: a pooled one would be handed to queries) that LISTENs, reconnecting
 * every second while the server is unreachable; every loss and every recovery is reported as a reset.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), RELISTEN_AFTER_MS);
    retry.unref();
  };
  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('error', () => undefined);
    client.on('notification', (n) => {
      if (n.channel === channel) listener.message(n.payload ?? '');
    });
    client.on('end', () => {
      if (current !== client) return;
      current = undefined;
      listener.reset(false);
      scheduleRetry();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => undefined);
      listener.reset(false);
      scheduleRetry();
      return;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    listener.reset(true);
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** Closing twice (a test that closes early, then its teardown) is a no-op the second time. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Raw SQL rows on either driver. On the shared `Db` type `execute()` returns `unknown` (research/stack.md §3.2);
 * both drivers answer `{ rows }`. Note: bigint columns come back as string (pg) or bigint (PGlite) — cast `::text`.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
