/**
 * The report-schedules job with a fixed clock: a due schedule makes its files for the right period, records them as
 * report exports, mails each recipient with the files attached (the bytes really go out through SMTP) and moves
 * next_run_at on; two workers claiming at once run it once; a creator who lost the report fails the run, no mail.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers.ts';
import { outbox, reportExports, reportSchedules, roles, users } from '../../../db/schema/index.ts';
import { createOutboxMailer } from '../../../mail/outbox-mailer.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { createLocalDiskStorage, type FileStorage } from '../../../storage/index.ts';
import { dailyVehicleStats } from '../../../db/schema/index.ts';
import { INDORE, organisationId, seedTrackedVehicle } from '../../../gateway/testing/fleet.ts';
import { generateScheduledFile } from './generate-file.ts';
import { runDueSchedules } from './report-schedules-job.ts';
import type { GenerateReportFile, ScheduleRunDeps } from './schedule-run.ts';
import { insertSchedule } from './schedule.repository.ts';

const NOW = new Date('2026-11-26T07:00:30+05:30');

/** A stand-in for export/generate.ts: stores a small file and remembers what it was asked. */
function fakeGenerator(calls: Array<{ filter: Record<string, unknown>; format: string; userId: bigint }>) {
  const generate: GenerateReportFile = async (deps, args) => {
    calls.push({ filter: args.filter, format: args.format, userId: args.auth.userId });
    const bytes = Buffer.from(`Sr,Vehicle Number\n1,MP09 ${args.format}\n`);
    const storageKey = `report-exports/t${calls.length}${Date.now()}.${args.format}`;
    await deps.storage.put(storageKey, bytes, 'application/octet-stream');
    return {
      fileName: `Cumulative_Distance_Report_25-11-2026.${args.format}`,
      contentType: args.format === 'pdf' ? 'application/pdf' : 'text/csv',
      storageKey,
      sizeBytes: bytes.length,
      rowCount: 1,
    };
  };
  return generate;
}

