import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type LoginResult, type Organisation } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema/index.ts';
import { ORGANISATION_AUDIT } from './organisation.service.ts';

interface Page {
  items: Organisation[];
  total: number;
}

describe('/v1/organisation', () => {
  const t = useTestApp();
  let admin: LoginResult;
  let bhopalAdmin: LoginResult;
  let manufacturer: LoginResult;
  let superAdmin: LoginResult;

  const { call } = t;

  async function list(who: string, query = ''): Promise<Page> {
    const res = await call(who, 'GET', `/v1/organisation${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  }

  beforeAll(async () => {
    [admin, bhopalAdmin, manufacturer, superAdmin] = await Promise.all([
      t.signIn('ADMIN'),
      t.signIn('admin.bhopal@demo.civicfleet.in'),
      t.signIn('MANUFACTURER'),
      t.signIn('SUPER_ADMIN'),
    ]);
  });

  describe('GET', () => {
    it('lists the caller subtree with parentId and kind', async () => {
      const own = await list('ADMIN');
      expect(own.total).toBe(1);
      expect(own.items[0]).toMatchObject({
        id: admin.user.organisation.id,
        kind: 'MUNICIPAL',
        tradeName: 'Indore Municipal Corporation',
      });
      expect(own.items[0]?.parentId).toMatch(/^\d+$/);
      expect((await list('MANUFACTURER')).items.map((o) => o.kind).sort()).toEqual(
        ['MANUFACTURER', 'MUNICIPAL', 'MUNICIPAL', 'VENDOR', 'VENDOR'].sort(),
      );
      expect((await list('SUPER_ADMIN')).total).toBe(6);
    });

    it('searches, filters and pages', async () => {
      const bhopal = await list('SUPER_ADMIN', '?search=BHOPAL');
      expect(bhopal.items.map((o) => o.tradeName).sort()).toEqual([
        'Bhopal Municipal Corporation',
        'Narmada Fitments Bhopal',
      ]);
      const vendors = await list('SUPER_ADMIN', '?kind=VENDOR');
      expect(vendors.total).toBe(2);
      const page = await list('SUPER_ADMIN', '?page=2&pageSize=5&sortBy=tradeName&sortOrder=desc');
      expect(page).toMatchObject({ total: 6, page: 2, pageSize: 5 });
      expect(page.items).toHaveLength(1);
      const all = await list('SUPER_ADMIN', '?sortBy=tradeName&sortOrder=desc');
      expect(page.items[0]?.id).toBe(all.items[5]?.id);
      expect(all.items.find((o) => o.id === admin.user.organisation.id)?.parentName).toEqual(
        expect.any(String),
      );
      expect((await call('SUPER_ADMIN', 'GET', '/v1/organisation?sortBy=gst')).statusCode).toBe(400);
      expect((await call('SUPER_ADMIN', 'GET', '/v1/organisation?pageSize=500')).statusCode).toBe(400);
      expect((await list('SUPER_ADMIN', '?search=%25')).total).toBe(0);
    });

    it('reads one organisation in scope and answers 404 outside it', async () => {
      const own = await call('ADMIN', 'GET', `/v1/organisation/${admin.user.organisation.id}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<{ data: Organisation }>().data.address.city).toBe('Indore');
      const platform = await call('ADMIN', 'GET', `/v1/organisation/${superAdmin.user.organisation.id}`);
      expect(platform.statusCode).toBe(404);
      expect(platform.json()).toEqual({ success: false, message: 'Organisation not found.' });
      expect((await call('ADMIN', 'GET', '/v1/organisation/999999')).statusCode).toBe(404);
    });

    it('needs the organisation module', async () => {
      const res = await call('LIMITED_USER', 'GET', '/v1/organisation');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
      expect((await t.app.inject({ method: 'GET', url: '/v1/organisation' })).statusCode).toBe(401);
    });
  });

  describe('POST', () => {
    it('creates under the caller organisation by default and audits it', async () => {
      const res = await call('ADMIN', 'POST', '/v1/organisation', {
        kind: 'CUSTOMER',
        tradeName: 'Rajwada Traders Association',
        email: 'Office@Rajwada.in',
        gst: '23aaacr1234f1z5',
        address: { city: 'Indore', pin: '452002' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json<{ data: Organisation }>().data;
      expect(created).toMatchObject({
        parentId: admin.user.organisation.id,
        kind: 'CUSTOMER',
        email: 'office@rajwada.in',
        gst: '23AAACR1234F1Z5',
        deleted: false,
        address: { country: 'India', city: 'Indore', pin: '452002', state: '', landmark: '' },
      });
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, created.id))
        .orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({
        action: ORGANISATION_AUDIT.created,
        actorUserId: BigInt(admin.user.id),
        entity: 'organisation',
      });
      expect((await list('ADMIN')).total).toBe(2);
      expect((await list('admin.bhopal@demo.civicfleet.in')).items.map((o) => o.id)).not.toContain(
        created.id,
      );
    });

    it('explains validation failures field by field', async () => {
      const res = await call('ADMIN', 'POST', '/v1/organisation', {
        kind: 'SHOP',
        tradeName: 'x',
        gst: '123',
        email: 'nope',
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ success: boolean; errors: Record<string, string> }>();
      expect(body.success).toBe(false);
      expect(body.errors).toMatchObject({
        tradeName: 'The trade name is required',
        gst: 'Enter a valid 15-character GSTIN',
        email: 'Enter a valid e-mail address',
      });
      expect(body.errors.kind).toBeDefined();
    });

    it('keeps the parent inside the caller subtree', async () => {
      const res = await call('ADMIN', 'POST', '/v1/organisation', {
        kind: 'CUSTOMER',
        tradeName: 'Somewhere Else',
        parentId: bhopalAdmin.user.organisation.id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'The parent organisation must be your organisation or one below it.',
      });
      const root = await call('ADMIN', 'POST', '/v1/organisation', {
        kind: 'CUSTOMER',
        tradeName: 'Root Org',
        parentId: null,
      });
      expect(root.statusCode).toBe(403);
    });

    it('lets only SUPER_ADMIN create platform organisations', async () => {
      const res = await call('ADMIN', 'POST', '/v1/organisation', {
        kind: 'PLATFORM',
        tradeName: 'Shadow Platform',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'Only a super administrator can create or edit platform organisations.',
      });
      const ok = await call('SUPER_ADMIN', 'POST', '/v1/organisation', {
        kind: 'PLATFORM',
        tradeName: 'Second Platform',
        parentId: null,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<{ data: Organisation }>().data.parentId).toBeNull();
    });

    it('is denied without add-organisation', async () => {
      const res = await call('MANUFACTURER', 'POST', '/v1/organisation', {
        kind: 'CUSTOMER',
        tradeName: 'Denied Org',
      });
      expect(res.statusCode).toBe(403);
      expect(manufacturer.user.permissions).toContain('organisation');
    });
  });

  describe('PUT and DELETE', () => {
    async function createChild(tradeName: string): Promise<Organisation> {
      const res = await call('ADMIN', 'POST', '/v1/organisation', { kind: 'CUSTOMER', tradeName });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Organisation }>().data;
    }

    it('edits an organisation in scope', async () => {
      const child = await createChild('Palasia Residents');
      const res = await call('ADMIN', 'PUT', `/v1/organisation/${child.id}`, {
        tradeName: 'Palasia Residents Welfare',
        isOnboarded: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: Organisation }>().data).toMatchObject({
        tradeName: 'Palasia Residents Welfare',
        isOnboarded: true,
        kind: 'CUSTOMER',
      });
      const other = await call('admin.bhopal@demo.civicfleet.in', 'PUT', `/v1/organisation/${child.id}`, {
        tradeName: 'Hijacked',
      });
      expect(other.statusCode).toBe(404);
    });

    it('refuses to move an organisation under itself or to move your own organisation', async () => {
      const vendorId = (await list('SUPER_ADMIN', '?search=Malwa')).items[0]?.id;
      const cycle = await call('SUPER_ADMIN', 'PUT', `/v1/organisation/${vendorId}`, {
        parentId: admin.user.organisation.id,
      });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json()).toMatchObject({
        message: 'An organisation cannot be moved under itself or one of its own sub-organisations.',
      });
      const own = await call('ADMIN', 'PUT', `/v1/organisation/${admin.user.organisation.id}`, {
        parentId: bhopalAdmin.user.organisation.id,
      });
      expect(own.statusCode).toBe(403);
      const rename = await call('ADMIN', 'PUT', `/v1/organisation/${admin.user.organisation.id}`, {
        brandName: 'Swachh Indore',
      });
      expect(rename.statusCode).toBe(200);
    });

    it('soft-deletes an empty organisation', async () => {
      const child = await createChild('Short Lived Org');
      const res = await call('ADMIN', 'DELETE', `/v1/organisation/${child.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Organisation deleted', data: null });
      expect((await call('ADMIN', 'GET', `/v1/organisation/${child.id}`)).statusCode).toBe(404);
      expect((await list('ADMIN')).items.map((o) => o.id)).not.toContain(child.id);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, ORGANISATION_AUDIT.deleted));
      expect(entry?.entityId).toBe(child.id);
    });

    it('refuses to delete your own organisation, or one with sub-organisations or users', async () => {
      const own = await call('ADMIN', 'DELETE', `/v1/organisation/${admin.user.organisation.id}`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ message: 'You cannot delete your own organisation.' });

      const vendor = (await list('SUPER_ADMIN', '?search=Malwa')).items[0];
      const withChildren = await call('SUPER_ADMIN', 'DELETE', `/v1/organisation/${vendor?.id}`);
      expect(withChildren.statusCode).toBe(409);
      expect(withChildren.json()).toMatchObject({
        message: 'This organisation still has 1 sub-organisation. Delete or move them first.',
      });

      const withUsers = await call(
        'SUPER_ADMIN',
        'DELETE',
        `/v1/organisation/${bhopalAdmin.user.organisation.id}`,
      );
      expect(withUsers.statusCode).toBe(409);
      expect(withUsers.json()).toMatchObject({
        message:
          'This organisation still has 1 user. Delete them or move them to another organisation first.',
      });
    });

    it('checks the edit and delete actions', async () => {
      expect(
        (
          await call('MANUFACTURER', 'PUT', `/v1/organisation/${manufacturer.user.organisation.id}`, {
            tradeName: 'Nope',
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('MANUFACTURER', 'DELETE', `/v1/organisation/${manufacturer.user.organisation.id}`))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('settings', () => {
    it('reads {} until saved, then the saved object', async () => {
      const url = `/v1/organisation/settings/${admin.user.organisation.id}`;
      expect((await call('ADMIN', 'GET', url)).json()).toEqual({
        success: true,
        message: 'Organisation settings',
        data: {},
      });
      const settings = { map: { center: [22.7196, 75.8577], zoom: 12 }, offlineAfterMin: 30 };
      const saved = await call('ADMIN', 'PUT', url, settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call('ADMIN', 'GET', url)).json<{ data: unknown }>().data).toEqual(settings);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, ORGANISATION_AUDIT.settingsUpdated));
      expect(entry?.detail).toEqual({ keys: ['map', 'offlineAfterMin'] });
    });

    it('accepts only an object of limited size', async () => {
      const url = `/v1/organisation/settings/${admin.user.organisation.id}`;
      const array = await call('ADMIN', 'PUT', url, [1, 2]);
      expect(array.statusCode).toBe(400);
      const big = await call('ADMIN', 'PUT', url, { blob: 'x'.repeat(70 * 1024) });
      expect(big.statusCode).toBe(400);
      expect(big.json()).toMatchObject({ message: 'The settings may be at most 64 KB' });
    });

    it('is scoped and needs setting-organisation', async () => {
      const url = `/v1/organisation/settings/${admin.user.organisation.id}`;
      expect((await call('admin.bhopal@demo.civicfleet.in', 'GET', url)).statusCode).toBe(404);
      expect((await call('admin.bhopal@demo.civicfleet.in', 'PUT', url, { x: 1 })).statusCode).toBe(404);
      expect((await call('MANUFACTURER', 'GET', url)).statusCode).toBe(403);
    });
  });
});
