/**
 * Prints, after the run, one line per vitest project: files, tests, `expect` assertions (counted by
 * test-support/count-assertions.ts), and where the time went (vitest's own per-file durations, summed over files,
 * so with several workers they add up to more than the wall clock). With TEST_SUMMARY_FILE=<path> it also writes
 * the same figures and every file's durations as JSON, which is how the README's before/after table was measured.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectSummary {
  files: number;
  tests: number;
  assertions: number;
  failed: number;
  skipped: number;
  /** Sums of vitest's per-file diagnostics, in ms: environment + harness, import, setup files, tests and hooks. */
  environmentMs: number;
  collectMs: number;
  setupMs: number;
  testsMs: number;
  /** Per file: [relative path, import (collect) ms, setup ms, tests ms, assertions]. */
  perFile: [string, number, number, number, number][];
}

export default class SummaryReporter implements Reporter {
  private startedAt = 0;

  onTestRunStart(): void {
    this.startedAt = performance.now();
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const projects = new Map<string, ProjectSummary>();
    for (const module of testModules) {
      const name = module.project.name || 'root';
      let summary = projects.get(name);
      if (!summary) {
        summary = {
          files: 0,
          tests: 0,
          assertions: 0,
          failed: 0,
          skipped: 0,
          environmentMs: 0,
          collectMs: 0,
          setupMs: 0,
          testsMs: 0,
          perFile: [],
        };
        projects.set(name, summary);
      }
      const diagnostic = module.diagnostic();
      let fileAssertions = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') {
          summary.skipped++;
          continue;
        }
        summary.tests++;
        if (state === 'failed') summary.failed++;
        fileAssertions += test.meta().assertions ?? 0;
      }
      summary.files++;
      summary.assertions += fileAssertions;
      summary.environmentMs += diagnostic.environmentSetupDuration + diagnostic.prepareDuration;
      summary.collectMs += diagnostic.collectDuration;
      summary.setupMs += diagnostic.setupDuration;
      summary.testsMs += diagnostic.duration;
      summary.perFile.push([
        module.relativeModuleId,
        Math.round(diagnostic.collectDuration),
        Math.round(diagnostic.setupDuration),
        Math.round(diagnostic.duration),
        fileAssertions,
      ]);
    }
    const wallS = (performance.now() - this.startedAt) / 1000;
    const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    const lines = [...projects].map(
      ([name, p]) =>
        `  ${name.padEnd(10)} ${String(p.files).padStart(4)} files ${String(p.tests).padStart(5)} tests ` +
        `${String(p.assertions).padStart(6)} assertions   environment ${s(p.environmentMs)}, import ${s(p.collectMs)}, setup ${s(p.setupMs)}, tests ${s(p.testsMs)} (summed over files)`,
    );
    const total = [...projects.values()].reduce((sum, p) => sum + p.assertions, 0);
    console.log(
      `\nPer project (wall clock ${wallS.toFixed(0)} s, ${total} assertions in all):\n${lines.join('\n')}\n`,
    );
    const out = process.env.TEST_SUMMARY_FILE;
    if (out)
      writeFileSync(out, `${JSON.stringify({ wallS, projects: Object.fromEntries(projects) }, null, 1)}\n`);
  }
}