async function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('report-schedules job', () => {
  let testDb: TestDatabase;
  let root: string;
  let storage: FileStorage;
  let mailer: Mailer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let admin: { id: bigint; organisationId: bigint };
  let limited: bigint;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'cf-schedules-'));
    storage = createLocalDiskStorage(root);
    smtp = await startSmtp();
    mailer = createOutboxMailer({
      db: testDb.db,
      from: 'no-reply@civicfleet.in',
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      storage,
    });
    const found = await testDb.db
      .select({ id: users.id, email: users.email, organisationId: users.organisationId })
      .from(users)
      .where(inArray(users.email, ['admin@demo.civicfleet.in', 'limited_user@demo.civicfleet.in']));
    const a = found.find((u) => u.email === 'admin@demo.civicfleet.in');
    const l = found.find((u) => u.email === 'limited_user@demo.civicfleet.in');
    if (!a || !l) throw new Error('demo users missing');
    admin = { id: a.id, organisationId: a.organisationId };
    limited = l.id;
  });
  afterAll(async () => {
    await mailer?.close();
    await smtp?.close();
    await testDb?.close();
    await rm(root, { recursive: true, force: true });
  });

  const deps = (generate: GenerateReportFile): ScheduleRunDeps => ({
    db: testDb.db,
    clock: () => NOW,
    storage,
    mailer,
    generate,
  });

  const seed = (over: Partial<typeof reportSchedules.$inferInsert> = {}) =>
    insertSchedule(testDb.db, {
      organisationId: admin.organisationId,
      createdBy: admin.id,
      name: 'Daily distance',
      reportId: 'cumulative-distance-report',
      filter: { dayBreakdown: true },
      range: 'previous-day',
      frequency: 'daily',
      timeOfDay: '07:00',
      timeZone: 'Asia/Kolkata',
      formats: ['xlsx', 'pdf'],
      recipients: [String(admin.id), String(limited)],
      nextRunAt: new Date('2026-11-26T07:00:00+05:30'),
      ...over,
    });

  it('runs a due schedule: files for the previous day, one mail per recipient with them attached', async () => {
    const id = await seed();
    const calls: Parameters<typeof fakeGenerator>[0] = [];
    const outcomes = await runDueSchedules(deps(fakeGenerator(calls)));
    expect(outcomes).toEqual([{ id, status: 'ok' }]);
    expect(calls.map((c) => [c.format, c.filter.from, c.filter.to, c.filter.dayBreakdown, c.userId])).toEqual(
      [
        ['xlsx', '2026-11-25T00:00:00.000+05:30', '2026-11-25T23:59:59.999+05:30', true, admin.id],
        ['pdf', '2026-11-25T00:00:00.000+05:30', '2026-11-25T23:59:59.999+05:30', true, admin.id],
      ],
    );

    const [schedule] = await testDb.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(schedule?.nextRunAt).toEqual(new Date('2026-11-27T07:00:00+05:30'));
    expect(schedule).toMatchObject({ lastStatus: 'ok', lastError: null, lastRunAt: NOW });

    const files = await testDb.db.select().from(reportExports).where(eq(reportExports.scheduleId, id));
    expect(files.map((f) => [f.format, f.status, f.rowCount, f.userId])).toEqual([
      ['xlsx', 'done', 1, null],
      ['pdf', 'done', 1, null],
    ]);

    await mailer.flush();
    const mails = await testDb.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'Cumulative Distance Report — 25/11/2026'));
    expect(mails.map((m) => m.to).sort()).toEqual([
      'admin@demo.civicfleet.in',
      'limited_user@demo.civicfleet.in',
    ]);
    for (const mail of mails) {
      expect(mail.status).toBe('sent');
      expect(mail.attachments.map((a) => a.fileName)).toEqual([
        'Cumulative_Distance_Report_25-11-2026.xlsx',
        'Cumulative_Distance_Report_25-11-2026.pdf',
      ]);
      expect(mail.text).toContain('Period: 25/11/2026 00:00:00 to 25/11/2026 23:59:59');
      expect(mail.text).toContain('dayBreakdown: Yes');
    }
    const raw = smtp.received.find((m) => m.includes('limited_user@demo.civicfleet.in'));
    expect(raw).toContain('filename=Cumulative_Distance_Report_25-11-2026.pdf');
    expect(raw).toContain(Buffer.from('Sr,Vehicle Number\n1,MP09 pdf\n').toString('base64'));

    // Not due any more: nothing runs again this minute.
    expect(await runDueSchedules(deps(fakeGenerator(calls)))).toEqual([]);
  });

  it('runs one occurrence once when two workers claim it at the same time', async () => {
    const id = await seed({ name: 'Raced', recipients: [String(admin.id)] });
    const calls: Parameters<typeof fakeGenerator>[0] = [];
    const [a, b] = await Promise.all([
      runDueSchedules(deps(fakeGenerator(calls))),
      runDueSchedules(deps(fakeGenerator(calls))),
    ]);
    const statuses = [...(a ?? []), ...(b ?? [])].filter((o) => o.id === id).map((o) => o.status);
    expect(statuses.filter((s) => s === 'ok')).toHaveLength(1);
    expect(calls).toHaveLength(2); // xlsx + pdf, once
  });

  it('fails the run with a clear error, and mails nobody, when the creator lost the report', async () => {
    const [role] = await testDb.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'CUSTOM'));
    const [org] = await testDb.db
      .select({ id: users.organisationId })
      .from(users)
      .where(eq(users.id, admin.id));
    const [creator] = await testDb.db
      .insert(users)
      .values({
        firstName: 'Vijay',
        lastName: 'Rao',
        email: 'vijay.rao@imcindore.org',
        passwordHash: 'x',
        roleId: role?.id ?? 0n,
        organisationId: org?.id ?? admin.organisationId,
      })
      .returning({ id: users.id });
    const id = await seed({ name: 'Lost', createdBy: creator?.id ?? 0n });
    const calls: Parameters<typeof fakeGenerator>[0] = [];
    expect(await runDueSchedules(deps(fakeGenerator(calls)))).toEqual([{ id, status: 'failed' }]);
    expect(calls).toHaveLength(0);
    const [schedule] = await testDb.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(schedule).toMatchObject({
      lastStatus: 'failed',
      lastError: 'Vijay Rao, who created this schedule, may no longer see the Cumulative Distance Report',
    });

    await testDb.db.update(users).set({ isEnabled: false }).where(eq(users.id, admin.id));
    const disabled = await seed({ name: 'Disabled' });
    await runDueSchedules(deps(fakeGenerator(calls)));
    const [row] = await testDb.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.id, disabled)));
    expect(row?.lastError).toBe('Rakesh Verma, who created this schedule, is disabled');
    expect(calls).toHaveLength(0);
  });

  it('mails the real report files (export/generate.ts) for the previous day', async () => {
    const indore = await organisationId(testDb.db, INDORE);
    const vehicle = await seedTrackedVehicle(testDb.db, {
      imei: '861000000000951',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09SC0951',
    });
    await testDb.db.insert(dailyVehicleStats).values([
      {
        deviceId: vehicle.deviceId,
        vehicleId: vehicle.vehicleId,
        organisationId: indore,
        day: '2026-11-25',
        distanceM: 12_345,
        runS: 1800,
      },
      {
        deviceId: vehicle.deviceId,
        vehicleId: vehicle.vehicleId,
        organisationId: indore,
        day: '2026-11-24',
        distanceM: 99_000,
        runS: 1800,
      },
    ]);
    await testDb.db.update(users).set({ isEnabled: true }).where(eq(users.id, admin.id));
    const id = await seed({
      name: 'Real files',
      organisationId: indore,
      filter: { vehicleId: String(vehicle.vehicleId) },
      formats: ['csv', 'xlsx'],
      recipients: [String(limited)],
    });
    expect(await runDueSchedules(deps(generateScheduledFile))).toEqual([{ id, status: 'ok' }]);
    const files = await testDb.db.select().from(reportExports).where(eq(reportExports.scheduleId, id));
    expect(files.map((f) => [f.format, f.status, f.rowCount])).toEqual([
      ['csv', 'done', 1],
      ['xlsx', 'done', 1],
    ]);
    const csv = files[0]?.storageKey ? await storage.get(files[0].storageKey) : null;
    const text = csv?.bytes.toString('utf8') ?? '';
    expect(text).toContain('MP09SC0951');
    expect(text).toContain('12.35');
    await mailer.flush();
    const [mail] = await testDb.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.to, 'limited_user@demo.civicfleet.in'),
          eq(outbox.subject, 'Cumulative Distance Report — 25/11/2026'),
        ),
      )
      .orderBy(desc(outbox.id));
    expect(mail?.status).toBe('sent');
    expect(mail?.attachments.map((a) => a.fileName)).toEqual(files.map((f) => f.fileName));
  }, 60_000);
});
