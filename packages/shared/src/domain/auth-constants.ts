/**
 * Plain constants of the auth contract (limits, lifetimes, fixed messages), kept apart from its zod schemas so the
 * console's sign-in route can use them without downloading zod (bundle budget, ARCHITECTURE.md "Front end").
 * Re-exported by contracts/auth.contract.ts.
 */
export const USERNAME_MAX = 255;
/** New passwords: at least 12 characters (OWASP ASVS 4.0.3 2.1.1); sign-in accepts any stored password. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 255;

export const ACCESS_TOKEN_TTL_S = 15 * 60;
/**
 * Absolute lifetime of a session (a refresh-token family) from sign-in: rotation keeps the family's expiry, so a user
 * signs in again at least every 12 hours however active (OWASP ASVS 4.0.3 3.3.2, level 2; docs/security.md).
 */
export const REFRESH_TOKEN_TTL_S = 12 * 60 * 60;
export const OTP_TTL_S = 10 * 60;

/** Fixed messages shared by server and console. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Verify that your email and password are correct.',
  disabled: 'This account is disabled. Contact your administrator.',
  tooManyAttempts: 'Too many sign-in attempts. Try again in a few minutes.',
  tokenMissing: 'Auth token is missing.',
  tokenInvalid: 'Invalid auth token.',
  refreshInvalid: 'Session expired! Login again.',
  otpSent: 'If an account exists for this username, a 6-digit code has been sent to its e-mail address.',
  otpInvalid: 'The code is invalid or has expired.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  passwordChanged: 'Your password has been changed.',
  wrongCurrentPassword: 'The current password is not correct.',
  forbidden: 'You do not have permission to do this.',
} as const;
