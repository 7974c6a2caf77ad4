/**
 * A throwaway PostgreSQL server on a free loopback port, for the outage tests (never a mock): its own cluster in a
 * temp directory (initdb), so that a test may restart it (`-m fast`, `-m immediate`) or stop it for a while without
 * touching the server the rest of the suite uses.
 *
 *   const pg = await startPostgresServer();     // pg.url = postgres://postgres@127.0.0.1:<port>/postgres
 *   await pg.restart('immediate');
 *   await pg.stop('fast'); …; await pg.start();
 *   await pg.destroy();
 *
 * The binaries come from Debian's postgresql package (/usr/lib/postgresql/<version>/bin; .ci/run installs it). As
 * root (CI) the server runs as the `postgres` user through runuser, since PostgreSQL refuses to run as root.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeLoopbackPort } from './processes.ts';

const run = promisify(execFile);

export type ShutdownMode = 'smart' | 'fast' | 'immediate';

export interface TestPostgres {
  readonly port: number;
  /** The `postgres` database of the server (create others with it). */
  readonly url: string;
  urlFor(database: string): string;
  stop(mode?: ShutdownMode): Promise<void>;
  start(): Promise<void>;
  restart(mode?: ShutdownMode): Promise<void>;
  /** Stops the server and removes its data directory. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin directory, or undefined. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
}

export async function startPostgresServer(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. The outage tests run a real server: ' +
        '`apt-get install postgresql` (.ci/run installs it).',
    );
  }
  const asRoot = userInfo().uid === 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'civicfleet-pg-'));
  if (asRoot) chownSync(dataDir, postgresId('-u'), postgresId('-g'));
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freeLoopbackPort();
  const options = [
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dataDir}`,
    // No fsync (the machine does not crash in a test), but synchronous commits: `-m immediate` is a server crash, and
    // with synchronous_commit=off it would lose commits that were already acknowledged to their clients.
    '-c fsync=off -c synchronous_commit=on -c max_connections=200',
  ].join(' ');
  const pgCtl = (args: string[]) => exec('pg_ctl', ['-D', dataDir, '-w', '-t', '60', ...args]);
  let running = false;
  const server: TestPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCtl(['-l', path.join(dataDir, 'server.log'), '-o', options, 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      if (!running) return;
      await pgCtl(['-m', mode, 'stop']);
      running = false;
    },
    async restart(mode = 'fast') {
      await pgCtl(['-m', mode, '-l', path.join(dataDir, 'server.log'), '-o', options, 'restart']);
      running = true;
    },
    async destroy() {
      await server.stop('immediate').catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** `id -u postgres` / `id -g postgres` (Debian's package creates the user). */
function postgresId(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
