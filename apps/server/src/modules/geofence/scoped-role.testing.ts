/**
 * Tests only: gives the demo CUSTOM role (custom@demo…, Indore) exactly `scopes`, so a module's tests can sign in as
 * someone who sees a module but lacks one of its actions. Each test file has its own database copy.
 */
import { eq } from 'drizzle-orm';
import type { AuthScopes } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

export async function setCustomRoleScopes(db: Db, scopes: AuthScopes): Promise<void> {
  await db.update(roles).set({ authScopes: scopes }).where(eq(roles.name, 'CUSTOM'));
}
