/** /v1/staff: CRUD, filters, tag normalisation and uniqueness, licence warnings, permissions, organisation scope. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListPage, Staff } from '@civicfleet/shared';
import { adminDivisions } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { setCustomRoleScopes } from '../geofence/scoped-role.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const NOW = new Date('2026-11-20T06:30:00Z');
type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/staff', () => {
  const t = useTestApp({ clock: () => NOW });
  let ward: { id: bigint; circleId: bigint; zoneId: bigint };
  let otherCircleWard: bigint;
  let bhopalWard: bigint;

  const call = async <T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => {
    const res = await t.call(who, method, url, body);
    return { status: res.statusCode, body: res.json() as Body<T> };
  };
  const person = (extra: Record<string, unknown> = {}) => ({
    name: 'Ramesh Yadav',
    phone: '98260 12345',
    role: 'driver',
    wardId: String(ward.id),
    tagId: '04:a1:b2:c3',
    licenceNo: 'MP09 20190012345',
    licenceValidUntil: '2030-01-31',
    ...extra,
  });

  beforeAll(async () => {
    const indore = await organisationId(t.db, INDORE);
    const bhopal = await organisationId(t.db, BHOPAL);
    const divisions = await t.db
      .select()
      .from(adminDivisions)
      .where(eq(adminDivisions.organisationId, indore));
    const byId = new Map(divisions.map((d) => [d.id, d]));
    const wards = divisions.filter((d) => d.type === 'WARD' && d.parentId !== null);
    const first = wards[0];
    const circle = first?.parentId ? byId.get(first.parentId) : undefined;
    if (!first || !circle?.parentId) throw new Error('the template has no Indore zone/circle/ward');
    ward = { id: first.id, circleId: circle.id, zoneId: circle.parentId };
    const other = wards.find((w) => w.parentId !== circle.id);
    if (!other) throw new Error('need a ward of another circle');
    otherCircleWard = other.id;
    const [b] = await t.db
      .insert(adminDivisions)
      .values({ organisationId: bhopal, type: 'WARD', name: 'Bhopal ward 1' })
      .returning({ id: adminDivisions.id });
    if (!b) throw new Error('no Bhopal ward');
    bhopalWard = b.id;
    await setCustomRoleScopes(t.db, { staff: {} });
  });

  it('creates, reads, filters, edits and soft-deletes a staff member', async () => {
    const created = await call<Staff>('ADMIN', 'POST', '/v1/staff', person());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const s = created.body.data;
    expect(s).toMatchObject({
      name: 'Ramesh Yadav',
      phone: '+919826012345',
      role: 'driver',
      tagId: '04A1B2C3',
      ward: { id: String(ward.id) },
      circle: { id: String(ward.circleId) },
      zone: { id: String(ward.zoneId) },
      active: true,
      warnings: [],
    });
    const list = await call<ListPage<Staff>>(
      'ADMIN',
      'GET',
      `/v1/staff?search=ramesh&role=driver&circleId=${ward.circleId}&wardId=${ward.id}`,
    );
    expect(list.body.data.items.map((i) => i.id)).toEqual([s.id]);
    const none = await call<ListPage<Staff>>('ADMIN', 'GET', `/v1/staff?search=ramesh&role=sweeper`);
    expect(none.body.data.total).toBe(0);
    const byTag = await call<ListPage<Staff>>('ADMIN', 'GET', `/v1/staff?search=04a1b2`);
    expect(byTag.body.data.items.map((i) => i.id)).toEqual([s.id]);

    const edited = await call<Staff>(
      'ADMIN',
      'PUT',
      `/v1/staff/${s.id}`,
      person({ licenceValidUntil: '2026-01-01' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.warnings).toEqual(['The driving licence has expired']);
    const noLicence = await call<Staff>('ADMIN', 'PUT', `/v1/staff/${s.id}`, person({ licenceNo: null }));
    expect(noLicence.body.data.warnings).toEqual(['A driver without a licence number']);

    expect((await call('ADMIN', 'DELETE', `/v1/staff/${s.id}`)).status).toBe(200);
    expect((await call('ADMIN', 'GET', `/v1/staff/${s.id}`)).status).toBe(404);
    // The deleted person's tag is free again.
    const again = await call<Staff>('ADMIN', 'POST', '/v1/staff', person({ name: 'Ramesh II' }));
    expect(again.status).toBe(200);
  });

  it('explains bad input', async () => {
    const cases: Array<[object, string, string]> = [
      [{ name: ' ' }, 'name', 'The name is required'],
      [{ phone: '12345' }, 'phone', 'The phone number must be 10 digits with +91'],
      [{ role: 'cleaner' }, 'role', 'The role must be driver, helper, sweeper or supervisor'],
      [
        { tagId: 'XYZ!' },
        'tagId',
        'The tag id must be 2 to 32 hexadecimal characters, not all zero (RFID card or iButton)',
      ],
      [{ licenceValidUntil: '2026-02-30' }, 'licenceValidUntil', 'Days are yyyy-MM-dd'],
      [{ wardId: String(bhopalWard) }, 'wardId', "Choose a ward of the staff member's organisation."],
      [
        { wardId: String(otherCircleWard), circleId: String(ward.circleId) },
        'wardId',
        'The ward is not in the chosen circle.',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call('ADMIN', 'POST', '/v1/staff', person({ tagId: null, ...patch }));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    const sort = await call('ADMIN', 'GET', '/v1/staff?sortBy=salary');
    expect(sort.body.message).toBe('Invalid sort field: salary');
  });

  it('keeps tag ids unique per organisation, case-insensitively', async () => {
    expect((await call('ADMIN', 'POST', '/v1/staff', person({ tagId: 'DEADBEEF' }))).status).toBe(200);
    const taken = await call('ADMIN', 'POST', '/v1/staff', person({ name: 'Other', tagId: 'de ad be ef' }));
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.tagId).toBe(
      'Another staff member of this organisation already has this tag id',
    );
    // Stored in the readers' canonical form: whole bytes, no leading zero bytes.
    const padded = await call<Staff>(
      'ADMIN',
      'POST',
      '/v1/staff',
      person({ name: 'Padded', tagId: '00 00 a 12 34' }),
    );
    expect(padded.body.data.tagId).toBe('0A1234');
    // Another organisation may use the same card number.
    const bhopal = await call(BHOPAL_ADMIN, 'POST', '/v1/staff', person({ wardId: null, tagId: 'DEADBEEF' }));
    expect(bhopal.status).toBe(200);
  });

  it('needs the module and each action', async () => {
    expect((await call('LIMITED_USER', 'GET', '/v1/staff')).status).toBe(403);
    expect((await call('CUSTOM', 'GET', '/v1/staff')).status).toBe(200);
    expect((await call('CUSTOM', 'POST', '/v1/staff', person({ tagId: null }))).status).toBe(403);
  });

  it('hides another organisation’s staff', async () => {
    const s = (await call<Staff>('ADMIN', 'POST', '/v1/staff', person({ name: 'Indore only', tagId: null })))
      .body.data;
    expect((await call(BHOPAL_ADMIN, 'GET', `/v1/staff/${s.id}`)).status).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'PUT', `/v1/staff/${s.id}`, person({ wardId: null }))).status).toBe(404);
    expect((await call(BHOPAL_ADMIN, 'DELETE', `/v1/staff/${s.id}`)).status).toBe(404);
    const list = await call<ListPage<Staff>>(BHOPAL_ADMIN, 'GET', '/v1/staff?search=Indore only');
    expect(list.body.data.total).toBe(0);
  });
});
