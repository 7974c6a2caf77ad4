/**
 * Raw parameterised SQL on either engine, for the ingest hot path: multi-row INSERTs through Drizzle's query builder
 * cost 2–3× in JavaScript (research/stack.md §6.2), so the writer talks to the driver behind the Drizzle instance
 * (`db.$client`, Drizzle's documented escape hatch) with plain `text + params`, and bulk-loads with COPY (PGlite:
 * FROM '/dev/blob'; PostgreSQL: FROM STDIN through pg-copy-streams), 3–5× an INSERT on both (§6.2).
 *
 * Parameters: pass ids as decimal strings, times as Date, bytea as Buffer, jsonb as JSON text. Results: bigint
 * columns differ between drivers (PGlite bigint, pg string) — select them `::text`.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';

export interface SqlExecutor {
  query<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * `COPY <table> (…) FROM … WITH (FORMAT binary)` fed with `data` (sql-values.ts CopyBinaryWriter; PGlite: FROM
   * '/dev/blob', PostgreSQL: FROM STDIN). `copy` is the statement up to and excluding FROM, e.g.
   * `COPY raw_logs (a, b)`. Optional: an executor without it makes the writer fall back to unnest INSERTs.
   */
  copyBinary?: (copy: string, data: Uint8Array) => Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  kind: Database['kind'];
  /** Runs `fn` in one transaction (BEGIN … COMMIT; ROLLBACK when it throws). */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

function driverOf(database: Database): unknown {
  return (database.db as unknown as { $client: unknown }).$client;
}

export function sqlClientOf(database: Database): SqlClient {
  return database.kind === 'pglite'
    ? pgliteClient(driverOf(database) as PGlite)
    : postgresClient(driverOf(database) as pg.Pool);
}

function pgliteExecutor(target: PGlite | Transaction): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(text, [...params]);
      return result.rows;
    },
    async copyBinary(copy, data) {
      await target.query(`${copy} FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: new Blob([data]) });
    },
  };
}

function pgliteClient(client: PGlite): SqlClient {
  return {
    kind: 'pglite',
    ...pgliteExecutor(client),
    transaction: (fn) => client.transaction((tx) => fn(pgliteExecutor(tx))),
  };
}

/** COPY … FROM STDIN on one connection; settles after the server's ReadyForQuery (rows visible to the session). */
function copyBinaryOn(client: pg.PoolClient, copy: string, data: Uint8Array): Promise<void> {
  const stream = client.query(copyFrom(`${copy} FROM STDIN WITH (FORMAT binary)`));
  return new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
    stream.end(data);
  });
}

function pgExecutor(target: pg.PoolClient): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await target.query(text, [...params]);
      return result.rows as T[];
    },
    copyBinary: (copy, data) => copyBinaryOn(target, copy, data),
  };
}

function postgresClient(pool: pg.Pool): SqlClient {
  return {
    kind: 'postgres',
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, [...params]);
      return result.rows as T[];
    },
    async copyBinary(copy, data) {
      const client = await pool.connect();
      try {
        await copyBinaryOn(client, copy, data);
      } finally {
        client.release();
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(pgExecutor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
