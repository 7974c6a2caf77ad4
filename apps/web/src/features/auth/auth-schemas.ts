/**
 * Form rules of the auth screens (spec 01 §5 "Login"). Limits come from the auth contract; messages are i18n keys of
 * the `auth` namespace (the English values are the spec's texts word for word). Written with `zod/mini` because the
 * sign-in route must not download zod classic (bundle budget, see api/auth-wire.ts).
 */
import { PASSWORD_MAX, USERNAME_MAX } from '@civicfleet/shared';
import * as z from 'zod/mini';

/** Server policy for new passwords (NewPasswordSchema of the auth contract). */
export const NEW_PASSWORD_MIN = 8;

const username = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'validation.usernameRequired'),
    z.maxLength(USERNAME_MAX, 'validation.usernameMax'),
  );

const newPassword = z
  .string()
  .check(
    z.minLength(NEW_PASSWORD_MIN, 'validation.passwordMin'),
    z.maxLength(PASSWORD_MAX, 'validation.passwordMax'),
  );

export const LoginFormSchema = z.object({
  username,
  password: z
    .string()
    .check(z.minLength(1, 'validation.passwordRequired'), z.maxLength(PASSWORD_MAX, 'validation.passwordMax')),
  acceptTerms: z.boolean().check(z.refine((accepted) => accepted, 'validation.termsRequired')),
});
export type LoginFormInput = z.input<typeof LoginFormSchema>;

export const ForgotPasswordFormSchema = z.object({ username });
export type ForgotPasswordFormInput = z.input<typeof ForgotPasswordFormSchema>;

const passwordsMatch = { path: ['confirmPassword'], message: 'validation.passwordsMismatch' };

/** The 6-digit code is asked only in the code form; the e-mailed link carries its own token. */
export function resetPasswordFormSchema(requiresCode: boolean) {
  return z
    .object({
      code: requiresCode ? z.string().check(z.trim(), z.regex(/^\d{6}$/, 'validation.codeFormat')) : z.string(),
      password: newPassword,
      confirmPassword: z.string(),
    })
    .check(z.refine((values) => values.confirmPassword === values.password, passwordsMatch));
}
export type ResetPasswordFormInput = z.input<ReturnType<typeof resetPasswordFormSchema>>;

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .check(
        z.minLength(1, 'validation.currentPasswordRequired'),
        z.maxLength(PASSWORD_MAX, 'validation.passwordMax'),
      ),
    newPassword,
    confirmPassword: z.string(),
  })
  .check(z.refine((values) => values.confirmPassword === values.newPassword, passwordsMatch));
export type ChangePasswordFormInput = z.input<typeof ChangePasswordFormSchema>;
