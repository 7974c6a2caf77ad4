import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  DEFAULT_RETENTION_SETTINGS,
  ROLLUPS_SHORTER_MESSAGE,
  type LoginResult,
  type OrganisationRetentionSettings,
} from '@civicfleet/shared';
import { useTestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema/index.ts';
import { RETENTION_SETTINGS_AUDIT } from './retention-settings.service.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

describe('/v1/organisation/retention-settings', () => {
  const t = useTestApp();
  let indore: LoginResult;
  let bhopal: LoginResult;
  let vendorId: string;
  const url = (id: string) => `/v1/organisation/retention-settings/${id}`;

  async function read(who: string, id: string): Promise<OrganisationRetentionSettings> {
    const res = await t.call(who, 'GET', url(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OrganisationRetentionSettings }>().data;
  }

  beforeAll(async () => {
    [indore, bhopal] = await Promise.all([t.signIn('ADMIN'), t.signIn(BHOPAL)]);
    const vendors = await t.call('SUPER_ADMIN', 'GET', '/v1/organisation?search=Malwa');
    vendorId = vendors.json<{ data: { items: Array<{ id: string }> } }>().data.items[0]?.id ?? '';
    expect(vendorId).toMatch(/^\d+$/);
  });

  it('answers the platform defaults for an organisation that stores nothing', async () => {
    const data = await read('ADMIN', indore.user.organisation.id);
    expect(data).toEqual({
      organisationId: indore.user.organisation.id,
      stored: {},
      effective: { ...DEFAULT_RETENTION_SETTINGS },
      inherited: { ...DEFAULT_RETENTION_SETTINGS },
      defaults: { ...DEFAULT_RETENTION_SETTINGS },
    });
  });

  it('saves overrides, inherits the rest from ancestors and audits', async () => {
    const id = indore.user.organisation.id;
    const vendor = await t.call('SUPER_ADMIN', 'PUT', url(vendorId), { eventsDays: 1000, rawLogsDays: 60 });
    expect(vendor.statusCode, vendor.body).toBe(200);
    const res = await t.call('ADMIN', 'PUT', url(id), { positionsDays: 500, rawLogsDays: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Retention settings saved');
    const data = res.json<{ data: OrganisationRetentionSettings }>().data;
    expect(data.stored).toEqual({ positionsDays: 500, rawLogsDays: 30 });
    expect(data.effective).toEqual({
      positionsDays: 500,
      rawLogsDays: 30,
      eventsDays: 1000,
      rollupsDays: 1825,
    });
    expect(data.inherited).toEqual({ ...DEFAULT_RETENTION_SETTINGS, eventsDays: 1000, rawLogsDays: 60 });
    expect(await read('ADMIN', id)).toEqual(data);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, RETENTION_SETTINGS_AUDIT))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorUserId: BigInt(indore.user.id), entityId: id });
    expect(entry?.detail).toMatchObject({ before: {}, after: { positionsDays: 500, rawLogsDays: 30 } });

    // A PUT replaces the stored overrides: what is left out is inherited again.
    const cleared = await t.call('ADMIN', 'PUT', url(id), {});
    expect(cleared.json<{ data: OrganisationRetentionSettings }>().data).toMatchObject({
      stored: {},
      effective: { positionsDays: 400, rawLogsDays: 60, eventsDays: 1000 },
    });
  });

  it('keeps the other organisation settings, and the generic settings PUT keeps retention', async () => {
    const id = indore.user.organisation.id;
    expect((await t.call('ADMIN', 'PUT', url(id), { eventsDays: 365 })).statusCode).toBe(200);
    const generic = await t.call('ADMIN', 'PUT', `/v1/organisation/settings/${id}`, {
      city: 'Indore',
      retention: { eventsDays: 1 },
    });
    expect(generic.statusCode, generic.body).toBe(200);
    expect(generic.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      city: 'Indore',
      retention: { eventsDays: 365 },
    });
    expect((await read('ADMIN', id)).stored).toEqual({ eventsDays: 365 });
  });

  it('refuses bad values with a message naming the field', async () => {
    const id = indore.user.organisation.id;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ positionsDays: 10 }, 'positionsDays', /^positionsDays must be between 30 and 3650 days$/],
      [{ rawLogsDays: 7.5 }, 'rawLogsDays', /^rawLogsDays must be a whole number of days$/],
      [{ eventsDays: '90' }, 'eventsDays', /^eventsDays must be a number of days/],
      [
        { positionsDays: 900, rollupsDays: 800 },
        'rollupsDays',
        /^rollupsDays must be at least positionsDays/,
      ],
      [{ keepForever: true }, '', /keepForever/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call('ADMIN', 'PUT', url(id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json<{ success: boolean; message: string; errors?: Record<string, string> }>();
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
      if (field) expect(answer.errors?.[field]).toMatch(message);
    }
    expect((await read('ADMIN', id)).stored).toEqual({ eventsDays: 365 });
  });

  it('checks the rollups rule against the inherited value when only one side is given', async () => {
    const id = indore.user.organisation.id;
    // Inherited rollups 1825 days: positions longer than that would outlive their rollups.
    const res = await t.call('ADMIN', 'PUT', url(id), { positionsDays: 2000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: ROLLUPS_SHORTER_MESSAGE });
    const both = await t.call('ADMIN', 'PUT', url(id), { positionsDays: 2000, rollupsDays: 2000 });
    expect(both.statusCode, both.body).toBe(200);
    expect((await t.call('ADMIN', 'PUT', url(id), { eventsDays: 365 })).statusCode).toBe(200);
  });

  it('reads with the organisation module and writes with its edit action', async () => {
    const id = indore.user.organisation.id;
    expect((await t.call('MANUFACTURER', 'GET', url(id))).statusCode).toBe(200);
    const writer = await t.call('MANUFACTURER', 'PUT', url(id), { positionsDays: 60 });
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
    expect((await t.call('ADMIN', 'PUT', url(theirs), { positionsDays: 60 })).statusCode).toBe(404);
    expect(
      (await t.call(BHOPAL, 'PUT', url(indore.user.organisation.id), { positionsDays: 60 })).statusCode,
    ).toBe(404);
    expect((await t.call('ADMIN', 'PUT', url(vendorId), { positionsDays: 60 })).statusCode).toBe(404);
    expect((await t.call('ADMIN', 'GET', url('999999'))).statusCode).toBe(404);
    expect((await read(BHOPAL, theirs)).stored).toEqual({});
  });
});
