import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '../contracts/auth.contract.ts';
import { estimatePasswordStrength, PASSWORD_POLICY_MESSAGES, passwordWeakness } from './password-policy.ts';

const { common, personal } = PASSWORD_POLICY_MESSAGES;

describe('new password rules (ASVS 2.1.1–2.1.4, 2.1.7, 2.1.9)', () => {
  it('needs 12 characters, allows 255 and keeps every character (no truncation)', () => {
    expect(NewPasswordSchema.safeParse('Tiger#Lily7').success).toBe(false);
    expect(NewPasswordSchema.safeParse('Tiger#Lily77').success).toBe(true);
    expect(NewPasswordSchema.safeParse('x'.repeat(64)).success).toBe(true);
    expect(NewPasswordSchema.safeParse('y'.repeat(255)).success).toBe(true);
    expect(NewPasswordSchema.safeParse('z'.repeat(256)).success).toBe(false);
  });

  it.each([
    'password1234',
    'Password@2024',
    'P@ssw0rd1234',
    'p@ssw0rd!2024',
    '@dmin1234567',
    'Welcome@12345',
    'India@123456',
    'iloveyou1234',
    'adminadmin12',
    'passwordpassword',
    'qwertyuiop12',
    '123456789012',
    '098765432109',
    'abcdefghijkl',
    '111111111111',
    '121212121212',
    'abcabcabcabc',
    '1q2w3e4r5t6y',
    '1qaz2wsx3edc',
    'Qwerty@12345',
    'JaiShreeRam@1',
  ])('refuses the common password %s', (password) => {
    expect(passwordWeakness(password)).toBe(common);
  });

  it.each([
    'NewPass@2024',
    'Fresh@Pass123',
    'correct horse battery staple',
    'मेरा पासवर्ड सुरक्षित है',
    '🚚🚛🚌 fleet of three',
    '839201746512',
    'Tiger#Lily77',
  ])('accepts %s (any characters, no composition rules)', (password) => {
    expect(passwordWeakness(password)).toBeNull();
  });

  it('asks the breached-password corpus it is given for the whole password and for the word under the decoration', () => {
    const corpus = new Set(['qwerty123456', 'newpass', 'michael']);
    const isBreached = (candidate: string) => corpus.has(candidate);
    for (const password of ['QWERTY123456', 'NewPass@2024', 'Micha3l@1990', 'michael#2024!'])
      expect(passwordWeakness(password, {}, { isBreached })).toBe(common);
    // Without a corpus (the console's meter) only the local rules apply.
    expect(passwordWeakness('NewPass@2024')).toBeNull();
    // A word under decoration must be a word (4 letters or more), and the decoration predictable.
    expect(passwordWeakness('Narmada@Ghat24', {}, { isBreached })).toBeNull();
    expect(passwordWeakness('Michael 7x!Qv#9Lm2', {}, { isBreached })).toBeNull();
  });

  it("refuses the user's own e-mail or phone inside the password", () => {
    const owner = { email: 'ravi.kumar@indore.example', phone: '+919876543210' };
    expect(passwordWeakness('ravi.kumar#2024!', owner)).toBe(personal);
    expect(passwordWeakness('my 98765 43210 pw', owner)).toBe(personal);
    expect(passwordWeakness('Tiger#Lily77', owner)).toBeNull();
  });
});

describe('estimatePasswordStrength (the console meter, ASVS 2.1.8)', () => {
  it('is weak, with the first failing rule, whenever the server would refuse the password', () => {
    expect(estimatePasswordStrength('Tiger#Lily7')).toMatchObject({
      strength: 'weak',
      failedRule: 'tooShort',
    });
    expect(estimatePasswordStrength('z'.repeat(256))).toMatchObject({
      strength: 'weak',
      failedRule: 'tooLong',
    });
    expect(estimatePasswordStrength('Password@2024')).toMatchObject({
      strength: 'weak',
      failedRule: 'common',
    });
    expect(estimatePasswordStrength('asha.verma-2026!', { email: 'asha.verma@example.in' })).toMatchObject({
      strength: 'weak',
      failedRule: 'personal',
    });
  });

  it('grades accepted passwords by length and character variety, never refusing them', () => {
    expect(estimatePasswordStrength('brisklantern')).toMatchObject({ strength: 'fair', failedRule: null });
    expect(estimatePasswordStrength('Brisk7Lantern')).toMatchObject({ strength: 'good', failedRule: null });
    expect(estimatePasswordStrength('Brisk7Lantern#Ward42')).toMatchObject({
      strength: 'strong',
      failedRule: null,
    });
    expect(estimatePasswordStrength('correct horse battery staple').strength).toBe('strong');
    expect(estimatePasswordStrength('कचरा गाड़ी सुबह आती है').strength).toBe('strong');
  });

  it('agrees with passwordWeakness on every password the policy tests use', () => {
    for (const password of ['password1234', 'qwertyuiop12', 'Tiger#Lily77', 'Rakhi2025Ganga']) {
      const refused = passwordWeakness(password) !== null;
      expect(estimatePasswordStrength(password).strength === 'weak').toBe(refused);
    }
  });
});
