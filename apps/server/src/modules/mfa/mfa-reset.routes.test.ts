/**
 * POST /v1/users/:id/mfa/reset: an administrator removes another user's lost second factor (mfa-reset.service.ts).
 * Permission matrix (allowed roles, other organisation, self, no permission, out of reach), validation, and what the
 * reset does: factor and recovery codes gone, sessions revoked (the cached context too), audit row, password-only
 * sign-in.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  LoginResultSchema,
  MFA_MESSAGES,
  MfaChallengeSchema,
  MfaSetupSchema,
  type LoginResult,
  type User,
} from '@civicfleet/shared';
import { auditLog, mfaRecoveryCodes, refreshTokens, roles, userMfa, users } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { MFA_RESET_AUDIT } from './mfa-reset.service.ts';

let now = new Date('2026-11-26T10:00:00.000Z');
const clock = () => now;
const totp = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() });
const PASSWORD = 'Narmada-Ghat-Sweep-2026';
const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('POST /v1/users/:id/mfa/reset', () => {
  let t: TestApp;
  let limitedRoleId: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'LIMITED_USER'));
    limitedRoleId = String(role?.id);
  });
  afterAll(async () => t?.close());

  const reset = (who: string, id: string, body: unknown = { password: DEMO_PASSWORD }) =>
    t.call(who, 'POST', `/v1/users/${id}/mfa/reset`, body);
  const bearer = (session: LoginResult) => ({ authorization: `Bearer ${session.token.access.token}` });

  /** `creator` makes a LIMITED_USER in its own organisation with a password of its own. */
  async function createUser(creator: string): Promise<{ id: string; email: string }> {
    seq += 1;
    const me = await t.signIn(creator);
    const email = `reset.${seq}@example.org`;
    const res = await t.call(creator, 'POST', '/v1/users', {
      firstName: 'Kavita',
      lastName: `Tester ${seq}`,
      email,
      roleId: limitedRoleId,
      organisationId: me.user.organisation.id,
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ data: User }>().data.id, email };
  }

  /** Turns MFA on for the user behind `session`; answers the secret. */
  async function enrol(session: LoginResult): Promise<string> {
    const setup = await t.app.inject({ method: 'POST', url: '/v1/auth/mfa/setup', headers: bearer(session) });
    const { secret } = MfaSetupSchema.parse(setup.json().data);
    const enable = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/mfa/enable',
      headers: bearer(session),
      payload: { code: totp(secret) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    now = new Date(now.getTime() + 30_000);
    return secret;
  }

  /** A user with MFA on and `sessions` live sessions (signed in before enrolling); answers one of them. */
  async function enrolledUser(creator: string, sessions = 2) {
    const user = await createUser(creator);
    const signed: LoginResult[] = [];
    for (let i = 0; i < sessions; i += 1) signed.push(await t.signIn(user.email, PASSWORD));
    const first = signed[0];
    if (!first) throw new Error('no session');
    await enrol(first);
    return { ...user, session: first };
  }

  const mfaRow = async (id: string) =>
    (
      await t.db
        .select()
        .from(userMfa)
        .where(eq(userMfa.userId, BigInt(id)))
    )[0];
  const auditRows = async (id: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, MFA_RESET_AUDIT), eq(auditLog.entityId, id)));
  const passwordSignIn = (email: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: email, password: PASSWORD } });

  it('resets: factor and recovery codes gone, every session ended, audited, next sign-in needs no code', async () => {
    const target = await enrolledUser('ADMIN', 2);
    const admin = await t.signIn('ADMIN');
    // The target's session answers (and its context is now in the auth cache)…
    const before = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${target.id}`,
      headers: bearer(target.session),
    });
    expect(before.statusCode).toBe(200);
    // …the list shows MFA on as a boolean and nothing of the secret.
    const listed = await t.call('ADMIN', 'GET', `/v1/users?search=${encodeURIComponent(target.email)}`);
    const [item] = listed.json<{ data: { items: User[] } }>().data.items;
    expect(item?.mfaEnabled).toBe(true);
    expect(JSON.stringify(item)).not.toMatch(/secret|recovery/i);
    const challenge = MfaChallengeSchema.parse((await passwordSignIn(target.email)).json().data);
    expect(challenge.mfaRequired).toBe(true);

    const res = await reset('ADMIN', target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: MFA_MESSAGES.resetDone,
      data: { sessionsRevoked: 2 },
    });

    expect(await mfaRow(target.id)).toBeUndefined();
    const codes = await t.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, BigInt(target.id)));
    expect(codes).toEqual([]);
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, BigInt(target.id)));
    expect(row?.mfaEnabled).toBe(false);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, BigInt(target.id)), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    // The cached context is gone with the session: the same access token is refused at once.
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/auth/logged-in-user/${target.id}`,
      headers: bearer(target.session),
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: AUTH_MESSAGES.tokenInvalid });
    // The challenge started before the reset cannot be finished any more.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login/mfa',
      payload: { challenge: challenge.challenge, code: '123456' },
    });
    expect(stale.json().message).toBe(MFA_MESSAGES.challengeInvalid);

    // The user is told by mail (ASVS 2.5.5).
    const mails = await t.call('SUPER_ADMIN', 'GET', `/v1/outbox?to=${encodeURIComponent(target.email)}`);
    const [notice] = mails.json<{ data: Array<{ subject: string; text: string }> }>().data;
    expect(notice?.subject).toBe('CivicFleet: two-step verification was turned off');
    expect(notice?.text).toContain('turned off by an administrator, and your sessions were signed out');

    const audit = await auditRows(target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: BigInt(admin.user.id),
      organisationId: BigInt(admin.user.organisation.id),
      entity: 'user',
      detail: { role: 'LIMITED_USER', sessionsRevoked: 2 },
    });

    // The password alone signs in now; the list says MFA is off.
    const signIn = await passwordSignIn(target.email);
    expect(signIn.statusCode).toBe(200);
    expect(LoginResultSchema.parse(signIn.json().data).user.email).toBe(target.email);
    const read = await t.call('ADMIN', 'GET', `/v1/users/${target.id}`);
    expect(read.json<{ data: User }>().data.mfaEnabled).toBe(false);

    // A second reset has nothing to reset.
    const again = await reset('ADMIN', target.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: MFA_MESSAGES.resetNotEnabled });
  });

  it("hides another organisation's users (404) and lets SUPER_ADMIN reset anyone's", async () => {
    const bhopalUser = await enrolledUser(BHOPAL, 1);
    const fromIndore = await reset('ADMIN', bhopalUser.id);
    expect(fromIndore.statusCode).toBe(404);
    expect(fromIndore.json()).toEqual({ success: false, message: 'User not found.' });
    expect((await mfaRow(bhopalUser.id))?.enabledAt).toBeInstanceOf(Date);
    expect(await auditRows(bhopalUser.id)).toEqual([]);

    const bySuperAdmin = await reset('SUPER_ADMIN', bhopalUser.id);
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    expect(await mfaRow(bhopalUser.id)).toBeUndefined();
  });

  it('refuses roles without set-user-password (403) and users out of reach (403)', async () => {
    const target = await enrolledUser('ADMIN', 1);
    // RFC_ADMIN may add and edit users but not set their credentials; MANUFACTURER only sees users.
    for (const who of ['RFC_ADMIN', 'MANUFACTURER', 'LIMITED_USER']) {
      const res = await reset(who, target.id);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    }
    // A SUPER_ADMIN placed in Indore is seen by Indore's ADMIN but holds more than the ADMIN does.
    const [superRole] = await t.db.select().from(roles).where(eq(roles.name, 'SUPER_ADMIN'));
    const admin = await t.signIn('ADMIN');
    const created = await t.call('SUPER_ADMIN', 'POST', '/v1/users', {
      firstName: 'Platform',
      lastName: 'Staff',
      email: 'platform.staff@example.org',
      roleId: String(superRole?.id),
      organisationId: admin.user.organisation.id,
      password: PASSWORD,
    });
    expect(created.statusCode, created.body).toBe(200);
    const outOfReach = await reset('ADMIN', created.json<{ data: User }>().data.id);
    expect(outOfReach.statusCode).toBe(403);
    expect(outOfReach.json()).toEqual({ success: false, message: MFA_MESSAGES.resetOutOfReach });
    expect((await mfaRow(target.id))?.enabledAt).toBeInstanceOf(Date);
  });

  it('refuses resetting your own factor this way, even as SUPER_ADMIN', async () => {
    for (const who of ['ADMIN', 'SUPER_ADMIN'] as const) {
      const me = await t.signIn(who);
      const res = await reset(who, me.user.id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MFA_MESSAGES.resetOwn });
    }
  });

  it('needs the caller’s own password, and validates the body and the id', async () => {
    const target = await enrolledUser('ADMIN', 1);
    const wrong = await reset('ADMIN', target.id, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.wrongCurrentPassword,
      errors: { password: AUTH_MESSAGES.wrongCurrentPassword },
    });
    // The target's password is not the caller's.
    expect((await reset('ADMIN', target.id, { password: PASSWORD })).statusCode).toBe(400);
    const missing = await reset('ADMIN', target.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, errors: { password: expect.any(String) } });
    const extra = await reset('ADMIN', target.id, { password: DEMO_PASSWORD, code: '123456' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().success).toBe(false);
    const badId = await reset('ADMIN', 'abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().success).toBe(false);
    const unknown = await reset('ADMIN', '987654321');
    expect(unknown.statusCode).toBe(404);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/v1/users/${target.id}/mfa/reset`,
      payload: { password: DEMO_PASSWORD },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await mfaRow(target.id))?.enabledAt).toBeInstanceOf(Date);
    expect(await auditRows(target.id)).toEqual([]);
  });

  it('counts wrong passwords against the caller’s sign-in limit (5), then answers 429', async () => {
    const target = await enrolledUser(BHOPAL, 1);
    // Two wrong ones were spent above by ADMIN; Bhopal's admin starts fresh.
    for (let i = 0; i < 5; i += 1) {
      const res = await reset(BHOPAL, target.id, { password: `wrong-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await reset(BHOPAL, target.id);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect((await mfaRow(target.id))?.enabledAt).toBeInstanceOf(Date);
  });
});
