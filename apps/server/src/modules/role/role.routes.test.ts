import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ROLE_NAMES,
  STEP_UP_MESSAGES,
  type LoginResult,
  type Role,
  type User,
} from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { auditLog, roles } from '../../db/schema/index.ts';
import { ROLE_AUDIT } from './role.service.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/roles', () => {
  const t = useTestApp();
  let admin: LoginResult;
  let limited: LoginResult;
  const roleIds = new Map<string, string>();

  const { call } = t;

  async function get(who: string, query = ''): Promise<Role[]> {
    const res = await call(who, 'GET', `/v1/roles${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Role[] }>().data;
  }

  async function create(who: string, body: Record<string, unknown>): Promise<Role> {
    const res = await call(who, 'POST', '/v1/roles', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Role }>().data;
  }

  const id = (name: string): string => roleIds.get(name) ?? '0';

  beforeAll(async () => {
    [admin, limited] = await Promise.all([t.signIn('ADMIN'), t.signIn('LIMITED_USER')]);
    for (const row of await t.db.select().from(roles)) roleIds.set(row.name, String(row.id));
    // Role writes need a recent password confirmation (ASVS 4.3.3); `call` uses these sessions.
    for (const who of ['ADMIN', 'SUPER_ADMIN', BHOPAL]) await t.stepUp(who);
  });

  describe('GET', () => {
    it('lets every signed-in user read their own role with its flattened permissions', async () => {
      const [own, ...rest] = await get('LIMITED_USER', `?_id=${limited.user.role.id}&hydrate=permissions`);
      expect(rest).toHaveLength(0);
      expect(own).toMatchObject({ name: 'LIMITED_USER', isBuiltin: true, organisationId: null });
      expect(own?.permissions?.sort()).toEqual([...limited.user.permissions].sort());
      expect((await get('FITTER', '?name=FITTER'))[0]?.name).toBe('FITTER');
    });

    it('hides other roles from users without the role module', async () => {
      expect((await get('LIMITED_USER')).map((r) => r.name)).toEqual(['LIMITED_USER']);
      expect(await get('LIMITED_USER', `?_id=${id('ADMIN')}`)).toEqual([]);
      expect((await get('LIMITED_USER', '?hydrate=permissions'))[0]?.permissions).toBeDefined();
      expect((await get('LIMITED_USER'))[0]?.permissions).toBeUndefined();
    });

    it('lists the built-in roles for the role module', async () => {
      expect((await get('ADMIN')).map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
      const [superRole] = await get('ADMIN', '?name=SUPER_ADMIN&hydrate=permissions');
      expect(superRole?.permissions?.length).toBeGreaterThan(100);
    });

    it('needs a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/v1/roles' })).statusCode).toBe(401);
    });
  });

  it('needs a recent password confirmation to create, edit or delete a role (ASVS 4.3.3)', async () => {
    const fresh = { authorization: `Bearer ${(await t.signIn('ADMIN')).token.access.token}` };
    const body = { name: 'Unconfirmed Role', authScopes: {} };
    const requests = [
      { method: 'POST' as const, url: '/v1/roles', payload: body },
      { method: 'PUT' as const, url: `/v1/roles/${id('FITTER')}`, payload: { authScopes: {} } },
      { method: 'DELETE' as const, url: `/v1/roles/${id('FITTER')}` },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: fresh });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().message).toBe(STEP_UP_MESSAGES.required);
    }
    expect(await t.db.select().from(roles).where(eq(roles.name, body.name))).toEqual([]);
  });

  describe('POST', () => {
    it('creates a custom role owned by the caller organisation', async () => {
      const role = await create('ADMIN', {
        name: 'Ward Supervisor',
        authScopes: { 'vehicle-status': { 'see-live-tracking': true }, dashboard: true },
      });
      expect(role).toMatchObject({
        name: 'Ward Supervisor',
        isBuiltin: false,
        organisationId: admin.user.organisation.id,
      });
      expect(role.permissions?.sort()).toEqual([
        'dashboard',
        'vehicle-status',
        'vehicle-status:see-live-tracking',
      ]);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, ROLE_AUDIT.created));
      expect(entry?.entityId).toBe(role.id);
      expect(await get('ADMIN', '?name=Ward%20Supervisor')).toHaveLength(1);
      // Another subtree does not see it.
      expect((await get(BHOPAL)).map((r) => r.name)).not.toContain('Ward Supervisor');
    });

    it('rejects module and action ids that are not in the catalogue', async () => {
      const mod = await call('ADMIN', 'POST', '/v1/roles', {
        name: 'Teleporter',
        authScopes: { teleport: true },
      });
      expect(mod.statusCode).toBe(400);
      expect(mod.json()).toEqual({
        success: false,
        message: 'Unknown module "teleport"',
        errors: { 'authScopes.teleport': 'Unknown module "teleport"' },
      });
      const action = await call('ADMIN', 'POST', '/v1/roles', {
        name: 'Flyer',
        authScopes: { vehicle: { fly: true } },
      });
      expect(action.statusCode).toBe(400);
      expect(action.json()).toMatchObject({ message: 'Unknown action "fly" for module "vehicle"' });
      const shape = await call('ADMIN', 'POST', '/v1/roles', { name: '!', authScopes: { vehicle: 'yes' } });
      expect(shape.statusCode).toBe(400);
      expect(shape.json<{ errors: Record<string, string> }>().errors.name).toBe(
        'The role name must be at least 2 characters long',
      );
    });

    it('never grants what the caller does not hold', async () => {
      const res = await call('ADMIN', 'POST', '/v1/roles', { name: 'Debugger', authScopes: { debug: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'You cannot grant permissions that you do not have yourself.',
      });
    });

    it('keeps names unique regardless of case', async () => {
      const res = await call('ADMIN', 'POST', '/v1/roles', { name: 'admin', authScopes: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'A role named "ADMIN" already exists.' });
    });

    it('needs add-role', async () => {
      const res = await call('MANUFACTURER', 'POST', '/v1/roles', { name: 'X Role', authScopes: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    });
  });

  describe('PUT and DELETE', () => {
    it('never edits SUPER_ADMIN, and leaves built-in roles to SUPER_ADMIN', async () => {
      const superRole = await call('SUPER_ADMIN', 'PUT', `/v1/roles/${id('SUPER_ADMIN')}`, {
        authScopes: {},
      });
      expect(superRole.statusCode).toBe(403);
      expect(superRole.json()).toMatchObject({ message: 'The SUPER_ADMIN role cannot be changed.' });
      const builtin = await call('ADMIN', 'PUT', `/v1/roles/${id('FITTER')}`, { authScopes: {} });
      expect(builtin.statusCode).toBe(403);
      const rename = await call('SUPER_ADMIN', 'PUT', `/v1/roles/${id('FITTER')}`, { name: 'INSTALLER' });
      expect(rename.statusCode).toBe(400);
    });

    it('applies a role change on the holders next request', async () => {
      expect((await call('FITTER', 'GET', '/v1/users')).statusCode).toBe(403);
      const [fitter] = await get('SUPER_ADMIN', `?_id=${id('FITTER')}`);
      const res = await call('SUPER_ADMIN', 'PUT', `/v1/roles/${id('FITTER')}`, {
        authScopes: { ...fitter?.authScopes, user: {} },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Role }>().data.permissions).toContain('user');
      expect((await call('FITTER', 'GET', '/v1/users')).statusCode).toBe(200);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, ROLE_AUDIT.updated));
      expect(entry?.entityId).toBe(id('FITTER'));
    });

    it('edits a custom role within the caller reach and scope', async () => {
      const role = await create('ADMIN', { name: 'Zone Officer', authScopes: { dashboard: true } });
      const res = await call('ADMIN', 'PUT', `/v1/roles/${role.id}`, {
        name: 'Zone Officer II',
        authScopes: { dashboard: true, 'report-alert': true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Role }>().data).toMatchObject({
        name: 'Zone Officer II',
        authScopes: { 'report-alert': true },
      });
      expect(
        (await call('ADMIN', 'PUT', `/v1/roles/${role.id}`, { authScopes: { debug: true } })).statusCode,
      ).toBe(403);
      expect((await call(BHOPAL, 'PUT', `/v1/roles/${role.id}`, { authScopes: {} })).statusCode).toBe(404);
      expect((await call(BHOPAL, 'DELETE', `/v1/roles/${role.id}`)).statusCode).toBe(404);
      const invalid = await call('ADMIN', 'PUT', `/v1/roles/${role.id}`, { authScopes: { nope: true } });
      expect(invalid.statusCode).toBe(400);
    });

    it('leaves a custom role that another subtree uses to SUPER_ADMIN', async () => {
      const role = await create('ADMIN', { name: 'Shared Viewer', authScopes: { dashboard: true } });
      const bhopalOrg = (await t.signIn(BHOPAL)).user.organisation.id;
      const user = await call('SUPER_ADMIN', 'POST', '/v1/users', {
        firstName: 'Borrowed',
        email: 'borrowed@example.in',
        roleId: role.id,
        organisationId: bhopalOrg,
      });
      expect(user.statusCode, user.body).toBe(200);
      const res = await call('ADMIN', 'PUT', `/v1/roles/${role.id}`, { authScopes: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message:
          'This role is also used outside your organisation; only a super administrator can change it.',
      });
      expect((await call('SUPER_ADMIN', 'PUT', `/v1/roles/${role.id}`, { authScopes: {} })).statusCode).toBe(
        200,
      );
    });

    it('refuses to delete built-in roles and roles in use', async () => {
      const builtin = await call('SUPER_ADMIN', 'DELETE', `/v1/roles/${id('CUSTOM')}`);
      expect(builtin.statusCode).toBe(400);
      expect(builtin.json()).toMatchObject({ message: 'Built-in roles cannot be deleted.' });

      const role = await create('ADMIN', { name: 'Driver', authScopes: { 'vehicle-status': {} } });
      const user = await call('ADMIN', 'POST', '/v1/users', {
        firstName: 'Mohan',
        phone: '9893012345',
        roleId: role.id,
        organisationId: admin.user.organisation.id,
      });
      expect(user.statusCode, user.body).toBe(200);
      const inUse = await call('ADMIN', 'DELETE', `/v1/roles/${role.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({
        message: 'This role is assigned to 1 user. Give them another role first.',
      });

      // Once its only user is deleted the role can go; the deleted row is parked on CUSTOM.
      const userId = user.json<{ data: User }>().data.id;
      expect((await call('ADMIN', 'DELETE', `/v1/users/${userId}`)).statusCode).toBe(200);
      const res = await call('ADMIN', 'DELETE', `/v1/roles/${role.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await get('ADMIN', `?_id=${role.id}`)).toEqual([]);
    });
  });
});
