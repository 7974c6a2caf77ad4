/**
 * Sign-in limits under parallel bursts (issue 20 #4, ASVS 2.2.1): an attempt is reserved before the password is
 * checked, the budget belongs to the account (e-mail and phone share it), the lockout holds per source address, and
 * an all-addresses ceiling with an audit notice stops guessing spread over many addresses.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@civicfleet/shared';
import { auditLog, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, demoAccount, type TestApp } from '../../../test/helpers.ts';
import { ACCOUNT_THROTTLED_AUDIT } from './auth.routes.ts';

const login = (t: TestApp, username: string, password: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password }, remoteAddress: ip });

async function userId(t: TestApp, email: string): Promise<bigint> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Password checks that failed for the user: each is one evaluation of a guess. */
async function failedEvaluations(t: TestApp, id: bigint): Promise<number> {
  const rows = await t.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.sign-in-failed'), eq(auditLog.actorUserId, id)));
  return rows.length;
}

describe('sign-in limits under parallel bursts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      authLimits: {
        perIp: { points: 10_000, durationS: 600 },
        perUsername: { points: 5, durationS: 900 },
        perAccount: { points: 12, durationS: 900 },
      },
    });
  });
  afterAll(async () => t?.close());

  it('evaluates at most 5 of 100 parallel wrong passwords', async () => {
    const { email } = demoAccount('FITTER');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t, email, `Wrong@${i}`, '10.1.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(95);
    expect(await failedEvaluations(t, await userId(t, email))).toBe(5);
  });

  it('does not let the right password through among 40 parallel guesses once the budget is spent', async () => {
    const { email } = demoAccount('RFC');
    const guesses = Array.from({ length: 39 }, (_, i) => login(t, email, `Guess@${i}`, '10.1.0.2'));
    const answers = await Promise.all([...guesses, login(t, email, DEMO_PASSWORD, '10.1.0.2')]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(answers.at(-1)?.json()).toEqual({ success: false, message: AUTH_MESSAGES.tooManyAttempts });
  });

  it('gives the e-mail and the phone of one account one budget', async () => {
    const account = demoAccount('RFC_ADMIN');
    for (let i = 0; i < 3; i++)
      expect((await login(t, account.email, 'Wrong@1', '10.1.0.3')).statusCode).toBe(400);
    for (let i = 0; i < 2; i++)
      expect((await login(t, account.phone, 'Wrong@1', '10.1.0.3')).statusCode).toBe(400);
    expect((await login(t, account.email, DEMO_PASSWORD, '10.1.0.3')).statusCode).toBe(429);
    expect((await login(t, account.phone, DEMO_PASSWORD, '10.1.0.3')).statusCode).toBe(429);
  });

  it('locks the account for the guessing address only: the owner still signs in from another one', async () => {
    const { email } = demoAccount('ADMIN');
    for (let i = 0; i < 5; i++)
      expect((await login(t, email, 'Wrong@1', '203.0.113.9')).statusCode).toBe(400);
    expect((await login(t, email, DEMO_PASSWORD, '203.0.113.9')).statusCode).toBe(429);
    expect((await login(t, email, DEMO_PASSWORD, '10.1.0.4')).statusCode).toBe(200);
  });

  it('stops guessing spread over many addresses at the account ceiling, and audits it once', async () => {
    const { email } = demoAccount('LIMITED_USER');
    const id = await userId(t, email);
    // 12 failures from 4 addresses (3 each, under the per-address lockout) reach the ceiling of 12.
    for (let i = 0; i < 12; i++) {
      expect((await login(t, email, 'Wrong@1', `198.51.100.${i % 4}`)).statusCode).toBe(400);
    }
    for (const ip of ['198.51.100.20', '198.51.100.21']) {
      expect((await login(t, email, 'Wrong@1', ip)).statusCode).toBe(429);
    }
    const notices = async () =>
      (
        await t.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, ACCOUNT_THROTTLED_AUDIT), eq(auditLog.actorUserId, id)))
      ).length;
    await expect.poll(notices).toBe(1);
  });
});
