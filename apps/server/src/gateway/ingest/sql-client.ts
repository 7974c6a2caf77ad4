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
import { inlineStatements } from './sql-values.ts';

/** One parameterised statement of a `queryAll` round trip. */
export interface SqlStatement {
  text: string;
  params?: readonly unknown[];
}

export interface SqlExecutor {
  query<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * `COPY <table> (…) FROM … WITH (FORMAT binary)` fed with `data` (sql-values.ts CopyBinaryWriter; PGlite: FROM
   * '/dev/blob', PostgreSQL: FROM STDIN). `copy` is the statement up to and excluding FROM, e.g.
   * `COPY raw_logs (a, b)`. Optional: an executor without it makes the writer fall back to unnest INSERTs.
   */
  copyBinary?: (copy: string, data: Uint8Array) => Promise<void>;
  /**
   * Several binary COPYs in ONE round trip (PostgreSQL): one simple Query message holding the COPY statements, with
   * every table's data and CopyDone sent right behind it in one socket write, not after each CopyInResponse. If a
   * COPY fails, the server drops the CopyData/CopyDone messages still coming (protocol, "COPY Operations") and this
   * rejects with the error. Optional: without it the writer calls `copyBinary` per table.
   */
  copyBinaryAll?: (copies: readonly CopyInput[]) => Promise<void>;
  /**
   * Several statements in ONE round trip, run in order; resolves with each statement's rows. The parameters are
   * inlined as escaped literals (sql-values.ts inlineStatements) and the whole text goes as one simple Query
   * (PostgreSQL) or one `exec` (PGlite): so every parameter must carry a cast (`$1::bigint[]`). The first failing
   * statement rejects and skips the rest (inside a transaction: the transaction is aborted). Optional: runStatements
   * falls back to one `query` per statement.
   */
  queryAll?: (statements: readonly SqlStatement[]) => Promise<unknown[][]>;
  /**
   * A transaction's last round trip (PostgreSQL): queryAll with COMMIT at the end of the same message; when it
   * resolves the transaction has committed (`transaction` then sends no COMMIT of its own). A failure anywhere,
   * COMMIT included, rejects and `transaction` rolls back. Optional: without it, queryAll and let `transaction` commit.
   */
  queryAllThenCommit?: (statements: readonly SqlStatement[]) => Promise<unknown[][]>;
}

/** `statements` in one round trip where the executor can (`queryAll`), else one after the other. */
export async function runStatements(
  db: SqlExecutor,
  statements: readonly SqlStatement[],
): Promise<unknown[][]> {
  if (statements.length === 0) return [];
  if (db.queryAll) return db.queryAll(statements);
  const results: unknown[][] = [];
  for (const statement of statements) results.push(await db.query(statement.text, statement.params));
  return results;
}

