/**
 * An administrator's reset of another user's lost second factor (docs/security.md 2.5.x / 2.8): the way back for a
 * user who lost both the phone and the recovery codes. Rules, in the order they are checked:
 * - nobody resets their own this way (400): their own factor goes through POST /auth/mfa/disable, which asks for a code;
 * - the user must be in the caller's organisation subtree (404 otherwise, as every user route answers), and hold no
 *   permission the caller lacks (403: an ADMIN never resets a SUPER_ADMIN);
 * - the caller confirms with their own password; wrong ones count against the sign-in limits of the caller's username,
 *   like "sign out everywhere" (session.service.ts), so a hijacked session cannot guess it;
 * - the user must have the factor on (409).
 * Then, in one transaction: the TOTP secret, recovery codes and open sign-in challenges go, every session of the user
 * is revoked and their access tokens are invalidated (token version), and the audit log records who did it. The
 * writes to users and refresh_tokens are what migration 0019 announces, so every API process drops the user's cached
 * authentication contexts (auth-cache.ts). The user gets a notice mail afterwards (ASVS 2.5.5).
 */
import { AUTH_MESSAGES, MFA_MESSAGES, type MfaResetResult } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountKey, type RequestMeta } from '../auth/auth.service.ts';
import { findUserById, listLiveFamilies, revokeUserTokens } from '../auth/auth.repository.ts';
import { verifyPassword } from '../auth/password.ts';
import { canSeeOrganisation, isRoleWithinReach } from '../organisation/scope.ts';
import { bumpTokenVersion, findUser } from '../user/user.repository.ts';
import * as repo from './mfa.repository.ts';
import { notifyMfaChange, type MfaNotify } from './mfa-notice.ts';

export const MFA_RESET_AUDIT = 'auth.mfa-reset-by-admin';
const USER_NOT_FOUND = 'User not found.';

export interface MfaResetDeps {
  db: Db;
  clock: Clock;
  loginLimiter: AttemptLimiter;
  notify?: MfaNotify;
}

export function createMfaReset(deps: MfaResetDeps) {
  const { db, clock, loginLimiter } = deps;
  /** The caller's own password, under the sign-in limits of the caller's account (400 / 429 when wrong). */
  async function confirmCallerPassword(auth: AuthContext, password: string, meta: RequestMeta) {
    const caller = await findUserById(db, auth.userId);
    if (!caller) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    const attempt = await loginLimiter.reserve(meta.ip, accountKey(caller.id));
    if (!(await verifyPassword(password, caller.passwordHash))) {
      throw new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword, {
        password: AUTH_MESSAGES.wrongCurrentPassword,
      });
    }
    await attempt.succeeded();
  }

  return async function resetForUser(
    auth: AuthContext,
    userId: bigint,
    password: string,
    meta: RequestMeta,
  ): Promise<MfaResetResult> {
    if (userId === auth.userId) throw new BadRequestError(MFA_MESSAGES.resetOwn);
    const target = await findUser(db, userId);
    if (!target || !canSeeOrganisation(auth, target.organisation.id)) throw new NotFoundError(USER_NOT_FOUND);
    if (!isRoleWithinReach(auth, target.role)) throw new ForbiddenError(MFA_MESSAGES.resetOutOfReach);
    await confirmCallerPassword(auth, password, meta);
    const row = await repo.findUserMfa(db, userId);
    if (!row?.enabledAt) throw new ConflictError(MFA_MESSAGES.resetNotEnabled);
    const now = clock();
    const result = await db.transaction(async (tx) => {
      const sessions = await listLiveFamilies(tx, userId, now);
      await repo.remove(tx, userId, now);
      await repo.deleteChallengesOf(tx, userId);
      await revokeUserTokens(tx, userId, now);
      await bumpTokenVersion(tx, userId);
      await recordAudit(tx, {
        action: MFA_RESET_AUDIT,
        actorUserId: auth.userId,
        organisationId: target.organisation.id,
        entity: 'user',
        entityId: userId,
        detail: { role: target.role.name, sessionsRevoked: sessions.length },
        ip: meta.ip,
        at: now,
      });
      return { sessionsRevoked: sessions.length };
    });
    await notifyMfaChange(deps, target, 'reset-by-admin');
    return result;
  };
}
