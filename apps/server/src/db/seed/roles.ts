/** Built-in roles (ROLE_NAMES with DEFAULT_ROLE_SCOPES). Always ensured at start-up, demo or not. */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_ROLE_SCOPES,
  MANUFACTURER_DEVICE_SCOPE,
  ROLE_NAMES,
  type AuthScopes,
  type RoleName,
} from '@civicfleet/shared';
import type { Db } from '../client.ts';
import { roles } from '../schema/index.ts';

export function defaultScopes(name: RoleName): AuthScopes {
  return name === 'SUPER_ADMIN' ? {} : DEFAULT_ROLE_SCOPES[name];
}

/** Inserts missing built-in roles; existing ones (possibly edited by an administrator) are left alone. */
export async function ensureBuiltinRoles(db: Db): Promise<Map<RoleName, bigint>> {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name, authScopes: defaultScopes(name), isBuiltin: true })))
    .onConflictDoNothing({ target: roles.name });
  await withdrawManufacturerImmobiliser(db);
  const ids = new Map<RoleName, bigint>();
  for (const name of ROLE_NAMES) {
    const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
    if (!row) throw new Error(`Built-in role ${name} is missing after seeding`);
    ids.set(name, row.id);
  }
  return ids;
}

/**
 * Engine stop became its own permission (device:immobilise, issue 20 #3). The built-in MANUFACTURER role was seeded
 * with `device: true`, which grants every device action, the new one included: such a role is moved to the explicit
 * map without it. A MANUFACTURER role whose device scope an administrator already set to a map is left alone, so
 * granting the permission on purpose sticks. Custom roles are not changed (docs/security.md, "Engine stop").
 */
async function withdrawManufacturerImmobiliser(db: Db): Promise<void> {
  const [row] = await db
    .select({ id: roles.id, authScopes: roles.authScopes })
    .from(roles)
    .where(eq(roles.name, 'MANUFACTURER'))
    .limit(1);
  if (!row || row.authScopes.device !== true) return;
  await db
    .update(roles)
    .set({ authScopes: { ...row.authScopes, device: MANUFACTURER_DEVICE_SCOPE } })
    .where(eq(roles.id, row.id));
}
