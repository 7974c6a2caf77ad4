import { defineProject } from 'vitest/config';

/**
 * Long-running checks that only CI runs (`npm run test:slow`, a step of .ci/run) and the PostgreSQL pass
 * (`npm run test:pg`, which runs everything): fuzzing, crash, soak, cluster, outage, data-directory and disk-full tests. Any new file named
 * `*.slow.test.ts` joins them; every other test file is in `npm test` (docs/conventions.md "Tests").
 */
export const SLOW_TESTS = [
  '**/*.slow.test.ts',
  'test/fuzz-routes.test.ts',
  'test/fuzz-live.test.ts',
  'src/gateway/fuzz.gateway.test.ts',
  'test/crash.test.ts',
  'test/cluster.test.ts',
  'test/outage*.test.ts',
  'test/all-in-one-pg.test.ts',
  // Real server processes on a PGlite data directory (lock, create-admin through the running server) and on a tmpfs
  // filled to the last byte: minutes each, so CI's slow step runs them.
  'test/data-dir.test.ts',
  'test/disk-full.test.ts',
];

/** TEST_GROUP: unset = the correctness suite (`npm test`), `slow` = only the slow checks, `all` = both. */
const group = process.env.TEST_GROUP ?? 'fast';
if (!['fast', 'slow', 'all'].includes(group))
  throw new Error(`TEST_GROUP must be fast, slow or all, got "${group}"`);
const ALL_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

// One fresh database per test file, cloned from a template built once in test/global-setup.ts (PGlite by default;
// PostgreSQL when TEST_DATABASE_URL is set). PGlite instances are memory-hungry (~300 MB), so at most 2 files at once.
export default defineProject({
  test: {
    name: 'server',
    include: group === 'slow' ? SLOW_TESTS : ALL_TESTS,
    exclude: group === 'fast' ? ['**/node_modules/**', ...SLOW_TESTS] : ['**/node_modules/**'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['../../test-support/count-assertions.ts'],
    pool: 'forks',
    // One module graph per worker: the server app, drizzle and PGlite's WebAssembly are imported and compiled once
    // per worker instead of once per file. Files share no state: each builds its app on its own database copy.
    isolate: false,
    maxWorkers: 2,
    // Runs after the fast projects (its own group: it has its own worker limit).
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
