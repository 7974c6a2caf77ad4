/** Sign-in, token refresh (rotation with reuse detection), sign-out and the current user (spec 01 §7). */
import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  REFRESH_TOKEN_TTL_S,
  hasPermission,
  isMfaAdminRole,
  normaliseUsername,
  type LoginAnswer,
  type LoginBody,
  type LoginResult,
  type MfaChallenge,
  type SessionUser,
  type TokenPair,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import type { AccessTokens } from './access-token.ts';
import * as repo from './auth.repository.ts';
import { getDummyHash, verifyPassword } from './password.ts';
import { newOpaqueToken, sha256Hex } from './secrets.ts';
import { toSessionUser } from './session-user.ts';

/** The sign-in limiter's key of a user: one budget for the account, whichever name was typed (http/rate-limit.ts). */
export const accountKey = (userId: bigint): string => `u:${userId}`;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  loginLimiter: AttemptLimiter;
  /** The second factor (modules/mfa): users with MFA on get a challenge at sign-in instead of tokens. */
  mfa: { startChallenge(user: repo.UserWithRole): Promise<MfaChallenge> };
  /** MFA_REQUIRED_FOR_ADMINS: administrators without MFA get a session restricted to enrolment. */
  mfaRequiredForAdmins?: boolean;
}

/**
 * Issues an access token and a new refresh token in `familyId` (a new family at sign-in). `sessionExpires` is the
 * family's absolute end: a rotation passes the used token's expiry, so activity never extends a session past
 * REFRESH_TOKEN_TTL_S from the moment the password was last entered (ASVS 3.3.2).
 */
export async function issueTokens(
  deps: Pick<AuthServiceDeps, 'db' | 'clock' | 'accessTokens'>,
  user: repo.UserWithRole,
  familyId: string,
  meta: RequestMeta,
  sessionExpires?: Date,
): Promise<TokenPair> {
  const now = deps.clock();
  const refreshExpires = sessionExpires ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000);
  const access = deps.accessTokens.sign(
    {
      sub: String(user.id),
      role: user.role.name,
      org: String(user.organisation.id),
      tv: user.tokenVersion,
      fam: familyId,
    },
    refreshExpires,
  );
  const refresh = newOpaqueToken();
  await repo.insertRefreshToken(deps.db, {
    userId: user.id,
    familyId,
    tokenHash: sha256Hex(refresh),
    expiresAt: refreshExpires,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
  });
  return {
    access: { token: access.token, expires: access.expires.toISOString() },
    refresh: { token: refresh, expires: refreshExpires.toISOString() },
  };
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;

  /** Issues the session of a user who passed every sign-in step (password, and the second factor when on). */
  async function completeSignIn(
    user: repo.UserWithRole,
    meta: RequestMeta,
    detail?: Record<string, unknown>,
  ): Promise<LoginResult> {
    const token = await issueTokens(deps, user, randomUUID(), meta);
    await repo.touchLastLogin(db, user.id, clock());
    await recordAudit(db, {
      action: AUDIT_ACTIONS.signIn,
      actorUserId: user.id,
      organisationId: user.organisation.id,
      ...(detail ? { detail } : {}),
      ip: meta.ip,
    });
    const sessionUser = toSessionUser(user);
    return {
      user: sessionUser,
      role: { name: user.role.name, authScopes: user.role.authScopes },
      token,
      // Restricted sessions (http/authenticate.ts) say so, for the console to show the one screen they may use.
      ...(user.mustChangePassword ? { mustChangePassword: true as const } : {}),
      ...(deps.mfaRequiredForAdmins && !user.mfaEnabled && isMfaAdminRole(user.role.name)
        ? { mfaEnrolmentRequired: true as const }
        : {}),
    };
  }

  async function login(body: LoginBody, meta: RequestMeta): Promise<LoginAnswer> {
    const username = normaliseUsername(body.username);
    const user = await repo.findUserByUsername(db, username);
    // The budget is the account's, whichever of its e-mail or phone was typed; reserved before the password is checked,
    // so parallel guesses cannot overrun it (http/rate-limit.ts).
    const attempt = await deps.loginLimiter.reserve(meta.ip, user ? accountKey(user.id) : `n:${username}`);
    // Always run scrypt, also for unknown users, so that the answer time does not reveal whether an account exists.
    const passwordOk = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
    if (!user || !passwordOk) {
      await recordAudit(db, {
        action: AUDIT_ACTIONS.signInFailed,
        actorUserId: user?.id ?? null,
        organisationId: user?.organisation.id ?? null,
        detail: { username },
        ip: meta.ip,
      });
      throw new BadRequestError(AUTH_MESSAGES.invalidCredentials);
    }
    await attempt.succeeded();
    if (!user.isEnabled) throw new ForbiddenError(AUTH_MESSAGES.disabled);
    if (user.mfaEnabled) return deps.mfa.startChallenge(user);
    return completeSignIn(user, meta);
  }

  async function refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
    const now = clock();
    const result = await db.transaction(async (tx) => {
      const row = await repo.findRefreshToken(tx, sha256Hex(refreshToken));
      if (!row || row.revokedAt) return null;
      if (row.usedAt || !(await repo.markRefreshTokenUsed(tx, row.id, now))) {
        // A rotated token came back: it was copied. End every session of that family (RFC 9700 §4.14.2).
        await repo.revokeFamily(tx, row.familyId, now);
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.refreshReuse,
          actorUserId: row.userId,
          detail: { familyId: row.familyId },
          ip: meta.ip,
        });
        return null;
      }
      if (row.expiresAt.getTime() <= now.getTime()) return null;
      const user = await repo.findUserById(tx, row.userId);
      if (!user || user.deleted || !user.isEnabled) {
        await repo.revokeFamily(tx, row.familyId, now);
        return null;
      }
      return issueTokens({ ...deps, db: tx }, user, row.familyId, meta, row.expiresAt);
    });
    if (!result) throw new UnauthorizedError(AUTH_MESSAGES.refreshInvalid);
    return result;
  }

  async function logout(refreshToken: string, meta: RequestMeta): Promise<void> {
    const row = await repo.findRefreshToken(db, sha256Hex(refreshToken));
    if (!row) return;
    await repo.revokeFamily(db, row.familyId, clock());
    await recordAudit(db, { action: AUDIT_ACTIONS.signOut, actorUserId: row.userId, ip: meta.ip });
  }

  /** The caller themself, or (with the 'user' module) a user of an organisation the caller can see. */
  async function loggedInUser(auth: AuthContext, id: bigint): Promise<SessionUser> {
    if (id !== auth.userId && !hasPermission(auth.roleName, auth.permissions, 'user')) {
      throw new ForbiddenError(AUTH_MESSAGES.forbidden);
    }
    const user = await repo.findUserById(db, id);
    const visible =
      auth.orgIds === 'all' || (user !== undefined && auth.orgIds.includes(user.organisation.id));
    if (!user || user.deleted || !visible) throw new NotFoundError('User not found.');
    return toSessionUser(user);
  }

  return { login, completeSignIn, refresh, logout, loggedInUser };
}

export type AuthService = ReturnType<typeof createAuthService>;
