/** Form rules of the two-step verification screens; messages are i18n keys of the `mfa` namespace. */
import { MFA_RECOVERY_CODE_PATTERN, PASSWORD_MAX } from '@civicfleet/shared';
import { z } from 'zod';

export const EnableFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.codeFormat'),
});
export type EnableFormInput = z.input<typeof EnableFormSchema>;

export const DisableFormSchema = z.object({
  password: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX, 'validation.passwordRequired'),
  code: z
    .string()
    .trim()
    .refine(
      (code) => /^\d{6}$/.test(code) || MFA_RECOVERY_CODE_PATTERN.test(code),
      'validation.codeOrRecovery',
    ),
});
export type DisableFormInput = z.input<typeof DisableFormSchema>;
