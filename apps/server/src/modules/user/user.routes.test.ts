import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, USER_MESSAGES, type LoginResult, type RoleName, type User } from '@civicfleet/shared';
import { demoAccount, useTestApp } from '../../../test/helpers.ts';
import { loadBrand } from '../../config/brand.ts';
import { auditLog, refreshTokens, roles } from '../../db/schema/index.ts';
import { insertUser } from './user.repository.ts';
import { uniqueViolation } from './user.mapping.ts';
import { USER_AUDIT } from './user.service.ts';
import { PASSWORD_POLICY_MESSAGES } from '../auth/password-policy.ts';

interface Page {
  items: User[];
  total: number;
}

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/users', () => {
  const t = useTestApp();
  let admin: LoginResult;
  let bhopalAdmin: LoginResult;
  let vendorOrgId: string;
  const roleIds = new Map<string, string>();

  const { call } = t;

  async function list(who: string, query = ''): Promise<Page> {
    const res = await call(who, 'GET', `/v1/users${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }

  const roleId = (name: RoleName): string => {
    const id = roleIds.get(name);
    if (!id) throw new Error(`no role ${name}`);
    return id;
  };

  async function createUser(who: string, body: Record<string, unknown>): Promise<User> {
    const res = await call(who, 'POST', '/v1/users', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: User }>().data;
  }

  beforeAll(async () => {
    [admin, bhopalAdmin] = await Promise.all([t.signIn('ADMIN'), t.signIn(BHOPAL)]);
    vendorOrgId = (await t.signIn('RFC_ADMIN')).user.organisation.id;
    for (const row of await t.db.select().from(roles)) roleIds.set(row.name, String(row.id));
  });

  describe('GET', () => {
    it('lists only users of the caller subtree', async () => {
      const indore = await list('ADMIN');
      expect(indore.items.map((u) => u.role.name).sort()).toEqual(['ADMIN', 'CUSTOM', 'LIMITED_USER']);
      expect(indore.items.every((u) => u.organisation.id === admin.user.organisation.id)).toBe(true);
      expect((await list(BHOPAL)).items.map((u) => u.email)).toEqual([BHOPAL]);
      expect((await list('SUPER_ADMIN')).total).toBe(10);
    });

    it('looks a user up by phone (10 digits or +91) and role name', async () => {
      const phone = demoAccount('ADMIN').phone;
      for (const query of [`?phone=${phone.slice(3)}`, `?phone=${encodeURIComponent(phone)}`]) {
        const found = await list('SUPER_ADMIN', query);
        expect(found.items[0]).toMatchObject({
          email: 'admin@demo.civicfleet.in',
          phone,
          role: { name: 'ADMIN' },
        });
      }
      expect((await list('SUPER_ADMIN', `?phone=${phone.slice(3)}&role=ADMIN`)).total).toBe(1);
      expect((await list('SUPER_ADMIN', `?phone=${phone.slice(3)}&role=FITTER`)).total).toBe(0);
      expect((await list('SUPER_ADMIN', `?roleId=${roleId('FITTER')}`)).items.map((u) => u.email)).toEqual([
        'fitter@demo.civicfleet.in',
      ]);
      // Another subtree's phone is simply not found.
      expect((await list(BHOPAL, `?phone=${phone.slice(3)}`)).total).toBe(0);
    });

    it('searches names, e-mail and phone case-insensitively', async () => {
      expect((await list('ADMIN', '?search=KAVITA')).items.map((u) => u.role.name)).toEqual(['LIMITED_USER']);
      expect((await list('ADMIN', '?search=rakesh%20verma')).items.map((u) => u.role.name)).toEqual([
        'ADMIN',
      ]);
      expect((await list('SUPER_ADMIN', '?search=9000000010')).items.map((u) => u.email)).toEqual([BHOPAL]);
      // LIKE wildcards are matched literally: '_' only where an e-mail has one, '%' nowhere.
      expect((await list('SUPER_ADMIN', '?search=_')).items.map((u) => u.role.name).sort()).toEqual([
        'INVENTORY_MANAGER',
        'LIMITED_USER',
        'RFC_ADMIN',
      ]);
      expect((await list('SUPER_ADMIN', '?search=%25')).total).toBe(0);
    });

    it('pages and sorts with the list shape, refusing unknown sort fields and page sizes', async () => {
      const first = await list('SUPER_ADMIN', '?pageSize=5&sortBy=email');
      expect(first).toMatchObject({ total: 10, page: 1, pageSize: 5 });
      const second = await list('SUPER_ADMIN', '?pageSize=5&page=2&sortBy=email');
      const emails = [...first.items, ...second.items].map((u) => u.email ?? '');
      expect(emails).toEqual([...emails].sort());
      const desc = await list('SUPER_ADMIN', '?pageSize=5&sortBy=email&sortOrder=desc');
      expect(desc.items[0]?.email).toBe(second.items.at(-1)?.email);
      const byRole = await list('ADMIN', '?sortBy=role&sortOrder=desc');
      expect(byRole.items.map((u) => u.role.name)).toEqual(['LIMITED_USER', 'CUSTOM', 'ADMIN']);
      for (const query of ['?sortBy=passwordHash', '?pageSize=500', '?page=0']) {
        expect((await call('ADMIN', 'GET', `/v1/users${query}`)).statusCode, query).toBe(400);
      }
    });

    it('reads one user in scope, 404 outside it', async () => {
      const own = await call('ADMIN', 'GET', `/v1/users/${admin.user.id}`);
      expect(own.json<{ data: User }>().data).toMatchObject({
        id: admin.user.id,
        organisation: { tradeName: 'Indore Municipal Corporation' },
      });
      const other = await call(BHOPAL, 'GET', `/v1/users/${admin.user.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ success: false, message: 'User not found.' });
    });

    it('lists RFC administrators in scope', async () => {
      const res = await call('SUPER_ADMIN', 'GET', '/v1/users/rfc/get');
      expect(res.json<{ data: Page }>().data.items.map((u) => u.email)).toEqual([
        'rfc_admin@demo.civicfleet.in',
      ]);
      expect((await call('ADMIN', 'GET', '/v1/users/rfc/get')).json<{ data: Page }>().data.total).toBe(0);
    });

    it('needs the user module', async () => {
      const res = await call('LIMITED_USER', 'GET', '/v1/users');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
      expect((await call('FITTER', 'GET', '/v1/users/rfc/get')).statusCode).toBe(403);
    });
  });

  describe('POST', () => {
    it('creates a user with +91 phone, lower-case e-mail and the brand default password', async () => {
      const user = await createUser('ADMIN', {
        firstName: 'Sanjay',
        lastName: 'Gupta',
        email: 'Sanjay.Gupta@IMCIndore.org',
        phone: '98260 12345',
        roleId: roleId('LIMITED_USER'),
        organisationId: admin.user.organisation.id,
      });
      expect(user).toMatchObject({
        email: 'sanjay.gupta@imcindore.org',
        phone: '+919826012345',
        isEnabled: true,
        role: { name: 'LIMITED_USER' },
      });
      const login = await t.signIn('9826012345', loadBrand(t.env.brand).defaultPassword);
      expect(login.user.id).toBe(user.id);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, USER_AUDIT.created));
      expect(entry).toMatchObject({ entityId: user.id, actorUserId: BigInt(admin.user.id) });
    });

    it('refuses a second user with the same e-mail (any case) or phone, naming the field', async () => {
      const base = {
        firstName: 'Dup',
        roleId: roleId('LIMITED_USER'),
        organisationId: admin.user.organisation.id,
      };
      const email = await call('ADMIN', 'POST', '/v1/users', {
        ...base,
        email: 'LIMITED_USER@Demo.CivicFleet.in',
      });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({
        success: false,
        message: USER_MESSAGES.emailTaken,
        errors: { email: USER_MESSAGES.emailTaken },
      });
      const phone = await call('ADMIN', 'POST', '/v1/users', { ...base, phone: demoAccount('CUSTOM').phone });
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toMatchObject({
        message: USER_MESSAGES.phoneTaken,
        errors: { phone: USER_MESSAGES.phoneTaken },
      });
    });

    it('explains validation failures', async () => {
      const res = await call('ADMIN', 'POST', '/v1/users', {
        firstName: '',
        phone: '12345',
        roleId: 'x',
        password: 'short',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors).toMatchObject({
        firstName: 'The first name is required',
        phone: 'The phone number must be 10 digits with +91',
        roleId: 'The role is required',
        organisationId: 'The organisationId field is required',
        password: 'The password must be at least 12 characters long',
      });
      const noContact = await call('ADMIN', 'POST', '/v1/users', {
        firstName: 'Nobody',
        roleId: roleId('CUSTOM'),
        organisationId: admin.user.organisation.id,
      });
      expect(noContact.statusCode).toBe(400);
      expect(noContact.json()).toMatchObject({ message: USER_MESSAGES.contactRequired });
    });

    it('keeps users inside the caller scope', async () => {
      const res = await call('ADMIN', 'POST', '/v1/users', {
        firstName: 'Out',
        email: 'out@example.in',
        roleId: roleId('CUSTOM'),
        organisationId: bhopalAdmin.user.organisation.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errors: { organisationId: 'Choose an organisation within your organisation' },
      });
    });

    it('never escalates privileges', async () => {
      const base = { firstName: 'Esc', organisationId: vendorOrgId };
      const superUser = await call('RFC_ADMIN', 'POST', '/v1/users', {
        ...base,
        email: 'esc1@example.in',
        roleId: roleId('SUPER_ADMIN'),
      });
      expect(superUser.statusCode).toBe(403);
      expect(superUser.json()).toMatchObject({
        message: 'Only a super administrator can create or edit super administrators.',
      });
      const adminUser = await call('RFC_ADMIN', 'POST', '/v1/users', {
        ...base,
        email: 'esc2@example.in',
        roleId: roleId('ADMIN'),
      });
      expect(adminUser.statusCode).toBe(403);
      expect(adminUser.json()).toMatchObject({
        message: 'You cannot assign a role with permissions you do not have.',
      });
      // FITTER's permissions are a subset of RFC_ADMIN's.
      const fitter = await createUser('RFC_ADMIN', {
        ...base,
        email: 'new.fitter@example.in',
        roleId: roleId('FITTER'),
      });
      expect(fitter.role.name).toBe('FITTER');
      // Indore is below the vendor, but its ADMIN holds more than RFC_ADMIN: out of reach.
      const edit = await call('RFC_ADMIN', 'PUT', `/v1/users/${admin.user.id}`, { firstName: 'Taken Over' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({
        message: 'You cannot change a user who has permissions you do not have.',
      });
      const promote = await call('RFC_ADMIN', 'PUT', `/v1/users/${fitter.id}`, { roleId: roleId('ADMIN') });
      expect(promote.statusCode).toBe(403);
    });

    it('creates RFC administrators with POST /users/rfcAdmin', async () => {
      const res = await call('SUPER_ADMIN', 'POST', '/v1/users/rfcAdmin', {
        firstName: 'Meena',
        lastName: 'Solanki',
        phone: '9425012345',
        organisationId: vendorOrgId,
        password: 'Vendor@2024ab',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: User }>().data).toMatchObject({
        role: { name: 'RFC_ADMIN' },
        phone: '+919425012345',
      });
      expect((await t.signIn('9425012345', 'Vendor@2024ab')).role.name).toBe('RFC_ADMIN');
      expect((await call('FITTER', 'POST', '/v1/users/rfcAdmin', {})).statusCode).toBe(403);
    });
  });

  describe('PUT, DELETE and password', () => {
    it('edits a user, leaving absent fields alone', async () => {
      const user = await createUser('ADMIN', {
        firstName: 'Edit',
        lastName: 'Me',
        email: 'edit.me@example.in',
        roleId: roleId('CUSTOM'),
        organisationId: admin.user.organisation.id,
      });
      const res = await call('ADMIN', 'PUT', `/v1/users/${user.id}`, {
        lastName: 'Edited',
        phone: '9111111111',
        roleId: roleId('LIMITED_USER'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: User }>().data).toMatchObject({
        firstName: 'Edit',
        lastName: 'Edited',
        email: 'edit.me@example.in',
        phone: '+919111111111',
        role: { name: 'LIMITED_USER' },
        isEnabled: true,
      });
      const taken = await call('ADMIN', 'PUT', `/v1/users/${user.id}`, { email: 'ADMIN@demo.civicfleet.in' });
      expect(taken.statusCode).toBe(409);
      expect((await call(BHOPAL, 'PUT', `/v1/users/${user.id}`, { lastName: 'X' })).statusCode).toBe(404);
    });

    it('ends the sessions of a user who is disabled', async () => {
      await createUser('ADMIN', {
        firstName: 'Soon',
        lastName: 'Disabled',
        email: 'soon.disabled@example.in',
        roleId: roleId('ADMIN'),
        organisationId: admin.user.organisation.id,
        password: 'Disable@12345',
      });
      const headers = await t.auth('soon.disabled@example.in', 'Disable@12345');
      expect((await t.app.inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(200);
      const target = (await list('ADMIN', '?search=soon.disabled')).items[0];
      const res = await call('ADMIN', 'PUT', `/v1/users/${target?.id}`, { isEnabled: false });
      expect(res.json<{ data: User }>().data.isEnabled).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(401);
    });

    it('does not let users disable or delete themselves', async () => {
      const disable = await call('ADMIN', 'PUT', `/v1/users/${admin.user.id}`, { isEnabled: false });
      expect(disable.statusCode).toBe(400);
      expect(disable.json()).toMatchObject({ message: 'You cannot disable your own account.' });
      const del = await call('ADMIN', 'DELETE', `/v1/users/${admin.user.id}`);
      expect(del.statusCode).toBe(400);
      expect(del.json()).toMatchObject({ message: 'You cannot delete your own account.' });
    });

    it('soft-deletes: disabled, invisible, sessions revoked', async () => {
      await createUser('ADMIN', {
        firstName: 'Gone',
        email: 'gone@example.in',
        roleId: roleId('CUSTOM'),
        organisationId: admin.user.organisation.id,
        password: 'Left#Behind99',
      });
      const session = await t.signIn('gone@example.in', 'Left#Behind99');
      const res = await call('ADMIN', 'DELETE', `/v1/users/${session.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await call('ADMIN', 'GET', `/v1/users/${session.user.id}`)).statusCode).toBe(404);
      expect((await list('ADMIN', '?search=gone')).total).toBe(0);
      const live = await t.db
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.userId, BigInt(session.user.id)), isNull(refreshTokens.revokedAt)));
      expect(live).toHaveLength(0);
      const access = await t.app.inject({
        method: 'GET',
        url: '/v1/search?q=x',
        headers: { authorization: `Bearer ${session.token.access.token}` },
      });
      expect(access.statusCode).toBe(401);
      const login = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: 'gone@example.in', password: 'Left#Behind99' },
      });
      expect(login.statusCode).toBe(400);
      // Its e-mail stays reserved.
      const again = await call('ADMIN', 'POST', '/v1/users', {
        firstName: 'Again',
        email: 'gone@example.in',
        roleId: roleId('CUSTOM'),
        organisationId: admin.user.organisation.id,
      });
      expect(again.statusCode).toBe(409);
    });

    it('sets another user password with the new-password rules', async () => {
      const short = await call('ADMIN', 'PUT', `/v1/users/${(await t.signIn('CUSTOM')).user.id}/password`, {
        password: 'abc',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({ message: 'The password must be at least 12 characters long' });
      const customId = (await t.signIn('CUSTOM')).user.id;
      // Common passwords are refused (ASVS 2.1.7), also from an administrator.
      const common = await call('ADMIN', 'PUT', `/v1/users/${customId}/password`, {
        password: 'Welcome@12345',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toMatchObject({ errors: { password: PASSWORD_POLICY_MESSAGES.common } });
      const res = await call('ADMIN', 'PUT', `/v1/users/${customId}/password`, { password: 'Fresh@Pass123' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.signIn('custom@demo.civicfleet.in', 'Fresh@Pass123')).user.id).toBe(customId);
      // The owner is told (ASVS 2.5.5), without the password.
      const outbox = await call('SUPER_ADMIN', 'GET', '/v1/outbox?to=custom@demo.civicfleet.in');
      const [notice] = outbox.json<{ data: Array<{ subject: string; text: string }> }>().data;
      expect(notice?.text).toContain('password was set by an administrator');
      expect(notice?.text).not.toContain('Fresh@Pass123');
      const self = await call('ADMIN', 'PUT', `/v1/users/${admin.user.id}/password`, {
        password: 'Fresh@Pass123',
      });
      expect(self.statusCode).toBe(400);
      expect(
        (await call('RFC_ADMIN', 'PUT', `/v1/users/${customId}/password`, { password: 'Fresh@Pass234' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(BHOPAL, 'PUT', `/v1/users/${customId}/password`, { password: 'Fresh@Pass234' }))
          .statusCode,
      ).toBe(404);
    });
  });

  it('associates a user with another organisation of the caller subtree, audited', async () => {
    const child = await call('ADMIN', 'POST', '/v1/organisation', {
      kind: 'CUSTOMER',
      tradeName: 'Palasia Ward',
    });
    expect(child.statusCode, child.body).toBe(200);
    const childId = child.json<{ data: { id: string } }>().data.id;
    const target = await createUser('ADMIN', {
      firstName: 'Moved',
      email: 'moved@example.in',
      roleId: roleId('CUSTOM'),
      organisationId: admin.user.organisation.id,
    });
    const url = `/v1/users/${target.id}/organisation`;
    const res = await call('ADMIN', 'PUT', url, { organisationId: childId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: User }>().data.organisation.id).toBe(childId);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, USER_AUDIT.associated), eq(auditLog.entityId, target.id)));
    expect(audit?.detail).toEqual({ from: admin.user.organisation.id, to: childId });

    const outside = await call('ADMIN', 'PUT', url, { organisationId: bhopalAdmin.user.organisation.id });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ errors: { organisationId: expect.any(String) } });
    expect((await call(BHOPAL, 'PUT', url, { organisationId: childId })).statusCode).toBe(404);
    expect((await call('RFC_ADMIN', 'PUT', url, { organisationId: childId })).statusCode).toBe(403);
    expect((await call('ADMIN', 'PUT', url, { organisationId: 'x' })).statusCode).toBe(400);
  });

  describe('PUT /users/me (own profile, any signed-in user)', () => {
    const password = 'Profile@12345';
    let me: User;
    let headers: { authorization: string };
    const putMe = (payload: unknown) =>
      t.app.inject({ method: 'PUT', url: '/v1/users/me', headers, payload: payload as object });

    beforeAll(async () => {
      // A user without the user module, so that the route is shown to need nothing but a session.
      me = await createUser('ADMIN', {
        firstName: 'Own',
        lastName: 'Profile',
        email: 'own.profile@example.in',
        roleId: roleId('LIMITED_USER'),
        organisationId: admin.user.organisation.id,
        password,
      });
      headers = await t.auth('own.profile@example.in', password);
      expect((await t.app.inject({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(403);
    });

    it('changes names, e-mail and phone of the caller, audited', async () => {
      const res = await putMe({ firstName: ' Owned ', phone: '98260 55555', email: 'Own.New@Example.in' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Profile updated',
        data: {
          id: me.id,
          firstName: 'Owned',
          lastName: 'Profile',
          email: 'own.new@example.in',
          phone: '+919826055555',
          role: { name: 'LIMITED_USER' },
        },
      });
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, USER_AUDIT.profileUpdated), eq(auditLog.entityId, me.id)));
      expect(audit).toMatchObject({ actorUserId: BigInt(me.id) });
      // The session survives a change of e-mail (the token names the user, not the e-mail).
      expect(
        (await t.app.inject({ method: 'GET', url: `/v1/auth/logged-in-user/${me.id}`, headers })).statusCode,
      ).toBe(200);
    });

    it('answers validation failures in the error envelope', async () => {
      const res = await putMe({ firstName: '', phone: '12345' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'The first name is required',
        errors: {
          firstName: 'The first name is required',
          phone: 'The phone number must be 10 digits with +91',
        },
      });
      const noContact = await putMe({ email: null, phone: null });
      expect(noContact.statusCode).toBe(400);
      expect(noContact.json()).toEqual({
        success: false,
        message: USER_MESSAGES.contactRequired,
        errors: { email: USER_MESSAGES.contactRequired },
      });
    });

    it('keeps e-mail and phone unique with the user module messages', async () => {
      const email = await putMe({ email: 'ADMIN@demo.civicfleet.in' });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({
        success: false,
        message: USER_MESSAGES.emailTaken,
        errors: { email: USER_MESSAGES.emailTaken },
      });
      const phone = await putMe({ phone: demoAccount('ADMIN').phone });
      expect(phone.statusCode).toBe(409);
      expect(phone.json()).toMatchObject({ success: false, message: USER_MESSAGES.phoneTaken });
      // Its own current e-mail is not "taken".
      expect((await putMe({ email: 'own.new@example.in' })).statusCode).toBe(200);
    });

    it('cannot change role, organisation or status through extra fields', async () => {
      const res = await putMe({
        firstName: 'Escalated',
        roleId: roleId('ADMIN'),
        organisationId: bhopalAdmin.user.organisation.id,
        isEnabled: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ success: boolean; message: string }>()).toMatchObject({
        success: false,
        message: expect.stringContaining('roleId, organisationId, isEnabled'),
      });
      const after = await call('ADMIN', 'GET', `/v1/users/${me.id}`);
      expect(after.json<{ data: User }>().data).toMatchObject({
        firstName: 'Owned',
        isEnabled: true,
        role: { name: 'LIMITED_USER' },
        organisation: { id: admin.user.organisation.id },
      });
    });

    it('needs a session', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/v1/users/me', payload: { firstName: 'Anon' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    });
  });

  it('recognises a unique-index violation from the driver (the race behind the 409 checks)', async () => {
    const [row] = await t.db.select().from(roles).where(eq(roles.name, 'CUSTOM'));
    if (!row) throw new Error('no CUSTOM role');
    const values = {
      firstName: 'Race',
      phone: demoAccount('ADMIN').phone,
      passwordHash: 'x',
      roleId: row.id,
      organisationId: BigInt(admin.user.organisation.id),
    };
    const phoneError = await insertUser(t.db, values).catch((error: unknown) => error);
    expect(uniqueViolation(phoneError)).toContain('phone');
    const emailError = await insertUser(t.db, {
      ...values,
      phone: null,
      email: 'ADMIN@demo.civicfleet.in',
    }).catch((error: unknown) => error);
    expect(uniqueViolation(emailError)).toContain('email');
    expect(uniqueViolation(new Error('other'))).toBeUndefined();
  });

  it('refuses to let anyone change their own role, an administrator included (issue 20 #7)', async () => {
    const own = await call('ADMIN', 'PUT', `/v1/users/${admin.user.id}`, { roleId: roleId('CUSTOM') });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ success: false, message: 'You cannot change your own role.' });
    // The same role again is not a change; other fields of oneself stay editable.
    const same = await call('ADMIN', 'PUT', `/v1/users/${admin.user.id}`, {
      roleId: roleId('ADMIN'),
      lastName: admin.user.lastName,
    });
    expect(same.statusCode, same.body).toBe(200);
    const sa = await t.signIn('SUPER_ADMIN');
    const superOwn = await call('SUPER_ADMIN', 'PUT', `/v1/users/${sa.user.id}`, { roleId: roleId('ADMIN') });
    expect(superOwn.statusCode).toBe(403);
  });

  it('accepts only avatars uploaded here, not links to other hosts (tracking pixels)', async () => {
    const headers = await t.auth('LIMITED_USER');
    const put = (avatar: string | null) =>
      t.app.inject({ method: 'PUT', url: '/v1/users/me', headers, payload: { avatar } });
    for (const foreign of [
      'https://tracker.example/pixel.gif',
      '//evil.example/a.png',
      'data:image/png;base64,AA',
    ]) {
      const res = await put(foreign);
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json().errors).toHaveProperty('avatar');
    }
    expect((await put('/v1/file/misc/0f3a9c.png')).statusCode).toBe(200);
    expect((await put(null)).statusCode).toBe(200);
  });
});
