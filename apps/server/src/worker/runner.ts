/**
 * A tiny in-process job runner: each job runs every `intervalMs` (and once shortly after start), never overlapping
 * itself. With several worker processes on PostgreSQL pass `lock` (db/advisory-lock.ts jobLockOf): a tick runs the
 * job only if no other process is running it right now (a try-lock per job name), so a job runs once per tick window
 * across the cluster. The jobs stay idempotent all the same (a tick is not a schedule slot).
 */
import type { ClusterTryLock } from '../db/advisory-lock.ts';
import { isUnreachable } from '../db/connection-errors.ts';

export interface Job {
  name: string;
  intervalMs: number;
  /** Returns a short summary for the log, or nothing. */
  run(): Promise<string | void>;
}

export interface JobLogger {
  /** Skipped ticks (another worker holds the job's lock) and runs with no summary log here, when the logger has it. */
  debug?(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunner {
  /** Runs one job now (tests, manual trigger); resolves when it is done (or skipped: another worker holds its lock). */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  /** Delay before each job's first run (tests: 0). Default 5 s. */
  firstRunDelayMs?: number;
  /** Cluster-wide try-lock per job; unset (PGlite, one process): jobs just run. */
  lock?: ClusterTryLock | undefined;
}

export function startJobs(jobs: Job[], log: JobLogger, options: number | StartJobsOptions = {}): JobRunner {
  const { firstRunDelayMs = 5_000, lock } =
    typeof options === 'number' ? { firstRunDelayMs: options } : options;
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  function runJob(job: Job): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    const started = Date.now();
    const run = lock
      ? lock(job.name, () => job.run()).then((result) => (result.acquired ? result : null))
      : job.run().then((value) => ({ value }));
    const promise = run
      .then((result) => {
        const entry = { job: job.name, durationMs: Date.now() - started, summary: result?.value };
        // A job with nothing to report (frequent pollers: forwarding every 2 s) logs at debug only.
        if (result?.value) log.info(entry, 'job done');
        else if (result) log.debug?.(entry, 'job done');
        else log.debug?.({ job: job.name }, 'job skipped: another worker is running it');
      })
      .catch((err: unknown) => {
        // The database is away: the outage is logged once (db/outage.ts), not once per job and tick; the job runs
        // again at its next tick.
        if (isUnreachable(err)) log.debug?.({ job: job.name, err }, 'job failed: database unreachable');
        else log.error({ job: job.name, err }, 'job failed');
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, promise);
    return promise;
  }

  for (const job of jobs) {
    const tick = () => {
      if (!stopped) void runJob(job);
    };
    timers.push(setTimeout(tick, firstRunDelayMs), setInterval(tick, job.intervalMs));
  }

  return {
    async runNow(name) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`Unknown job ${name}`);
      await runJob(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all([...running.values()]);
    },
  };
}
