/** The breached-password corpus the server adds to the shared password rules (ASVS 2.1.7). */
import { passwordWeakness as localWeakness } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORDS_CHECKED, isBreachedPassword } from './breached-passwords.ts';
import { PASSWORD_POLICY_MESSAGES, passwordWeakness } from './password-policy.ts';

describe('breached passwords', () => {
  it('holds the most frequent ones, lower case', () => {
    expect(BREACHED_PASSWORDS_CHECKED).toBe(10_000);
    for (const p of ['123456', 'password', 'qwerty123456', '1qaz2wsx3edc', 'michael', 'newpass'])
      expect(isBreachedPassword(p), p).toBe(true);
    expect(isBreachedPassword('narmadaghat')).toBe(false);
  });

  it.each(['123qweasdzxc', 'Michael@1990', 'Jessica!2025', 'Jennifer@2024', 'NewPass@2024'])(
    'refuses %s, which the local rules alone accept',
    (password) => {
      expect(localWeakness(password)).toBeNull();
      expect(passwordWeakness(password)).toBe(PASSWORD_POLICY_MESSAGES.common);
    },
  );

  it.each(['Narmada@Ghat24', 'Tiger#Lily77', 'correct horse battery staple', 'मेरा पासवर्ड सुरक्षित है'])(
    'accepts %s',
    (password) => {
      expect(passwordWeakness(password)).toBeNull();
    },
  );
});
