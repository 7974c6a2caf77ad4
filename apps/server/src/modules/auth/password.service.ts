/** Forgotten passwords (OTP or link, single use) and password change (spec 01 §7). */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, OTP_TTL_S, normaliseUsername, type Brand, type TokenPair } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import type { AccessTokens } from './access-token.ts';
import * as users from './auth.repository.ts';
import { accountKey, issueTokens, type RequestMeta } from './auth.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { assertAcceptablePassword } from './password-policy.ts';
import * as resets from './password-reset.repository.ts';
import { passwordChangedMail, resetMail, type PasswordChangeKind } from './reset-mail.ts';
import { newOpaqueToken, newOtp, sha256Hex } from './secrets.ts';

export const MAX_OTP_ATTEMPTS = 5;

export interface PasswordServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  brand: Brand;
  publicUrl: string;
  /** Key of the OTP digests, so that a copy of the table alone cannot be brute-forced (10^6 codes). */
  otpKey: string;
  accessTokens: AccessTokens;
  forgotLimiter: AttemptLimiter;
  loginLimiter: AttemptLimiter;
  /** A reset that failed after the answer went out (database or mail): logged, the requester cannot be told. */
  onBackgroundError?: (error: unknown) => void;
}

export type ResetInput = { password: string } & ({ otp: string; otpToken: string } | { linkToken: string });

