/**
 * Cluster-wide locks for the scaled layout (several API, gateway and worker processes on one PostgreSQL): session
 * advisory locks held on one dedicated pooled connection for the duration of the work, then unlocked. If the process
 * dies, PostgreSQL ends its session and the lock is gone with it — a lock can never outlive its holder.
 *
 * PGlite lives inside one process, so there is nothing to lock against: the helpers simply run the work.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Database } from './client.ts';

/** A stable signed 64-bit key (decimal string, for a `$1::bigint` parameter) for `civicfleet:<name>`. */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`civicfleet:${name}`).digest().readBigInt64BE(0).toString();
}

export type TryLockResult<T> = { acquired: true; value: T } | { acquired: false };

/** Waits for the lock `name`, runs `fn`, unlocks. */
export async function withPgAdvisoryLock<T>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const result = await lockAndRun(pool, name, 'pg_advisory_lock', fn);
  if (!result.acquired) throw new Error(`advisory lock ${name} was not acquired`);
  return result.value;
}

/** Runs `fn` only if the lock `name` is free right now; `{ acquired: false }` when another session holds it. */
export function tryPgAdvisoryLock<T>(
  pool: pg.Pool,
  name: string,
  fn: () => Promise<T>,
): Promise<TryLockResult<T>> {
  return lockAndRun(pool, name, 'pg_try_advisory_lock', fn);
}

async function lockAndRun<T>(
  pool: pg.Pool,
  name: string,
  lockFunction: 'pg_advisory_lock' | 'pg_try_advisory_lock',
  fn: () => Promise<T>,
): Promise<TryLockResult<T>> {
  const key = advisoryLockKey(name);
  const client = await pool.connect();
  // A connection whose unlock failed may still hold the lock: destroy it (its session ends, the lock with it).
  let destroy = false;
  // The session can die under us (server restart, terminated backend): a checked-out client then emits 'error',
  // which would crash the process without a listener. The lock died with the session; the queries below fail.
  const onError = () => {
    destroy = true;
  };
  client.on('error', onError);
  try {
    let locked: pg.QueryResult<{ ok: boolean | null }>;
    try {
      locked = await client.query<{ ok: boolean | null }>(`select ${lockFunction}($1::bigint) as ok`, [key]);
    } catch (error) {
      destroy = true;
      throw error;
    }
    // pg_advisory_lock returns void (null); pg_try_advisory_lock true/false.
    if (locked.rows[0]?.ok === false) return { acquired: false };
    try {
      return { acquired: true, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => {
        destroy = true;
      });
    }
  } finally {
    client.off('error', onError);
    client.release(destroy);
  }
}

/** The pg Pool behind a PostgreSQL Database (drizzle keeps it as `$client`). */
function poolOf(database: Database): pg.Pool {
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

/** Runs `fn` while holding the cluster-wide lock `name` (waits for it); PGlite: runs `fn`. */
export function withClusterLock<T>(database: Database, name: string, fn: () => Promise<T>): Promise<T> {
  return database.kind === 'postgres' ? withPgAdvisoryLock(poolOf(database), name, fn) : fn();
}

/** Like withClusterLock but never waits: skipped (`acquired: false`) when another process holds the lock. */
export type ClusterTryLock = <T>(name: string, fn: () => Promise<T>) => Promise<TryLockResult<T>>;

/** The try-lock for scheduled jobs across worker processes; undefined on PGlite (one process, nothing to lock). */
export function jobLockOf(database: Database): ClusterTryLock | undefined {
  if (database.kind !== 'postgres') return undefined;
  const pool = poolOf(database);
  return (name, fn) => tryPgAdvisoryLock(pool, `job:${name}`, fn);
}
