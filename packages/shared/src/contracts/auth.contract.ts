/** Sign-in and session calls of spec 01 §7 (paths under /v1). */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../domain/auth-constants.ts';
import { ROLE_NAMES } from '../domain/roles.ts';

export {
  ACCESS_TOKEN_TTL_S,
  AUTH_MESSAGES,
  OTP_TTL_S,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REFRESH_TOKEN_TTL_S,
  USERNAME_MAX,
} from '../domain/auth-constants.ts';

/** Server-side password policy for new passwords (reset, change, create). Sign-in accepts any stored password. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'The password must be at least 12 characters long')
  .max(PASSWORD_MAX, 'The password may be at most 255 characters long');

export const LoginBodySchema = z.object({
  username: z.string().trim().min(1, 'The username field is required').max(USERNAME_MAX),
  password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenSchema = z.object({ token: z.string(), expires: z.string() });
export const TokenPairSchema = z.object({ access: TokenSchema, refresh: TokenSchema });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const AuthScopesSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.record(z.string(), z.boolean())]),
);

export const RoleRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  authScopes: AuthScopesSchema,
});

export const OrganisationRefSchema = z.object({
  id: z.string(),
  tradeName: z.string(),
  brandName: z.string().nullable(),
});

export const SessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isEnabled: z.boolean(),
  role: RoleRefSchema,
  organisation: OrganisationRefSchema,
  /** Flattened permission list (module ids and module:action ids), see permissions.ts. */
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResultSchema = z.object({
  user: SessionUserSchema,
  role: z.object({ name: z.enum(ROLE_NAMES).or(z.string()), authScopes: AuthScopesSchema }),
  token: TokenPairSchema,
  /**
   * Present (true) only while the session is restricted (http/authenticate.ts): the user still has the brand's default
   * password (ASVS 2.3.1), or must enrol in MFA (MFA_REQUIRED_FOR_ADMINS, ASVS 4.3.1). Absent for everyone else, so
   * spec 01's answer is unchanged.
   */
  mustChangePassword: z.literal(true).optional(),
  mfaEnrolmentRequired: z.literal(true).optional(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const RefreshBodySchema = z.object({
  refreshToken: z.string().min(1, 'The refresh token is required'),
});
export const LogoutBodySchema = RefreshBodySchema;

export const ForgotPasswordBodySchema = z.object({
  username: z.string().trim().min(1, 'The username field is required').max(USERNAME_MAX),
});
/** Always answered (also for unknown users, with a token that never validates). */
export const ForgotPasswordResultSchema = z.object({ otpToken: z.string() });

/**
 * POST /auth/reset-password?otp=… {otpToken, password}, or ?token=<link token> {password}. otpToken is the opaque
 * request id answered by forgot-password (also the path segment of the e-mailed link /auth/reset-password/{otpToken}).
 */
export const ResetPasswordQuerySchema = z.object({
  otp: z
    .string()
    .regex(/^\d{6}$/, 'The OTP must be 6 digits')
    .optional(),
  token: z.string().min(1).optional(),
});
export const ResetPasswordBodySchema = z.object({
  otpToken: z.string().max(USERNAME_MAX).optional(),
  password: NewPasswordSchema,
});

export const ChangePasswordBodySchema = z.object({
  username: z.string().trim().min(1, 'The username field is required').max(USERNAME_MAX),
  password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX),
  newpassword: NewPasswordSchema,
});
/** The caller's session continues with this pair; the user's other sessions are ended. */
export const ChangePasswordResultSchema = z.object({ token: TokenPairSchema });

/**
 * GET /auth/sessions: the caller's live sessions (refresh-token families), newest first. `id` is the family id;
 * `current` marks the session of the calling access token (OWASP ASVS 3.3.4).
 */
export const ActiveSessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const ActiveSessionListSchema = z.array(ActiveSessionSchema);

/**
 * POST /auth/sessions/revoke: ends one session (`sessionId`) or, without it, every session but the caller's. The
 * password is asked again (ASVS 3.3.4 "having re-entered login credentials").
 */
export const RevokeSessionsBodySchema = z
  .object({
    password: z.string().min(1, 'The password field is required').max(PASSWORD_MAX),
    sessionId: z.uuid('Choose a session from the list').optional(),
  })
  .strict();
export const RevokeSessionsResultSchema = z.object({ revoked: z.number().int() });
