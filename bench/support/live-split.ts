/**
 * The split layout of the live-latency bench (`--layout split`): the product's scaled roles as real processes —
 * 1 API (main-api.ts), 1 (or `gateways`) gateway (main-gateway.ts), 1 worker (main-worker.ts) — on a scratch PostgreSQL database
 * and a throwaway redis-server, started by apps/server/test/cluster.ts. Live deltas go gateway → Redis pub/sub →
 * API → WebSocket, as in a deployment.
 *
 * Every role runs with process-probe.ts preloaded, so the bench gets each process's CPU and event-loop delay over the
 * same span as the all-in-one child reports its own (and a V8 profile per process with `--cpu-prof`); Redis's CPU
 * and PUBLISH counts over that span come from Redis INFO (machine-cpu.ts).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startCluster, type Cluster } from '../../apps/server/test/cluster.ts';
import { startRedisServer } from '../../apps/server/test/redis-server.ts';
import { registerBenchDevices, type BenchDevicesOptions } from './bench-devices.ts';
import { openScratchPostgres } from './engine.ts';
import { redisCounters, type RedisCounters } from './machine-cpu.ts';
import type { ProbeReport } from './process-probe.ts';

const PROBE_FILE = fileURLToPath(new URL('./process-probe.ts', import.meta.url));
const REPORT_TIMEOUT_MS = 30_000;

export interface SplitOptions {
  /** The PostgreSQL server (a scratch database is created there and dropped at stop). */
  serverUrl: string;
  devices: Omit<BenchDevicesOptions, 'model'>;
  flushMs: number;
  deltaEveryMs: number;
  /** Directory for one .cpuprofile per process, named `<name>-<role><index>.cpuprofile`; none when undefined. */
  cpuProfDir?: string | undefined;
  /** File name stem of the profiles (config and rate). */
  name: string;
  /** Gateway processes (default 1); the bench spreads the devices over their GT06 ports. */
  gateways?: number;
  /** Extra node flags for every role (NODE_OPTIONS, so only flags NODE_OPTIONS allows, e.g. --max-semi-space-size). */
  nodeFlags?: readonly string[];
}

export interface SplitStats {
  layout: 'split';
  gateways: number;
  /** Per process ("api 1", "gateway 1", …): CPU, event-loop delay, RSS over the sending and draining phase. */
  processes: Record<string, ProbeReport>;
  redis: { cpuCores: number; publishCalls: number; publishUsPerCall: number };
}

export interface SplitServer {
  apiPort: number;
  gt06Ports: number[];
  deviceIds: string[];
  /** Start of the measured span. */
  mark(): void;
  /** End of the span: collects the figures, then stops every process and drops the database. */
  stop(): Promise<SplitStats>;
}

export async function startSplitServer(options: SplitOptions): Promise<SplitServer> {
  const scratch = await openScratchPostgres(options.serverUrl, { prefix: 'cf_live_' });
  const redis = await startRedisServer();
  const probeDir = mkdtempSync(path.join(tmpdir(), 'cf-live-probe-'));
  let cluster: Cluster | undefined;
  const cleanUp = async () => {
    await cluster?.stop();
    await scratch.close();
    await redis.stop();
    rmSync(probeDir, { recursive: true, force: true });
  };
  try {
    cluster = await startCluster({
      databaseUrl: scratch.location,
      redisUrl: redis.url,
      apis: 1,
      gateways: options.gateways ?? 1,
      workers: 1,
      env: {
        INGEST_FLUSH_MS: String(options.flushMs),
        LIVE_DELTA_MS: String(options.deltaEveryMs),
        // tsx first (the probe is TypeScript), then the probe; the role's own `--import tsx` is then a no-op.
        NODE_OPTIONS: [
          process.env.NODE_OPTIONS ?? '',
          '--import tsx',
          `--import ${pathToFileURL(PROBE_FILE).href}`,
          ...(options.nodeFlags ?? []),
        ]
          .join(' ')
          .trim(),
        CF_PROBE_DIR: probeDir,
        ...(options.cpuProfDir ? { CF_PROBE_CPU_PROF: '1' } : {}),
      },
      startTimeoutMs: 300_000,
    });
    const deviceIds = await registerBenchDevices(scratch.database, {
      ...options.devices,
      model: 'gt06 bench unit',
    });
    const api = cluster.apis[0];
    if (!api) throw new Error('the cluster has no API process');
    const roles = cluster.all().map((p) => ({ name: p.name, pid: p.pid, signal: () => p.kill('SIGUSR2') }));

    let markedAt = 0;
    let redisAtMark: RedisCounters | null = null;
    return {
      apiPort: api.port,
      gt06Ports: cluster.gateways.map((g) => g.ports.gt06),
      deviceIds,
      mark() {
        for (const p of roles) p.signal();
        markedAt = performance.now();
        void redisCounters(redis.port).then((counters) => (redisAtMark = counters));
      },
      async stop() {
        try {
          for (const p of roles) p.signal();
          const spanMs = performance.now() - markedAt;
          const redisNow = await redisCounters(redis.port);
          const reports = await Promise.all(roles.map((p) => readReport(probeDir, p.pid)));
          const processes = Object.fromEntries(
            roles.map((p, i) => [p.name, reports[i]]),
          ) as SplitStats['processes'];
          if (options.cpuProfDir) moveProfiles(probeDir, options.cpuProfDir, options.name, roles);
          const before = redisAtMark ?? { cpuUs: 0, publishCalls: 0, publishUs: 0 };
          const publishCalls = redisNow.publishCalls - before.publishCalls;
          return {
            layout: 'split',
            gateways: options.gateways ?? 1,
            processes,
            redis: {
              cpuCores: Number(((redisNow.cpuUs - before.cpuUs) / 1000 / spanMs).toFixed(2)),
              publishCalls,
              publishUsPerCall: Number(
                ((redisNow.publishUs - before.publishUs) / Math.max(1, publishCalls)).toFixed(1),
              ),
            },
          };
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Waits for the probe's report of `pid` (written when it got the second signal). */
async function readReport(dir: string, pid: number): Promise<ProbeReport> {
  const file = path.join(dir, `${pid}.json`);
  const deadline = Date.now() + REPORT_TIMEOUT_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no probe report from process ${pid} (is it still running?)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ProbeReport;
}

function moveProfiles(
  from: string,
  to: string,
  name: string,
  roles: readonly { name: string; pid: number }[],
): void {
  mkdirSync(to, { recursive: true });
  for (const role of roles) {
    const file = path.join(from, `${role.pid}.cpuprofile`);
    const target = path.join(to, `${name}-${role.name.replace(' ', '')}.cpuprofile`);
    if (existsSync(file)) copyFileSync(file, target);
  }
}
