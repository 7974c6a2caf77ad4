/**
 * Step-up re-authentication (ASVS 4.3.3): POST /v1/auth/step-up and the `config.stepUp` check of
 * http/authenticate.ts on the wallet money routes and the role writes.
 */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  MFA_MESSAGES,
  MfaSetupSchema,
  STEP_UP_MESSAGES,
  STEP_UP_TTL_S,
  TokenPairSchema,
  type LoginResult,
} from '@civicfleet/shared';
import { loadBrand } from '../../config/brand.ts';
import { auditLog, roles, sessionStepUps } from '../../db/schema/index.ts';
import { organisationId } from '../../gateway/testing/fleet.ts';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';
import { STEP_UP_AUDIT } from './step-up.service.ts';

let now = new Date('2026-11-26T10:00:00.000Z');
const clock = () => now;
const advanceS = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const totp = (secret: string, at = now) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

type Headers = { authorization: string };
const bearer = (session: LoginResult): Headers => ({ authorization: `Bearer ${session.token.access.token}` });
const STEP_UP_REQUIRED = {
  success: false,
  message: STEP_UP_MESSAGES.required,
  errors: { password: STEP_UP_MESSAGES.passwordRequired },
};

describe('step-up re-authentication', () => {
  let t: TestApp;
  let walletId: string;
  let reference = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    // Opening a wallet moves no money: it is not a step-up route.
    const malwa = await organisationId(t.db, 'Malwa Auto Electricals');
    const opened = await t.call('SUPER_ADMIN', 'POST', '/v1/wallet', { organisationId: String(malwa) });
    expect(opened.statusCode, opened.body).toBe(200);
    walletId = opened.json().data.id as string;
  });
  afterAll(async () => t?.close());

  const stepUp = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/step-up', headers, payload: payload as object });
  const addMoney = (headers: Headers) => {
    reference += 1;
    return t.app.inject({
      method: 'PUT',
      url: `/v1/wallet/add/${walletId}`,
      headers,
      payload: { amountPaise: 100, reference: `UTR-STEP-${reference}` },
    });
  };
  const createRole = (headers: Headers, name: string) =>
    t.app.inject({ method: 'POST', url: '/v1/roles', headers, payload: { name, authScopes: {} } });

  it('refuses the money and role routes until the session confirms its password, then allows them', async () => {
    const session = await t.signIn('SUPER_ADMIN');
    const headers = bearer(session);
    const refused = await addMoney(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(STEP_UP_REQUIRED);
    const roleRefused = await createRole(headers, 'Step Up Auditor');
    expect(roleRefused.statusCode).toBe(403);
    expect(roleRefused.json().message).toBe(STEP_UP_MESSAGES.required);
    const deduct = await t.app.inject({
      method: 'PUT',
      url: `/v1/wallet/deduct/${walletId}`,
      headers,
      payload: { amountPaise: 1, reason: 'x' },
    });
    expect(deduct.json().message).toBe(STEP_UP_MESSAGES.required);
    // Other routes are not affected.
    expect((await t.app.inject({ method: 'GET', url: `/v1/wallet/${walletId}`, headers })).statusCode).toBe(
      200,
    );

    const confirmed = await stepUp(headers, { password: DEMO_PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'Confirmed',
      data: { until: new Date(now.getTime() + STEP_UP_TTL_S * 1000).toISOString() },
    });
    const added = await addMoney(headers);
    expect(added.statusCode, added.body).toBe(200);
    const created = await createRole(headers, 'Step Up Auditor');
    expect(created.statusCode, created.body).toBe(200);
    const roleId = created.json().data.id as string;
    const update = { authScopes: { dashboard: true } };
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v1/roles/${roleId}`, headers, payload: update }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/roles/${roleId}`, headers })).statusCode).toBe(
      200,
    );

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, STEP_UP_AUDIT), eq(auditLog.actorUserId, BigInt(session.user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.at.toISOString()).toBe(now.toISOString());
  });

  it('checks the permission first: a caller who may not act gets the ordinary 403, not a password prompt', async () => {
    const headers = bearer(await t.signIn('RFC_ADMIN'));
    const res = await addMoney(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/auth/step-up', payload: { password: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('expires 10 minutes after the confirmation (not extended by use)', async () => {
    const headers = bearer(await t.signIn('SUPER_ADMIN'));
    expect((await stepUp(headers, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    advanceS(STEP_UP_TTL_S - 1);
    expect((await addMoney(headers)).statusCode).toBe(200);
    advanceS(2);
    const expired = await addMoney(headers);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual(STEP_UP_REQUIRED);
    expect((await stepUp(headers, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await addMoney(headers)).statusCode).toBe(200);
  });

  it('belongs to one session: another session of the same user must confirm itself; refresh keeps it; sign-out ends it', async () => {
    const first = await t.signIn('SUPER_ADMIN');
    const second = await t.signIn('SUPER_ADMIN');
    expect((await stepUp(bearer(first), { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await addMoney(bearer(first))).statusCode).toBe(200);
    expect((await addMoney(bearer(second))).json()).toEqual(STEP_UP_REQUIRED);

    // Token rotation keeps the session (family), and with it the confirmation.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-tokens',
      payload: { refreshToken: first.token.refresh.token },
    });
    const pair = TokenPairSchema.parse(refreshed.json().data);
    const rotated = { authorization: `Bearer ${pair.access.token}` };
    expect((await addMoney(rotated)).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: pair.refresh.token },
    });
    expect((await addMoney(rotated)).statusCode).toBe(401);
  });

  it('answers a wrong password 400 and counts it against the sign-in limit (5 per user), then 429', async () => {
    const email = demoAccount('FITTER').email;
    const fitter = await t.signIn('FITTER');
    const headers = bearer(fitter);
    const wrong = await stepUp(headers, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.wrongCurrentPassword,
      errors: { password: AUTH_MESSAGES.wrongCurrentPassword },
    });
    for (let i = 0; i < 4; i += 1) {
      expect((await stepUp(headers, { password: `wrong-${i}` })).statusCode).toBe(400);
    }
    const blocked = await stepUp(headers, { password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The same counter as sign-in: the account's password cannot be tried there either.
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(429);
    const rows = await t.db.select().from(sessionStepUps);
    expect(rows.map((r) => r.userId)).not.toContain(BigInt(fitter.user.id));
  });

  it('validates the body', async () => {
    const headers = bearer(await t.signIn('MANUFACTURER'));
    const empty = await stepUp(headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('password');
    expect((await stepUp(headers, { password: DEMO_PASSWORD, extra: 1 })).statusCode).toBe(400);
    const badCode = await stepUp(headers, { password: DEMO_PASSWORD, code: '12ab' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toBe(MFA_MESSAGES.codeRequired);
  });

  it('asks a user with two-step verification for a current code or a recovery code as well', async () => {
    const session = await t.signIn('ADMIN');
    const headers = bearer(session);
    const setup = await t.app.inject({ method: 'POST', url: '/v1/auth/mfa/setup', headers });
    const { secret } = MfaSetupSchema.parse(setup.json().data);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mfa/enable',
      headers,
      payload: { code: totp(secret) },
    });
    expect(enable.statusCode).toBe(200);
    const recoveryCodes = enable.json().data.recoveryCodes as string[];
    advanceS(30); // the enrolment code's step is spent

    // The 403 tells the console to ask for the code too.
    const refused = await createRole(headers, 'MFA Role One');
    expect(refused.json()).toEqual({
      ...STEP_UP_REQUIRED,
      errors: { password: STEP_UP_MESSAGES.passwordRequired, code: MFA_MESSAGES.codeRequired },
    });
    // No code: asked for before the password is even checked (no hint whether a wrong password was right).
    for (const password of [DEMO_PASSWORD, 'wrong-password']) {
      const noCode = await stepUp(headers, { password });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json().errors).toEqual({ code: MFA_MESSAGES.codeRequired });
    }
    const wrongCode = await stepUp(headers, { password: DEMO_PASSWORD, code: totp(secret, new Date(0)) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toEqual({ code: MFA_MESSAGES.codeInvalid });
    const wrongPassword = await stepUp(headers, { password: 'wrong-password', code: totp(secret) });
    expect(wrongPassword.json().errors).toEqual({ password: AUTH_MESSAGES.wrongCurrentPassword });

    const code = totp(secret);
    const ok = await stepUp(headers, { password: DEMO_PASSWORD, code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await createRole(headers, 'MFA Role One')).statusCode).toBe(200);

    // The same code cannot confirm a second session (replay); a recovery code can, once.
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: demoAccount('ADMIN').email, password: DEMO_PASSWORD },
    });
    const challenge = second.json().data.challenge as string;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login/mfa',
      payload: { challenge, recoveryCode: recoveryCodes[0] },
    });
    const other = bearer(signedIn.json().data as LoginResult);
    expect((await stepUp(other, { password: DEMO_PASSWORD, code })).json().errors).toEqual({
      code: MFA_MESSAGES.codeInvalid,
    });
    const recovery = await stepUp(other, { password: DEMO_PASSWORD, code: recoveryCodes[1] });
    expect(recovery.statusCode, recovery.body).toBe(200);
    expect((await stepUp(other, { password: DEMO_PASSWORD, code: recoveryCodes[1] })).statusCode).toBe(400);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, STEP_UP_AUDIT), eq(auditLog.actorUserId, BigInt(session.user.id))));
    expect(audit.map((a) => a.detail)).toEqual([{ mfa: 'totp' }, { mfa: 'recovery' }]);
  });

  it('is refused to a restricted session (default password not changed yet)', async () => {
    const admin = await t.signIn('SUPER_ADMIN');
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ADMIN'));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: bearer(admin),
      payload: {
        firstName: 'Ravi',
        lastName: 'Verma',
        email: 'ravi.verma@imcindore.org',
        roleId: String(role?.id),
        organisationId: admin.user.organisation.id,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const defaultPassword = loadBrand(t.env.brand).defaultPassword;
    const session = await t.signIn('ravi.verma@imcindore.org', defaultPassword);
    expect(session.mustChangePassword).toBe(true);
    const res = await stepUp(bearer(session), { password: defaultPassword });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MFA_MESSAGES.passwordChangeRequired });
  });
});
