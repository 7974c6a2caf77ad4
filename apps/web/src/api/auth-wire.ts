/**
 * The auth contract's answers (packages/shared contracts/auth.contract.ts), restated with `zod/mini` for the files on
 * the sign-in route. The shared contracts are written in zod classic, which the server's Fastify type provider needs
 * but which cannot be tree-shaken (about 24 kB gzip); the sign-in route has a 250 kB budget (ARCHITECTURE.md
 * "Front end"). Signed-in pages may keep using the shared classic schemas.
 *
 * Drift guard: `WireMatchesContract` fails to compile unless each schema here parses to exactly the contract's type.
 */
import type { LoginResult, SessionUser, TokenPair } from '@civicfleet/shared';
import * as z from 'zod/mini';

export const TokenSchema = z.object({ token: z.string(), expires: z.string() });
export const TokenPairSchema = z.object({ access: TokenSchema, refresh: TokenSchema });

const AuthScopesSchema = z.record(
  z.string(),
  z.union([z.boolean(), z.record(z.string(), z.boolean())]),
);

export const SessionUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  isEnabled: z.boolean(),
  role: z.object({ id: z.string(), name: z.string(), authScopes: AuthScopesSchema }),
  organisation: z.object({ id: z.string(), tradeName: z.string(), brandName: z.nullable(z.string()) }),
  permissions: z.array(z.string()),
});

export const LoginResultSchema = z.object({
  user: SessionUserSchema,
  // The contract says `z.enum(ROLE_NAMES).or(z.string())`: any string, the enum only documents the known names.
  role: z.object({ name: z.string(), authScopes: AuthScopesSchema }),
  token: TokenPairSchema,
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;

/** Compile-time check only (see the file comment). */
export type WireMatchesContract = [
  Expect<Same<z.output<typeof TokenPairSchema>, TokenPair>>,
  Expect<Same<z.output<typeof SessionUserSchema>, SessionUser>>,
  Expect<Same<z.output<typeof LoginResultSchema>, LoginResult>>,
];
