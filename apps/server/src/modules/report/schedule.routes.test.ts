/**
 * /v1/report-schedule: create / list / update / delete, the validation messages, 403 without the report's own module,
 * and another organisation's schedules invisible (404).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReportSchedule } from '@civicfleet/shared';
import { roles, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { FILTER_VEHICLE_UNKNOWN } from './schedule/schedule.service.ts';

const URL = '/v1/report-schedule';

async function userId(t: ReturnType<typeof useTestApp>, email: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return String(row.id);
}

describe('report schedules', () => {
  const t = useTestApp({ clock: () => new Date('2026-11-26T10:00:00+05:30') });

  const body = async (over: Record<string, unknown> = {}) => ({
    name: 'Daily distance',
    reportId: 'cumulative-distance-report',
    filter: { dayBreakdown: true },
    range: 'previous-day',
    frequency: 'daily',
    timeOfDay: '07:00',
    formats: ['xlsx', 'pdf'],
    recipients: [
      await userId(t, 'admin@demo.civicfleet.in'),
      await userId(t, 'limited_user@demo.civicfleet.in'),
    ],
    enabled: true,
    ...over,
  });

  it('creates, lists, updates and deletes a schedule', async () => {
    const created = await t.call('ADMIN', 'POST', URL, await body());
    expect(created.statusCode, created.body).toBe(200);
    const schedule = created.json().data as ReportSchedule;
    expect(schedule).toMatchObject({
      name: 'Daily distance',
      reportTitle: 'Cumulative Distance Report',
      frequency: 'daily',
      dayOfWeek: null,
      timeZone: 'Asia/Kolkata',
      formats: ['xlsx', 'pdf'],
      // 10:00 has passed the 07:00 of today: tomorrow 07:00 IST.
      nextRunAt: '2026-11-27T01:30:00.000Z',
      lastRunAt: null,
    });
    expect(schedule.recipients.map((r) => r.email)).toEqual([
      'admin@demo.civicfleet.in',
      'limited_user@demo.civicfleet.in',
    ]);

    const list = await t.call('ADMIN', 'GET', `${URL}?pageSize=25&sortBy=name`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((s: ReportSchedule) => s.id)).toContain(schedule.id);

    const updated = await t.call(
      'ADMIN',
      'PUT',
      `${URL}/${schedule.id}`,
      await body({ name: 'Weekly distance', frequency: 'weekly', dayOfWeek: 1, range: 'previous-week' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    // 2026-11-26 is a Thursday: next Monday is 30/11.
    expect(updated.json().data).toMatchObject({
      name: 'Weekly distance',
      dayOfWeek: 1,
      nextRunAt: '2026-11-30T01:30:00.000Z',
    });

    const removed = await t.call('ADMIN', 'DELETE', `${URL}/${schedule.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.call('ADMIN', 'GET', `${URL}/${schedule.id}`)).statusCode).toBe(404);
  });

  it('runs a schedule now and leaves the mail with its files in the outbox', async () => {
    const created = await t.call('ADMIN', 'POST', URL, await body({ name: 'Now', formats: ['csv'] }));
    const schedule = created.json().data as ReportSchedule;
    const res = await t.call('ADMIN', 'POST', `${URL}/${schedule.id}/run-now`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Report sent to 2 recipients',
      data: {
        run: { status: 'ok', error: null, mailed: 2 },
        // Run now leaves the calendar alone.
        schedule: { lastStatus: 'ok', nextRunAt: schedule.nextRunAt },
      },
    });
    const mails = await t.call('SUPER_ADMIN', 'GET', '/v1/outbox?to=limited_user@demo.civicfleet.in');
    const [mail] = mails.json().data as Array<{ subject: string; attachments: Array<{ fileName: string }> }>;
    // Run at 10:00 on 26/11: the previous day is 25/11.
    expect(mail?.subject).toBe('Cumulative Distance Report — 25/11/2026');
    expect(mail?.attachments.map((a) => a.fileName)).toEqual([
      'Cumulative_Distance_Report_25-11-2026_00-00-00_to_25-11-2026_23-59-59.csv',
    ]);
  });

  it('answers clear messages on bad input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ frequency: 'weekly' }, 'Choose the day of the week (1 = Monday … 7 = Sunday)'],
      [{ frequency: 'monthly', dayOfMonth: 31 }, 'Too big: expected number to be <=28'],
      [{ timeOfDay: '25:00' }, 'The time must be HH:mm (24 hours)'],
      [{ formats: [] }, 'Choose at least one file format'],
      [{ recipients: [] }, 'Choose at least one recipient'],
      [{ reportId: 'no-such-report' }, 'Choose a report'],
      [
        { filter: { from: '2026-11-01T00:00:00+05:30' } },
        'A schedule has no From Time or To Time: each run covers its period',
      ],
      [{ filter: { vehicleId: 'x' } }, 'Invalid string: must match pattern /^\\d{1,19}$/'],
    ];
    for (const [over, message] of cases) {
      const res = await t.call('ADMIN', 'POST', URL, await body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().success).toBe(false);
      if (!message.startsWith('Too big') && !message.startsWith('Invalid string'))
        expect(res.json().message, JSON.stringify(over)).toBe(message);
    }

    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'LIMITED_USER'));
    const [admin] = await t.db
      .select({ organisationId: users.organisationId })
      .from(users)
      .where(eq(users.email, 'admin@demo.civicfleet.in'));
    if (!role || !admin) throw new Error('demo data missing');
    const [noMail] = await t.db
      .insert(users)
      .values({
        firstName: 'Mohan',
        lastName: 'Lal',
        email: null,
        phone: '+919876500001',
        passwordHash: 'x',
        roleId: role.id,
        organisationId: admin.organisationId,
      })
      .returning({ id: users.id });
    const res = await t.call('ADMIN', 'POST', URL, await body({ recipients: [String(noMail?.id)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Mohan Lal has no e-mail address: add one or choose another recipient');

    const bhopalAdmin = await userId(t, 'admin.bhopal@demo.civicfleet.in');
    const other = await t.call('ADMIN', 'POST', URL, await body({ recipients: [bhopalAdmin] }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(`User ${bhopalAdmin} was not found`);
  });

  it("refuses a caller without the report's own module (403)", async () => {
    await t.db
      .update(roles)
      .set({ authScopes: { 'report-schedule': true } })
      .where(eq(roles.name, 'CUSTOM'));
    const res = await t.call(
      'CUSTOM',
      'POST',
      URL,
      await body({ recipients: [await userId(t, 'custom@demo.civicfleet.in')] }),
    );
    expect(res.statusCode).toBe(403);
    const list = await t.call('CUSTOM', 'GET', URL);
    expect(list.statusCode).toBe(200);
    expect((await t.call('LIMITED_USER', 'GET', URL)).statusCode).toBe(403);
  });

  it("hides another organisation's schedules (404)", async () => {
    const created = await t.call('ADMIN', 'POST', URL, await body({ name: 'Indore only' }));
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().data as ReportSchedule).id;
    const bhopal = 'admin.bhopal@demo.civicfleet.in';
    expect((await t.call(bhopal, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'PUT', `${URL}/${id}`, await body())).statusCode).toBe(404);
    expect((await t.call(bhopal, 'DELETE', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await t.call(bhopal, 'POST', `${URL}/${id}/run-now`)).statusCode).toBe(404);
    const list = await t.call(bhopal, 'GET', URL);
    expect(list.json().data.items.map((s: ReportSchedule) => s.id)).not.toContain(id);
    const recipients = await t.call(bhopal, 'GET', `${URL}/recipients?search=demo`);
    expect(recipients.json().data.map((r: { email: string }) => r.email)).not.toContain(
      'admin@demo.civicfleet.in',
    );
  });

  it('refuses a filter naming a vehicle of another organisation at save time (issue 20 #7)', async () => {
    const seed = async (org: string, imei: string, registrationNumber: string) =>
      seedTrackedVehicle(t.db, {
        imei,
        protocol: 'gt06',
        organisationId: await organisationId(t.db, org),
        registrationNumber,
      });
    const bhopal = await seed(BHOPAL, '359710049095301', 'MP04SC0001');
    const indore = await seed(INDORE, '359710049095302', 'MP09SC0001');
    const foreign = await t.call(
      'ADMIN',
      'POST',
      URL,
      await body({ filter: { vehicleId: String(bhopal.vehicleId) } }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: FILTER_VEHICLE_UNKNOWN,
      errors: { vehicleId: FILTER_VEHICLE_UNKNOWN },
    });
    const own = await t.call(
      'ADMIN',
      'POST',
      URL,
      await body({ filter: { vehicleId: String(indore.vehicleId) } }),
    );
    expect(own.statusCode, own.body).toBe(200);
    const id = (own.json().data as ReportSchedule).id;
    const moved = await t.call(
      'ADMIN',
      'PUT',
      `${URL}/${id}`,
      await body({ filter: { vehicleId: String(bhopal.vehicleId) } }),
    );
    expect(moved.statusCode).toBe(400);
  });
});
