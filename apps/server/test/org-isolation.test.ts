/**
 * Two sibling municipal trees: Indore (admin@demo.civicfleet.in) and Bhopal (admin.bhopal@demo.civicfleet.in). Both are
 * ADMINs with the same permissions, so every refusal here comes from organisation scope: neither may list, read,
 * update or delete anything of the other (organisations, settings, users, roles, admin divisions, search results).
 * Direct ids answer 404, lists leave the rows out.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDivision, LoginResult, Organisation, Role, SearchResult, User } from '@civicfleet/shared';
import { adminDivisions, roles } from '../src/db/schema/index.ts';
import { useTestApp } from './helpers.ts';

interface Side {
  name: string;
  who: string;
  session: LoginResult;
  /** A child organisation, a user, a custom role and a zone owned by this side. */
  childOrgId: string;
  userId: string;
  userName: string;
  roleId: string;
  divisionId: string;
}

const INDORE = 'admin@demo.civicfleet.in';
const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('organisation isolation', () => {
  const t = useTestApp();
  const sides = new Map<string, Side>();

  const { call } = t;

  async function data<T>(who: string, url: string): Promise<T> {
    const res = await call(who, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<{ data: T }>().data;
  }

  async function prepare(name: string, who: string, phone: string): Promise<Side> {
    const session = await t.signIn(who);
    await t.stepUp(who); // role writes need a recent password confirmation (ASVS 4.3.3)
    const orgId = session.user.organisation.id;
    const org = await call(who, 'POST', '/v1/organisation', {
      kind: 'CUSTOMER',
      tradeName: `${name} Ward Committee`,
    });
    expect(org.statusCode, org.body).toBe(200);
    const role = await call(who, 'POST', '/v1/roles', {
      name: `${name} Supervisor`,
      authScopes: { dashboard: true },
    });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json<{ data: Role }>().data.id;
    const userName = `${name}Tester`;
    const user = await call(who, 'POST', '/v1/users', {
      firstName: userName,
      phone,
      roleId,
      organisationId: orgId,
    });
    expect(user.statusCode, user.body).toBe(200);
    expect((await call(who, 'PUT', `/v1/organisation/settings/${orgId}`, { city: name })).statusCode).toBe(
      200,
    );
    const [division] = await t.db
      .insert(adminDivisions)
      .values({ organisationId: BigInt(orgId), type: 'ZONE', name: `${name} Zone 1`, code: 'Z01' })
      .returning({ id: adminDivisions.id });
    return {
      name,
      who,
      session,
      childOrgId: org.json<{ data: Organisation }>().data.id,
      userId: user.json<{ data: User }>().data.id,
      userName,
      roleId,
      divisionId: String(division?.id),
    };
  }

  beforeAll(async () => {
    sides.set('Indore', await prepare('Indore', INDORE, '9425000001'));
    sides.set('Bhopal', await prepare('Bhopal', BHOPAL, '9425000002'));
  });

  const pairs = [
    ['Bhopal', 'Indore'],
    ['Indore', 'Bhopal'],
  ] as const;

  describe.each(pairs)('%s admin and %s data', (me, them) => {
    const both = () => {
      const mine = sides.get(me);
      const theirs = sides.get(them);
      if (!mine || !theirs) throw new Error('sides not prepared');
      return { mine, theirs, who: mine.who };
    };

    it('organisations: absent from the list, 404 on read, update and delete', async () => {
      const { mine, theirs, who } = both();
      const theirOrg = theirs.session.user.organisation.id;
      const list = await data<{ items: Organisation[] }>(who, '/v1/organisation');
      const ids = list.items.map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([mine.session.user.organisation.id, mine.childOrgId]));
      expect(ids).not.toContain(theirOrg);
      expect(ids).not.toContain(theirs.childOrgId);
      expect((await data<{ total: number }>(who, `/v1/organisation?search=${them}`)).total).toBe(0);
      expect((await data<{ total: number }>(who, `/v1/organisation?parentId=${theirOrg}`)).total).toBe(0);
      for (const id of [theirOrg, theirs.childOrgId]) {
        expect((await call(who, 'GET', `/v1/organisation/${id}`)).statusCode).toBe(404);
        expect((await call(who, 'PUT', `/v1/organisation/${id}`, { tradeName: 'Hijacked' })).statusCode).toBe(
          404,
        );
        expect((await call(who, 'DELETE', `/v1/organisation/${id}`)).statusCode).toBe(404);
      }
      const underThem = await call(who, 'POST', '/v1/organisation', {
        kind: 'CUSTOMER',
        tradeName: 'Planted',
        parentId: theirOrg,
      });
      expect(underThem.statusCode).toBe(400);
      const moveThere = await call(who, 'PUT', `/v1/organisation/${mine.childOrgId}`, { parentId: theirOrg });
      expect(moveThere.statusCode).toBe(400);
    });

    it('settings: 404 on read and write', async () => {
      const { theirs, who } = both();
      const url = `/v1/organisation/settings/${theirs.session.user.organisation.id}`;
      expect((await call(who, 'GET', url)).statusCode).toBe(404);
      expect((await call(who, 'PUT', url, { city: 'Hijacked' })).statusCode).toBe(404);
      expect(await data(theirs.who, url)).toEqual({ city: them });
    });

    it('users: absent from lists and lookups, 404 on every direct call', async () => {
      const { mine, theirs, who } = both();
      const list = await data<{ items: User[] }>(who, '/v1/users?pageSize=100');
      expect(list.items.map((u) => u.id)).toContain(mine.userId);
      expect(list.items.map((u) => u.id)).not.toContain(theirs.userId);
      expect(list.items.map((u) => u.id)).not.toContain(theirs.session.user.id);
      const theirPhone = theirs.session.user.phone ?? '';
      expect((await data<{ total: number }>(who, `/v1/users?phone=${theirPhone.slice(3)}`)).total).toBe(0);
      expect(
        (
          await data<{ total: number }>(
            who,
            `/v1/users?organisationId=${theirs.session.user.organisation.id}`,
          )
        ).total,
      ).toBe(0);
      expect((await data<{ total: number }>(who, `/v1/users?search=${theirs.userName}`)).total).toBe(0);
      for (const id of [theirs.userId, theirs.session.user.id]) {
        expect((await call(who, 'GET', `/v1/users/${id}`)).statusCode).toBe(404);
        expect((await call(who, 'PUT', `/v1/users/${id}`, { firstName: 'Hijacked' })).statusCode).toBe(404);
        expect(
          (await call(who, 'PUT', `/v1/users/${id}/password`, { password: 'Hijacked@123' })).statusCode,
        ).toBe(404);
        expect((await call(who, 'DELETE', `/v1/users/${id}`)).statusCode).toBe(404);
        expect((await call(who, 'GET', `/v1/auth/logged-in-user/${id}`)).statusCode).toBe(404);
      }
      const planted = await call(who, 'POST', '/v1/users', {
        firstName: 'Planted',
        email: `planted.${me.toLowerCase()}@example.in`,
        roleId: mine.roleId,
        organisationId: theirs.session.user.organisation.id,
      });
      expect(planted.statusCode).toBe(400);
      const moved = await call(who, 'PUT', `/v1/users/${mine.userId}`, {
        organisationId: theirs.session.user.organisation.id,
      });
      expect(moved.statusCode).toBe(400);
    });

    it('roles: the other side custom role is invisible and untouchable', async () => {
      const { mine, theirs, who } = both();
      const names = (await data<Role[]>(who, '/v1/roles')).map((r) => r.name);
      expect(names).toContain(`${me} Supervisor`);
      expect(names).not.toContain(`${them} Supervisor`);
      expect(await data<Role[]>(who, `/v1/roles?_id=${theirs.roleId}`)).toEqual([]);
      expect((await call(who, 'PUT', `/v1/roles/${theirs.roleId}`, { authScopes: {} })).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/v1/roles/${theirs.roleId}`)).statusCode).toBe(404);
      const assign = await call(who, 'PUT', `/v1/users/${mine.userId}`, { roleId: theirs.roleId });
      expect(assign.statusCode).toBe(400);
      const [stored] = await t.db
        .select()
        .from(roles)
        .where(eq(roles.id, BigInt(theirs.roleId)));
      expect(stored?.authScopes).toEqual({ dashboard: true });
    });

    it('admin divisions: absent from lists, 404 on read', async () => {
      const { mine, theirs, who } = both();
      const zones = await data<AdminDivision[]>(who, '/v1/admin-divisions?type=ZONE');
      expect(zones.map((z) => z.id)).toContain(mine.divisionId);
      expect(zones.map((z) => z.id)).not.toContain(theirs.divisionId);
      expect(zones.every((z) => z.organisationId === mine.session.user.organisation.id)).toBe(true);
      expect(
        await data(who, `/v1/admin-divisions?organisationId=${theirs.session.user.organisation.id}`),
      ).toEqual([]);
      expect(await data(who, `/v1/admin-divisions?parent=${theirs.divisionId}`)).toEqual([]);
      expect((await call(who, 'GET', `/v1/admin-divisions/${theirs.divisionId}`)).statusCode).toBe(404);
    });

    it('search: never returns the other side users', async () => {
      const { mine, theirs, who } = both();
      const found = await data<SearchResult>(who, `/v1/search?query=${mine.userName}`);
      expect(found.Users.map((u) => u.id)).toEqual([mine.userId]);
      expect((await data<SearchResult>(who, `/v1/search?query=${theirs.userName}`)).Users).toEqual([]);
      expect(
        (
          await data<SearchResult>(
            who,
            `/v1/search?query=${encodeURIComponent(theirs.session.user.email ?? '')}`,
          )
        ).Users,
      ).toEqual([]);
    });
  });

  it('leaves both sides data intact', async () => {
    for (const side of sides.values()) {
      expect((await data<User>(side.who, `/v1/users/${side.userId}`)).firstName).toBe(side.userName);
      expect((await data<Organisation>(side.who, `/v1/organisation/${side.childOrgId}`)).tradeName).toBe(
        `${side.name} Ward Committee`,
      );
    }
  });
});
