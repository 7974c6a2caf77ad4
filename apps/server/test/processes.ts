/**
 * Server roles as real child processes for the process-level tests (crash, shutdown, cluster) and the soak bench:
 * `node --import tsx src/<entry>` in apps/server with extra env, the tail of its output kept for failure messages.
 * No vitest imports (bench/soak.bench.ts uses it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  process: ChildProcess;
  pid: number;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** The last `outputChars` characters of stdout + stderr. */
  output(): string;
  /** Sends the signal if the process still runs. */
  kill(signal?: NodeJS.Signals): void;
}

/** Starts `src/<entry>` (main.ts, main-api.ts, main-gateway.ts, main-worker.ts) with `env` added to this process's. */
export function spawnServer(entry: string, env: Record<string, string>, outputChars = 8_000): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', entry)], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${entry}`);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputChars);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  return {
    process: child,
    pid: child.pid,
    exited,
    isRunning: () => running,
    output: () => output,
    kill: (signal = 'SIGTERM') => {
      if (running) child.kill(signal);
    },
  };
}

/** A port free on 127.0.0.1 right now (bound, read, released). */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** Polls `url` until it answers 2xx; fails early with the process output if the process exits, or after `timeoutMs`. */
export async function waitForHttp(url: string, child: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!child.isRunning()) throw new Error(`process exited early:\n${child.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
