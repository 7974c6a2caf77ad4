import { z } from 'zod';
import { AuthScopesSchema } from './auth.contract.ts';

export const RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  authScopes: AuthScopesSchema,
  /** Present with `hydrate=permissions`: the flattened permission list. */
  permissions: z.array(z.string()).optional(),
});
export type Role = z.infer<typeof RoleSchema>;

export const RoleQuerySchema = z.object({
  _id: z.string().regex(/^\d+$/).optional(),
  name: z.string().optional(),
  hydrate: z.string().optional(),
});
