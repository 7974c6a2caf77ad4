/**
 * What a new password must not be, beyond the length rules of NewPasswordSchema (OWASP ASVS 4.0.3 2.1.7; NIST SP
 * 800-63B §5.1.1.2): a well-known password, a common word with digits and symbols around it, a keyboard or alphabet
 * run, a short block repeated, or the user's own e-mail or phone. No composition rules (2.1.9): any password that
 * passes these checks is fine, whatever characters it uses.
 *
 * The check is local (deployments may have no outbound network, so no breached-password API): a list of the base words
 * behind the most common leaked passwords, matched after undoing the usual letter swaps (p@ssw0rd → password) and
 * dropping the digits and symbols around them, plus a few long leaked passwords that are not words. The server adds
 * a breached-password corpus through `isBreached` (apps/server/src/modules/auth/breached-passwords.ts: the 10,000
 * most frequent), asked for the whole password and for the word under the decoration (`Michael@1990`); the console's
 * meter does without it (a 220 kB download), so a breached password it grades "fair" is refused by the server's 400.
 *
 * Pure (no I/O): the server refuses with it (apps/server/src/modules/auth/password-policy.ts) and the console's
 * strength meter shows the same verdict before the form is sent (ASVS 2.1.8).
 */
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.ts';

export const PASSWORD_POLICY_MESSAGES = {
  common: 'This password is too common or too easy to guess. Choose a longer or less predictable one.',
  personal: 'The password must not contain your e-mail address or phone number.',
} as const;

/** Base words of the most common leaked passwords (lower case, letters only), including Indian favourites. */
const COMMON_WORDS = new Set(
  (
    'password passwd passwort pass admin administrator root user guest test tester demo default changeme ' +
    'welcome letmein login qwerty qwertz azerty asdf asdfgh asdfghjkl zxcvbn zxcvbnm qwertyuiop qazwsx ' +
    'iloveyou loveyou love lovely india bharat hindustan jaihind jaishreeram shreeram ganesh krishna sairam ' +
    'omsairam hanuman mahadev cricket sachin football soccer baseball monkey dragon master superman batman ' +
    'sunshine shadow princess starwars whatever freedom trustno secret abc abcd abcdef abcdefgh hello ' +
    'helloworld computer internet samsung google facebook mypassword newpassword yourpassword civicfleet ' +
    'tracker tracking vehicle fleet'
  ).split(' '),
);

/** Long leaked passwords that are keyboard walks rather than words (compared after lower-casing). */
const COMMON_WALKS = [
  '1q2w3e4r5t6y',
  '1q2w3e4r5t6y7u',
  'q1w2e3r4t5y6',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  'zaq12wsxcde3',
  'qazwsxedcrfv',
  'zaq1xsw2cde3',
  '!qaz2wsx3edc',
  'qweasdzxc123',
];

/** Runs that a password must not consist of (forwards or backwards). */
const RUNS = [
  '0123456789012345678901234567890',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiopasdfghjklzxcvbnm',
  '1234567890qwertyuiop',
  'qwertzuiop',
  'azertyuiop',
];

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
};

const isRun = (value: string): boolean => {
  if (value.length < 4) return false;
  const reversed = [...value].reverse().join('');
  return RUNS.some((run) => run.includes(value) || run.includes(reversed));
};

/** `abcabcabcabc`, `121212121212`, `aaaaaaaaaaaa`: a block of at most 4 characters, repeated. */
const isRepeatedBlock = (value: string): boolean => /^(.{1,4})\1+$/u.test(value);

export interface PasswordOwner {
  email?: string | null;
  phone?: string | null;
}

export interface PasswordCheckOptions {
  /** Whether a candidate (lower case: the whole password, or the word under its decoration) is a breached password. */
  isBreached?: (candidate: string) => boolean;
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);

/** Undoes letter swaps inside a word (`p@ssw0rd` → `password`, `@dmin` → `admin`), not in trailing digits. */
function unLeet(value: string): string {
  const chars = [...value];
  return chars
    .map((c, i) => {
      const swapped = LEET[c];
      const inWord = isLetter(chars[i + 1]) && (i === 0 || isLetter(chars[i - 1]));
      return swapped && inWord ? swapped : c;
    })
    .join('');
}

