/**
 * Step-up re-authentication ("sudo mode", ASVS 4.3.3): constants and fixed messages shared by server and console.
 * Zod-free like auth-constants.ts, because api/client.ts (on the sign-in route) recognises the 403 by its message.
 */

/**
 * How long a confirmed password opens the high-value routes of one session: measured from the confirmation and not
 * extended by using it, so a session left open is back to needing the password 10 minutes after the last prompt.
 */
export const STEP_UP_TTL_S = 10 * 60;

export const STEP_UP_MESSAGES = {
  /** 403 of a route declared `config.stepUp` when this session has not confirmed its password recently. */
  required: 'Confirm your password to continue.',
  confirmed: 'Confirmed',
  passwordRequired: 'Enter your password',
} as const;
