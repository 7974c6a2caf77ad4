import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('health routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers /v1/healthz without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'alive' } });
  });

  it('answers /v1/readyz while the database answers, 503 when it does not', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/v1/readyz' });
    expect(ok.json()).toMatchObject({ success: true, data: { status: 'ready' } });
    await t.database.close();
    const down = await t.app.inject({ method: 'GET', url: '/v1/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ success: false, message: 'The database is not reachable.' });
  });
});
