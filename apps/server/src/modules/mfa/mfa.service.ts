/**
 * The TOTP second factor (RFC 6238): enrolment, the second sign-in step and turning it off (ASVS 2.3.2, 2.8, 4.3.1).
 * Wrong codes count against the sign-in limiter under a key of the user (`mfa:<id>`) and of the client IP, so a stolen
 * password gives at most the per-username number of code guesses per window, whatever name was typed at step one.
 */
import {
  AUTH_MESSAGES,
  MFA_CHALLENGE_TTL_S,
  MFA_MESSAGES,
  isMfaAdminRole,
  type MfaChallenge,
  type MfaDisableBody,
  type MfaEnableResult,
  type MfaSetup,
  type MfaStatus,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, UnauthorizedError } from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { RequestMeta } from '../auth/auth.service.ts';
import { findUserById, type UserWithRole } from '../auth/auth.repository.ts';
import { verifyPassword } from '../auth/password.ts';
import { newOpaqueToken, sha256Hex } from '../auth/secrets.ts';
import { createMfaReset } from './mfa-reset.service.ts';
import { notifyMfaChange, type MfaNotify } from './mfa-notice.ts';
import * as repo from './mfa.repository.ts';
import type { SecretBox } from './secret-box.ts';
import { matchTotpStep, newRecoveryCodes, newTotpSecret, totpUri } from './totp.ts';

export const MFA_AUDIT = {
  setupStarted: 'auth.mfa-setup-started',
  enabled: 'auth.mfa-enabled',
  disabled: 'auth.mfa-disabled',
  failed: 'auth.mfa-failed',
  recoveryCodeUsed: 'auth.mfa-recovery-code-used',
} as const;

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  /** The otpauth issuer shown in authenticator apps (the brand's name). */
  issuer: string;
  loginLimiter: AttemptLimiter;
  /** MFA_REQUIRED_FOR_ADMINS. */
  requiredForAdmins: boolean;
  /** Mails the owner a notice when the factor is turned on, off or reset (ASVS 2.5.5); none without. */
  notify?: MfaNotify;
}