export function createPasswordService(deps: PasswordServiceDeps) {
  const { db, clock } = deps;
  const otpDigest = (requestToken: string, otp: string) =>
    createHmac('sha256', deps.otpKey).update(`${requestToken}:${otp}`).digest('hex');

  const pending = new Set<Promise<void>>();

  /**
   * Always answers a request token; only a real, enabled user with an e-mail gets a mail and a usable one. The reset
   * row and the mail are made after the answer, so that an existing account does not answer later than an unknown
   * one (it took twice as long: the transaction and the mail).
   */
  async function forgot(rawUsername: string, meta: RequestMeta): Promise<{ otpToken: string }> {
    const username = normaliseUsername(rawUsername);
    await deps.forgotLimiter.reserve(meta.ip, `n:${username}`); // every request counts, never given back
    const requestToken = newOpaqueToken();
    const user = await users.findUserByUsername(db, username);
    if (!user || !user.isEnabled || !user.email) return { otpToken: requestToken };
    const email = user.email;
    const work = issueReset(user, email, requestToken, meta).catch((error: unknown) =>
      deps.onBackgroundError?.(error),
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return { otpToken: requestToken };
  }

  /** Resolves when the resets started so far are stored and mailed (shutdown waits for them). */
  async function settled(): Promise<void> {
    await Promise.all([...pending]);
  }

  async function issueReset(
    user: users.UserWithRole,
    email: string,
    requestToken: string,
    meta: RequestMeta,
  ): Promise<void> {
    const now = clock();
    const otp = newOtp();
    const linkToken = newOpaqueToken();
    await db.transaction(async (tx) => {
      await resets.voidPendingForUser(tx, user.id, now);
      await resets.insertPasswordReset(tx, {
        userId: user.id,
        otpHash: otpDigest(requestToken, otp),
        linkTokenHash: sha256Hex(linkToken),
        requestToken,
        expiresAt: new Date(now.getTime() + OTP_TTL_S * 1000),
      });
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.passwordResetRequested,
        actorUserId: user.id,
        ip: meta.ip,
      });
    });
    const link = `${deps.publicUrl}/auth/reset-password/${encodeURIComponent(requestToken)}?token=${encodeURIComponent(linkToken)}`;
    await deps.mailer.send(
      resetMail({
        to: email,
        firstName: user.firstName,
        otp,
        link,
        validMinutes: OTP_TTL_S / 60,
        brand: deps.brand,
      }),
    );
  }

  /** Tells the owner that the password changed (no secret in it); a mail failure never undoes the change. */
  async function notifyChanged(user: users.UserWithRole, kind: PasswordChangeKind): Promise<void> {
    if (!user.email) return;
    const message = passwordChangedMail({
      to: user.email,
      firstName: user.firstName,
      kind,
      at: clock(),
      brand: deps.brand,
    });
    await deps.mailer.send(message).catch(() => undefined);
  }

  async function findValidReset(input: ResetInput): Promise<resets.PasswordResetRow> {
    const now = clock();
    const row =
      'linkToken' in input
        ? await resets.findByLinkTokenHash(db, sha256Hex(input.linkToken))
        : await resets.findByRequestToken(db, input.otpToken);
    const live =
      row && !row.usedAt && row.expiresAt.getTime() > now.getTime() && row.attempts < MAX_OTP_ATTEMPTS;
    if (!row || !live) throw new BadRequestError(AUTH_MESSAGES.otpInvalid);
    if ('otp' in input) {
      const expected = Buffer.from(row.otpHash, 'hex');
      const actual = Buffer.from(otpDigest(row.requestToken, input.otp), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
        await resets.incrementAttempts(db, row.id);
        throw new BadRequestError(AUTH_MESSAGES.otpInvalid);
      }
    }
    return row;
  }

  async function reset(input: ResetInput, meta: RequestMeta): Promise<void> {
    const row = await findValidReset(input);
    const owner = await users.findUserById(db, row.userId);
    if (!owner) throw new BadRequestError(AUTH_MESSAGES.otpInvalid);
    assertAcceptablePassword(input.password, owner);
    const now = clock();
    const passwordHash = await hashPassword(input.password);
    const done = await db.transaction(async (tx) => {
      if (!(await resets.markUsed(tx, row.id, now))) return false;
      await resets.voidPendingForUser(tx, row.userId, now);
      await users.updatePassword(tx, row.userId, passwordHash, now);
      await users.revokeUserTokens(tx, row.userId, now);
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.passwordReset,
        actorUserId: row.userId,
        detail: { via: 'linkToken' in input ? 'link' : 'otp' },
        ip: meta.ip,
      });
      return true;
    });
    if (!done) throw new BadRequestError(AUTH_MESSAGES.otpInvalid);
    await notifyChanged(owner, 'reset');
  }

  /**
   * Changes the caller's own password. Other sessions end (their refresh families are revoked and access tokens carry
   * an outdated token version); the caller's session continues with the returned token pair.
   */
  async function change(
    auth: AuthContext,
    body: { username: string; password: string; newpassword: string },
    meta: RequestMeta,
  ): Promise<{ token: TokenPair }> {
    const username = normaliseUsername(body.username);
    if (username !== auth.email?.toLowerCase() && username !== auth.phone)
      throw new ForbiddenError(AUTH_MESSAGES.forbidden);
    const user = await users.findUserById(db, auth.userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    const attempt = await deps.loginLimiter.reserve(meta.ip, accountKey(user.id));
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword);
    }
    await attempt.succeeded();
    assertAcceptablePassword(body.newpassword, user, 'newpassword');
    const passwordHash = await hashPassword(body.newpassword);
    const now = clock();
    const result = await db.transaction(async (tx) => {
      await users.updatePassword(tx, user.id, passwordHash, now);
      await users.revokeUserTokens(tx, user.id, now, auth.sessionFamilyId);
      await resets.voidPendingForUser(tx, user.id, now);
      await recordAudit(tx, { action: AUDIT_ACTIONS.passwordChanged, actorUserId: user.id, ip: meta.ip });
      const updated = await users.findUserById(tx, user.id);
      if (!updated) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
      return {
        token: await issueTokens(
          { db: tx, clock, accessTokens: deps.accessTokens },
          updated,
          auth.sessionFamilyId,
          meta,
        ),
      };
    });
    await notifyChanged(user, 'changed');
    return result;
  }

  return { forgot, settled, reset, change };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
