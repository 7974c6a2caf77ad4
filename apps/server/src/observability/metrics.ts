/**
 * Prometheus metrics (docs/operations.md lists every one). One prom-client Registry per process — never the global
 * default registry, so tests may build several apps — with the process metrics (collectDefaultMetrics) and the
 * `civicfleet_` metrics below. The gateway, ingest writer, live feed, HTTP hook and job runner call the small typed
 * interfaces (GatewayMetrics, IngestMetrics, …); without a registry they get the no-op ones (NO_METRICS).
 *
 * Label values are bounded: protocols, message kinds, route patterns (never raw URLs), job names, outcomes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DependencyWatch } from '../db/outage.ts';

export const METRICS_PREFIX = 'civicfleet_';

export interface GatewayMetrics {
  connectionOpened(protocol: string): void;
  connectionClosed(protocol: string): void;
  /** A frame (packet) cut by the framer; `kind`: its first message's kind, or `none` when it decoded to nothing. */
  packetReceived(protocol: string, kind: string): void;
  decodeError(protocol: string): void;
  checksumMismatch(protocol: string): void;
  unknownDevicePacket(protocol: string): void;
  /** A reply written to a device (login/heartbeat replies and the acks released by a commit). */
  ackSent(protocol: string): void;
  /**
   * A connection refused or closed by the identity rules (gateway/identity): `source-network`, `address-cap`,
   * `login-timeout`, `unidentified-frames`.
   */
  connectionRefused(protocol: string, reason: string): void;
  /** A device's connection taken over from another address while it was sending (identity-guard.ts). */
  identityConflict(protocol: string): void;
}

export interface IngestMetrics {
  /**
   * A batch committed: flush duration, rows (positions + raw logs), positions, and when each of its packets was
   * received (ms epoch, the writer's clock) so the lag packet received → committed is observed per packet.
   */
  batchCommitted(batch: {
    durationMs: number;
    rows: number;
    positions: number;
    receivedAtMs: readonly number[];
    committedAtMs: number;
  }): void;
  batchFailed(): void;
}

export interface LiveMetrics {
  clientOpened(): void;
  clientClosed(): void;
  deltaSent(): void;
}

export interface HttpMetrics {
  /** `route`: the route pattern (`/v1/vehicles/:id`), `unmatched` for 404s without a route. */
  requestDone(method: string, route: string, statusCode: number, durationS: number): void;
}

export interface JobMetrics {
  jobDone(job: string, outcome: 'ok' | 'failed', durationS: number): void;
}

export interface ForwardingMetrics {
  /**
   * A try to send an AIS-140 emergency to its TCP backend failed; `outcome`: `retrying` (another try follows),
   * `queued` (the last try: left to the worker's queue) or `refused` (an address the SSRF guard refuses).
   */
  emergencyFailed(outcome: 'retrying' | 'queued' | 'refused'): void;
}

export interface DependencyMetrics {
  /** Exposes a dependency's state, outages and recoveries (db/outage.ts) as `civicfleet_dependency_*`. */
  watch(watch: DependencyWatch | undefined): void;
}

export interface Metrics {
  dependencies: DependencyMetrics;
  gateway: GatewayMetrics;
  forwarding: ForwardingMetrics;
  ingest: IngestMetrics;
  live: LiveMetrics;
  http: HttpMetrics;
  jobs: JobMetrics;
  /** The process's registry (null for NO_METRICS). */
  registry: Registry | null;
}

const noop = (): void => undefined;

export const NO_METRICS: Metrics = {
  gateway: {
    connectionOpened: noop,
    connectionClosed: noop,
    packetReceived: noop,
    decodeError: noop,
    checksumMismatch: noop,
    unknownDevicePacket: noop,
    ackSent: noop,
    connectionRefused: noop,
    identityConflict: noop,
  },
  ingest: { batchCommitted: noop, batchFailed: noop },
  live: { clientOpened: noop, clientClosed: noop, deltaSent: noop },
  http: { requestDone: noop },
  jobs: { jobDone: noop },
  forwarding: { emergencyFailed: noop },
  dependencies: { watch: noop },
  registry: null,
};

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop lag, GC) with the `civicfleet_process_`/`civicfleet_nodejs_` names. */
  defaultMetrics?: boolean;
  /** Added to every series (e.g. `{ role: 'gateway' }`). */
  labels?: Record<string, string>;
}

