import { defineConfig } from 'vitest/config';

// `npm test` runs every project; `TEST_DATABASE_URL` switches the server suite to PostgreSQL.
export default defineConfig({
  test: {
    reporters: ['default', './test-support/summary-reporter.ts'],
    projects: [
      'packages/shared',
      'packages/protocols',
      'packages/exporters',
      'apps/server',
      'apps/web',
      'tools/simulator',
    ],
  },
});
