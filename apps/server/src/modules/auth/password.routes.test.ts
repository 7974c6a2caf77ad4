import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, type TokenPair } from '@civicfleet/shared';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';
import { PASSWORD_POLICY_MESSAGES } from './password-policy.ts';

interface OutboxEntry {
  to: string;
  text: string;
  status: string;
}

describe('forgotten and changed passwords', () => {
  let t: TestApp;
  let now = Date.now();
  /** Reset mails seen per address, so that latestMail waits for the next one. */
  const mailCounts = new Map<string, number>();
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const forgot = async (username: string): Promise<string> => {
    const res = await post('/v1/auth/forgot-password', { username });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.otpSent);
    return res.json().data.otpToken as string;
  };
  /**
   * The latest reset mail to `to`, read through the SUPER_ADMIN outbox route. The reset is made after the answer went
   * out (password.service.ts), so the mail of the request just made is waited for.
   */
  const latestMail = async (to: string, kind: 'reset' | 'notice' = 'reset') => {
    const isReset = (e: OutboxEntry) => /code is \d{6}/.test(e.text);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/outbox?to=${to}`,
        headers: await t.auth('SUPER_ADMIN'),
      });
      return res.json().data as OutboxEntry[];
    };
    let entries = await read();
    if (kind === 'reset') {
      const before = mailCounts.get(to) ?? 0;
      await vi.waitFor(async () => {
        entries = await read();
        const resets = entries.filter(isReset).length;
        if (resets <= before) throw new Error(`no new reset mail to ${to}`);
        mailCounts.set(to, resets);
      });
    }
    const mail = kind === 'reset' ? entries.find(isReset) : entries[0];
    if (!mail) throw new Error(`no mail to ${to}`);
    const otp = /code is (\d{6})/.exec(mail.text)?.[1];
    const link = /(http\S+\/auth\/reset-password\/(\S+)\?token=(\S+))/.exec(mail.text);
    return {
      mail,
      otp: otp ?? '',
      requestToken: decodeURIComponent(link?.[2] ?? ''),
      linkToken: decodeURIComponent(link?.[3] ?? ''),
    };
  };
  const reset = (query: string, payload: object) => post(`/v1/auth/reset-password?${query}`, payload);
  const login = (username: string, password: string) => post('/v1/auth/login', { username, password });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now) });
  });
  afterAll(async () => t?.close());

  it('mails a 6-digit code and a link; the code resets the password once', async () => {
    const { email } = demoAccount('RFC');
    const session = await t.signIn('RFC');
    const otpToken = await forgot(email);
    const { mail, otp, requestToken, linkToken } = await latestMail(email);
    expect(mail.status).toBe('kept'); // no SMTP configured
    expect(otp).toMatch(/^\d{6}$/);
    expect(requestToken).toBe(otpToken);
    expect(linkToken.length).toBeGreaterThan(20);
    expect(mail.text).toContain(`http://localhost:8080/auth/reset-password/`);

    const ok = await reset(`otp=${otp}`, { otpToken, password: 'Narmada@Ghat24' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset, data: null });
    const again = await reset(`otp=${otp}`, { otpToken, password: 'Other@2024xyz' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.otpInvalid);
    // The link of the same request is void as well.
    expect((await reset(`token=${linkToken}`, { password: 'Other@2024xyz' })).statusCode).toBe(400);

    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(email, 'Narmada@Ghat24')).statusCode).toBe(200);
    // Sessions from before the reset are over: refresh token revoked, access token outdated.
    const refreshed = await post('/v1/auth/refresh-tokens', { refreshToken: session.token.refresh.token });
    expect(refreshed.statusCode).toBe(401);
    const meRes = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${session.user.id}`,
      headers: { authorization: `Bearer ${session.token.access.token}` },
    });
    expect(meRes.statusCode).toBe(401);
  });

  it('resets with the link token alone', async () => {
    const { email } = demoAccount('FITTER');
    await forgot(email);
    const { linkToken } = await latestMail(email);
    expect(
      (await reset(`token=${encodeURIComponent(linkToken)}`, { password: 'Link@Reset123' })).statusCode,
    ).toBe(200);
    expect((await login(email, 'Link@Reset123')).statusCode).toBe(200);
  });

  it('counts wrong codes and gives up after 5 attempts', async () => {
    const { email } = demoAccount('CUSTOM');
    const otpToken = await forgot(email);
    const { otp } = await latestMail(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await reset(`otp=${wrong}`, { otpToken, password: 'Tapti#Guess2024' });
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.otpInvalid });
    }
    expect((await reset(`otp=${otp}`, { otpToken, password: 'Tapti#Guess2024' })).statusCode).toBe(400);
  });

  it('expires codes after 10 minutes', async () => {
    const { email } = demoAccount('MANUFACTURER');
    const otpToken = await forgot(email);
    const { otp } = await latestMail(email);
    now += 11 * 60 * 1000;
    try {
      expect((await reset(`otp=${otp}`, { otpToken, password: 'Late@12345678' })).statusCode).toBe(400);
    } finally {
      now = Date.now();
    }
  });

  it('answers unknown users the same way, with a decoy token that never works', async () => {
    const otpToken = await forgot('nobody@demo.civicfleet.in');
    expect(otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await reset('otp=123456', { otpToken, password: 'Decoy@1234567' })).statusCode).toBe(400);
  });

  it('validates reset input', async () => {
    const badOtp = await reset('otp=12ab', { otpToken: 'x', password: 'Valid@1234567' });
    expect(badOtp.json()).toMatchObject({ success: false, message: 'The OTP must be 6 digits' });
    const shortPassword = await reset('otp=123456', { otpToken: 'x', password: 'short' });
    expect(shortPassword.json().errors).toEqual({
      password: 'The password must be at least 12 characters long',
    });
    expect((await reset('', { password: 'Valid@1234567' })).statusCode).toBe(400);
  });

  it('changes the password: own username only, current password checked, other sessions end', async () => {
    const { email, phone } = demoAccount('INVENTORY_MANAGER');
    const other = await t.signIn('INVENTORY_MANAGER');
    const mine = await t.signIn('INVENTORY_MANAGER');
    const headers = { authorization: `Bearer ${mine.token.access.token}` };
    const change = (body: object) => post('/v1/auth/change-password', body, headers);

    expect(
      (
        await post('/v1/auth/change-password', {
          username: email,
          password: DEMO_PASSWORD,
          newpassword: 'x'.repeat(9),
        })
      ).statusCode,
    ).toBe(401);
    const foreign = await change({
      username: demoAccount('RFC_ADMIN').email,
      password: DEMO_PASSWORD,
      newpassword: 'Kshipra@Changed1',
    });
    expect(foreign.statusCode).toBe(403);
    const wrong = await change({ username: email, password: 'Wrong@1234', newpassword: 'Kshipra@Changed1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.wrongCurrentPassword);
    const weak = await change({ username: email, password: DEMO_PASSWORD, newpassword: 'short' });
    expect(weak.statusCode).toBe(400);

    // By phone without +91 too (normaliseUsername).
    const done = await change({
      username: phone.slice(3),
      password: DEMO_PASSWORD,
      newpassword: 'Kshipra@Changed1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(AUTH_MESSAGES.passwordChanged);
    const fresh = done.json().data.token as TokenPair;

    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await login(email, 'Kshipra@Changed1')).statusCode).toBe(200);
    // The other session is revoked; the caller's continues with the fresh pair and its own refresh token.
    expect(
      (await post('/v1/auth/refresh-tokens', { refreshToken: other.token.refresh.token })).statusCode,
    ).toBe(401);
    const meRes = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${mine.user.id}`,
      headers: { authorization: `Bearer ${fresh.access.token}` },
    });
    expect(meRes.statusCode).toBe(200);
    expect(
      (await post('/v1/auth/refresh-tokens', { refreshToken: mine.token.refresh.token })).statusCode,
    ).toBe(200);
  });

  it('refuses common and personal new passwords (ASVS 2.1.7) and mails a notice after each change (2.5.5)', async () => {
    const { email } = demoAccount('RFC_ADMIN');
    const otpToken = await forgot(email);
    const { otp } = await latestMail(email);
    const common = await reset(`otp=${otp}`, { otpToken, password: 'Password@2024' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      success: false,
      message: PASSWORD_POLICY_MESSAGES.common,
      errors: { password: PASSWORD_POLICY_MESSAGES.common },
    });
    // The refusal does not use up the code: the user picks a better password with it.
    expect((await reset(`otp=${otp}`, { otpToken, password: 'Tiger#Lily77' })).statusCode).toBe(200);
    const notice = (await latestMail(email, 'notice')).mail;
    expect(notice.text).toContain('password was reset with a code or link');
    expect(notice.text).not.toContain('Tiger#Lily77');

    const session = await t.signIn('LIMITED_USER');
    const headers = { authorization: `Bearer ${session.token.access.token}` };
    const limited = demoAccount('LIMITED_USER');
    const change = (newpassword: string) =>
      post(
        '/v1/auth/change-password',
        { username: limited.email, password: DEMO_PASSWORD, newpassword },
        headers,
      );
    const walk = await change('1qaz2wsx3edc');
    expect(walk.json().errors).toEqual({ newpassword: PASSWORD_POLICY_MESSAGES.common });
    // The breached corpus (breached-passwords.ts), whole and under decoration; the local rules alone let these pass.
    for (const breached of ['123qweasdzxc', 'Michael@1990', 'NewPass@2024']) {
      const refused = await change(breached);
      expect(refused.json().errors, breached).toEqual({ newpassword: PASSWORD_POLICY_MESSAGES.common });
    }
    const personal = await change(`${limited.email.split('@')[0]}!2024x`);
    expect(personal.json().errors).toEqual({ newpassword: PASSWORD_POLICY_MESSAGES.personal });
    expect((await change('मेरा पासवर्ड सुरक्षित है')).statusCode).toBe(200);
    const changed = (await latestMail(limited.email, 'notice')).mail;
    expect(changed.text).toContain('password was changed from your account');
    expect((await login(limited.email, 'मेरा पासवर्ड सुरक्षित है')).statusCode).toBe(200);
  });

  it('GET /v1/outbox is for SUPER_ADMIN only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/outbox', headers: await t.auth('ADMIN') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
  });

  it('answers an existing account without waiting for its reset to be stored and mailed (no timing oracle)', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = await createTestApp({
      mailer: {
        send: async (message) => {
          await gate; // an SMTP server that takes its time
          return t.mailer.send(message);
        },
        flush: async () => undefined,
        retryFailed: async () => 0,
        close: async () => undefined,
      },
    });
    try {
      const res = await Promise.race([
        slow.app.inject({
          method: 'POST',
          url: '/v1/auth/forgot-password',
          payload: { username: demoAccount('LIMITED_USER').email },
        }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(res).not.toBe('waited');
      if (res !== 'waited') expect(res.statusCode).toBe(200);
    } finally {
      release();
      await slow.close();
    }
  });
});
