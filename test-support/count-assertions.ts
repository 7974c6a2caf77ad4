/**
 * Setup file of every vitest project: records how many `expect` assertions each test made (vitest resets the count
 * per test) in the test's meta, where test-support/summary-reporter.ts adds them up per project.
 */
import { afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** `expect` calls the test made (expect.getState().assertionCalls after the test body). */
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
