import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type AdminDivision, type LoginResult } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/admin-divisions', () => {
  let t: TestApp;
  let admin: LoginResult;

  const get = async (who: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: await t.auth(who) });
  async function list(who: string, query: string): Promise<AdminDivision[]> {
    const res = await get(who, `/v1/admin-divisions${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminDivision[] }>().data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('ADMIN');
  });
  afterAll(async () => t?.close());

  it('lists zones, circles and wards by type', async () => {
    const zones = await list('ADMIN', '?type=ZONE');
    expect(zones.map((z) => z.name)).toEqual(expect.arrayContaining(['Zone 3', 'Zone 7', 'Zone 11']));
    expect(zones).toHaveLength(3);
    expect(zones.every((z) => z.parentId === null && z.organisationId === admin.user.organisation.id)).toBe(
      true,
    );
    expect(await list('ADMIN', '?type=CIRCLE')).toHaveLength(6);
    expect(await list('ADMIN', '?type=WARD')).toHaveLength(18);
    expect(await list('ADMIN', '')).toHaveLength(27);
  });

  it('filters by parents joined by comma', async () => {
    const zone3 = (await list('ADMIN', '?type=ZONE&search=zone%203'))[0];
    const circles = await list('ADMIN', `?type=CIRCLE&parent=${zone3?.id}`);
    expect(circles.map((c) => c.name).sort()).toEqual(['Circle 5 Rajwada', 'Circle 6 Sarafa']);
    const wards = await list('ADMIN', `?type=WARD&parent=${circles.map((c) => c.id).join(',')}`);
    expect(wards).toHaveLength(6);
    expect(wards.every((w) => circles.some((c) => c.id === w.parentId))).toBe(true);
    expect(await list('ADMIN', `?organisationId=${admin.user.organisation.id}&type=ZONE`)).toHaveLength(3);
  });

  it('reads one division with its geometry', async () => {
    const ward = (await list('ADMIN', '?type=WARD&search=Sarafa'))[0];
    const res = await get('ADMIN', `/v1/admin-divisions/${ward?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: AdminDivision }>().data).toMatchObject({
      id: ward?.id,
      type: 'WARD',
      code: 'W15',
      geometry: expect.objectContaining({ type: 'Polygon' }),
    });
  });

  it('lists with geometry only when asked', async () => {
    const plain = await list('ADMIN', '?type=WARD');
    expect(plain.every((w) => w.geometry === undefined)).toBe(true);
    const drawn = await list('ADMIN', '?type=WARD&withGeometry=true');
    expect(drawn).toHaveLength(18);
    expect(drawn.every((w) => (w.geometry as { type?: string } | null)?.type === 'Polygon')).toBe(true);
    const bad = await get('ADMIN', '/v1/admin-divisions?withGeometry=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { withGeometry: 'withGeometry must be true or false' } });
  });

  it('explains bad filters', async () => {
    const type = await get('ADMIN', '/v1/admin-divisions?type=STATE');
    expect(type.statusCode).toBe(400);
    expect(type.json()).toMatchObject({ message: 'The type must be ZONE, CIRCLE or WARD' });
    const parent = await get('ADMIN', '/v1/admin-divisions?parent=1,,x');
    expect(parent.statusCode).toBe(400);
    expect(parent.json()).toMatchObject({
      errors: { parent: 'The parent must be division ids joined by comma' },
    });
    expect((await get('ADMIN', '/v1/admin-divisions/abc')).statusCode).toBe(400);
  });

  it('needs the admin-division module', async () => {
    const res = await get('LIMITED_USER', '/v1/admin-divisions?type=ZONE');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
  });

  it('hides another organisation divisions', async () => {
    const zone = (await list('ADMIN', '?type=ZONE'))[0];
    expect(await list(BHOPAL, '?type=ZONE')).toEqual([]);
    expect(await list(BHOPAL, `?organisationId=${admin.user.organisation.id}`)).toEqual([]);
    expect(await list(BHOPAL, `?parent=${zone?.id}`)).toEqual([]);
    const one = await get(BHOPAL, `/v1/admin-divisions/${zone?.id}`);
    expect(one.statusCode).toBe(404);
    expect(one.json()).toEqual({ success: false, message: 'Admin division not found.' });
    expect(await list('SUPER_ADMIN', '?type=ZONE')).toHaveLength(3);
  });
});
