import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, LoginResultSchema, flattenAuthScopes } from '@civicfleet/shared';
import { auditLog, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';

const login = (t: TestApp, username: unknown, password: unknown = DEMO_PASSWORD, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { username, password },
    ...(ip ? { remoteAddress: ip } : {}),
  });

describe('POST /v1/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in by e-mail (case-insensitive) and answers the contract shape', async () => {
    const res = await login(t, '  ADMIN@Demo.CivicFleet.in ');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Successfully logged in' });
    const data = LoginResultSchema.parse(body.data);
    expect(data.user.email).toBe('admin@demo.civicfleet.in');
    expect(data.user.organisation.tradeName).toBe('Indore Municipal Corporation');
    expect(data.role.name).toBe('ADMIN');
    expect(data.user.permissions).toEqual(flattenAuthScopes('ADMIN', data.role.authScopes));
    expect(new Date(data.token.access.expires).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    // A session lasts at most 12 hours from sign-in (ASVS 3.3.2, docs/security.md).
    expect(new Date(data.token.refresh.expires).getTime() - Date.now()).toBeGreaterThan(11.9 * 3600 * 1000);
    expect(new Date(data.token.refresh.expires).getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
    expect(data.token.refresh.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs in by phone with +91, and without it (the server adds the prefix)', async () => {
    const { phone } = demoAccount('FITTER');
    for (const username of [phone, phone.slice(3)]) {
      const res = await login(t, username);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.phone).toBe(phone);
    }
  });

  it('gives one message for a wrong password and an unknown user, and audits the failure', async () => {
    const wrong = await login(t, demoAccount('RFC').email, 'Wrong@12345');
    const unknown = await login(t, 'nobody@demo.civicfleet.in', 'Wrong@12345');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.invalidCredentials });
    }
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.sign-in-failed'));
    expect(failures.map((f) => f.detail)).toEqual(
      expect.arrayContaining([
        { username: demoAccount('RFC').email },
        { username: 'nobody@demo.civicfleet.in' },
      ]),
    );
  });

  it('answers unknown users about as slowly as known ones (a dummy hash is checked)', async () => {
    // The fastest of a few tries: noise on a shared machine only ever adds time.
    const fastest = async (username: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await login(t, username, 'Wrong@12345');
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    await fastest('warmup@demo.civicfleet.in');
    const known = await fastest(demoAccount('CUSTOM').email);
    const unknown = await fastest('ghost@demo.civicfleet.in');
    expect(unknown).toBeGreaterThan(known * 0.3);
  });

  it('refuses a disabled user with 403 (only after a correct password)', async () => {
    const { email } = demoAccount('LIMITED_USER');
    await t.db.update(users).set({ isEnabled: false }).where(eq(users.email, email));
    const res = await login(t, email);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(AUTH_MESSAGES.disabled);
    expect((await login(t, email, 'Wrong@12345')).statusCode).toBe(400);
    await t.db.update(users).set({ isEnabled: true }).where(eq(users.email, email));
  });

  it('validates the body with the spec messages', async () => {
    const empty = await login(t, '', 'x');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: 'The username field is required',
      errors: { username: 'The username field is required' },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: {} });
    expect(missing.json()).toMatchObject({
      message: 'The username field is required',
      errors: { username: 'The username field is required', password: 'The password field is required' },
    });
    const long = await login(t, `${'a'.repeat(256)}@x.in`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toHaveProperty('username');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().success).toBe(false);
  });

  it('answers 429 with Retry-After after 5 failures for one username, even with the right password', async () => {
    const { email } = demoAccount('INVENTORY_MANAGER');
    for (let i = 0; i < 5; i++) expect((await login(t, email, `Wrong${i}`)).statusCode).toBe(400);
    const blocked = await login(t, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Other usernames are unaffected.
    expect((await login(t, demoAccount('RFC_ADMIN').email)).statusCode).toBe(200);
  });

  it('resets the per-username failure count on success', async () => {
    const { email } = demoAccount('MANUFACTURER');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await login(t, email, 'Wrong@1')).statusCode).toBe(400);
      expect((await login(t, email)).statusCode).toBe(200);
    }
  });
});

describe('per-IP sign-in limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authLimits: { perIp: { points: 3, durationS: 600 }, perUsername: { points: 5, durationS: 900 } },
    });
  });
  afterAll(async () => t?.close());

  it('limits failed attempts per client address; successful sign-ins do not count', async () => {
    // A control room behind one address signs many people in.
    for (let i = 0; i < 5; i++)
      expect((await login(t, demoAccount('ADMIN').email, DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(t, `u${i}@x.in`, 'x', '10.0.0.1')).statusCode).toBe(400);
    const blocked = await login(t, demoAccount('ADMIN').email, DEMO_PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect((await login(t, demoAccount('ADMIN').email, DEMO_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });
});
