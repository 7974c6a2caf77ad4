import { describe, expect, it } from 'vitest';
import { NewPasswordSchema } from '@civicfleet/shared';
import { PASSWORD_POLICY_MESSAGES, passwordWeakness } from './password-policy.ts';

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

  it("refuses the user's own e-mail or phone inside the password", () => {
    const owner = { email: 'ravi.kumar@indore.example', phone: '+919876543210' };
    expect(passwordWeakness('ravi.kumar#2024!', owner)).toBe(personal);
    expect(passwordWeakness('my 98765 43210 pw', owner)).toBe(personal);
    expect(passwordWeakness('Tiger#Lily77', owner)).toBeNull();
  });
});
