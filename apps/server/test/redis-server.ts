/**
 * A throwaway redis-server on a free loopback port, for the bus tests (never a mock):
 *
 *   let redis: TestRedis;
 *   beforeAll(async () => { redis = await startRedisServer(); });   // redis.url = redis://127.0.0.1:<port>
 *   afterAll(async () => redis?.stop());
 *
 * No persistence (`--save '' --appendonly no`), so `stop()` + `start()` is a Redis restart that forgets everything,
 * subscriptions included. CI installs the binary (.ci/run); without it the test fails with a message saying so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freeLoopbackPort } from './processes.ts';

export interface TestRedis {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGTERM, waits for the exit). Safe to call twice. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop()). */
  start(): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 10_000;

export function findRedisServer(): string {
  const candidates = ['/usr/bin/redis-server', ...(process.env.PATH ?? '').split(':').filter(Boolean)];
  for (const candidate of candidates) {
    const file = candidate.endsWith('redis-server') ? candidate : path.join(candidate, 'redis-server');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  throw new Error(
    'redis-server is not installed (looked for /usr/bin/redis-server and on PATH). The Redis bus tests run a real ' +
      'server: `apt-get install redis-server` (.ci/run installs it).',
  );
}

export async function startRedisServer(): Promise<TestRedis> {
  const binary = findRedisServer();
  let lastError: unknown;
  // A free port can be taken between probing and binding it: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freeLoopbackPort();
    const redis = createTestRedis(binary, port);
    try {
      await redis.start();
      return redis;
    } catch (error) {
      lastError = error;
      await redis.stop();
    }
  }
  throw lastError;
}

function createTestRedis(binary: string, port: number): TestRedis {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const killOnExit = () => child?.kill('SIGKILL');

  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error('redis-server is already running');
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      const proc = spawn(binary, [...args, '--daemonize', 'no', '--loglevel', 'warning'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let output = '';
      proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let hasExited = false;
      exited = new Promise((resolve) => {
        proc.once('exit', () => {
          hasExited = true;
          resolve();
        });
      });
      process.once('exit', killOnExit);
      const deadline = Date.now() + STARTUP_TIMEOUT_MS;
      while (!(await answersPing(port))) {
        if (hasExited || Date.now() > deadline) {
          throw new Error(`redis-server on port ${port} did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      child = null;
      process.off('exit', killOnExit);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** One raw `PING` over RESP; true on `+PONG`. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}
