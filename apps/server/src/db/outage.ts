/**
 * One watch per outside dependency of a process (the database, Redis): it knows whether the dependency is away right
 * now, logs ONE warning when an outage starts and ONE info line when it ends (not a line per failed query, batch or
 * job), counts outages and recoveries for /metrics, and while an outage lasts probes the dependency every second so
 * that the recovery is noticed even when nothing else is calling it.
 *
 * Callers classify their own failures (connection-errors.ts) and report them with `lost(error)`; any answer from the
 * dependency may be reported with `restored()`.
 */

export type Dependency = 'database' | 'redis';

export interface OutageLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DependencyWatch {
  readonly dependency: Dependency;
  /** True from the first failure of an outage until the dependency answers again. */
  readonly down: boolean;
  /** Outages started since the process started. */
  readonly outages: number;
  /** Outages ended (the dependency answered again after one). */
  readonly recoveries: number;
  /** A failure showing the dependency away; starts an outage unless one is open. */
  lost(error?: unknown): void;
  /** The dependency answered; ends the open outage, if any. */
  restored(): void;
  /** Called with `true` when an outage starts and `false` when it ends. */
  onChange(listener: (down: boolean) => void): () => void;
  /** Stops probing (process shutdown). */
  close(): void;
}

export interface DependencyWatchOptions {
  dependency: Dependency;
  log?: OutageLog;
  /** Resolves when the dependency answers (bounded by the caller); run every `probeEveryMs` while it is down. */
  probe?: () => Promise<unknown>;
  probeEveryMs?: number;
  clock?: () => number;
}

const LABELS: Record<Dependency, string> = { database: 'database', redis: 'Redis' };

export function createDependencyWatch(options: DependencyWatchOptions): DependencyWatch {
  const { dependency, log, probe, probeEveryMs = 1000, clock = Date.now } = options;
  const listeners = new Set<(down: boolean) => void>();
  let down = false;
  let since = 0;
  let outages = 0;
  let recoveries = 0;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;
  let closed = false;

  const notify = (value: boolean) => {
    for (const listener of [...listeners]) listener(value);
  };

  function scheduleProbe(): void {
    if (!probe || closed || !down || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (probing || !down) return;
      probing = true;
      probe()
        .then(() => watch.restored())
        .catch(() => undefined)
        .finally(() => {
          probing = false;
          scheduleProbe();
        });
    }, probeEveryMs);
    timer.unref();
  }

  const watch: DependencyWatch = {
    dependency,
    get down() {
      return down;
    },
    get outages() {
      return outages;
    },
    get recoveries() {
      return recoveries;
    },
    lost(error) {
      if (closed || down) return;
      down = true;
      since = clock();
      outages += 1;
      const reason = error instanceof Error ? error.message : error === undefined ? undefined : String(error);
      log?.warn(
        { dependency, reason },
        `${LABELS[dependency]} unreachable: calls that need it fail with 503 and the gateway withholds acks until it is back`,
      );
      notify(true);
      scheduleProbe();
    },
    restored() {
      if (!down) return;
      down = false;
      recoveries += 1;
      const outageMs = clock() - since;
      clearTimeout(timer);
      timer = undefined;
      log?.info(
        { dependency, outageMs },
        `${LABELS[dependency]} reachable again after ${Math.round(outageMs / 1000)} s`,
      );
      notify(false);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
  return watch;
}
