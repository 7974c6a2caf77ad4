/** GET /v1/auth/sessions and POST /v1/auth/sessions/revoke (OWASP ASVS 3.3.4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveSessionListSchema, AUTH_MESSAGES } from '@civicfleet/shared';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { SESSION_NOT_FOUND } from './session.service.ts';

describe('own sessions: list and sign out elsewhere', () => {
  let t: TestApp;
  const list = (token: string) =>
    t.app.inject({ method: 'GET', url: '/v1/auth/sessions', headers: { authorization: `Bearer ${token}` } });
  const revoke = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions/revoke',
      headers: { authorization: `Bearer ${token}`, 'user-agent': 'vitest' },
      payload,
    });
  const me = (id: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lists the caller’s live sessions only, marking the current one', async () => {
    const a = await t.signIn('MANUFACTURER');
    const b = await t.signIn('MANUFACTURER');
    const other = await t.signIn('FITTER');
    const res = await list(a.token.access.token);
    expect(res.statusCode).toBe(200);
    const sessions = ActiveSessionListSchema.parse(res.json().data);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const ids = new Set(sessions.map((s) => s.id));
    // Another user's session is not listed.
    const otherIds = ActiveSessionListSchema.parse((await list(other.token.access.token)).json().data);
    expect(otherIds.some((s) => ids.has(s.id))).toBe(false);
    // After sign-out the session is gone from the list.
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: b.token.refresh.token },
    });
    const after = ActiveSessionListSchema.parse((await list(a.token.access.token)).json().data);
    expect(after).toHaveLength(sessions.length - 1);
  });

  it('ends one chosen session after the password is entered again', async () => {
    const mine = await t.signIn('INVENTORY_MANAGER');
    const phone = await t.signIn('INVENTORY_MANAGER');
    const sessions = ActiveSessionListSchema.parse((await list(mine.token.access.token)).json().data);
    const target = sessions.find((s) => !s.current);
    if (!target) throw new Error('no other session');

    const wrong = await revoke(mine.token.access.token, {
      password: 'not-my-password',
      sessionId: target.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.wrongCurrentPassword });
    expect((await me(phone.user.id, phone.token.access.token)).statusCode).toBe(200);

    const done = await revoke(mine.token.access.token, { password: DEMO_PASSWORD, sessionId: target.id });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Sessions signed out', data: { revoked: 1 } });
    // The other session ended at once, the caller's did not.
    expect((await me(phone.user.id, phone.token.access.token)).statusCode).toBe(401);
    expect((await me(mine.user.id, mine.token.access.token)).statusCode).toBe(200);
    const stillListed = ActiveSessionListSchema.parse((await list(mine.token.access.token)).json().data);
    expect(stillListed.some((s) => s.id === target.id)).toBe(false);
  });

  it('ends every other session at once and keeps the caller’s', async () => {
    const mine = await t.signIn('RFC');
    const laptop = await t.signIn('RFC');
    const phone = await t.signIn('RFC');
    const res = await revoke(mine.token.access.token, { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revoked).toBeGreaterThanOrEqual(2);
    expect((await me(laptop.user.id, laptop.token.access.token)).statusCode).toBe(401);
    expect((await me(phone.user.id, phone.token.access.token)).statusCode).toBe(401);
    expect((await me(mine.user.id, mine.token.access.token)).statusCode).toBe(200);
    const left = ActiveSessionListSchema.parse((await list(mine.token.access.token)).json().data);
    expect(left.map((s) => s.current)).toEqual([true]);
  });

  it('cannot end another user’s session (404), validates the body and needs a session', async () => {
    const mine = await t.signIn('CUSTOM');
    const victim = await t.signIn('ADMIN');
    const victimSessions = ActiveSessionListSchema.parse((await list(victim.token.access.token)).json().data);
    const victimId = victimSessions.find((s) => s.current)?.id ?? '';
    const foreign = await revoke(mine.token.access.token, { password: DEMO_PASSWORD, sessionId: victimId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: SESSION_NOT_FOUND });
    expect((await me(victim.user.id, victim.token.access.token)).statusCode).toBe(200);

    const missing = await revoke(mine.token.access.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('password');
    const badId = await revoke(mine.token.access.token, { password: DEMO_PASSWORD, sessionId: '1' });
    expect(badId.json()).toMatchObject({ errors: { sessionId: 'Choose a session from the list' } });

    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/sessions' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions/revoke',
      payload: { password: DEMO_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
