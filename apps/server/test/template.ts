/** The template database every test file is cloned from: migrated, built-in roles, demo seed. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a dumpDataDir() tarball of the seeded template. */
    pgliteTemplateFile: string;
    /** PostgreSQL mode: server URL (any database) and the template database's name. */
    postgresServerUrl: string;
    postgresTemplateDb: string;
  }
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export function randomDbName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
