/**
 * Step-up re-authentication, "sudo mode" (ASVS 4.3.3): before a high-value action (routes declared `config.stepUp`,
 * http/authenticate.ts) the signed-in user confirms the password again, plus a second factor when two-step
 * verification is on. The confirmation belongs to the session (its refresh-token family), not to the user: another
 * device of the same user still has to confirm. It opens the routes for STEP_UP_TTL_S from the confirmation.
 *
 * Wrong passwords count against the sign-in limiter under the user's name (as change-password and session revocation
 * do), wrong codes under `mfa:<id>` (as the second sign-in step does), so a stolen session cannot guess either faster
 * than a sign-in could.
 */
import {
  AUTH_MESSAGES,
  MFA_MESSAGES,
  STEP_UP_TTL_S,
  type StepUpBody,
  type StepUpResult,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { BadRequestError, UnauthorizedError } from '../../http/errors.ts';
import type { AttemptLimiter } from '../../http/rate-limit.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MfaService } from '../mfa/mfa.service.ts';
import { accountKey, type RequestMeta } from './auth.service.ts';
import { findUserById } from './auth.repository.ts';
import { verifyPassword } from './password.ts';
import * as repo from './step-up.repository.ts';

export const STEP_UP_AUDIT = 'auth.step-up';
const TTL_MS = STEP_UP_TTL_S * 1000;

export interface StepUpServiceDeps {
  db: Db;
  clock: Clock;
  loginLimiter: AttemptLimiter;
  /** The second factor's check of the sign-in step. */
  mfa: Pick<MfaService, 'verifyFactor'>;
}

/** What http/authenticate.ts asks for a `config.stepUp` route. */
export interface StepUpVerifier {
  hasRecentStepUp(auth: AuthContext): Promise<boolean>;
}

export function createStepUpVerifier(db: Db, clock: Clock): StepUpVerifier {
  return {
    async hasRecentStepUp(auth) {
      const since = new Date(clock().getTime() - TTL_MS);
      return (await repo.findStepUpSince(db, auth.sessionFamilyId, auth.userId, since)) !== undefined;
    },
  };
}

const wrongPassword = () =>
  new BadRequestError(AUTH_MESSAGES.wrongCurrentPassword, { password: AUTH_MESSAGES.wrongCurrentPassword });
const wrongCode = () => new BadRequestError(MFA_MESSAGES.codeInvalid, { code: MFA_MESSAGES.codeInvalid });

export function createStepUpService(deps: StepUpServiceDeps) {
  const { db, clock, mfa, loginLimiter } = deps;

  async function confirm(auth: AuthContext, body: StepUpBody, meta: RequestMeta): Promise<StepUpResult> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw new UnauthorizedError(AUTH_MESSAGES.tokenInvalid);
    const account = accountKey(user.id);
    const mfaKey = `mfa:${user.id}`;
    await loginLimiter.check(meta.ip, account);
    if (user.mfaEnabled) {
      await loginLimiter.check(meta.ip, mfaKey);
      // Asked before the password is checked, so that a missing code never tells whether the password was right.
      if (body.code === undefined) {
        throw new BadRequestError(MFA_MESSAGES.codeRequired, { code: MFA_MESSAGES.codeRequired });
      }
    }
    const attempt = await loginLimiter.reserve(meta.ip, account);
    if (!(await verifyPassword(body.password, user.passwordHash))) throw wrongPassword();
    let factor: 'totp' | 'recovery' | undefined;
    if (user.mfaEnabled && body.code !== undefined) {
      const isTotp = /^\d{6}$/.test(body.code);
      // The sign-in step's rules (modules/mfa/mfa.service.ts): a TOTP step is claimed once (no replay), a recovery
      // code is spent; failures count under `mfa:<id>` and are audited.
      try {
        await mfa.verifyFactor(
          { id: user.id, organisationId: auth.organisationId },
          isTotp ? { code: body.code } : { recoveryCode: body.code },
          meta,
          'step-up',
        );
      } catch (error) {
        throw error instanceof BadRequestError ? wrongCode() : error;
      }
      factor = isTotp ? 'totp' : 'recovery';
    }
    await attempt.succeeded();
    const now = clock();
    await db.transaction(async (tx) => {
      await repo.deleteStepUpsBefore(tx, new Date(now.getTime() - TTL_MS));
      await repo.saveStepUp(tx, auth.sessionFamilyId, auth.userId, now);
      await recordAudit(tx, {
        action: STEP_UP_AUDIT,
        actorUserId: auth.userId,
        organisationId: auth.organisationId,
        detail: factor === undefined ? null : { mfa: factor },
        ip: meta.ip,
        at: now,
      });
    });
    return { until: new Date(now.getTime() + TTL_MS).toISOString() };
  }

  return { confirm };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
