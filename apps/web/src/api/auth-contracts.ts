/**
 * Schemas of the auth calls' answers (api/auth.ts, and the token refresh in api/client.ts). The auth calls import this
 * file dynamically, when a call starts, so that zod stays off the sign-in route: its budget is 250 kB gzip
 * (ARCHITECTURE.md "Front end") and zod's core alone costs ~15 kB there, even as zod/mini, because the signed-in pages
 * use zod classic and every page that uses zod shares its modules.
 */
import { TokenPairSchema } from '@civicfleet/shared';
import { z } from 'zod';

export { LoginAnswerSchema, LoginResultSchema, SessionUserSchema, TokenPairSchema } from '@civicfleet/shared';

export const ForgotPasswordResultSchema = z
  .object({ otpToken: z.string().min(1).optional() })
  .nullish()
  .transform((data) => ({ otpToken: data?.otpToken }));
export type ForgotPasswordResult = z.output<typeof ForgotPasswordResultSchema>;

/** The server ends the user's other sessions and answers this session's new tokens. */
export const ChangePasswordResultSchema = z
  .object({ token: TokenPairSchema.optional() })
  .nullish()
  .transform((data) => ({ token: data?.token }));