/** Seconds buckets from 1 ms to 10 s: HTTP latency, flush time, ingest lag. */
const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS_S = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];
const ROWS_BUCKETS = [1, 5, 10, 50, 100, 250, 500, 1000, 2000, 5000, 10_000];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.labels) registry.setDefaultLabels(options.labels);
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  const name = (n: string) => `${METRICS_PREFIX}${n}`;
  const registers = [registry];

  const connections = new Gauge({
    name: name('gateway_connections'),
    help: 'Open device TCP connections.',
    labelNames: ['protocol'],
    registers,
  });
  const packets = new Counter({
    name: name('gateway_packets_received_total'),
    help: 'Packets (frames) received from devices, by the kind of their first decoded message.',
    labelNames: ['protocol', 'kind'],
    registers,
  });
  const decodeErrors = new Counter({
    name: name('gateway_decode_errors_total'),
    help: 'Packets that did not decode cleanly (decoder error or bytes skipped before the frame).',
    labelNames: ['protocol'],
    registers,
  });
  const checksumMismatches = new Counter({
    name: name('gateway_checksum_mismatches_total'),
    help: 'Packets whose checksum did not match.',
    labelNames: ['protocol'],
    registers,
  });
  const unknownDevices = new Counter({
    name: name('gateway_unknown_device_packets_total'),
    help: 'Packets from IMEIs that are not registered.',
    labelNames: ['protocol'],
    registers,
  });
  const refused = new Counter({
    name: name('gateway_connections_refused_total'),
    help: 'Device connections refused or closed by the identity rules, by reason.',
    labelNames: ['protocol', 'reason'],
    registers,
  });
  const conflicts = new Counter({
    name: name('gateway_identity_conflicts_total'),
    help: 'Device connections taken over from another address while the device was sending.',
    labelNames: ['protocol'],
    registers,
  });
  const acks = new Counter({
    name: name('gateway_acks_sent_total'),
    help: 'Replies written to devices (acks of stored data, login and heartbeat replies).',
    labelNames: ['protocol'],
    registers,
  });
  const positionsCommitted = new Counter({
    name: name('ingest_positions_committed_total'),
    help: 'Positions stored by committed ingest batches.',
    registers,
  });
  const batchFailures = new Counter({
    name: name('ingest_batch_failures_total'),
    help: 'Ingest batches whose transaction failed (their acks were withheld).',
    registers,
  });
  const flushDuration = new Histogram({
    name: name('ingest_batch_flush_seconds'),
    help: 'Time from the start of a batch flush to its COMMIT.',
    buckets: LATENCY_BUCKETS_S,
    registers,
  });
  const batchRows = new Histogram({
    name: name('ingest_batch_rows'),
    help: 'Rows (positions + raw logs) per committed batch.',
    buckets: ROWS_BUCKETS,
    registers,
  });
  const ingestLag = new Histogram({
    name: name('ingest_lag_seconds'),
    help: 'Time from a packet being received to its batch being committed.',
    buckets: LATENCY_BUCKETS_S,
    registers,
  });
  const liveClients = new Gauge({
    name: name('live_clients'),
    help: 'Open /v1/live WebSocket connections (signed-in and share links).',
    registers,
  });
  const liveDeltas = new Counter({
    name: name('live_deltas_sent_total'),
    help: 'Delta messages sent to live WebSocket clients.',
    registers,
  });
  const httpDuration = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'HTTP request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS_S,
    registers,
  });
  const jobRuns = new Counter({
    name: name('worker_job_runs_total'),
    help: 'Worker job runs by job and outcome.',
    labelNames: ['job', 'outcome'],
    registers,
  });
  const jobDuration = new Histogram({
    name: name('worker_job_duration_seconds'),
    help: 'Worker job run time by job and outcome.',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS_S,
    registers,
  });

  const emergencyFailures = new Counter({
    name: name('forwarding_emergency_failures_total'),
    help: 'Failed tries to send an AIS-140 emergency to its TCP backend, by what followed.',
    labelNames: ['outcome'],
    registers,
  });

  // Dependencies (database, Redis): read from their watches at scrape time.
  const watches = new Map<string, DependencyWatch>();
  new Gauge({
    name: name('dependency_up'),
    help: 'Whether a dependency (database, redis) answers: 1 up, 0 during an outage.',
    labelNames: ['dependency'],
    registers,
    collect() {
      for (const [dependency, watch] of watches) this.set({ dependency }, watch.down ? 0 : 1);
    },
  });
  new Counter({
    name: name('dependency_outages_total'),
    help: 'Outages of a dependency (database, redis) since the process started.',
    labelNames: ['dependency'],
    registers,
    collect() {
      this.reset();
      for (const [dependency, watch] of watches) this.inc({ dependency }, watch.outages);
    },
  });
  new Counter({
    name: name('dependency_reconnects_total'),
    help: 'Recoveries of a dependency (database, redis) after an outage: connections made again.',
    labelNames: ['dependency'],
    registers,
    collect() {
      this.reset();
      for (const [dependency, watch] of watches) this.inc({ dependency }, watch.recoveries);
    },
  });

  return {
    registry,
    dependencies: {
      watch(watch) {
        if (watch) watches.set(watch.dependency, watch);
      },
    },
    forwarding: {
      emergencyFailed: (outcome) => emergencyFailures.inc({ outcome }),
    },
    gateway: {
      connectionOpened: (protocol) => connections.inc({ protocol }),
      connectionClosed: (protocol) => connections.dec({ protocol }),
      packetReceived: (protocol, kind) => packets.inc({ protocol, kind }),
      decodeError: (protocol) => decodeErrors.inc({ protocol }),
      checksumMismatch: (protocol) => checksumMismatches.inc({ protocol }),
      unknownDevicePacket: (protocol) => unknownDevices.inc({ protocol }),
      ackSent: (protocol) => acks.inc({ protocol }),
      connectionRefused: (protocol, reason) => refused.inc({ protocol, reason }),
      identityConflict: (protocol) => conflicts.inc({ protocol }),
    },
    ingest: {
      batchCommitted({ durationMs, rows, positions, receivedAtMs, committedAtMs }) {
        flushDuration.observe(durationMs / 1000);
        batchRows.observe(rows);
        if (positions > 0) positionsCommitted.inc(positions);
        for (const at of receivedAtMs) ingestLag.observe(Math.max(0, committedAtMs - at) / 1000);
      },
      batchFailed: () => batchFailures.inc(),
    },
    live: {
      clientOpened: () => liveClients.inc(),
      clientClosed: () => liveClients.dec(),
      deltaSent: () => liveDeltas.inc(),
    },
    http: {
      requestDone: (method, route, statusCode, durationS) =>
        httpDuration.observe({ method, route, status_code: String(statusCode) }, durationS),
    },
    jobs: {
      jobDone(job, outcome, durationS) {
        jobRuns.inc({ job, outcome });
        jobDuration.observe({ job, outcome }, durationS);
      },
    },
  };
}

/** The Prometheus text exposition of a registry: `{ contentType, body }`. */
export async function renderMetrics(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  const registry = metrics.registry ?? new Registry();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Wraps each job's run() to count runs and time them (the runner itself stays untouched). */
export function instrumentJobs<J extends { name: string; run(): Promise<string | void> }>(
  jobs: J[],
  metrics: JobMetrics,
): J[] {
  return jobs.map((job) => ({
    ...job,
    run: async () => {
      const started = performance.now();
      try {
        const summary = await job.run();
        metrics.jobDone(job.name, 'ok', (performance.now() - started) / 1000);
        return summary;
      } catch (error) {
        metrics.jobDone(job.name, 'failed', (performance.now() - started) / 1000);
        throw error;
      }
    },
  }));
}
