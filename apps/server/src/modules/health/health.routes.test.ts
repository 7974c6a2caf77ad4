import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startRedisServer, type TestRedis } from '../../../test/redis-server.ts';
import { createRedisBus, type RedisBus } from '../../bus/redis-bus.ts';
import { eventually } from '../../gateway/testing/fleet.ts';

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
    expect(down.json()).toEqual({
      success: false,
      message: 'The database is not reachable.',
      requestId: down.headers['x-request-id'],
    });
  });
});

describe('/v1/readyz with the Redis bus (REDIS_URL)', () => {
  let redis: TestRedis;
  let bus: RedisBus;
  let t: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    bus = createRedisBus(redis.url, {
      maxRetryDelayMs: 200,
      log: { info: () => undefined, warn: (_d, message) => warnings.push(message), error: () => undefined },
    });
    t = await createTestApp({ bus });
  });
  afterAll(async () => {
    await t?.close();
    await bus?.close();
    await redis?.stop();
  });

  const readyz = () => t.app.inject({ method: 'GET', url: '/v1/readyz' });

  it('is ready while Redis answers PING, 503 while it is down, ready again after it is back', async () => {
    await bus.ready();
    expect((await readyz()).statusCode).toBe(200);

    await redis.stop();
    const down = await eventually(async () => {
      const res = await readyz();
      return res.statusCode === 503 && res;
    });
    expect(down.json()).toMatchObject({
      success: false,
      message: 'The message bus (Redis) is not reachable.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(warnings).toContain('bus: Redis connection lost; reconnecting with backoff');

    await redis.start();
    const up = await eventually(async () => {
      const res = await readyz();
      return res.statusCode === 200 && res;
    });
    expect(up.json()).toMatchObject({ success: true, data: { status: 'ready' } });
  });
});
