/** Form rules of the two-step verification screens; messages are i18n keys of the `mfa` namespace. */
import { z } from 'zod';

export const EnableFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'validation.codeFormat'),
});
export type EnableFormInput = z.input<typeof EnableFormSchema>;
