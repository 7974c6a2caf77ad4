/** The desk escalation job with an injected clock: per-organisation limit, repeat escalation, e-mail to admins. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertDeskChange, AlertDeskDetail } from '@civicfleet/shared';
import { eventActions, events, outbox } from '../db/schema/index.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../gateway/testing/fleet.ts';
import { DESK_TOPIC } from '../modules/alert-desk/alert-desk.bus.ts';
import { raiseAlert } from '../modules/alert-desk/alert-desk.testing.ts';
import { formatIst, MAX_ESCALATION_LEVEL } from '../modules/alert-desk/escalation.ts';
import { useTestApp } from '../../test/helpers.ts';
import { ALERT_DESK_JOB, ALERT_DESK_JOB_INTERVAL_MS, alertDeskJob } from './alert-desk-job.ts';
import { workerJobs } from './jobs.ts';

const MINUTE = 60_000;

describe('alert desk escalation job', () => {
  const t = useTestApp();
  let indoreUnit: TrackedVehicle & { organisationId: bigint };
  let bhopalUnit: TrackedVehicle & { organisationId: bigint };
  const start = new Date('2026-11-20T04:30:00Z'); // 10:00 IST
  let now = start;
  const after = (min: number) => new Date(start.getTime() + min * MINUTE);

  const run = async (at: Date) => {
    now = at;
    const job = alertDeskJob({
      db: t.db,
      mailer: t.mailer,
      clock: () => now,
      bus: t.bus,
      publicUrl: 'https://fleet.example.in/',
    });
    return job.run();
  };
  const levels = async (ids: string[]) => {
    const found = await t.db
      .select({ id: events.id, level: events.escalationLevel, escalatedAt: events.escalatedAt })
      .from(events)
      .where(
        inArray(
          events.id,
          ids.map((id) => BigInt(id)),
        ),
      );
    return Object.fromEntries(found.map((r) => [String(r.id), r.level]));
  };
  const mails = () => t.db.select().from(outbox).orderBy(asc(outbox.id));

  beforeAll(async () => {
    const indore = await organisationId(t.db, INDORE);
    const bhopal = await organisationId(t.db, BHOPAL);
    indoreUnit = {
      ...(await seedTrackedVehicle(t.db, {
        imei: '864000000600001',
        protocol: 'ais140',
        organisationId: indore,
        registrationNumber: 'MP09ES0001',
      })),
      organisationId: indore,
    };
    bhopalUnit = {
      ...(await seedTrackedVehicle(t.db, {
        imei: '864000000600002',
        protocol: 'ais140',
        organisationId: bhopal,
        registrationNumber: 'MP04ES0001',
      })),
      organisationId: bhopal,
    };
    // Indore waits 10 minutes; Bhopal keeps the default 5.
    const res = await t.call('ADMIN', 'PUT', `/v1/alert-desk/settings/${indore}`, {
      deskEscalateAfterMin: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is registered with the other worker jobs, every 30 s', () => {
    const jobs = workerJobs({ db: t.db, mailer: t.mailer, clock: () => now, smtpConfigured: false });
    expect(jobs.find((j) => j.name === ALERT_DESK_JOB)?.intervalMs).toBe(ALERT_DESK_JOB_INTERVAL_MS);
    expect(ALERT_DESK_JOB_INTERVAL_MS).toBe(30_000);
  });

  it('escalates new alerts past their organisation’s limit, again after each further limit, and mails admins', async () => {
    const sos = await raiseAlert(t.db, indoreUnit, { type: 'sos', startedAt: start, endedAt: null });
    const acked = await raiseAlert(t.db, indoreUnit, {
      type: 'tamper',
      startedAt: start,
      deskStatus: 'acknowledged',
    });
    const bhopalCut = await raiseAlert(t.db, bhopalUnit, {
      type: 'powerCut',
      startedAt: start,
      endedAt: null,
    });
    const changes: AlertDeskChange[] = [];
    const unsubscribe = t.bus.subscribe<AlertDeskChange>(DESK_TOPIC, (c) => changes.push(c));
    const mailsBefore = (await mails()).length;

    expect(await run(after(4.9))).toBe('escalated 0 desk alerts');
    expect(await run(after(5))).toBe('escalated 1 desk alerts'); // Bhopal's default 5 minutes
    expect(await levels([sos, acked, bhopalCut])).toEqual({ [sos]: 0, [acked]: 0, [bhopalCut]: 1 });
    expect(await run(after(9.9))).toBe('escalated 0 desk alerts');
    expect(await run(after(10))).toBe('escalated 2 desk alerts'); // Indore's SOS, and Bhopal's again
    expect(await levels([sos, acked, bhopalCut])).toEqual({ [sos]: 1, [acked]: 0, [bhopalCut]: 2 });
    expect(await run(after(10))).toBe('escalated 0 desk alerts'); // idempotent
    expect(await run(after(20))).toBe('escalated 2 desk alerts');
    expect(await levels([sos, bhopalCut])).toEqual({ [sos]: 2, [bhopalCut]: 3 });

    // The timeline shows the system's steps (no user).
    const detail = (await t.call('ADMIN', 'GET', `/v1/alert-desk/${sos}`)).json() as {
      data: AlertDeskDetail;
    };
    expect(detail.data).toMatchObject({
      escalationLevel: 2,
      escalatedAt: after(20).toISOString(),
      deskStatus: 'new',
    });
    expect(detail.data.timeline.map((s) => [s.action, s.user, s.note, s.at])).toEqual([
      ['escalate', null, 'Not acknowledged within 10 minutes (level 1)', after(10).toISOString()],
      ['escalate', null, 'Not acknowledged within 10 minutes (level 2)', after(20).toISOString()],
    ]);
    const steps = await t.db
      .select({ userId: eventActions.userId })
      .from(eventActions)
      .where(and(eq(eventActions.eventId, BigInt(bhopalCut)), eq(eventActions.action, 'escalate')));
    expect(steps).toHaveLength(3);
    expect(steps.every((s) => s.userId === null)).toBe(true);

    // Each organisation's admins got one mail per run that escalated something of theirs.
    const sent = (await mails()).slice(mailsBefore);
    expect(sent.map((m) => m.to).sort()).toEqual([
      'admin.bhopal@demo.civicfleet.in',
      'admin.bhopal@demo.civicfleet.in',
      'admin.bhopal@demo.civicfleet.in',
      'admin@demo.civicfleet.in',
      'admin@demo.civicfleet.in',
    ]);
    const indoreMail = sent.find((m) => m.to === 'admin@demo.civicfleet.in');
    expect(indoreMail?.subject).toBe('Unacknowledged SOS alert, MP09ES0001 (escalation 1)');
    expect(indoreMail?.text).toContain('not been acknowledged within 10 minutes');
    expect(indoreMail?.text).toContain(`started ${formatIst(start.toISOString())}`);
    expect(indoreMail?.text).toContain('https://fleet.example.in/view-operations/sos-desk');
    expect(formatIst(start.toISOString())).toBe('20/11/2026 10:00 IST');

    // One bus message per escalated alert: Bhopal's at 5, 10 and 20 minutes, Indore's at 10 and 20.
    expect(changes.every((c) => c.action === 'escalate' && c.deskStatus === 'new')).toBe(true);
    expect(changes.filter((c) => c.id === bhopalCut)).toHaveLength(3);
    expect(changes).toHaveLength(5);
    unsubscribe();

    // Acknowledged: no further escalation.
    await t.call('ADMIN', 'POST', `/v1/alert-desk/${sos}/acknowledge`, {});
    expect(await run(after(60))).toBe('escalated 0 desk alerts'); // Bhopal's is at the last level (3)
    expect((await levels([bhopalCut]))[bhopalCut]).toBe(MAX_ESCALATION_LEVEL);
    expect((await levels([sos]))[sos]).toBe(2);
  });
});
