/**
 * A tiny in-process job runner: each job runs every `intervalMs` (and once shortly after start), never overlapping
 * itself. Good for one worker process; with several workers the jobs must stay idempotent (they are).
 */
export interface Job {
  name: string;
  intervalMs: number;
  /** Returns a short summary for the log, or nothing. */
  run(): Promise<string | void>;
}

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** JSON lines on stdout/stderr, like Fastify's logger, for the worker-only process. */
export function consoleJobLogger(): JobLogger {
  const line = (level: number, obj: object, msg: string) => {
    const err =
      'err' in obj && obj.err instanceof Error
        ? { err: { message: obj.err.message, stack: obj.err.stack } }
        : {};
    return JSON.stringify({ level, time: Date.now(), ...obj, ...err, msg });
  };
  return {
    info: (obj, msg) => console.log(line(30, obj, msg)),
    error: (obj, msg) => console.error(line(50, obj, msg)),
  };
}

export interface JobRunner {
  /** Runs one job now (tests, manual trigger); resolves when it is done. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

export function startJobs(jobs: Job[], log: JobLogger, firstRunDelayMs = 5_000): JobRunner {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  function runJob(job: Job): Promise<void> {
    const current = running.get(job.name);
    if (current) return current;
    const started = Date.now();
    const promise = job
      .run()
      .then((summary) => log.info({ job: job.name, durationMs: Date.now() - started, summary }, 'job done'))
      .catch((err: unknown) => log.error({ job: job.name, err }, 'job failed'))
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
