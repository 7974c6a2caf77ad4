/**
 * TOTP second factor (RFC 6238) and the second sign-in step (paths under /v1; docs/security.md 2.3.2, 2.8, 4.3.1).
 *   GET  /auth/mfa          status            POST /auth/mfa/setup   {}                 → secret + otpauth URI
 *   POST /auth/mfa/enable   {code}            → recovery codes (shown once)
 *   POST /auth/mfa/disable  {password, code}  (code: a current 6-digit code or an unused recovery code)
 *   POST /auth/login/mfa    {challenge, code | recoveryCode} → the same answer as POST /auth/login
 *   POST /users/:id/mfa/reset {password}  an administrator (user: set-user-password) removes a user's lost second
 *                            factor; `password` is the administrator's own (docs/security.md 2.5.x)
 */
import { z } from 'zod';
import { PASSWORD_MAX } from '../domain/auth-constants.ts';
import { MFA_MESSAGES, MFA_RECOVERY_CODE_PATTERN } from '../domain/mfa-constants.ts';
import { LoginResultSchema } from './auth.contract.ts';

export * from '../domain/mfa-constants.ts';

export const MfaCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, MFA_MESSAGES.codeFormat);
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .regex(MFA_RECOVERY_CODE_PATTERN, MFA_MESSAGES.recoveryCodeFormat);

/** POST /auth/login answers this instead of tokens when the user has MFA on (no tokens yet). */
export const MfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  /** Opaque, single use, valid MFA_CHALLENGE_TTL_S. */
  challenge: z.string(),
  expires: z.string(),
});
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

/** What POST /auth/login answers: the session (spec 01 §7), or the second step for users with MFA on. */
export const LoginAnswerSchema = z.union([LoginResultSchema, MfaChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export function isMfaChallenge(answer: LoginAnswer): answer is MfaChallenge {
  return 'mfaRequired' in answer && answer.mfaRequired;
}

export const LoginMfaBodySchema = z
  .object({
    challenge: z.string().min(1, MFA_MESSAGES.challengeInvalid).max(200),
    code: MfaCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .strict()
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: MFA_MESSAGES.codeRequired,
    path: ['code'],
  });
export type LoginMfaBody = z.infer<typeof LoginMfaBodySchema>;

export const MfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Setup started (secret issued) but not confirmed with a code yet. */
  pendingSetup: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The platform obliges this user to use MFA (MFA_REQUIRED_FOR_ADMINS and an administrative role). */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

export const MfaSetupSchema = z.object({
  /** Base32, for manual entry. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  uri: z.string(),
});
export type MfaSetup = z.infer<typeof MfaSetupSchema>;

export const MfaEnableBodySchema = z.object({ code: MfaCodeSchema }).strict();
export const MfaEnableResultSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaEnableResult = z.infer<typeof MfaEnableResultSchema>;

export const MfaDisableBodySchema = z
  .object({
    password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX),
    code: z.union([MfaCodeSchema, RecoveryCodeSchema], { error: MFA_MESSAGES.codeRequired }),
  })
  .strict();
export type MfaDisableBody = z.infer<typeof MfaDisableBodySchema>;

/** POST /users/:id/mfa/reset: the caller confirms with their own password. */
export const MfaResetBodySchema = z
  .object({ password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX) })
  .strict();
export type MfaResetBody = z.infer<typeof MfaResetBodySchema>;
export const MfaResetResultSchema = z.object({
  /** Sessions of the user that were signed out. */
  sessionsRevoked: z.number().int(),
});
export type MfaResetResult = z.infer<typeof MfaResetResultSchema>;
