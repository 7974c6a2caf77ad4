import { z } from 'zod';
import { AuthScopesSchema } from './auth.contract.ts';

export const RoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  authScopes: AuthScopesSchema,
  /** Built-in roles (ROLE_NAMES) are shared by every organisation; only SUPER_ADMIN edits them. */
  isBuiltin: z.boolean(),
  /** Owner of a custom role; null for built-in and platform-wide roles. */
  organisationId: z.string().nullable(),
  /** Present with `hydrate=permissions`: the flattened permission list. */
  permissions: z.array(z.string()).optional(),
});
export type Role = z.infer<typeof RoleSchema>;

/**
 * GET /roles: every signed-in user may read their own role (how the console loads permissions); other roles need the
 * `role` module, otherwise they are simply not in the answer. `hydrate=permissions` adds the flattened list.
 */
export const RoleQuerySchema = z.object({
  _id: z.string().regex(/^\d+$/).optional(),
  name: z.string().optional(),
  hydrate: z.string().optional(),
});

export const RoleNameSchema = z
  .string()
  .trim()
  .min(2, 'The role name must be at least 2 characters long')
  .max(50, 'The role name may be at most 50 characters long')
  .regex(/^[A-Za-z][A-Za-z0-9 _-]*$/, 'The role name may contain letters, digits, spaces, - and _');

export const RoleInputSchema = z.object({
  name: RoleNameSchema,
  authScopes: AuthScopesSchema,
  /** Owning organisation; default: the caller's. SUPER_ADMIN may pass null for a platform-wide role. */
  organisationId: z.string().regex(/^\d+$/, 'Invalid id').nullable().optional(),
});
export type RoleInput = z.infer<typeof RoleInputSchema>;

export const RoleUpdateSchema = RoleInputSchema.omit({ organisationId: true }).partial();
export type RoleUpdate = z.infer<typeof RoleUpdateSchema>;
