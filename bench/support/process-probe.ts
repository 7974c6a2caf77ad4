/**
 * A measuring probe preloaded into server processes the benchmark does not fork itself (the split layout's API,
 * gateway and worker, started by apps/server/test/cluster.ts): `NODE_OPTIONS="--import tsx --import <this file>"`
 * with `CF_PROBE_DIR=<dir>` (and optionally `CF_PROBE_CPU_PROF=1`). Nothing in the server knows about it.
 *
 * Two SIGUSR2 signals frame the measured span (the bench's sending and draining phase), as the all-in-one child's
 * 'mark' and 'stop' messages do:
 *   1st: reset the event-loop delay histogram, note CPU usage, start the V8 profiler when asked;
 *   2nd: write `<dir>/<pid>.json` (ProbeReport) and, when profiling, `<dir>/<pid>.cpuprofile`; then back to idle.
 * The report file is written to a temporary name and renamed, so a reader never sees half of it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface ProbeReport {
  pid: number;
  /** Wall time of the span (ms). */
  spanMs: number;
  /** CPU of this process over the span, in cores (1 = one core busy all the time). */
  processCpuCores: number;
  /** The same CPU in µs (user + system). */
  cpuUs: number;
  /** Event-loop delay over the span (ms), sampled every 10 ms like the all-in-one child. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  rssBytes: number;
  /** Garbage-collection pauses over the span by kind (minor = scavenge, major = mark-compact): count, sum, longest. */
  gcMs: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const dir = process.env.CF_PROBE_DIR;
if (dir) installProbe(dir, process.env.CF_PROBE_CPU_PROF === '1');

function installProbe(outDir: string, isProfiling: boolean): void {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let mark: { atMs: number; cpu: NodeJS.CpuUsage } | null = null;
  let gc: ProbeReport['gcMs'] = {};
  new PerformanceObserver((list) => {
    if (!mark) return;
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      const kind = GC_KINDS[detail?.kind ?? -1] ?? 'other';
      const k = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count++;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const profiler = isProfiling ? new Session() : null;
  profiler?.connect();

  // Work is chained so a quick second signal waits for the profiler to have started.
  let work: Promise<void> = Promise.resolve();
  process.on('SIGUSR2', () => {
    work = work
      .then(() => (mark ? report(mark) : begin()))
      .catch((error: unknown) => {
        console.error('probe failed', error);
      });
  });

  async function begin(): Promise<void> {
    loopDelay.reset();
    gc = {};
    mark = { atMs: performance.now(), cpu: process.cpuUsage() };
    if (profiler) {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
  }

  async function report(since: { atMs: number; cpu: NodeJS.CpuUsage }): Promise<void> {
    mark = null;
    const spanMs = performance.now() - since.atMs;
    const cpu = process.cpuUsage(since.cpu);
    const cpuUs = cpu.user + cpu.system;
    const ms = (ns: number) => Math.round(ns / 1e6);
    const result: ProbeReport = {
      pid: process.pid,
      spanMs: Math.round(spanMs),
      processCpuCores: Number((cpuUs / 1000 / spanMs).toFixed(2)),
      cpuUs,
      eventLoopDelayMs: {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
      },
      rssBytes: process.memoryUsage.rss(),
      gcMs: Object.fromEntries(
        Object.entries(gc).map(([kind, k]) => [
          kind,
          { count: k.count, totalMs: Math.round(k.totalMs), maxMs: Math.round(k.maxMs) },
        ]),
      ),
    };
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(path.join(outDir, `${process.pid}.cpuprofile`), JSON.stringify(profile));
    }
    const file = path.join(outDir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(result));
    renameSync(`${file}.tmp`, file);
  }
}
