import { defineProject } from 'vitest/config';

// Pure code, no global state between files: one module graph per worker (isolate: false) saves re-importing per file.
export default defineProject({
  test: {
    name: 'simulator',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../test-support/count-assertions.ts'],
    pool: 'threads',
    isolate: false,
  },
});