export interface CopyInput {
  /** `COPY <table> (…)`, up to and excluding FROM. */
  copy: string;
  data: Uint8Array;
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
      await target.query(`${copy} FROM '/dev/blob' WITH (FORMAT binary)`, [], {
        // The bytes as they are (no copy). The cast: with the DOM library in the program (pdfmake's types, via
        // packages/exporters) BlobPart wants an ArrayBuffer-backed view, which a Buffer's type does not promise.
        blob: new Blob([data as unknown as BlobPart]),
      });
    },
    async queryAll(statements) {
      if (statements.length === 0) return [];
      const results = await target.exec(inlineStatements(statements));
      return results.map((result) => result.rows);
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

/** What node-pg hands a submittable (the parts of its Connection used here). */
interface PgConnection {
  stream: { cork(): void; uncork(): void; write(data: Uint8Array): boolean };
  query(text: string): void;
}

const COPY_DONE = Buffer.from([0x63, 0, 0, 0, 4]);

/**
 * A node-pg submittable: `prefix` (e.g. `BEGIN;`) and the COPY statements as one simple Query, followed at once by
 * each COPY's CopyData and CopyDone, all in one corked write. Settles on ReadyForQuery, or rejects on the first
 * error (node-pg then detaches it; the server ignores the copy messages still in flight).
 */
class MultiCopy {
  private settled = false;

  constructor(
    private readonly prefix: string,
    private readonly copies: readonly CopyInput[],
    private readonly resolve: () => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  submit(connection: PgConnection): void {
    const statements = this.copies.map((c) => `${c.copy} FROM STDIN WITH (FORMAT binary)`).join(';');
    const stream = connection.stream;
    stream.cork();
    connection.query(`${this.prefix}${statements}`);
    for (const { data } of this.copies) {
      const header = Buffer.allocUnsafe(5);
      header[0] = 0x64; // CopyData
      header.writeUInt32BE(data.length + 4, 1);
      stream.write(header);
      stream.write(data);
      stream.write(COPY_DONE);
    }
    stream.uncork();
  }

  // node-pg calls these as the server answers; the data is already on its way.
  handleCopyInResponse(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  callback(): void {}

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve();
  }

  handleError(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}

function copyAllOn(client: pg.PoolClient, prefix: string, copies: readonly CopyInput[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    client.query(new MultiCopy(prefix, copies, resolve, reject) as unknown as pg.Submittable);
  });
}

/**
 * The executor of one transaction. BEGIN is not sent on its own: it goes in front of the first statement (in the
 * same Query message as the COPYs, so the writer's BEGIN + COPY positions + COPY raw_logs is one round trip).
 */
function pgTransactionExecutor(
  target: pg.PoolClient,
): SqlExecutor & { readonly begun: boolean; readonly committed: boolean } {
  let begun = false;
  let committed = false;
  const begin = async (): Promise<void> => {
    if (begun) return;
    begun = true;
    await target.query('BEGIN');
  };
  return {
    get begun() {
      return begun;
    },
    get committed() {
      return committed;
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      await begin();
      const result = await target.query(text, [...params]);
      return result.rows as T[];
    },
    async copyBinary(copy, data) {
      await begin();
      await copyBinaryOn(target, copy, data);
    },
    async copyBinaryAll(copies) {
      if (copies.length === 0) return;
      const prefix = begun ? '' : 'BEGIN;';
      begun = true;
      await copyAllOn(target, prefix, copies);
    },
    async queryAll(statements) {
      if (statements.length === 0) return [];
      // BEGIN goes in the same message when it has not been sent yet (its result is dropped below).
      const withBegin = !begun;
      begun = true;
      const text = inlineStatements(withBegin ? [BEGIN, ...statements] : statements);
      return rowsOfSimpleQuery(await target.query(text), withBegin);
    },
    async queryAllThenCommit(statements) {
      if (statements.length === 0) return [];
      const withBegin = !begun;
      begun = true;
      // BEGIN and COMMIT joined with the statements: one flat text (a `${…}` around a ~1 MB text is copied again).
      const text = inlineStatements(withBegin ? [BEGIN, ...statements, COMMIT] : [...statements, COMMIT]);
      const results = rowsOfSimpleQuery(await target.query(text), withBegin);
      committed = true;
      return results.slice(0, -1);
    },
  };
}

const BEGIN: SqlStatement = { text: 'BEGIN' };
const COMMIT: SqlStatement = { text: 'COMMIT' };

/** node-pg answers a simple Query with one result per statement, or a bare result for a single statement. */
function rowsOfSimpleQuery(result: pg.QueryResult | pg.QueryResult[], dropFirst: boolean): unknown[][] {
  const all = (Array.isArray(result) ? result : [result]).map((r) => r.rows as unknown[]);
  return dropFirst ? all.slice(1) : all;
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
    async queryAll(statements) {
      if (statements.length === 0) return [];
      return rowsOfSimpleQuery(await pool.query(inlineStatements(statements)), false);
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx = pgTransactionExecutor(client);
      try {
        const result = await fn(tx);
        if (tx.begun && !tx.committed) await client.query('COMMIT');
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
