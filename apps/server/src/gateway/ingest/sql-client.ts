/**
 * Raw parameterised SQL on either engine, for the ingest hot path: multi-row INSERTs through Drizzle's query builder
 * cost 2–3× in JavaScript (research/stack.md §6.2), so the writer talks to the driver behind the Drizzle instance
 * (`db.$client`, Drizzle's documented escape hatch) with plain `text + params`.
 *
 * Parameters: pass ids as decimal strings, times as Date, bytea as Buffer, jsonb as JSON text. Results: bigint
 * columns differ between drivers (PGlite bigint, pg string) — select them `::text`.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';

export interface SqlExecutor {
  query<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * `COPY <table> (…) FROM … WITH (FORMAT csv)` fed with `csv`, where the engine supports it without extra
   * dependencies (PGlite: COPY FROM '/dev/blob'); undefined elsewhere (the writer then uses unnest INSERTs).
   * `copy` is the statement up to and excluding FROM, e.g. `COPY raw_logs (a, b)`.
   */
  copyCsv?: (copy: string, csv: string) => Promise<void>;
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
    async copyCsv(copy, csv) {
      await target.query(`${copy} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([csv]) });
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

function pgExecutor(target: pg.Pool | pg.PoolClient): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await target.query(text, [...params]);
      return result.rows as T[];
    },
  };
}

function postgresClient(pool: pg.Pool): SqlClient {
  return {
    kind: 'postgres',
    ...pgExecutor(pool),
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
