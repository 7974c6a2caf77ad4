/**
 * Form rules of the auth screens (spec 01 §5 "Login"). Limits come from the auth contract; messages are i18n keys of
 * the `auth` namespace (the English values are the spec's texts word for word). The sign-in form's rules are in
 * login-form.ts, without zod (bundle budget of the sign-in route); its username rule is the one here.
 */
import { PASSWORD_MAX, USERNAME_MAX } from '@civicfleet/shared';
import { z } from 'zod';

/** Server policy for new passwords (NewPasswordSchema of the auth contract). */
export const NEW_PASSWORD_MIN = 12;

const username = z
  .string()
  .trim()
  .min(1, 'validation.usernameRequired')
  .max(USERNAME_MAX, 'validation.usernameMax');

const newPassword = z
  .string()
  .min(NEW_PASSWORD_MIN, 'validation.passwordMin')
  .max(PASSWORD_MAX, 'validation.passwordMax');

export const ForgotPasswordFormSchema = z.object({ username });
export type ForgotPasswordFormInput = z.input<typeof ForgotPasswordFormSchema>;

const passwordsMatch = { path: ['confirmPassword'], message: 'validation.passwordsMismatch' };

/** The 6-digit code is asked only in the code form; the e-mailed link carries its own token. */
export function resetPasswordFormSchema(requiresCode: boolean) {
  return z
    .object({
      code: requiresCode
        ? z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'validation.codeFormat')
        : z.string(),
      password: newPassword,
      confirmPassword: z.string(),
    })
    .refine((values) => values.confirmPassword === values.password, passwordsMatch);
}
export type ResetPasswordFormInput = z.input<ReturnType<typeof resetPasswordFormSchema>>;

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'validation.currentPasswordRequired')
      .max(PASSWORD_MAX, 'validation.passwordMax'),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, passwordsMatch);
export type ChangePasswordFormInput = z.input<typeof ChangePasswordFormSchema>;
