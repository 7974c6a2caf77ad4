/**
 * The scaled layout as real processes (issue 9): N × main-api.ts, N × main-gateway.ts, N × main-worker.ts on one
 * PostgreSQL database and one Redis, each on its own free loopback ports. Used by test/cluster.test.ts and
 * bench/soak.bench.ts; no test-runner imports here.
 *
 *   const cluster = await startCluster({ databaseUrl, redisUrl, apis: 2, gateways: 2, workers: 1 });
 *   cluster.apis[1].url; cluster.gateways[0].ports.gt06; cluster.gateways[0].kill('SIGKILL');
 *   await cluster.stop();   // SIGTERM all (SIGKILL after a grace period); also on process exit
 *
 * All processes start at the same time on what may be an empty database: they migrate once and seed once
 * (db/advisory-lock.ts), the others wait for the locks.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { freeLoopbackPort, spawnServer, type ServerProcess } from './processes.ts';

export { freeLoopbackPort };

const OUTPUT_KEPT_CHARS = 8_000;

export type ClusterRole = 'api' | 'gateway' | 'worker';

export interface ClusterProcess extends ServerProcess {
  role: ClusterRole;
  /** 1-based within its role: "gateway 1". */
  index: number;
  name: string;
}

export interface ApiProcess extends ClusterProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
}

export interface GatewayProcess extends ClusterProcess {
  ports: { ais140: number; gt06: number; teltonika: number };
}

export interface Cluster {
  apis: ApiProcess[];
  gateways: GatewayProcess[];
  workers: ClusterProcess[];
  all(): ClusterProcess[];
  /** SIGTERM every running process, SIGKILL whatever is still running after `graceMs`; resolves when all exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  apis?: number;
  gateways?: number;
  workers?: number;
  /** DEMO=on for the API processes (demo accounts to sign in with); gateways and workers never seed. Default on. */
  demo?: boolean;
  /** Extra environment for every process (INGEST_FLUSH_MS, LOG_LEVEL, …). */
  env?: Record<string, string>;
  /** How long each process may take to become ready (migrations of a fresh database included). */
  startTimeoutMs?: number;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const shared: Record<string, string> = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    HOST: '127.0.0.1',
    GATEWAY_HOST: '127.0.0.1',
    SIMULATOR: 'off',
    DEMO: 'off',
    LOG_LEVEL: 'warn',
    // One secret for every API process: a token signed by one is accepted by the others (behind one load balancer).
    JWT_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  };
  const cluster: Cluster = {
    apis: [],
    gateways: [],
    workers: [],
    all: () => [...cluster.apis, ...cluster.gateways, ...cluster.workers],
    stop: (graceMs = 10_000) => stopAll(cluster.all(), graceMs),
  };
  const killOnExit = () => {
    for (const p of cluster.all()) if (p.isRunning()) p.process.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const stop = cluster.stop;
  cluster.stop = async (graceMs) => {
    await stop(graceMs);
    process.off('exit', killOnExit);
  };

  try {
    for (let i = 1; i <= (options.apis ?? 2); i++) {
      const port = await freeLoopbackPort();
      const env = { ...shared, PORT: String(port), DEMO: options.demo === false ? 'off' : 'on' };
      const proc = spawnRole('api', i, env);
      cluster.apis.push({ ...proc, port, url: `http://127.0.0.1:${port}` });
    }
    for (let i = 1; i <= (options.gateways ?? 2); i++) {
      const ports = {
        ais140: await freeLoopbackPort(),
        gt06: await freeLoopbackPort(),
        teltonika: await freeLoopbackPort(),
      };
      const env = {
        ...shared,
        AIS140_PORT: String(ports.ais140),
        GT06_PORT: String(ports.gt06),
        TELTONIKA_PORT: String(ports.teltonika),
      };
      cluster.gateways.push({ ...spawnRole('gateway', i, env), ports });
    }
    // The worker tells it is ready only in its log ("worker started", at info).
    const workerEnv = { ...shared, LOG_LEVEL: options.env?.LOG_LEVEL ?? 'info' };
    for (let i = 1; i <= (options.workers ?? 1); i++) cluster.workers.push(spawnRole('worker', i, workerEnv));

    const timeoutMs = options.startTimeoutMs ?? 120_000;
    await Promise.all([
      ...cluster.apis.map((api) => waitUntil(api, () => answersReady(api.url), timeoutMs)),
      ...cluster.gateways.map((g) =>
        waitUntil(
          g,
          async () => (await listens(g.ports.gt06)) && (await listens(g.ports.teltonika)),
          timeoutMs,
        ),
      ),
      ...cluster.workers.map((w) =>
        waitUntil(w, async () => w.output().includes('worker started'), timeoutMs),
      ),
    ]);
    return cluster;
  } catch (error) {
    await cluster.stop(2_000);
    throw error;
  }
}

const ENTRIES: Record<ClusterRole, string> = {
  api: 'main-api.ts',
  gateway: 'main-gateway.ts',
  worker: 'main-worker.ts',
};

function spawnRole(role: ClusterRole, index: number, env: Record<string, string>): ClusterProcess {
  return { ...spawnServer(ENTRIES[role], env, OUTPUT_KEPT_CHARS), role, index, name: `${role} ${index}` };
}

async function stopAll(processes: ClusterProcess[], graceMs: number): Promise<void> {
  const running = processes.filter((p) => p.isRunning());
  for (const p of running) p.kill('SIGTERM');
  const timer = setTimeout(() => {
    for (const p of running) p.kill('SIGKILL');
  }, graceMs);
  await Promise.all(running.map((p) => p.exited));
  clearTimeout(timer);
}

/** Polls `probe` every 100 ms; fails early with the process output if the process exits. */
async function waitUntil(
  proc: ClusterProcess,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.isRunning()) throw new Error(`${proc.name} exited while starting:\n${proc.output()}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline)
      throw new Error(`${proc.name} not ready after ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answersReady(baseUrl: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/v1/readyz`, { signal: AbortSignal.timeout(2_000) });
  return res.ok;
}

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resident set size of a process in bytes (/proc/<pid>/status VmRSS), or null when it is gone. */
export async function residentBytes(pid: number): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
