import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { roles, users } from '../../db/schema/index.ts';
import { SEARCH_LIMIT } from './search.service.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('GET /v1/search', () => {
  let t: TestApp;

  async function search(who: string, query: string): Promise<SearchResult> {
    const res = await t.app.inject({ method: 'GET', url: `/v1/search${query}`, headers: await t.auth(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: SearchResult }>().data;
  }

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('finds users by name, e-mail or phone, with the result shape of the spec', async () => {
    const result = await search('ADMIN', '?q=VERMA');
    expect(result).toEqual({
      Vehicles: [],
      Devices: [],
      Users: [
        {
          id: expect.any(String),
          firstName: 'Rakesh',
          lastName: 'Verma',
          phone: '+919000000002',
          email: 'admin@demo.civicfleet.in',
          isEnabled: true,
          role: { name: 'ADMIN' },
          organisation: { brandName: 'IMC Swachh Indore' },
        },
      ],
    });
    expect((await search('ADMIN', '?q=9000000003')).Users).toHaveLength(0); // MANUFACTURER: outside Indore
    expect((await search('SUPER_ADMIN', '?q=9000000003')).Users.map((u) => u.role.name)).toEqual([
      'MANUFACTURER',
    ]);
  });

  it('stays inside the caller scope', async () => {
    const indore = await search('ADMIN', '?q=demo.civicfleet');
    expect(indore.Users.map((u) => u.role.name).sort()).toEqual(['ADMIN', 'CUSTOM', 'LIMITED_USER']);
    expect((await search(BHOPAL, '?q=demo.civicfleet')).Users.map((u) => u.email)).toEqual([BHOPAL]);
    expect((await search(BHOPAL, '?q=rakesh')).Users).toEqual([]);
  });

  it('returns users only to holders of the user module, and only for the chosen type', async () => {
    expect((await search('LIMITED_USER', '?q=kavita')).Users).toEqual([]);
    expect((await search('ADMIN', '?q=kavita&type=Devices')).Users).toEqual([]);
    expect((await search('ADMIN', '?q=kavita&type=Users')).Users).toHaveLength(1);
    expect(await search('ADMIN', '?q=')).toEqual({ Vehicles: [], Devices: [], Users: [] });
  });

  it('treats LIKE wildcards literally and caps each kind', async () => {
    expect((await search('SUPER_ADMIN', '?q=%25')).Users).toEqual([]);
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'CUSTOM'));
    const [someone] = await t.db.select().from(users).limit(1);
    if (!role || !someone) throw new Error('seed missing');
    await t.db.insert(users).values(
      Array.from({ length: SEARCH_LIMIT + 5 }, (_, i) => ({
        firstName: 'Safai',
        lastName: `Mitra ${i}`,
        passwordHash: someone.passwordHash,
        roleId: role.id,
        organisationId: someone.organisationId,
      })),
    );
    expect((await search('SUPER_ADMIN', '?q=safai%20mitra')).Users).toHaveLength(SEARCH_LIMIT);
  });

  it('needs a session and a known type', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/search?q=a' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/search?q=a&type=Cars',
      headers: await t.auth('ADMIN'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string> }>().errors.type).toBeDefined();
  });
});
