/**
 * Session rules of docs/security.md (OWASP ASVS 4.0.3 V3): sign-out ends the access token at once (3.3.1), a session
 * lives at most REFRESH_TOKEN_TTL_S from sign-in however often it is refreshed (3.3.2), and access tokens resist
 * tampering, the `none` algorithm and foreign keys (3.5.3).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, REFRESH_TOKEN_TTL_S, TokenPairSchema } from '@civicfleet/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { createTestApp, demoAccount, type TestApp } from '../../../test/helpers.ts';

describe('session security (ASVS V3)', () => {
  let t: TestApp;
  let now = Date.now();
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
  const me = (id: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now) });
  });
  afterAll(async () => t?.close());

  it('sign-out kills the access token of that session at once, and only of that session', async () => {
    const session = await t.signIn('RFC');
    const other = await t.signIn('RFC');
    expect((await me(session.user.id, session.token.access.token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: session.token.refresh.token },
    });
    expect(out.statusCode).toBe(200);
    const after = await me(session.user.id, session.token.access.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: AUTH_MESSAGES.tokenInvalid });
    expect((await me(other.user.id, other.token.access.token)).statusCode).toBe(200);
  });

  it('a detected refresh-token replay also kills the live access token of the family', async () => {
    const first = await t.signIn('FITTER');
    const second = TokenPairSchema.parse((await refresh(first.token.refresh.token)).json().data);
    expect((await me(first.user.id, second.access.token)).statusCode).toBe(200);
    expect((await refresh(first.token.refresh.token)).statusCode).toBe(401);
    expect((await me(first.user.id, second.access.token)).statusCode).toBe(401);
  });

  it('refreshing never extends the session past its absolute lifetime from sign-in', async () => {
    now = Date.now();
    const session = await t.signIn('CUSTOM');
    const end = Date.parse(session.token.refresh.expires);
    expect(end).toBe(now + REFRESH_TOKEN_TTL_S * 1000);
    expect(REFRESH_TOKEN_TTL_S).toBeLessThanOrEqual(12 * 60 * 60);

    // Active all day: every rotation keeps the family's end.
    let pair = session.token;
    for (const hours of [3, 6, 9, 11.9]) {
      now = end - REFRESH_TOKEN_TTL_S * 1000 + hours * 3600_000;
      const res = await refresh(pair.refresh.token);
      expect(res.statusCode).toBe(200);
      pair = TokenPairSchema.parse(res.json().data);
      expect(Date.parse(pair.refresh.expires)).toBe(end);
      // The access token never outlives the session either.
      expect(Date.parse(pair.access.expires)).toBeLessThanOrEqual(end);
    }
    expect(Date.parse(pair.access.expires)).toBe(Math.floor(end / 1000) * 1000);

    now = end + 1000;
    const late = await refresh(pair.refresh.token);
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(AUTH_MESSAGES.refreshInvalid);
    expect((await me(session.user.id, pair.access.token)).statusCode).toBe(401);
    now = Date.now();
  });

  it('refuses access tokens with alg "none", a foreign key or a changed header', async () => {
    const session = await t.signIn('ADMIN');
    const [, payload, signature] = session.token.access.token.split('.');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await me(session.user.id, none)).statusCode).toBe(401);
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const foreign = createHmac('sha256', 'not-the-server-secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    expect((await me(session.user.id, `${header}.${payload}.${foreign}`)).statusCode).toBe(401);
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`;
    expect((await me(session.user.id, hs512)).statusCode).toBe(401);
    expect((await me(session.user.id, session.token.access.token)).statusCode).toBe(200);
  });

  it('binds a session family to its user: a token naming the live family of another user is refused', async () => {
    // Someone who holds the signing key and a low-privilege session of their own forges a super-admin token that
    // points at that live session: the family belongs to another user, so it is not a session of the super admin.
    const rfc = await t.signIn('RFC');
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
        string,
        unknown
      >;
    const rfcClaims = claimsOf(rfc.token.access.token);
    const [admin] = await t.db
      .select({ id: users.id, tokenVersion: users.tokenVersion, org: users.organisationId })
      .from(users)
      .where(eq(users.email, demoAccount('SUPER_ADMIN').email));
    if (!admin) throw new Error('no super admin');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64({
      sub: String(admin.id),
      role: 'SUPER_ADMIN',
      org: String(admin.org),
      tv: admin.tokenVersion,
      fam: rfcClaims.fam,
      iat,
      exp: iat + 600,
    });
    const signature = createHmac('sha256', t.env.jwtSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    const forged = await me(String(admin.id), `${header}.${payload}.${signature}`);
    expect(forged.statusCode).toBe(401);
    // The RFC's own session is untouched.
    expect((await me(rfc.user.id, rfc.token.access.token)).statusCode).toBe(200);
  });
});
