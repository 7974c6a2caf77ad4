/** /v1/alert-desk: list, detail, every step with its state rule, timeline and audit, permissions, scope, settings. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertDeskAssignee,
  AlertDeskChange,
  AlertDeskDetail,
  AlertDeskEmergencyOffResult,
  AlertDeskPage,
  AlertDeskSettings,
} from '@civicfleet/shared';
import { TOPICS } from '../../bus/bus.ts';
import { auditLog, commands } from '../../db/schema/index.ts';
import type { CommandBusMessage } from '../../gateway/commands.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { DESK_TOPIC } from './alert-desk.bus.ts';
import { raiseAlert } from './alert-desk.testing.ts';

const BHOPAL_ADMIN = 'admin.bhopal@demo.civicfleet.in';
const MINUTE = 60_000;

type Tracked = TrackedVehicle & { organisationId: bigint };

describe('/v1/alert-desk', () => {
  const t = useTestApp();
  let indore: bigint;
  let bhopal: bigint;
  let ais140: Tracked;
  let gt06: Tracked;
  let bhopalUnit: Tracked;
  const base = Date.now() - 60 * MINUTE;
  const at = (min: number) => new Date(base + min * MINUTE);

  const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
  const list = async (who: string, query = '') => {
    const res = await t.call(who, 'GET', `/v1/alert-desk${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return data<AlertDeskPage>(res);
  };
  const post = (who: string, id: string, step: string, body: unknown = {}) =>
    t.call(who, 'POST', `/v1/alert-desk/${id}/${step}`, body);

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    bhopal = await organisationId(t.db, BHOPAL);
    const seed = async (
      imei: string,
      protocol: 'ais140' | 'gt06',
      org: bigint,
      registrationNumber: string,
    ) => ({
      ...(await seedTrackedVehicle(t.db, { imei, protocol, organisationId: org, registrationNumber })),
      organisationId: org,
    });
    ais140 = await seed('864000000500001', 'ais140', indore, 'MP09SD0001');
    gt06 = await seed('359710049500002', 'gt06', indore, 'MP09SD0002');
    bhopalUnit = await seed('864000000500003', 'ais140', bhopal, 'MP04SD0001');
  });

  it('lists the open desk alerts of the caller’s organisations, new first, newest first, with counts', async () => {
    const sos = await raiseAlert(t.db, ais140, { type: 'sos', startedAt: at(1), endedAt: null });
    const tamper = await raiseAlert(t.db, gt06, { type: 'tamper', startedAt: at(2) });
    const acked = await raiseAlert(t.db, gt06, {
      type: 'powerCut',
      startedAt: at(3),
      deskStatus: 'acknowledged',
    });
    const closed = await raiseAlert(t.db, ais140, {
      type: 'wireCut',
      startedAt: at(4),
      deskStatus: 'closed',
    });
    await raiseAlert(t.db, ais140, { type: 'overspeed', startedAt: at(5), deskStatus: null });
    const foreign = await raiseAlert(t.db, bhopalUnit, { type: 'sos', startedAt: at(6), endedAt: null });

    const open = await list('ADMIN');
    expect(open.items.map((i) => i.id)).toEqual([tamper, sos, acked]);
    expect(open.counts).toEqual({ new: 2, acknowledged: 1 });
    expect(open.total).toBe(3);
    expect(open.items[1]).toMatchObject({
      type: 'sos',
      vehicleRegistration: 'MP09SD0001',
      deviceImei: '864000000500001',
      deviceProtocol: 'ais140',
      organisationName: INDORE,
      deskStatus: 'new',
      endedAt: null,
      escalationLevel: 0,
      acknowledgedBy: null,
      assignedTo: null,
      lat: 22.7196,
    });

    expect((await list('ADMIN', '?status=closed')).items.map((i) => i.id)).toEqual([closed]);
    expect((await list('ADMIN', '?status=all')).total).toBe(4);
    expect((await list('ADMIN', '?type=sos')).items.map((i) => i.id)).toEqual([sos]);
    expect((await list('ADMIN', `?vehicleId=${gt06.vehicleId}`)).items.map((i) => i.id)).toEqual([
      tamper,
      acked,
    ]);
    expect((await list('ADMIN', '?search=sd0001&status=all')).items.map((i) => i.id)).toEqual([sos, closed]); // open first
    const window = `?status=all&from=${at(1.5).toISOString()}&to=${at(3.5).toISOString()}`;
    expect((await list('ADMIN', window)).items.map((i) => i.id)).toEqual([tamper, acked]);
    expect((await list('ADMIN', '?pageSize=5&page=2')).items).toEqual([]);

    // The other municipality sees only its own; SUPER_ADMIN sees both.
    expect((await list(BHOPAL_ADMIN)).items.map((i) => i.id)).toEqual([foreign]);
    expect((await list('SUPER_ADMIN', '?type=sos')).items.map((i) => i.id)).toEqual([foreign, sos]);
  });

  it('takes every step with a timeline, an audit entry and a bus message each', async () => {
    const id = await raiseAlert(t.db, ais140, { type: 'powerCut', startedAt: at(10), endedAt: null });
    const changes: AlertDeskChange[] = [];
    const unsubscribe = t.bus.subscribe<AlertDeskChange>(DESK_TOPIC, (c) => changes.push(c));

    const ack = await post('ADMIN', id, 'acknowledge', { note: 'Calling the driver' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(data<AlertDeskDetail>(ack)).toMatchObject({
      deskStatus: 'acknowledged',
      acknowledgedBy: { name: 'Rakesh Verma' },
    });
    const again = await post('ADMIN', id, 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'This alert has already been acknowledged.' });

    const people = await t.call('ADMIN', 'GET', '/v1/alert-desk/assignees?search=kavita');
    const kavita = data<AlertDeskAssignee[]>(people)[0];
    expect(kavita).toMatchObject({
      name: 'Kavita Rathore',
      organisationName: INDORE,
      roleName: 'LIMITED_USER',
    });
    const assigned = await post('ADMIN', id, 'assign', { userId: kavita?.id, note: 'Nearest supervisor' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(data<AlertDeskDetail>(assigned).assignedTo).toEqual({ id: kavita?.id, name: 'Kavita Rathore' });

    expect(
      (await post('LIMITED_USER', id, 'note', { note: '  Driver reached the depot  ' })).statusCode,
    ).toBe(200);
    const closed = await post('ADMIN', id, 'close', { resolution: 'Battery cable refitted' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(data<AlertDeskDetail>(closed)).toMatchObject({
      deskStatus: 'closed',
      closedBy: { name: 'Rakesh Verma' },
      resolution: 'Battery cable refitted',
    });
    const ackClosed = await post('ADMIN', id, 'acknowledge');
    expect(ackClosed.statusCode).toBe(409);
    expect(ackClosed.json()).toEqual({ success: false, message: 'This alert is closed. Reopen it first.' });
    expect((await post('ADMIN', id, 'close', { resolution: 'Again' })).json()).toMatchObject({
      message: 'This alert is already closed.',
    });
    expect((await post('ADMIN', id, 'assign', { userId: kavita?.id })).statusCode).toBe(409);

    const reopened = await post('ADMIN', id, 'reopen', { note: 'Power cut again' });
    expect(data<AlertDeskDetail>(reopened)).toMatchObject({
      deskStatus: 'acknowledged',
      closedAt: null,
      resolution: null,
    });
    expect((await post('ADMIN', id, 'reopen')).json()).toMatchObject({
      message: 'Only a closed alert can be reopened.',
    });

    const detail = data<AlertDeskDetail>(await t.call('ADMIN', 'GET', `/v1/alert-desk/${id}`));
    expect(detail.timeline.map((s) => [s.action, s.user?.name, s.assignee?.name ?? null, s.note])).toEqual([
      ['acknowledge', 'Rakesh Verma', null, 'Calling the driver'],
      ['assign', 'Rakesh Verma', 'Kavita Rathore', 'Nearest supervisor'],
      ['note', 'Kavita Rathore', null, 'Driver reached the depot'],
      ['close', 'Rakesh Verma', null, 'Battery cable refitted'],
      ['reopen', 'Rakesh Verma', null, 'Power cut again'],
    ]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'event'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual([
      'alert-desk.acknowledge',
      'alert-desk.assign',
      'alert-desk.note',
      'alert-desk.close',
      'alert-desk.reopen',
    ]);
    expect(changes.filter((c) => c.id === id).map((c) => [c.action, c.deskStatus])).toEqual([
      ['acknowledge', 'acknowledged'],
      ['assign', 'acknowledged'],
      ['note', 'acknowledged'],
      ['close', 'closed'],
      ['reopen', 'acknowledged'],
    ]);
    unsubscribe();
  });

  it('closing or assigning a new alert acknowledges it too', async () => {
    const id = await raiseAlert(t.db, gt06, { type: 'boxOpened', startedAt: at(11) });
    const closed = data<AlertDeskDetail>(await post('ADMIN', id, 'close', { resolution: 'False alarm' }));
    expect(closed.acknowledgedBy?.name).toBe('Rakesh Verma');
    expect(closed.acknowledgedAt).toBe(closed.closedAt);
  });

  it('explains bad input', async () => {
    const id = await raiseAlert(t.db, gt06, { type: 'tamper', startedAt: at(12) });
    const errors = async (step: string, body: unknown) => {
      const res = await post('ADMIN', id, step, body);
      expect(res.statusCode).toBe(400);
      return res.json() as { message: string; errors?: Record<string, string> };
    };
    expect((await errors('close', {})).errors?.resolution).toBe(
      'A resolution is required to close the alert',
    );
    expect((await errors('close', { resolution: '   ' })).errors?.resolution).toBe(
      'A resolution is required to close the alert',
    );
    expect((await errors('note', { note: '' })).errors?.note).toBe('The note is required');
    expect((await errors('note', { note: 'x'.repeat(1001) })).errors?.note).toBe(
      'The note may be at most 1000 characters',
    );
    expect((await errors('assign', {})).errors?.userId).toBe('Choose the user to assign the alert to');
    const bhopalAdminId = data<AlertDeskAssignee[]>(
      await t.call(BHOPAL_ADMIN, 'GET', '/v1/alert-desk/assignees?search=arvind'),
    )[0]?.id;
    expect(await errors('assign', { userId: bhopalAdminId })).toMatchObject({
      message: 'The user to assign was not found among the users you can see.',
    });
    expect((await errors('emergency-off', {})).errors?.confirm).toBe(
      'Confirm sending emergency off (confirm: true)',
    );
    const status = await t.call('ADMIN', 'GET', '/v1/alert-desk?status=pending');
    expect(status.statusCode).toBe(400);
    expect((status.json() as { errors: Record<string, string> }).errors.status).toBe(
      'The status must be open, closed or all',
    );
    expect((await t.call('ADMIN', 'GET', '/v1/alert-desk/abc')).statusCode).toBe(400);
    // Nothing of the refused steps was recorded.
    const detail = data<AlertDeskDetail>(await t.call('ADMIN', 'GET', `/v1/alert-desk/${id}`));
    expect(detail).toMatchObject({ deskStatus: 'new', timeline: [] });
  });

  it('needs the module and each step’s action', async () => {
    const id = await raiseAlert(t.db, ais140, { type: 'tamper', startedAt: at(13) });
    expect((await t.call('CUSTOM', 'GET', '/v1/alert-desk')).statusCode).toBe(403);
    expect((await t.call('CUSTOM', 'GET', `/v1/alert-desk/${id}`)).statusCode).toBe(403);
    // LIMITED_USER holds sos-desk with acknowledge-alert only.
    expect((await t.call('LIMITED_USER', 'GET', `/v1/alert-desk/${id}`)).statusCode).toBe(200);
    expect((await post('LIMITED_USER', id, 'assign', { userId: '1' })).statusCode).toBe(403);
    expect((await post('LIMITED_USER', id, 'close', { resolution: 'x' })).statusCode).toBe(403);
    expect((await post('LIMITED_USER', id, 'emergency-off', { confirm: true })).statusCode).toBe(403);
    expect((await t.call('LIMITED_USER', 'GET', '/v1/alert-desk/assignees')).statusCode).toBe(403);
    // No body at all is fine for the steps whose fields are all optional.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/v1/alert-desk/${id}/acknowledge`,
      headers: await t.auth('LIMITED_USER'),
    });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('hides another organisation’s alerts and non-desk events (404)', async () => {
    const foreign = await raiseAlert(t.db, bhopalUnit, { type: 'powerCut', startedAt: at(14) });
    const overspeed = await raiseAlert(t.db, ais140, {
      type: 'overspeed',
      startedAt: at(14),
      deskStatus: null,
    });
    for (const [who, id] of [
      ['ADMIN', foreign],
      ['ADMIN', overspeed],
      [BHOPAL_ADMIN, overspeed],
    ] as const) {
      const res = await t.call(who, 'GET', `/v1/alert-desk/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Alert not found.' });
    }
    expect((await post('ADMIN', foreign, 'acknowledge')).statusCode).toBe(404);
    expect((await post('ADMIN', foreign, 'close', { resolution: 'x' })).statusCode).toBe(404);
    expect((await post('ADMIN', foreign, 'emergency-off', { confirm: true })).statusCode).toBe(404);
    expect((await post(BHOPAL_ADMIN, foreign, 'acknowledge')).statusCode).toBe(200);
  });

  it('sends emergency off to AIS-140 devices only, for SOS alerts, as a queued SET EO command', async () => {
    const gt06Sos = await raiseAlert(t.db, gt06, { type: 'sos', startedAt: at(20), endedAt: null });
    const refused = await post('ADMIN', gt06Sos, 'emergency-off', { confirm: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: 'Emergency off is only for AIS-140 devices.' });
    const tamper = await raiseAlert(t.db, ais140, { type: 'tamper', startedAt: at(20) });
    expect((await post('ADMIN', tamper, 'emergency-off', { confirm: true })).json()).toMatchObject({
      message: 'Emergency off applies to SOS alerts only.',
    });

    const sos = await raiseAlert(t.db, ais140, { type: 'sos', startedAt: at(21), endedAt: at(22) });
    const published: CommandBusMessage[] = [];
    const unsubscribe = t.bus.subscribe<CommandBusMessage>(TOPICS.commands, (m) => published.push(m));
    const res = await post('ADMIN', sos, 'emergency-off', { confirm: true, note: 'Driver confirmed safe' });
    unsubscribe();
    expect(res.statusCode, res.body).toBe(200);
    const result = data<AlertDeskEmergencyOffResult>(res);
    expect(result.command).toMatchObject({
      deviceId: String(ais140.deviceId),
      type: 'emergencyOff',
      text: 'SET EO',
      status: 'queued',
    });
    expect(published).toEqual([
      { commandId: result.command.id, deviceId: String(ais140.deviceId), imei: ais140.imei },
    ]);
    expect(result.alert.timeline.map((s) => [s.action, s.note])).toEqual([
      ['emergency-off', 'Driver confirmed safe'],
    ]);
    // Sending emergency off is not acknowledging: the alert stays new until someone acknowledges it.
    expect(result.alert.deskStatus).toBe('new');
    const [row] = await t.db
      .select()
      .from(commands)
      .where(eq(commands.id, BigInt(result.command.id)));
    expect(row?.createdBy).not.toBeNull();
    // The device's command log (command module) shows it.
    const log = await t.call('ADMIN', 'GET', `/v1/command?deviceId=${ais140.deviceId}`);
    expect(data<Array<{ id: string }>>(log).map((c) => c.id)).toContain(result.command.id);
  });

  it('reads and writes the escalation setting, inherited down the organisation tree', async () => {
    const path = `/v1/alert-desk/settings/${indore}`;
    const initial = data<AlertDeskSettings>(await t.call('ADMIN', 'GET', path));
    expect(initial).toEqual({
      organisationId: String(indore),
      stored: {},
      effective: { deskEscalateAfterMin: 5 },
      defaults: { deskEscalateAfterMin: 5 },
    });
    const saved = await t.call('ADMIN', 'PUT', path, { deskEscalateAfterMin: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<AlertDeskSettings>(saved)).toMatchObject({
      stored: { deskEscalateAfterMin: 10 },
      effective: { deskEscalateAfterMin: 10 },
    });
    // The organisation's other settings are kept.
    const all = data<Record<string, unknown>>(
      await t.call('ADMIN', 'GET', `/v1/organisation/settings/${indore}`),
    );
    expect(all.alertDesk).toEqual({ deskEscalateAfterMin: 10 });

    const bad = await t.call('ADMIN', 'PUT', path, { deskEscalateAfterMin: 0 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: Record<string, string> }).errors.deskEscalateAfterMin).toBe(
      'deskEscalateAfterMin must be between 1 and 1440 minutes',
    );
    expect((await t.call('LIMITED_USER', 'PUT', path, { deskEscalateAfterMin: 7 })).statusCode).toBe(403);
    expect((await t.call('ADMIN', 'GET', `/v1/alert-desk/settings/${bhopal}`)).statusCode).toBe(404);
    expect((await t.call(BHOPAL_ADMIN, 'PUT', path, { deskEscalateAfterMin: 7 })).statusCode).toBe(404);

    const cleared = data<AlertDeskSettings>(await t.call('ADMIN', 'PUT', path, {}));
    expect(cleared).toMatchObject({ stored: {}, effective: { deskEscalateAfterMin: 5 } });
  });
});