/** A 6-digit code from the app, or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

const limiterKey = (userId: bigint) => `mfa:${userId}`;
const invalidCode = () => new BadRequestError(MFA_MESSAGES.codeInvalid);

export function createMfaService(deps: MfaServiceDeps) {
  const { db, clock, box } = deps;

  /** Accepts a current code once: a matching step not newer than the last accepted one is a replay. */
  async function acceptTotp(row: repo.UserMfaRow, code: string): Promise<boolean> {
    const secret = box.open(row.secretEnc, String(row.userId));
    // null: sealed with another server secret (JWT_SECRET rotated); only a recovery code can help now.
    if (secret === null) return false;
    const step = matchTotpStep(secret, code, clock());
    return step !== null && (await repo.claimStep(db, row.userId, step));
  }

  async function acceptFactor(row: repo.UserMfaRow, factor: SecondFactor, meta: RequestMeta) {
    if ('code' in factor) return acceptTotp(row, factor.code);
    const used = await repo.useRecoveryCode(
      db,
      row.userId,
      box.digestRecoveryCode(factor.recoveryCode),
      clock(),
    );
    if (used) {
      await recordAudit(db, { action: MFA_AUDIT.recoveryCodeUsed, actorUserId: row.userId, ip: meta.ip });
    }
    return used;
  }

  /**
   * Checks a factor of an enrolled user under the sign-in limits; throws 400 (or 429) when it is wrong. `during` names
   * the check in the audit row of a failure when it is not the sign-in step (e.g. 'step-up').
   */
  async function verifyFactor(
    user: { id: bigint; organisationId: bigint | null },
    factor: SecondFactor,
    meta: RequestMeta,
    during?: string,
  ) {
    const key = limiterKey(user.id);
    const attempt = await deps.loginLimiter.reserve(meta.ip, key);
    const row = await repo.findUserMfa(db, user.id);
    if (!row?.enabledAt || !(await acceptFactor(row, factor, meta))) {
      await recordAudit(db, {
        action: MFA_AUDIT.failed,
        actorUserId: user.id,
        organisationId: user.organisationId,
        detail: { kind: 'code' in factor ? 'totp' : 'recovery', ...(during === undefined ? {} : { during }) },
        ip: meta.ip,
      });
      throw invalidCode();
    }
    await attempt.succeeded();
  }

  async function status(auth: AuthContext): Promise<MfaStatus> {
    const row = await repo.findUserMfa(db, auth.userId);
    const enabled = Boolean(row?.enabledAt);
    return {
      enabled,
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      pendingSetup: row !== undefined && !enabled,
      recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(db, auth.userId) : 0,
      required: deps.requiredForAdmins && isMfaAdminRole(auth.roleName),
    };
  }

  async function setup(auth: AuthContext, meta: RequestMeta): Promise<MfaSetup> {
    const row = await repo.findUserMfa(db, auth.userId);
    if (row?.enabledAt) throw new ConflictError(MFA_MESSAGES.alreadyEnabled);
    const secret = newTotpSecret();
    await repo.savePendingSecret(db, auth.userId, box.seal(secret, String(auth.userId)));
    await recordAudit(db, {
      action: MFA_AUDIT.setupStarted,
      actorUserId: auth.userId,
      organisationId: auth.organisationId,
      ip: meta.ip,
    });
    const label = auth.email ?? auth.phone ?? String(auth.userId);
    return { secret, uri: totpUri(secret, deps.issuer, label) };
  }

  async function enable(auth: AuthContext, code: string, meta: RequestMeta): Promise<MfaEnableResult> {
    const row = await repo.findUserMfa(db, auth.userId);
    if (row?.enabledAt) throw new ConflictError(MFA_MESSAGES.alreadyEnabled);
    if (!row) throw new BadRequestError(MFA_MESSAGES.setupMissing);
    if (!(await acceptTotp(row, code))) throw invalidCode();
    const recoveryCodes = newRecoveryCodes();
    const now = clock();
    await db.transaction(async (tx) => {
      await repo.activate(tx, auth.userId, recoveryCodes.map(box.digestRecoveryCode), now);
      await recordAudit(tx, {
        action: MFA_AUDIT.enabled,
        actorUserId: auth.userId,
        organisationId: auth.organisationId,
        ip: meta.ip,
        at: now,
      });
    });
    const user = await findUserById(db, auth.userId);
    if (user) await notifyMfaChange(deps, user, 'enabled');
    return { recoveryCodes };
  }

  /** Needs the password again and a second factor (a current code or a recovery code). */
  async function disable(auth: AuthContext, body: MfaDisableBody, meta: RequestMeta): Promise<void> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    const row = await repo.findUserMfa(db, auth.userId);
    if (!row?.enabledAt) throw new BadRequestError(MFA_MESSAGES.notEnabled);
    const attempt = await deps.loginLimiter.reserve(meta.ip, limiterKey(user.id));
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword);
    }
    await attempt.succeeded();
    const factor: SecondFactor = /^\d{6}$/.test(body.code)
      ? { code: body.code }
      : { recoveryCode: body.code };
    await verifyFactor({ id: user.id, organisationId: user.organisation.id }, factor, meta);
    const now = clock();
    await db.transaction(async (tx) => {
      await repo.remove(tx, auth.userId, now);
      await recordAudit(tx, {
        action: MFA_AUDIT.disabled,
        actorUserId: auth.userId,
        organisationId: auth.organisationId,
        ip: meta.ip,
        at: now,
      });
    });
    await notifyMfaChange(deps, user, 'disabled');
  }

  /** Sign-in step one succeeded for a user with MFA on: a single-use challenge instead of tokens. */
  async function startChallenge(user: UserWithRole): Promise<MfaChallenge> {
    const now = clock();
    const challenge = newOpaqueToken();
    const expires = new Date(now.getTime() + MFA_CHALLENGE_TTL_S * 1000);
    await repo.deleteOldChallenges(db, new Date(now.getTime() - 24 * 3600 * 1000));
    await repo.insertChallenge(db, { userId: user.id, tokenHash: sha256Hex(challenge), expiresAt: expires });
    return { mfaRequired: true, challenge, expires: expires.toISOString() };
  }

  /**
   * Step two: the challenge must be live and the factor right. A wrong code leaves the challenge usable (a typo does
   * not restart the sign-in) but counts against the limits; the right one spends it. Answers the user to sign in.
   */
  async function completeChallenge(
    challenge: string,
    factor: SecondFactor,
    meta: RequestMeta,
  ): Promise<UserWithRole> {
    const found = await repo.findLiveChallenge(db, sha256Hex(challenge), clock());
    if (!found) throw new BadRequestError(MFA_MESSAGES.challengeInvalid);
    const user = await findUserById(db, found.userId);
    if (!user || user.deleted) throw new BadRequestError(MFA_MESSAGES.challengeInvalid);
    if (!user.isEnabled) throw new ForbiddenError(AUTH_MESSAGES.disabled);
    await verifyFactor({ id: user.id, organisationId: user.organisation.id }, factor, meta);
    if (!(await repo.markChallengeUsed(db, found.id, clock()))) {
      throw new BadRequestError(MFA_MESSAGES.challengeInvalid);
    }
    return user;
  }

  const resetForUser = createMfaReset(deps);

  return { status, setup, enable, disable, startChallenge, completeChallenge, verifyFactor, resetForUser };
}

export type MfaService = ReturnType<typeof createMfaService>;
