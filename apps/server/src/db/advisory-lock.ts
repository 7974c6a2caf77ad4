/**
 * Cluster-wide locks for several processes on one PostgreSQL (API, gateway and worker processes; all-in-one processes
 * side by side): PostgreSQL session advisory locks, all held on ONE small dedicated connection per process — never on
 * a pooled one. The work inside a lock uses the pool like any other code, so however many jobs are due at once, a
 * lock never keeps a pool connection waiting for another (issue 27: ten jobs each pinning one of ten pooled
 * connections while their work waited for an eleventh froze the all-in-one server).
 *
 * - Lock and unlock are short statements on the lock connection (pg queues them; they never wait on the server:
 *   only `pg_try_advisory_lock` is used, and `lock()` polls it with a backoff instead of blocking the connection).
 * - Within the process a name is held at most once (session locks are re-entrant in PostgreSQL, so two holders in one
 *   process would both "get" it): a second try is refused, a second `lock()` waits for the first to finish.
 * - If the lock connection dies (server restart, terminated backend, network), PostgreSQL has released every lock on
 *   it: the holders are told (`lease.lost`) and the next lock call reconnects. The work already running goes on; the
 *   jobs guarded by these locks are idempotent, so at worst one runs twice during a restart.
 * - If the process dies, its session ends and its locks with it: a lock never outlives its holder.
 *
 * PGlite lives inside one process, so there is nothing to lock against: the helpers simply run the work.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** A stable signed 64-bit key (decimal string, for a `$1::bigint` parameter) for `civicfleet:<name>`. */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(`civicfleet:${name}`).digest().readBigInt64BE(0).toString();
}

export type TryLockResult<T> = { acquired: true; value: T } | { acquired: false };

export interface LockLog {
  warn(details: object, message: string): void;
}

export interface LockSessionOptions {
  /** Bound on connecting and on each lock statement (default 5 s): a lock call never hangs on a dead server. */
  timeoutMs?: number;
  /** First and longest pause between tries of a waiting `lock()` (default 100 ms, doubling up to 2 s). */
  pollMs?: number;
  maxPollMs?: number;
  log?: LockLog;
}

interface Held {
  lost: boolean;
}

/** The lock connection of one process (see the file comment). */
export class PgLockSession {
  readonly #connectionString: string;
  readonly #timeoutMs: number;
  readonly #pollMs: number;
  readonly #maxPollMs: number;
  readonly #log: LockLog | undefined;
  readonly #held = new Map<string, Held>();
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(connectionString: string, options: LockSessionOptions = {}) {
    this.#connectionString = connectionString;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
    this.#pollMs = options.pollMs ?? 100;
    this.#maxPollMs = options.maxPollMs ?? 2_000;
    this.#log = options.log;
  }

  /** Names held by this process right now (tests, diagnostics). */
  get heldNames(): string[] {
    return [...this.#held.keys()];
  }

  /** Runs `fn` only if `name` is free right now, in this process and in every other. */
  async tryRun<T>(name: string, fn: () => Promise<T>): Promise<TryLockResult<T>> {
    const held = await this.#tryAcquire(name);
    if (!held) return { acquired: false };
    return { acquired: true, value: await this.#runHeld(name, held, fn) };
  }

  /** Waits until `name` is free (polling, never blocking the lock connection), runs `fn`, unlocks. */
  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    let pause = this.#pollMs;
    for (;;) {
      const held = await this.#tryAcquire(name);
      if (held) return this.#runHeld(name, held, fn);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(this.#maxPollMs, pause * 2);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client ?? (await this.#connecting?.catch(() => undefined));
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #tryAcquire(name: string): Promise<Held | null> {
    if (this.#closed) throw new Error('The lock session is closed');
    if (this.#held.has(name)) return null;
    // Claimed in this process before the round trip, so that a concurrent caller is refused without asking.
    const held: Held = { lost: false };
    this.#held.set(name, held);
    try {
      const result = await this.#query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
        advisoryLockKey(name),
      ]);
      if (result.rows[0]?.ok === true) return held;
    } catch (error) {
      this.#held.delete(name);
      throw error;
    }
    this.#held.delete(name);
    return null;
  }

  async #runHeld<T>(name: string, held: Held, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } finally {
      this.#held.delete(name);
      // A lost lock is already gone with its session; unlocking on a new session would be wrong (and fail).
      if (!held.lost) {
        await this.#query('select pg_advisory_unlock($1::bigint)', [advisoryLockKey(name)]).catch(() => {
          // The connection is dropped by #query on failure: its session ends and the lock with it.
        });
      }
    }
  }

  async #query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    const client = await this.#connect();
    try {
      return await client.query<R>({ text, values, query_timeout: this.#timeoutMs } as pg.QueryConfig);
    } catch (error) {
      // A timed-out or failed lock statement leaves the session in doubt: end it, which releases its locks.
      this.#drop(client, error);
      throw error;
    }
  }

  #connect(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.#connectionString,
        connectionTimeoutMillis: this.#timeoutMs,
        keepAlive: true,
        application_name: 'civicfleet-locks',
      });
      client.on('error', (error) => this.#drop(client, error));
      client.on('end', () => this.#drop(client));
      try {
        await client.connect();
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.#closed) {
        await client.end().catch(() => undefined);
        throw new Error('The lock session is closed');
      }
      this.#client = client;
      return client;
    })().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** The session is gone (or in doubt): every lock it held is released by the server. */
  #drop(client: pg.Client, error?: unknown): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    if (this.#held.size > 0 && !this.#closed) {
      this.#log?.warn(
        { locks: [...this.#held.keys()], err: error },
        'lock connection lost: the advisory locks held on it were released; the work running under them goes on',
      );
    }
    for (const held of this.#held.values()) held.lost = true;
    void client.end().catch(() => undefined);
  }
}

/** What a Database offers for cluster-wide locks (db/client.ts): the lock session on PostgreSQL, none on PGlite. */
export interface LockingDatabase {
  locks?: PgLockSession | undefined;
}

/** Runs `fn` while holding the cluster-wide lock `name` (waits for it); PGlite: runs `fn`. */
export function withClusterLock<T>(
  database: LockingDatabase,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  return database.locks ? database.locks.run(name, fn) : fn();
}

/** Like withClusterLock but never waits: skipped (`acquired: false`) when another process holds the lock. */
export type ClusterTryLock = <T>(name: string, fn: () => Promise<T>) => Promise<TryLockResult<T>>;

/** The try-lock for scheduled jobs across worker processes; undefined on PGlite (one process, nothing to lock). */
export function jobLockOf(database: LockingDatabase): ClusterTryLock | undefined {
  const locks = database.locks;
  if (!locks) return undefined;
  return (name, fn) => locks.tryRun(`job:${name}`, fn);
}
