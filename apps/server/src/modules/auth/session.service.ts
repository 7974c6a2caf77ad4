/**
 * The caller's own sessions (OWASP ASVS 3.3.4): list them, and end one or all others after entering the password
 * again. A revoked session's access tokens stop working at once (auth-context.service.ts checks the family).
 */
import { AUTH_MESSAGES, type ActiveSession } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { accountKey, type RequestMeta } from './auth.service.ts';
import * as repo from './auth.repository.ts';
import { verifyPassword } from './password.ts';

export const SESSION_AUDIT = { revoked: 'auth.sessions-revoked' } as const;
export const SESSION_NOT_FOUND = 'Session not found.';

export interface SessionServiceDeps {
  db: Db;
  clock: Clock;
  /** Wrong passwords here count against the sign-in limits (ASVS 2.2.1). */
  loginLimiter: AttemptLimiter;
}

export function createSessionService({ db, clock, loginLimiter }: SessionServiceDeps) {
  async function list(auth: AuthContext): Promise<ActiveSession[]> {
    const families = await repo.listLiveFamilies(db, auth.userId, clock());
    return families.map((f) => ({
      id: f.familyId,
      startedAt: f.startedAt.toISOString(),
      lastActiveAt: f.lastActiveAt.toISOString(),
      expiresAt: f.expiresAt.toISOString(),
      ip: f.ip,
      userAgent: f.userAgent,
      current: f.familyId === auth.sessionFamilyId,
    }));
  }

  async function revoke(
    auth: AuthContext,
    body: { password: string; sessionId?: string | undefined },
    meta: RequestMeta,
  ): Promise<{ revoked: number }> {
    const user = await repo.findUserById(db, auth.userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    const attempt = await loginLimiter.reserve(meta.ip, accountKey(user.id));
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword, {
        password: AUTH_MESSAGES.wrongCurrentPassword,
      });
    }
    await attempt.succeeded();
    const now = clock();
    const targets =
      body.sessionId !== undefined
        ? [body.sessionId]
        : (await repo.listLiveFamilies(db, auth.userId, now))
            .map((f) => f.familyId)
            .filter((id) => id !== auth.sessionFamilyId);
    let revoked = 0;
    await db.transaction(async (tx) => {
      for (const familyId of targets) {
        if (await repo.revokeUserFamily(tx, auth.userId, familyId, now)) revoked += 1;
      }
      if (body.sessionId !== undefined && revoked === 0) throw new NotFoundError(SESSION_NOT_FOUND);
      await recordAudit(tx, {
        action: SESSION_AUDIT.revoked,
        actorUserId: auth.userId,
        organisationId: auth.organisationId,
        detail: { sessions: revoked, all: body.sessionId === undefined },
        ip: meta.ip,
        at: now,
      });
    });
    return { revoked };
  }

  return { list, revoke };
}
