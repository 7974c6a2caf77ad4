/**
 * Restricted sessions (http/authenticate.ts sessionRestriction): a user created with the brand's default password
 * changes it before anything else (ASVS 2.3.1); with MFA_REQUIRED_FOR_ADMINS an administrator without MFA enrols first
 * (ASVS 4.3.1).
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResultSchema, MFA_MESSAGES, MfaSetupSchema, type LoginResult } from '@civicfleet/shared';
import { loadBrand } from '../../config/brand.ts';
import { roles, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const bearer = (session: LoginResult) => ({ authorization: `Bearer ${session.token.access.token}` });

describe('first sign-in with the brand default password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('does not flag the demo accounts', async () => {
    const admin = await t.signIn('ADMIN');
    expect(admin).not.toHaveProperty('mustChangePassword');
    expect(admin).not.toHaveProperty('mfaEnrolmentRequired');
    expect((await t.call('ADMIN', 'GET', '/v1/users')).statusCode).toBe(200);
  });

  it('restricts a user created without a password to change-password until it is changed', async () => {
    const admin = await t.signIn('ADMIN');
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ADMIN'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: bearer(admin),
      payload: {
        firstName: 'Neha',
        lastName: 'Joshi',
        email: 'neha.joshi@imcindore.org',
        roleId: String(role?.id),
        organisationId: admin.user.organisation.id,
      },
    });
    expect(created.statusCode).toBe(200);
    const defaultPassword = loadBrand(t.env.brand).defaultPassword;
    const [row] = await t.db.select().from(users).where(eq(users.email, 'neha.joshi@imcindore.org'));
    expect(row?.mustChangePassword).toBe(true);

    const session = await t.signIn('neha.joshi@imcindore.org', defaultPassword);
    expect(session.mustChangePassword).toBe(true);
    const headers = bearer(session);
    const blocked = await t.app.inject({ method: 'GET', url: '/v1/users', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ success: false, message: MFA_MESSAGES.passwordChangeRequired });
    for (const url of ['/v1/auth/sessions', '/v1/auth/mfa', '/v1/organisation']) {
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403);
    }
    // Nor the live feed: the socket closes as for a bad token.
    const closed = new Promise<number>((resolve) => {
      void t.app
        .injectWS('/v1/live', {}, { onInit: (socket) => socket.on('close', (code) => resolve(code)) })
        .then((ws) => ws.send(JSON.stringify({ type: 'auth', token: session.token.access.token })));
    });
    expect(await closed).toBe(4401);
    const me = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${session.user.id}`,
      headers,
    });
    expect(me.statusCode).toBe(200);
    // Its own session user only: not another user's (an ADMIN role may read users otherwise).
    const other = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${admin.user.id}`,
      headers,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: MFA_MESSAGES.passwordChangeRequired });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/change-password',
      headers,
      payload: {
        username: 'neha.joshi@imcindore.org',
        password: defaultPassword,
        newpassword: 'Indore-Ward-42-Recycling',
      },
    });
    expect(changed.statusCode).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.email, 'neha.joshi@imcindore.org'));
    expect(after?.mustChangePassword).toBe(false);
    const token = changed.json().data.token.access.token as string;
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/v1/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(allowed.statusCode).toBe(200);
    const again = await t.signIn('neha.joshi@imcindore.org', 'Indore-Ward-42-Recycling');
    expect(again).not.toHaveProperty('mustChangePassword');
  });

  it('does not flag a user created with a password of their own', async () => {
    const admin = await t.signIn('ADMIN');
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'LIMITED_USER'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: bearer(admin),
      payload: {
        firstName: 'Ravi',
        email: 'ravi.verma@imcindore.org',
        password: 'Own-Chosen-Passw0rd-77',
        roleId: String(role?.id),
        organisationId: admin.user.organisation.id,
      },
    });
    expect(created.statusCode).toBe(200);
    const session = await t.signIn('ravi.verma@imcindore.org', 'Own-Chosen-Passw0rd-77');
    expect(session).not.toHaveProperty('mustChangePassword');
  });
});

describe('MFA_REQUIRED_FOR_ADMINS=on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { mfaRequiredForAdmins: true } });
  });
  afterAll(async () => t?.close());

  it('restricts an administrator without MFA to enrolment, and lifts it once enrolled', async () => {
    const session = await t.signIn('ADMIN');
    expect(session.mfaEnrolmentRequired).toBe(true);
    const headers = bearer(session);
    const blocked = await t.app.inject({ method: 'GET', url: '/v1/users', headers });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ success: false, message: MFA_MESSAGES.enrolmentRequired });
    const status = await t.app.inject({ method: 'GET', url: '/v1/auth/mfa', headers });
    expect(status.json().data).toMatchObject({ enabled: false, required: true });

    const setup = await t.app.inject({ method: 'POST', url: '/v1/auth/mfa/setup', headers });
    const { secret } = MfaSetupSchema.parse(setup.json().data);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mfa/enable',
      headers,
      payload: { code },
    });
    expect(enable.statusCode).toBe(200);
    // The same session may now go everywhere its role allows.
    expect((await t.app.inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(200);
  });

  it('applies to SUPER_ADMIN too, but not to other roles', async () => {
    const superAdmin = await t.signIn('SUPER_ADMIN');
    expect(superAdmin.mfaEnrolmentRequired).toBe(true);
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/v1/organisation',
      headers: bearer(superAdmin),
    });
    expect(blocked.json().message).toBe(MFA_MESSAGES.enrolmentRequired);
    const fitter = await t.signIn('RFC_ADMIN');
    expect(fitter).not.toHaveProperty('mfaEnrolmentRequired');
    const users = await t.app.inject({ method: 'GET', url: '/v1/users', headers: bearer(fitter) });
    expect(users.statusCode).toBe(200);
    LoginResultSchema.parse(superAdmin);
  });
});
