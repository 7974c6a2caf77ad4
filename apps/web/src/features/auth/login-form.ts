/**
 * Rules of the sign-in form (spec 01 §5 "Login"), checked without zod: the sign-in route's budget is 250 kB gzip
 * (ARCHITECTURE.md "Front end") and zod's core costs ~15 kB there even as zod/mini, because the signed-in pages use zod
 * classic and share its modules. Same rules and message keys as the zod schemas of the other auth forms
 * (auth-schemas.ts): username trimmed, required, at most 255; password required, at most 255; terms accepted.
 */
import { PASSWORD_MAX, USERNAME_MAX } from '@civicfleet/shared';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';

export interface LoginFormInput {
  username: string;
  password: string;
  acceptTerms: boolean;
}

type LoginFormErrors = Partial<Record<keyof LoginFormInput, FieldError>>;

/** First failing rule per field; messages are i18n keys of the `auth` namespace, types the zod issue codes. */
export function validateLoginForm({ username, password, acceptTerms }: LoginFormInput): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const trimmed = username.trim();
  if (trimmed.length < 1) errors.username = { type: 'too_small', message: 'validation.usernameRequired' };
  else if (trimmed.length > USERNAME_MAX)
    errors.username = { type: 'too_big', message: 'validation.usernameMax' };
  if (password.length < 1) errors.password = { type: 'too_small', message: 'validation.passwordRequired' };
  else if (password.length > PASSWORD_MAX)
    errors.password = { type: 'too_big', message: 'validation.passwordMax' };
  if (!acceptTerms) errors.acceptTerms = { type: 'custom', message: 'validation.termsRequired' };
  return errors;
}

/** react-hook-form resolver of the rules above; like the zod schema it replaced, it submits the username trimmed. */
export const loginFormResolver: Resolver<LoginFormInput> = (values, _context, options) => {
  const errors = validateLoginForm(values);
  if (Object.keys(errors).length > 0) return { values: {}, errors: toNestErrors(errors, options) };
  if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
  return { values: { ...values, username: values.username.trim() }, errors: {} };
};
