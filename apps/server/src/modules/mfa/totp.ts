/** TOTP (RFC 6238) with the otpauth package: SHA-1, 6 digits, 30-second steps, what every authenticator app reads. */
import { randomInt } from 'node:crypto';
import { MFA_CODE_DIGITS, MFA_PERIOD_S, MFA_RECOVERY_CODE_COUNT } from '@civicfleet/shared';
import { Secret, TOTP } from 'otpauth';

/** One step either side: a phone clock up to ~30 s off still works (RFC 6238 §5.2). */
const WINDOW_STEPS = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: MFA_CODE_DIGITS,
    period: MFA_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  }).toString();
}

/**
 * The time step (counter) the code belongs to, or null when it matches no step within the window. The caller refuses a
 * step that is not newer than the last accepted one (replay, RFC 6238 §5.2).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: MFA_CODE_DIGITS,
    period: MFA_PERIOD_S,
    timestamp,
    window: WINDOW_STEPS,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: MFA_PERIOD_S, timestamp }) + delta;
}

/** Crockford base32 (no I, L, O, U): easy to read out and type. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** MFA_RECOVERY_CODE_COUNT codes of 50 random bits each, formatted `XXXXX-XXXXX`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}
