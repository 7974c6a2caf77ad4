/** Built-in roles at start-up: engine stop (device:immobilise) is withdrawn from a MANUFACTURER still on `device: true`. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenAuthScopes, hasPermission } from '@civicfleet/shared';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { roles } from '../schema/index.ts';
import { ensureBuiltinRoles } from './roles.ts';

describe('ensureBuiltinRoles', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.close());

  const manufacturerScopes = async () => {
    const [row] = await t.db.select().from(roles).where(eq(roles.name, 'MANUFACTURER'));
    if (!row) throw new Error('no MANUFACTURER role');
    return row.authScopes;
  };

  it('moves a MANUFACTURER role seeded with device: true to every device action but immobilise', async () => {
    const before = await manufacturerScopes();
    await t.db
      .update(roles)
      .set({ authScopes: { ...before, device: true } })
      .where(eq(roles.name, 'MANUFACTURER'));
    await ensureBuiltinRoles(t.db);
    const list = flattenAuthScopes('MANUFACTURER', await manufacturerScopes());
    expect(hasPermission('MANUFACTURER', list, 'device', 'immobilise')).toBe(false);
    expect(hasPermission('MANUFACTURER', list, 'device', 'send-command')).toBe(true);
    expect(hasPermission('MANUFACTURER', list, 'device-model')).toBe(true);
  });

  it('keeps an explicit grant an administrator made on purpose', async () => {
    const before = await manufacturerScopes();
    const device = { ...(before.device as Record<string, boolean>), immobilise: true };
    await t.db
      .update(roles)
      .set({ authScopes: { ...before, device } })
      .where(eq(roles.name, 'MANUFACTURER'));
    await ensureBuiltinRoles(t.db);
    const list = flattenAuthScopes('MANUFACTURER', await manufacturerScopes());
    expect(hasPermission('MANUFACTURER', list, 'device', 'immobilise')).toBe(true);
  });
});
