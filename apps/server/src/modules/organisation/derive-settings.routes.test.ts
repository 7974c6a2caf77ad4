import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, type LoginResult, type OrganisationDeriveSettings } from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { TOPICS } from '../../bus/bus.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEFAULT_DERIVE_SETTINGS } from '../../derive/index.ts';
import { DERIVE_SETTINGS_AUDIT } from './derive-settings.service.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/organisation/derive-settings', () => {
  const t = useTestApp();
  let indore: LoginResult;
  let bhopal: LoginResult;
  let vendorId: string;
  const url = (id: string) => `/v1/organisation/derive-settings/${id}`;

  async function read(who: string, id: string): Promise<OrganisationDeriveSettings> {
    const res = await t.call(who, 'GET', url(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OrganisationDeriveSettings }>().data;
  }

  beforeAll(async () => {
    [indore, bhopal] = await Promise.all([t.signIn('ADMIN'), t.signIn(BHOPAL)]);
    const vendors = await t.call('SUPER_ADMIN', 'GET', '/v1/organisation?search=Malwa');
    vendorId = vendors.json<{ data: { items: Array<{ id: string }> } }>().data.items[0]?.id ?? '';
    expect(vendorId).toMatch(/^\d+$/);
  });

  it('answers the defaults for an organisation that stores nothing', async () => {
    const data = await read('ADMIN', indore.user.organisation.id);
    expect(data).toEqual({
      organisationId: indore.user.organisation.id,
      stored: {},
      effective: { ...DEFAULT_DERIVE_SETTINGS },
      defaults: { ...DEFAULT_DERIVE_SETTINGS },
    });
  });

  it('saves overrides, inherits the rest from ancestors, audits, and tells the gateways', async () => {
    const id = indore.user.organisation.id;
    const published: unknown[] = [];
    const unsubscribe = t.bus.subscribe(TOPICS.deriveContext, (message) => published.push(message));

    const vendor = await t.call('SUPER_ADMIN', 'PUT', url(vendorId), { visitDwellS: 200, stopRadiusM: 70 });
    expect(vendor.statusCode, vendor.body).toBe(200);
    const res = await t.call('ADMIN', 'PUT', url(id), {
      stopRadiusM: 80,
      speedLimitKph: null,
      timeZone: 'Asia/Kolkata',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: OrganisationDeriveSettings }>().data;
    expect(data.stored).toEqual({ stopRadiusM: 80, speedLimitKph: null, timeZone: 'Asia/Kolkata' });
    expect(data.effective).toMatchObject({ stopRadiusM: 80, visitDwellS: 200, stopMinDurationS: 180 });
    expect(await read('ADMIN', id)).toEqual(data);
    expect(published).toEqual([{ organisationId: vendorId }, { organisationId: id }]);
    unsubscribe();

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, DERIVE_SETTINGS_AUDIT))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorUserId: BigInt(indore.user.id), entityId: id });
    expect(entry?.detail).toMatchObject({ after: { stopRadiusM: 80 } });

    // A PUT replaces the stored overrides: what is left out is inherited again.
    const cleared = await t.call('ADMIN', 'PUT', url(id), {});
    expect(cleared.json<{ data: OrganisationDeriveSettings }>().data).toMatchObject({
      stored: {},
      effective: { stopRadiusM: 70, visitDwellS: 200 },
    });
  });

  it('keeps the other organisation settings, and the generic settings PUT keeps derive', async () => {
    const id = indore.user.organisation.id;
    expect(
      (await t.call('ADMIN', 'PUT', `/v1/organisation/settings/${id}`, { city: 'Indore' })).statusCode,
    ).toBe(200);
    expect((await t.call('ADMIN', 'PUT', url(id), { idleMinDurationS: 300 })).statusCode).toBe(200);
    const generic = await t.call('ADMIN', 'PUT', `/v1/organisation/settings/${id}`, {
      city: 'Indore',
      theme: 'dark',
      derive: { idleMinDurationS: -5 },
    });
    expect(generic.json<{ data: unknown }>().data).toEqual({
      city: 'Indore',
      theme: 'dark',
      derive: { idleMinDurationS: 300 },
    });
    expect((await read('ADMIN', id)).stored).toEqual({ idleMinDurationS: 300 });
  });

  it('refuses bad values with a message naming the field', async () => {
    const id = indore.user.organisation.id;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ stopRadiusM: 0 }, 'stopRadiusM', /^stopRadiusM must be between 10 and 1000 metres$/],
      [{ offlineAfterS: 12.5 }, 'offlineAfterS', /^offlineAfterS must be a whole number of seconds$/],
      [{ visitDwellS: '120' }, 'visitDwellS', /^visitDwellS must be a number/],
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', /^timeZone must be an IANA time zone/],
      [{ stopRadius: 50 }, '', /stopRadius/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('ADMIN', 'PUT', url(id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ success: boolean; message: string; errors?: Record<string, string> }>();
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
      if (field) expect(answer.errors?.[field]).toMatch(message);
    }
    expect((await read('ADMIN', id)).stored).toEqual({ idleMinDurationS: 300 });
  });

  it('reads with the organisation module and writes with its edit action', async () => {
    const id = indore.user.organisation.id;
    const reader = await t.call('MANUFACTURER', 'GET', url(id));
    expect(reader.statusCode).toBe(200);
    const writer = await t.call('MANUFACTURER', 'PUT', url(id), { stopRadiusM: 60 });
    expect(writer.statusCode).toBe(403);
    expect(writer.json()).toEqual({ success: false, message: AUTH_MESSAGES.forbidden });
    expect((await t.call('LIMITED_USER', 'GET', url(id))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(id) })).statusCode).toBe(401);
  });

  it("answers 404 for another organisation's tree, an ancestor, or a missing id", async () => {
    const theirs = bhopal.user.organisation.id;
    const notFound = { success: false, message: 'Organisation not found.' };
    const read404 = await t.call('ADMIN', 'GET', url(theirs));
    expect(read404.statusCode).toBe(404);
    expect(read404.json()).toEqual(notFound);
    const write404 = await t.call('ADMIN', 'PUT', url(theirs), { stopRadiusM: 60 });
    expect(write404.statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL, 'PUT', url(indore.user.organisation.id), { stopRadiusM: 60 })).statusCode,
    ).toBe(404);
    expect((await t.call('ADMIN', 'PUT', url(vendorId), { stopRadiusM: 60 })).statusCode).toBe(404);
    expect((await t.call('ADMIN', 'GET', url('999999'))).statusCode).toBe(404);
    expect((await read(BHOPAL, theirs)).stored).toEqual({});
  });
});
