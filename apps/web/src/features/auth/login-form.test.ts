import { PASSWORD_MAX, USERNAME_MAX } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type LoginFormInput, loginFormResolver, validateLoginForm } from './login-form';

/** The zod schema the sign-in form used before its rules were written out by hand (kept here as the reference). */
const ReferenceSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'validation.usernameRequired')
    .max(USERNAME_MAX, 'validation.usernameMax'),
  password: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX, 'validation.passwordMax'),
  acceptTerms: z.boolean().refine((accepted) => accepted, 'validation.termsRequired'),
});

/** First message per field, as zodResolver reported them. */
function referenceErrors(values: LoginFormInput): Record<string, string> {
  const result = ReferenceSchema.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const cases: LoginFormInput[] = [
  { username: '', password: '', acceptTerms: false },
  { username: '   ', password: 'x', acceptTerms: true },
  { username: ' asha@example.in ', password: 'secret', acceptTerms: true },
  { username: 'a'.repeat(USERNAME_MAX), password: 'p'.repeat(PASSWORD_MAX), acceptTerms: true },
  { username: 'a'.repeat(USERNAME_MAX + 1), password: 'p'.repeat(PASSWORD_MAX + 1), acceptTerms: false },
  { username: ` ${'a'.repeat(USERNAME_MAX)} `, password: ' ', acceptTerms: true },
];

describe('sign-in form rules', () => {
  it.each(cases)('match the zod schema they replaced (%#)', (values) => {
    const errors = Object.fromEntries(
      Object.entries(validateLoginForm(values)).map(([field, error]) => [field, error.message]),
    );
    expect(errors).toEqual(referenceErrors(values));
  });

  it('submits the username trimmed', async () => {
    const values = { username: ' 9876543210 ', password: 'secret', acceptTerms: true };
    const result = await loginFormResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result).toEqual({ values: { ...values, username: '9876543210' }, errors: {} });
  });
});
