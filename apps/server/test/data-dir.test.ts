/**
 * One process per embedded data directory (issue 27), with real processes: the all-in-one server on a PGlite
 * DATA_DIR; `create-admin` run beside it goes through the server's control socket and its administrator signs in on
 * the running server; a second server on the same DATA_DIR is refused at once with the message; after the server
 * stops, the directory is free again and the database opens with everything in it. PGlite only (PostgreSQL needs no
 * lock).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rows } from '../src/db/client.ts';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.ts';
import { freeLoopbackPort, SERVER_DIR, spawnServer, type ServerProcess, waitForHttp } from './processes.ts';

const PASSWORD = 'Mandu@Strong2026';

/** `npm run create-admin -- <args>` as a process: exit code and output. */
function createAdmin(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('src', 'scripts', 'create-admin.ts'), ...args],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function signIn(api: string, username: string): Promise<number> {
  const res = await fetch(`${api}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return res.status;
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one process per embedded data directory', () => {
  let dataDir = '';
  const children: ServerProcess[] = [];
  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO: 'off',
    SIMULATOR: 'off',
    GATEWAY: 'off',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-datadir-'));
    // The migrated template, so that the server starts in seconds.
    const dump = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
    await (await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump })).close();
  });
  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGKILL');
      await child.exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('create-admin works through the running server; a second server is refused; nothing is corrupted', async () => {
    const port = await freeLoopbackPort();
    const server = spawnServer('main.ts', { ...env(), PORT: String(port) });
    children.push(server);
    const api = `http://127.0.0.1:${port}`;
    await waitForHttp(`${api}/healthz`, server);
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: server.pid });

    // The README's step, while the server runs: the administrator is created by the server and can sign in.
    const created = await createAdmin(env(), ['--email', 'asha@example.org', '--password', PASSWORD]);
    expect(created.out).toMatch(
      new RegExp(
        `Created SUPER_ADMIN asha@example.org \\(user id \\d+\\).*through the running server, process ${server.pid}`,
      ),
    );
    expect(created.code).toBe(0);
    expect(await signIn(api, 'asha@example.org')).toBe(200);
    // Its errors come back the same way.
    const duplicate = await createAdmin(env(), ['--email', 'asha@example.org', '--password', PASSWORD]);
    expect(duplicate).toEqual({ code: 1, out: 'A user with e-mail asha@example.org already exists.\n' });

    // A second server on the same DATA_DIR: refused at once, naming the holder; the first one is unharmed.
    const second = spawnServer('main.ts', { ...env(), PORT: String(await freeLoopbackPort()) });
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by process ${server.pid}`);
    expect(second.output()).toContain('stop that process first');
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: server.pid });
    expect(await signIn(api, 'asha@example.org')).toBe(200);

    // Stopped cleanly, the server frees the directory: create-admin then opens the database itself.
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    expect(existsSync(path.join(dataDir, 'run', 'control.sock'))).toBe(false);
    const direct = await createAdmin(env(), ['--email', 'meena@example.org', '--password', PASSWORD]);
    expect(direct.out).toMatch(
      /^Created SUPER_ADMIN meena@example.org \(user id \d+\) in the platform organisation\.\n$/,
    );

    // Both administrators are there and the database is sound.
    const database = await openDatabase({ dataDir });
    try {
      const found = await rows<{ email: string }>(
        database.db,
        sql`select email from users where email in ('asha@example.org', 'meena@example.org') order by email`,
      );
      expect(found.map((r) => r.email)).toEqual(['asha@example.org', 'meena@example.org']);
      const [check] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_class`);
      expect(check?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('a server killed without releasing the lock does not block the next start', async () => {
    const port = await freeLoopbackPort();
    const server = spawnServer('main.ts', { ...env(), PORT: String(port) });
    children.push(server);
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
    server.kill('SIGKILL');
    await server.exited;
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: server.pid,
    });
    const after = await openDatabase({ dataDir });
    try {
      const [row] = await rows<{ n: number }>(
        after.db,
        sql`select count(*)::int as n from users where email = 'asha@example.org'`,
      );
      expect(row?.n).toBe(1);
    } finally {
      await after.close();
    }
  }, 180_000);
});
