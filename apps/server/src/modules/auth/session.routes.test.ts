import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SessionUserSchema, TokenPairSchema } from '@civicfleet/shared';
import { users } from '../../db/schema/index.ts';
import { createTestApp, demoAccount, type TestApp } from '../../../test/helpers.ts';

describe('sessions: refresh, logout, logged-in user', () => {
  let t: TestApp;
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
  const logout = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken } });
  const me = (id: string, authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${id}`,
      headers: authorization ? { authorization } : {},
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('rotates the refresh token on every use; the new access token works', async () => {
    const first = await t.signIn('RFC');
    const res = await refresh(first.token.refresh.token);
    expect(res.statusCode).toBe(200);
    const pair = TokenPairSchema.parse(res.json().data);
    expect(pair.refresh.token).not.toBe(first.token.refresh.token);
    const user = await me(first.user.id, `Bearer ${pair.access.token}`);
    expect(user.statusCode).toBe(200);
    expect((await refresh(pair.refresh.token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const first = await t.signIn('FITTER');
    const second = TokenPairSchema.parse((await refresh(first.token.refresh.token)).json().data);
    const replay = await refresh(first.token.refresh.token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, message: AUTH_MESSAGES.refreshInvalid });
    // The legitimate holder's newer token is dead too.
    expect((await refresh(second.refresh.token)).statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await t.signIn('FITTER');
    expect((await refresh(other.token.refresh.token)).statusCode).toBe(200);
  });

  it('refuses unknown refresh tokens and validates the body', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('refreshToken');
  });

  it('logs out (public route) by revoking the family, and always succeeds', async () => {
    const session = await t.signIn('CUSTOM');
    const res = await logout(session.token.refresh.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Successfully logged out', data: null });
    expect((await refresh(session.token.refresh.token)).statusCode).toBe(401);
    expect((await logout(session.token.refresh.token)).statusCode).toBe(200);
    expect((await logout('garbage')).json().message).toBe('Successfully logged out');
  });

  it('answers 401 without a token or with a bad or tampered one', async () => {
    const none = await me('1');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: AUTH_MESSAGES.tokenMissing });
    const bad = await me('1', 'Bearer abc.def.ghi');
    expect(bad.json()).toEqual({ success: false, message: AUTH_MESSAGES.tokenInvalid });
    const token = await t.login('ADMIN');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p ?? '', 'base64url').toString()), role: 'SUPER_ADMIN' }),
    ).toString('base64url');
    expect((await me('1', `Bearer ${h}.${forged}.${s}`)).statusCode).toBe(401);
  });

  it('ends the session of a user disabled after sign-in', async () => {
    const session = await t.signIn('RFC_ADMIN');
    const authorization = `Bearer ${session.token.access.token}`;
    expect((await me(session.user.id, authorization)).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ isEnabled: false })
      .where(eq(users.id, BigInt(session.user.id)));
    expect((await me(session.user.id, authorization)).statusCode).toBe(401);
    expect((await refresh(session.token.refresh.token)).statusCode).toBe(401);
    await t.db
      .update(users)
      .set({ isEnabled: true })
      .where(eq(users.id, BigInt(session.user.id)));
  });

  it('GET /auth/logged-in-user/:id answers the caller itself', async () => {
    const session = await t.signIn('LIMITED_USER');
    const res = await me(session.user.id, `Bearer ${session.token.access.token}`);
    expect(res.statusCode).toBe(200);
    const user = SessionUserSchema.parse(res.json().data);
    expect(user).toEqual(session.user);
  });

  it('answers other users only with the user module, and only within scope', async () => {
    const indoreAdmin = await t.signIn('ADMIN');
    const limited = await t.signIn('LIMITED_USER');
    const bhopal = await t.signIn(demoAccount('ADMIN').email.replace('admin@', 'admin.bhopal@'));
    const superAdmin = await t.signIn('SUPER_ADMIN');
    // LIMITED_USER lacks the user module.
    const denied = await me(indoreAdmin.user.id, `Bearer ${limited.token.access.token}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(AUTH_MESSAGES.forbidden);
    // Indore's ADMIN sees its own organisation's users, not Bhopal's (404: existence is not revealed).
    expect((await me(limited.user.id, `Bearer ${indoreAdmin.token.access.token}`)).statusCode).toBe(200);
    expect((await me(bhopal.user.id, `Bearer ${indoreAdmin.token.access.token}`)).statusCode).toBe(404);
    // SUPER_ADMIN sees everyone; unknown ids are 404; malformed ids are 400.
    expect((await me(bhopal.user.id, `Bearer ${superAdmin.token.access.token}`)).statusCode).toBe(200);
    expect((await me('999999', `Bearer ${superAdmin.token.access.token}`)).statusCode).toBe(404);
    expect((await me('abc', `Bearer ${superAdmin.token.access.token}`)).statusCode).toBe(400);
  });
});
