/**
 * Constants and fixed messages of the TOTP second factor (RFC 6238) and of the sign-in restrictions (ASVS 2.3.1,
 * 2.3.2, 4.3.1; docs/security.md). Kept zod-free like auth-constants.ts so the sign-in route can use them.
 */
import type { RoleName } from './roles.ts';

export const MFA_CODE_DIGITS = 6;
export const MFA_PERIOD_S = 30;
export const MFA_RECOVERY_CODE_COUNT = 10;
/** The second sign-in step must be completed within this time after the password was accepted. */
export const MFA_CHALLENGE_TTL_S = 5 * 60;
/** Recovery codes: two groups of five characters of an unambiguous alphabet, e.g. `7KQ2M-X9D4T`. */
export const MFA_RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-?[0-9A-HJKMNP-TV-Z]{5}$/i;

/** Roles that MFA_REQUIRED_FOR_ADMINS=on obliges to enrol before using the console. */
export const MFA_ADMIN_ROLES: readonly RoleName[] = ['SUPER_ADMIN', 'ADMIN'];

export function isMfaAdminRole(roleName: string | null | undefined): boolean {
  return MFA_ADMIN_ROLES.some((role) => role === roleName);
}

export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app or a recovery code.',
  codeInvalid: 'The verification code is not correct.',
  codeFormat: 'The code must be 6 digits',
  recoveryCodeFormat: 'A recovery code has 10 letters and digits, e.g. 7KQ2M-X9D4T',
  challengeInvalid: 'The sign-in step has expired. Sign in again.',
  alreadyEnabled: 'Two-step verification is already on. Turn it off before setting it up again.',
  setupMissing: 'Start the two-step verification setup first.',
  notEnabled: 'Two-step verification is not on.',
  enabled: 'Two-step verification is on.',
  disabled: 'Two-step verification is off.',
  setupStarted: 'Scan the code with your authenticator app, then enter the code it shows.',
  codeRequiredStep: 'Enter the verification code to finish signing in.',
  /** POST /users/:id/mfa/reset (an administrator resets another user's lost second factor). */
  resetDone: 'Two-step verification was reset. The user now signs in with the password only.',
  resetOwn: 'Turn off your own two-step verification on the Two-step verification page.',
  resetNotEnabled: 'Two-step verification is not on for this user.',
  resetOutOfReach: 'You cannot reset a user who has permissions you do not have.',
  /** 403 while a user created with the brand's default password has not chosen their own (ASVS 2.3.1). */
  passwordChangeRequired: 'Change your password before you continue.',
  /** 403 while MFA_REQUIRED_FOR_ADMINS=on and an administrator has not enrolled (ASVS 4.3.1). */
  enrolmentRequired: 'Set up two-step verification before you continue.',
} as const;