/** Why `password` is refused, or null when it is acceptable. */
export function passwordWeakness(
  password: string,
  owner: PasswordOwner = {},
  { isBreached = () => false }: PasswordCheckOptions = {},
): string | null {
  const compact = password.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
  if (isRepeatedBlock(compact) || isRun(compact) || COMMON_WALKS.includes(compact) || isBreached(compact)) {
    return PASSWORD_POLICY_MESSAGES.common;
  }
  // A common word with decoration around it (`Password@2024!`, `@dmin123456`, `adminadmin#1`).
  const unswapped = unLeet(compact);
  const letters = unswapped.replace(/[^\p{L}]/gu, '');
  const decoration = unswapped.replace(/\p{L}/gu, '');
  const digits = decoration.replace(/\D/gu, '');
  const isPredictable = decoration.length <= 6 || isRun(digits) || isRepeatedBlock(digits);
  if (letters.length > 0 && isPredictable) {
    if (
      COMMON_WORDS.has(letters) ||
      (letters.length >= 4 && isBreached(letters)) ||
      isRepeatedBlock(letters) ||
      isRun(letters)
    ) {
      return PASSWORD_POLICY_MESSAGES.common;
    }
    for (let cut = 3; cut <= letters.length - 3; cut += 1) {
      if (COMMON_WORDS.has(letters.slice(0, cut)) && COMMON_WORDS.has(letters.slice(cut))) {
        return PASSWORD_POLICY_MESSAGES.common;
      }
    }
  }

  const localPart = owner.email?.toLowerCase().split('@')[0] ?? '';
  if (localPart.length >= 4 && compact.includes(localPart)) return PASSWORD_POLICY_MESSAGES.personal;
  const phoneDigits = owner.phone?.replace(/\D/gu, '').slice(-10) ?? '';
  if (phoneDigits.length === 10 && compact.replace(/\D/gu, '').includes(phoneDigits)) {
    return PASSWORD_POLICY_MESSAGES.personal;
  }
  return null;
}

/** The strength meter's levels (ASVS 2.1.8): `weak` is refused by the server; of the others it refuses only breached ones. */
export const PASSWORD_STRENGTHS = ['weak', 'fair', 'good', 'strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];
/** The first rule a password fails, in the order the server checks them (length first, then the policy). */
export type PasswordRule = 'tooShort' | 'tooLong' | 'common' | 'personal';

export interface PasswordStrengthVerdict {
  strength: PasswordStrength;
  /** Null when the password passes every rule the server applies. */
  failedRule: PasswordRule | null;
  /** Length × log2(character pool): a rough guessing-effort estimate, shown only as the level. */
  entropyBits: number;
}

/** Character pool sizes of the classes present (lower, upper, digits, ASCII symbols, space, any other script). */
function poolSize(password: string): number {
  let pool = 0;
  if (/[a-z]/u.test(password)) pool += 26;
  if (/[A-Z]/u.test(password)) pool += 26;
  if (/\d/u.test(password)) pool += 10;
  if (/[!-/:-@[-`{-~]/u.test(password)) pool += 33;
  if (/\s/u.test(password)) pool += 1;
  // Devanagari, emoji, accented letters: count a large pool once, whatever the script.
  if (/[^\u0020-\u007e\s]/u.test(password)) pool += 100;
  return pool;
}

/**
 * The console's strength meter: the server's own local rules (length, then `passwordWeakness` without the breached
 * corpus, which stays on the server) decide `weak`; an accepted
 * password is graded by its estimated entropy (fair < 60 bits ≤ good < 80 bits ≤ strong). No composition rule is
 * enforced (2.1.9): the grade only tells the user that a longer or more varied password is harder to guess.
 */
export function estimatePasswordStrength(
  password: string,
  owner: PasswordOwner = {},
  limits: { min: number; max: number } = { min: PASSWORD_MIN, max: PASSWORD_MAX },
): PasswordStrengthVerdict {
  const length = [...password].length;
  const entropyBits = Math.round(length * Math.log2(Math.max(poolSize(password), 1)));
  const weak = (failedRule: PasswordRule): PasswordStrengthVerdict => ({
    strength: 'weak',
    failedRule,
    entropyBits,
  });
  // UTF-16 units, as zod's min/max in NewPasswordSchema count them.
  if (password.length < limits.min) return weak('tooShort');
  if (password.length > limits.max) return weak('tooLong');
  const weakness = passwordWeakness(password, owner);
  if (weakness) return weak(weakness === PASSWORD_POLICY_MESSAGES.personal ? 'personal' : 'common');
  const strength = entropyBits >= 80 ? 'strong' : entropyBits >= 60 ? 'good' : 'fair';
  return { strength, failedRule: null, entropyBits };
}
