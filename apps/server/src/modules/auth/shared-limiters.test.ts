/**
 * Two API processes (two apps) on one Redis share the sign-in failure counters (ASVS 2.2.1): an attacker cannot
 * multiply the budget by spreading guesses over the processes behind the load balancer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@civicfleet/shared';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';
import { startRedisServer, type TestRedis } from '../../../test/redis-server.ts';

const LIMITS = {
  perIp: { points: 100, durationS: 600 },
  perUsername: { points: 3, durationS: 600 },
};

describe('sign-in limits shared through Redis', () => {
  let redis: TestRedis;
  let apiA: TestApp;
  let apiB: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    apiA = await createTestApp({ env: { redisUrl: redis.url }, authLimits: LIMITS });
    apiB = await createTestApp({ env: { redisUrl: redis.url }, authLimits: LIMITS });
  });
  afterAll(async () => {
    await apiA?.close();
    await apiB?.close();
    await redis?.stop();
  });

  const attempt = (api: TestApp, username: string, password: string) =>
    api.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });

  it('counts failures made on either process against the same username', async () => {
    const { email } = demoAccount('FITTER');
    expect((await attempt(apiA, email, 'wrong-1')).statusCode).toBe(400);
    expect((await attempt(apiB, email, 'wrong-2')).statusCode).toBe(400);
    expect((await attempt(apiA, email, 'wrong-3')).statusCode).toBe(400);
    // Each process saw fewer than 3 failures itself; together they reached the limit.
    for (const api of [apiA, apiB]) {
      const locked = await attempt(api, email, DEMO_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyAttempts });
    }
    // Another username is not affected.
    expect((await attempt(apiB, demoAccount('RFC').email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('reserves attempts atomically in Redis: a parallel burst over both processes gets 3 evaluations', async () => {
    const { email } = demoAccount('CUSTOM');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(i % 2 === 0 ? apiA : apiB, email, `burst-${i}`)),
    );
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(27);
  });
});
