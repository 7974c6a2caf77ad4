/** India-only phone rules of spec 01 §5 / §9: 10 digits, stored with the +91 prefix. */
export const PHONE_PREFIX = '+91';
export const PHONE_DIGITS = 10;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/**
 * Login rule of spec 01 §5: if the username is not an e-mail and lacks "+91", "+91" is added.
 * Whitespace is trimmed; e-mails are lower-cased so that lookups are case-insensitive.
 */
export function normaliseUsername(username: string): string {
  const trimmed = username.trim();
  if (isEmail(trimmed)) return trimmed.toLowerCase();
  return trimmed.includes(PHONE_PREFIX) ? trimmed : `${PHONE_PREFIX}${trimmed}`;
}

/** Adds +91 to a 10-digit number; leaves an already prefixed number alone. */
export function withPhonePrefix(digits: string): string {
  const trimmed = digits.trim();
  return trimmed.startsWith(PHONE_PREFIX) ? trimmed : `${PHONE_PREFIX}${trimmed}`;
}

/** Removes the +91 prefix for display in a 10-digit input. */
export function withoutPhonePrefix(phone: string): string {
  return phone.startsWith(PHONE_PREFIX) ? phone.slice(PHONE_PREFIX.length) : phone;
}

export function isIndianPhone(phone: string): boolean {
  return /^\+91\d{10}$/.test(phone);
}
