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
import { PgLockSession, type LockLog } from './advisory-lock.ts';
import { unavailableKind } from './connection-errors.ts';
import { createDependencyWatch, type DependencyWatch, type OutageLog } from './outage.ts';
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
  /**
   * PostgreSQL: is the server reachable (one warning per outage, /metrics, probes while it is away; outage.ts).
   * PGlite: none (it is inside the process).
   */
  health?: DependencyWatch | undefined;
  /** PostgreSQL: the cluster-wide advisory locks of this process, on their own connection (advisory-lock.ts). */
  locks?: PgLockSession | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL pool settings (env DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
  pool?: PostgresPoolOptions | undefined;
  log?: (OutageLog & LockLog) | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, { ...options.pool, log: options.log });
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

export interface PostgresPoolOptions {
  /** Pooled connections (default 10). */
  max?: number | undefined;
  /**
   * How long a query waits for a pooled connection (or for a new connection to open) before it fails with a clear
   * 503 "busy" / "unreachable" instead of hanging (default 5 s).
   */
  connectTimeoutMs?: number | undefined;
  /** Server-side bound on any one statement of the pool (default 60 s; 0 = none). Migrations are not bounded. */
  statementTimeoutMs?: number | undefined;
  log?: (OutageLog & LockLog) | undefined;
}

export const DEFAULT_POOL_MAX = 10;
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 60_000;
/** A pool timeout is logged at most this often (each one is a 503 to a caller; the log must not flood). */
const POOL_BUSY_LOG_EVERY_MS = 10_000;

/**
 * PostgreSQL through a pg Pool that rides out outages (issue 27):
 * - a connection that dies (server restart, terminated backend) is discarded — idle or checked out, with an 'error'
 *   listener on every client so that a death between two queries of a transaction cannot crash the process — and the
 *   next query opens a new one; connecting is bounded (`connectTimeoutMs`), so is waiting for a free connection, and
 *   every statement (`statementTimeoutMs`); TCP keepalive finds half-open connections;
 * - `health` learns of every connection failure, logs one warning per outage and probes every second until the
 *   server answers (outage.ts); http/error-handler.ts answers 503 meanwhile;
 * - advisory locks live on their own connection (`locks`), never on a pooled one.
 */
export function openPostgres(connectionString: string, options: number | PostgresPoolOptions = {}): Database {
  const settings = typeof options === 'number' ? { max: options } : options;
  const max = settings.max ?? DEFAULT_POOL_MAX;
  const connectTimeoutMs = settings.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeoutMs = settings.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const log = settings.log;
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  const health = createDependencyWatch({
    dependency: 'database',
    log,
    probe: () => probePostgres(connectionString, Math.min(connectTimeoutMs, 1_000)),
  });
  const noteFailure = (error: unknown) => {
    if (unavailableKind(error) === 'unreachable') health.lost(error);
  };
  let lastBusyLogAt = -Infinity;
  const noteConnectFailure = (error: unknown) => {
    const kind = unavailableKind(error);
    if (kind === 'unreachable') health.lost(error);
    else if (kind === 'busy' && Date.now() - lastBusyLogAt >= POOL_BUSY_LOG_EVERY_MS) {
      lastBusyLogAt = Date.now();
      log?.warn(
        { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, connectTimeoutMs },
        `database pool: no free connection within ${connectTimeoutMs} ms; the call failed with 503`,
      );
    }
  };
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', noteFailure);
  const watchers: LocalWriteWatchers = new Set();
  // Per pool: the same text has the same name on every connection of the pool (a connection belongs to one pool), and
  // the pool's own statements fill its budget of names (a process normally has one pool; a test process many).
  const statementNames = new Map<string, string>();
  pool.on('connect', (client) => {
    // A checked-out client whose connection dies between two queries emits 'error' (pg-pool listens only while it
    // is idle): without this listener that would be an uncaught exception. The next query on it fails, and the pool
    // discards it on release (it is no longer queryable).
    client.on('error', noteFailure);
    instrumentClient(client, statementNames, watchers, noteFailure);
    health.restored();
  });
  watchPoolConnect(pool, noteConnectFailure);
  const locks = new PgLockSession(connectionString, { timeoutMs: connectTimeoutMs, ...(log ? { log } : {}) });
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    health,
    locks,
    async listen(channel, listener) {
      const { localWrite } = listener;
      if (localWrite) watchers.add(localWrite);
      const unlisten = await listenPostgres(connectionString, channel, listener);
      return async () => {
        if (localWrite) watchers.delete(localWrite);
        await unlisten();
      };
    },
    // On a connection of its own, without the pool's statement timeout (a migration may rewrite a big table).
    migrate: () =>
      locks.run('migrate', async () => {
        const client = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
        await client.connect();
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.end().catch(() => undefined);
        }
      }),
    close: once(async () => {
      health.close();
      await locks.close();
      await pool.end();
    }),
  };
}

/** Reports every failed attempt to get a pooled connection (pool.query goes through pool.connect too). */
function watchPoolConnect(pool: pg.Pool, onFailure: (error: unknown) => void): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  (pool as { connect: unknown }).connect = (callback?: (...args: unknown[]) => void) => {
    if (typeof callback === 'function') {
      return connect((error: unknown, ...rest: unknown[]) => {
        if (error) onFailure(error);
        callback(error, ...rest);
      });
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      onFailure(error);
      throw error;
    });
  };
}

/** `select 1` on a connection of its own, bounded: does the server answer now? */
async function probePostgres(connectionString: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Distinct statement texts given a name (a server-side prepared statement on each connection that runs them). */
export const MAX_NAMED_STATEMENTS = 500;

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
 *   moment after COMMIT, later than its next request may be served);
 * - a failed one is shown to `onFailure` (the outage watch: was the connection lost?).
 */
function instrumentClient(
  client: pg.PoolClient,
  names: Map<string, string>,
  watchers: LocalWriteWatchers,
  onFailure: (error: unknown) => void,
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
    if (watching.length === 0) {
      const result = query(effective, values, callback);
      // A connection dying under a running query rejects the query rather than emitting 'error': tell the watch.
      if (result instanceof Promise) result.catch(onFailure);
      return result;
    }
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
        onFailure(error);
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
