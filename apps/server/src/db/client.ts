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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The shared type of both drivers (and of a transaction, which extends it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
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
  return openPglite(await PGlite.create(dir));
}

/** Wraps an already created PGlite instance (tests load one from a dumped template). */
export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: once(() => client.close()),
  };
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client erroring (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () =>
      withPgAdvisoryLock(pool, 'migrate', () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: once(() => pool.end()),
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
