/** TOTP enrolment, the second sign-in step, recovery codes and turning MFA off (contracts/mfa.contract.ts). */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  LoginResultSchema,
  MFA_MESSAGES,
  MfaChallengeSchema,
  MfaSetupSchema,
  MfaStatusSchema,
  type RoleName,
} from '@civicfleet/shared';
import { auditLog, userMfa } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';
import { MFA_AUDIT } from './mfa.service.ts';

let now = new Date('2026-11-26T10:00:00.000Z');
const clock = () => now;
const advanceS = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const totp = (secret: string, at = now) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

describe('two-step verification (TOTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const passwordStep = (role: RoleName) =>
    post('/v1/auth/login', { username: demoAccount(role).email, password: DEMO_PASSWORD });
  async function challengeOf(role: RoleName): Promise<string> {
    const res = await passwordStep(role);
    expect(res.statusCode).toBe(200);
    return MfaChallengeSchema.parse(res.json().data).challenge;
  }

  /** Setup + enable for a demo role; answers the secret and the recovery codes. */
  async function enrol(role: RoleName): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await t.call(role, 'POST', '/v1/auth/mfa/setup');
    expect(setup.statusCode).toBe(200);
    const { secret } = MfaSetupSchema.parse(setup.json().data);
    const enable = await t.call(role, 'POST', '/v1/auth/mfa/enable', { code: totp(secret) });
    expect(enable.statusCode).toBe(200);
    advanceS(30); // the enrolment code's step is spent
    return { secret, recoveryCodes: enable.json().data.recoveryCodes as string[] };
  }

  /** Subjects of the mails to a demo account (outbox, newest first). */
  const mailSubjects = async (role: 'ADMIN' | 'RFC') => {
    const res = await t.call(
      'SUPER_ADMIN',
      'GET',
      `/v1/outbox?to=${encodeURIComponent(demoAccount(role).email)}`,
    );
    return (res.json().data as Array<{ subject: string; text: string }>).map((mail) => mail.subject);
  };

  it('enrols: setup answers a secret and otpauth URI, a wrong code is refused, the right one enables', async () => {
    const before = await t.call('ADMIN', 'GET', '/v1/auth/mfa');
    expect(MfaStatusSchema.parse(before.json().data)).toEqual({
      enabled: false,
      enabledAt: null,
      pendingSetup: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await t.call('ADMIN', 'POST', '/v1/auth/mfa/setup');
    expect(setup.json()).toMatchObject({ success: true, message: MFA_MESSAGES.setupStarted });
    const { secret, uri } = MfaSetupSchema.parse(setup.json().data);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain(encodeURIComponent(demoAccount('ADMIN').email));
    // Stored encrypted, never the plain secret.
    const [row] = await t.db.select().from(userMfa);
    expect(row?.secretEnc).not.toContain(secret);
    expect(row?.enabledAt).toBeNull();
    // Not active yet: sign-in still issues tokens.
    expect((await passwordStep('ADMIN')).json().data.token).toBeDefined();

    const badFormat = await t.call('ADMIN', 'POST', '/v1/auth/mfa/enable', { code: '12ab' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual({ code: MFA_MESSAGES.codeFormat });
    const wrong = await t.call('ADMIN', 'POST', '/v1/auth/mfa/enable', {
      code: totp(secret, new Date(now.getTime() - 300_000)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ success: false, message: MFA_MESSAGES.codeInvalid });

    const enable = await t.call('ADMIN', 'POST', '/v1/auth/mfa/enable', { code: totp(secret) });
    expect(enable.statusCode).toBe(200);
    // The owner is told (ASVS 2.5.5); the notice carries no secret.
    expect(await mailSubjects('ADMIN')).toContain('CivicFleet: two-step verification was turned on');
    const codes = enable.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const status = MfaStatusSchema.parse((await t.call('ADMIN', 'GET', '/v1/auth/mfa')).json().data);
    expect(status).toMatchObject({ enabled: true, pendingSetup: false, recoveryCodesLeft: 10 });
    const again = await t.call('ADMIN', 'POST', '/v1/auth/mfa/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MFA_MESSAGES.alreadyEnabled);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, MFA_AUDIT.enabled));
    expect(audit).toHaveLength(1);
    advanceS(30);

    // Sign-in now stops after the password: no tokens, a challenge instead.
    const step1 = await passwordStep('ADMIN');
    expect(step1.statusCode).toBe(200);
    expect(step1.json().data).not.toHaveProperty('token');
    const { challenge, expires } = MfaChallengeSchema.parse(step1.json().data);
    expect(new Date(expires).getTime() - now.getTime()).toBe(5 * 60 * 1000);

    const wrongCode = await post('/v1/auth/login/mfa', { challenge, code: totp(secret, new Date(0)) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ success: false, message: MFA_MESSAGES.codeInvalid });
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, MFA_AUDIT.failed));
    expect(failures).toHaveLength(1);

    // A typo does not spend the challenge: the right code on the same challenge signs in.
    const code = totp(secret);
    const ok = await post('/v1/auth/login/mfa', { challenge, code });
    expect(ok.statusCode).toBe(200);
    const session = LoginResultSchema.parse(ok.json().data);
    expect(session.user.email).toBe(demoAccount('ADMIN').email);
    const me = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${session.user.id}`,
      headers: { authorization: `Bearer ${session.token.access.token}` },
    });
    expect(me.statusCode).toBe(200);

    // The challenge is single use, and the same code is never accepted twice (same time step).
    const reuse = await post('/v1/auth/login/mfa', { challenge, code });
    expect(reuse.json()).toEqual({ success: false, message: MFA_MESSAGES.challengeInvalid });
    const replay = await post('/v1/auth/login/mfa', { challenge: await challengeOf('ADMIN'), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(MFA_MESSAGES.codeInvalid);
    // The code of the previous step is inside the ±1 window but older than the accepted one: refused as well.
    const older = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('ADMIN'),
      code: totp(secret, new Date(now.getTime() - 30_000)),
    });
    expect(older.statusCode).toBe(400);
    // One step later (a phone clock 30 s fast also works: window ±1).
    const next = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('ADMIN'),
      code: totp(secret, new Date(now.getTime() + 30_000)),
    });
    expect(next.statusCode).toBe(200);
    const signIns = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign-in'), eq(auditLog.actorUserId, BigInt(session.user.id))));
    expect(signIns.some((e) => (e.detail as { mfa?: string } | null)?.mfa === 'totp')).toBe(true);
  });

  it('accepts each recovery code once', async () => {
    const { recoveryCodes } = await enrol('RFC_ADMIN');
    const [first, second] = recoveryCodes;
    const ok = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('RFC_ADMIN'),
      recoveryCode: first?.toLowerCase().replace('-', ''),
    });
    expect(ok.statusCode).toBe(200);
    LoginResultSchema.parse(ok.json().data);
    const again = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('RFC_ADMIN'),
      recoveryCode: first,
    });
    expect(again.json()).toEqual({ success: false, message: MFA_MESSAGES.codeInvalid });
    expect((await t.call('RFC_ADMIN', 'GET', '/v1/auth/mfa')).json().data.recoveryCodesLeft).toBe(9);
    const other = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('RFC_ADMIN'),
      recoveryCode: second,
    });
    expect(other.statusCode).toBe(200);
  });

  it('lets a challenge expire after 5 minutes', async () => {
    const { secret } = await enrol('MANUFACTURER');
    const challenge = await challengeOf('MANUFACTURER');
    advanceS(5 * 60 + 1);
    const late = await post('/v1/auth/login/mfa', { challenge, code: totp(secret) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ success: false, message: MFA_MESSAGES.challengeInvalid });
    const unknown = await post('/v1/auth/login/mfa', { challenge: 'not-a-challenge', code: totp(secret) });
    expect(unknown.json().message).toBe(MFA_MESSAGES.challengeInvalid);
  });

  it('counts wrong codes against the sign-in limit (5 per user), then refuses even the right code', async () => {
    const { secret } = await enrol('INVENTORY_MANAGER');
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/v1/auth/login/mfa', {
        challenge: await challengeOf('INVENTORY_MANAGER'),
        code: totp(secret, new Date(now.getTime() - 600_000 - i * 30_000)),
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await post('/v1/auth/login/mfa', {
      challenge: await challengeOf('INVENTORY_MANAGER'),
      code: totp(secret),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('validates the second step: one of code or recoveryCode, in its format', async () => {
    const both = await post('/v1/auth/login/mfa', {
      challenge: 'x',
      code: '123456',
      recoveryCode: 'ABCDE-FGHJK',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().success).toBe(false);
    const none = await post('/v1/auth/login/mfa', { challenge: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toMatchObject({ code: MFA_MESSAGES.codeRequired });
    const letters = await post('/v1/auth/login/mfa', { challenge: 'x', code: 'abcdef' });
    expect(letters.json().errors).toMatchObject({ code: MFA_MESSAGES.codeFormat });
  });

  it('refuses the MFA calls without a session', async () => {
    for (const [method, url] of [
      ['GET', '/v1/auth/mfa'],
      ['POST', '/v1/auth/mfa/setup'],
      ['POST', '/v1/auth/mfa/enable'],
      ['POST', '/v1/auth/mfa/disable'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.tokenMissing });
    }
  });

  it('turns MFA off only with the password and a code; sign-in then issues tokens again', async () => {
    const { secret } = await enrol('RFC');
    const notOn = await t.call('FITTER', 'POST', '/v1/auth/mfa/disable', {
      password: DEMO_PASSWORD,
      code: '123456',
    });
    expect(notOn.json()).toEqual({ success: false, message: MFA_MESSAGES.notEnabled });
    const badPassword = await t.call('RFC', 'POST', '/v1/auth/mfa/disable', {
      password: 'wrong-password',
      code: totp(secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().message).toBe(AUTH_MESSAGES.wrongCurrentPassword);
    const badCode = await t.call('RFC', 'POST', '/v1/auth/mfa/disable', {
      password: DEMO_PASSWORD,
      code: totp(secret, new Date(0)),
    });
    expect(badCode.json()).toEqual({ success: false, message: MFA_MESSAGES.codeInvalid });
    const missing = await t.call('RFC', 'POST', '/v1/auth/mfa/disable', { password: DEMO_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('code');
    const off = await t.call('RFC', 'POST', '/v1/auth/mfa/disable', {
      password: DEMO_PASSWORD,
      code: totp(secret),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true, message: MFA_MESSAGES.disabled });
    expect((await mailSubjects('RFC'))[0]).toBe('CivicFleet: two-step verification was turned off');
    const login = await passwordStep('RFC');
    LoginResultSchema.parse(login.json().data);
    expect(login.json().data).not.toHaveProperty('mfaRequired');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, MFA_AUDIT.disabled));
    expect(audit).toHaveLength(1);
  });
});
