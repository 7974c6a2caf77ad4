import { defineProject } from 'vitest/config';

// One fresh database per test file, cloned from a template built once in test/global-setup.ts (PGlite by default;
// PostgreSQL when TEST_DATABASE_URL is set). PGlite instances are memory-hungry (~300 MB), so at most 2 files at once.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Runs after the fast projects (its own group: it has its own worker limit).
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
