import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { passwordResets, refreshTokens } from '../db/schema/index.ts';
import { purgeSessionsJob } from './jobs.ts';
import { startJobs, type JobLogger } from './runner.ts';

const quiet: JobLogger = { info: () => undefined, error: () => undefined };

describe('worker jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('purges expired refresh tokens and stale password resets', async () => {
    await t.signIn('ADMIN');
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { username: 'admin@demo.civicfleet.in' },
    });
    const total = async () => {
      const [tokens] = await t.db.select({ n: count() }).from(refreshTokens);
      const [resets] = await t.db.select({ n: count() }).from(passwordResets);
      return { tokens: tokens?.n ?? 0, resets: resets?.n ?? 0 };
    };
    // The reset row is stored after the answer (modules/auth/password.service.ts).
    await vi.waitFor(async () => expect(await total()).toEqual({ tokens: 1, resets: 1 }));
    // Nothing is stale yet.
    await purgeSessionsJob(t.db, () => new Date()).run();
    expect(await total()).toEqual({ tokens: 1, resets: 1 });
    // Three days later both are gone.
    const summary = await purgeSessionsJob(t.db, () => new Date(Date.now() + 3 * 86_400_000)).run();
    expect(summary).toBe('deleted 1 refresh tokens, 1 password resets');
    expect(await total()).toEqual({ tokens: 0, resets: 0 });
  });

  it('runs jobs on their interval without overlapping, and stops cleanly', async () => {
    let runs = 0;
    let active = 0;
    let maxActive = 0;
    const runner = startJobs(
      [
        {
          name: 'slow',
          intervalMs: 10,
          async run() {
            runs += 1;
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((resolve) => setTimeout(resolve, 40));
            active -= 1;
          },
        },
      ],
      quiet,
      0,
    );
    for (let waited = 0; runs < 3 && waited < 10_000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(maxActive).toBe(1);
    await expect(runner.runNow('missing')).rejects.toThrow(/Unknown job/);
  });
});
