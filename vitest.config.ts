import { defineConfig } from 'vitest/config';

// `npm test` runs every project; `TEST_DATABASE_URL` switches the server suite to PostgreSQL.
export default defineConfig({
  test: {
    // packages/protocols joins with its first codec (telematics issue).
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
