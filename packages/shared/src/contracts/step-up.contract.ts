/**
 * Step-up re-authentication (ASVS 4.3.3; docs/security.md). Paths under /v1:
 *   POST /auth/step-up  {password, code?}  → { until }   (code: a current 6-digit code or an unused recovery code,
 *                                                        required when the user has two-step verification on)
 * A route declared `config.stepUp` answers 403 STEP_UP_MESSAGES.required until the session has stepped up within
 * STEP_UP_TTL_S; the 403 carries `errors.password`, and `errors.code` when a code will be asked too.
 */
import { z } from 'zod';
import { PASSWORD_MAX } from '../domain/auth-constants.ts';
import { MFA_MESSAGES } from '../domain/mfa-constants.ts';
import { MfaCodeSchema, RecoveryCodeSchema } from './mfa.contract.ts';

export * from '../domain/step-up-constants.ts';

export const StepUpBodySchema = z
  .object({
    password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX),
    code: z.union([MfaCodeSchema, RecoveryCodeSchema], { error: MFA_MESSAGES.codeRequired }).optional(),
  })
  .strict();
export type StepUpBody = z.infer<typeof StepUpBodySchema>;

export const StepUpResultSchema = z.object({
  /** ISO time until which this session may use the high-value routes without asking again. */
  until: z.string(),
});
export type StepUpResult = z.infer<typeof StepUpResultSchema>;
