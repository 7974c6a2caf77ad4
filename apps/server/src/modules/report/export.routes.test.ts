/**
 * Report files (export.routes.ts): each format of the cumulative distance report made in the background on seeded
 * daily rollups (polled until done, downloaded, parsed), the /run validation messages, 403 without the report's
 * module, another user's export 404, the PDF row cap, and the vehicle-model options.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ReportExport } from '@civicfleet/shared';
import { dailyVehicleStats, reportExports, roles, users, vehicles } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { mountTmpfs, tmpfsUnavailable } from '../../../test/tmpfs.ts';
import { DISK_MESSAGES } from '../../storage/disk-errors.ts';
import { createFileStorage } from '../../storage/index.ts';
import { createExportService } from './export/export.service.ts';
import { REPORT_FILE_FOLDER } from './export/generate.ts';

const REPORT = 'cumulative-distance-report';
const EXPORTS = `/v1/report/${REPORT}/exports`;
const RANGE = { from: '2026-11-01T00:00:00+05:30', to: '2026-11-30T23:59:59+05:30' };
const FILE_BASE = 'Cumulative_Distance_Report_01-11-2026_00-00-00_to_30-11-2026_23-59-59';

const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const latin1 = (bytes: Buffer) => bytes.toString('latin1');
const pageCount = (bytes: Buffer) => latin1(bytes).match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('report exports', () => {
  const t = useTestApp();
  let indore: bigint;
  let first: bigint;

  beforeAll(async () => {
    indore = await organisationId(t.db, INDORE);
    const bhopal = await organisationId(t.db, BHOPAL);
    const a = await seedTrackedVehicle(t.db, {
      imei: '861000000000951',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09EX0001',
    });
    const b = await seedTrackedVehicle(t.db, {
      imei: '861000000000952',
      protocol: 'gt06',
      organisationId: indore,
      registrationNumber: 'MP09EX0002',
    });
    const c = await seedTrackedVehicle(t.db, {
      imei: '861000000000953',
      protocol: 'gt06',
      organisationId: bhopal,
      registrationNumber: 'MP04EX0003',
    });
    first = a.vehicleId;
    await t.db.update(vehicles).set({ model: 'Tata Ace' }).where(eq(vehicles.id, a.vehicleId));
    await t.db.update(vehicles).set({ model: '' }).where(eq(vehicles.id, b.vehicleId));
    await t.db.update(vehicles).set({ model: 'Ashok Leyland Dost' }).where(eq(vehicles.id, c.vehicleId));
    const stat = (v: typeof a, org: bigint, day: string, distanceM: number, runS: number) => ({
      deviceId: v.deviceId,
      vehicleId: v.vehicleId,
      organisationId: org,
      day,
      distanceM,
      runS,
    });
    await t.db
      .insert(dailyVehicleStats)
      .values([
        ...days.map((day) => stat(a, indore, day, 12_340, 1800)),
        ...days.map((day) => stat(b, indore, day, 5_000, 0)),
        stat(c, bhopal, '2026-11-01', 7_000, 600),
      ]);
  });

  async function exportAndWait(who: string, body: unknown): Promise<ReportExport> {
    const res = await t.call(who, 'POST', EXPORTS, body);
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json().data as ReportExport;
    expect(queued).toMatchObject({ reportId: REPORT, status: 'queued', progress: 0, fileName: null });
    for (let i = 0; i < 300; i += 1) {
      const poll = await t.call(who, 'GET', `/v1/report/exports/${queued.id}`);
      expect(poll.statusCode).toBe(200);
      const current = poll.json().data as ReportExport;
      if (current.status === 'done' || current.status === 'failed') return current;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('export did not finish');
  }

  async function download(who: string, id: string) {
    const res = await t.call(who, 'GET', `/v1/report/exports/${id}/file`);
    return { res, bytes: res.rawPayload };
  }

  it('exports CSV with a BOM, the page formatting and header labels in the caller language', async () => {
    const done = await exportAndWait('ADMIN', {
      format: 'csv',
      filter: { ...RANGE, organisationId: String(indore) },
      labels: { columns: { distance: 'दूरी' } },
    });
    expect(done).toMatchObject({ status: 'done', progress: 1, rowCount: 2, fileName: `${FILE_BASE}.csv` });
    const { res, bytes } = await download('ADMIN', done.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${FILE_BASE}.csv"`);
    expect(done.sizeBytes).toBe(bytes.length);
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Sr,Zone,Ward,Vehicle Type,Vehicle Number,दूरी,Avg Speed,Fuel Consumption',
      // 30 days × 12.34 km in 30 × 30 min: 370.20 km at 24.68 km/h; fuel none → '0'; no zone → '-'.
      '1,-,-,Tata Ace,MP09EX0001,370.20,24.68,0',
      '2,-,-,-,MP09EX0002,150.00,-,0',
    ]);
  });

  it('exports XLSX with one sheet "Sheet1", numbers kept as numbers', async () => {
    const done = await exportAndWait('ADMIN', {
      format: 'xlsx',
      filter: { ...RANGE, vehicleId: String(first), dayBreakdown: true },
    });
    expect(done).toMatchObject({ status: 'done', rowCount: 30, fileName: `${FILE_BASE}.xlsx` });
    const { res, bytes } = await download('ADMIN', done.id);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sheet1']);
    const sheet = workbook.getWorksheet('Sheet1');
    if (!sheet) throw new Error('no Sheet1');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Sr',
      'Zone',
      'Ward',
      'Vehicle Type',
      'Vehicle Number',
      'Day',
      'Distance',
      'Avg Speed',
      'Fuel Consumption',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      1,
      '-',
      '-',
      'Tata Ace',
      'MP09EX0001',
      '01/11/2026',
      12.34,
      24.68,
      0,
    ]);
    expect(sheet.getCell('G2').numFmt).toBe('0.00');
    expect(sheet.rowCount).toBe(31);
  });

  it('exports a landscape PDF: 60 rows on 3 pages (25 under the title, 32, then 3)', async () => {
    const done = await exportAndWait('ADMIN', {
      format: 'pdf',
      filter: { ...RANGE, organisationId: String(indore), dayBreakdown: true },
    });
    expect(done).toMatchObject({ status: 'done', rowCount: 60, fileName: `${FILE_BASE}.pdf` });
    const { res, bytes } = await download('ADMIN', done.id);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(latin1(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(latin1(bytes)).toMatch(/\/MediaBox \[0 0 841\.89 595\.28/);
    expect(pageCount(bytes)).toBe(PDF_PAGES_FOR_60_ROWS);
  });

  it('answers the /run validation messages and 404 for what the caller cannot see', async () => {
    const empty = await t.call('ADMIN', 'POST', EXPORTS, { format: 'csv', filter: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'Atlest one filter is required' });
    const order = await t.call('ADMIN', 'POST', EXPORTS, {
      format: 'csv',
      filter: { from: RANGE.to, to: RANGE.from },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('From Time must be before To Time');
    const format = await t.call('ADMIN', 'POST', EXPORTS, { format: 'doc', filter: RANGE });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toContain('Choose CSV, XLSX or PDF');
    const bhopal = await organisationId(t.db, BHOPAL);
    const hidden = await t.call('ADMIN', 'POST', EXPORTS, {
      format: 'csv',
      filter: { ...RANGE, organisationId: String(bhopal) },
    });
    expect(hidden.statusCode).toBe(404);
  });

  it("refuses a caller without the report's module (403)", async () => {
    await t.db.update(roles).set({ authScopes: {} }).where(eq(roles.name, 'CUSTOM'));
    const res = await t.call('CUSTOM', 'POST', EXPORTS, { format: 'csv', filter: RANGE });
    expect(res.statusCode).toBe(403);
  });

  it("hides another user's export (404) but not from SUPER_ADMIN, and lists only the caller's", async () => {
    const done = await exportAndWait('ADMIN', { format: 'csv', filter: RANGE });
    expect(done.status).toBe('done');
    for (const who of ['admin.bhopal@demo.civicfleet.in', 'LIMITED_USER']) {
      expect((await t.call(who, 'GET', `/v1/report/exports/${done.id}`)).statusCode).toBe(404);
      const file = await download(who, done.id);
      expect(file.res.statusCode).toBe(404);
      expect(file.res.json().message).toBe('Export not found');
      const list = await t.call(who, 'GET', '/v1/report/exports');
      expect((list.json().data as ReportExport[]).some((e) => e.id === done.id)).toBe(false);
    }
    expect((await t.call('SUPER_ADMIN', 'GET', `/v1/report/exports/${done.id}`)).statusCode).toBe(200);
    const mine = await t.call('ADMIN', 'GET', '/v1/report/exports');
    const list = mine.json().data as ReportExport[];
    expect(list[0]?.id).toBe(done.id);
    expect(list.length).toBeLessThanOrEqual(20);
    expect((await t.call('ADMIN', 'GET', '/v1/report/exports/abc')).statusCode).toBe(404);
  });

  it('answers 404 for the file while the export is not done', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.civicfleet.in'));
    const [row] = await t.db
      .insert(reportExports)
      .values({
        organisationId: indore,
        userId: admin?.id ?? null,
        reportId: REPORT,
        format: 'csv',
        filter: RANGE,
        status: 'running',
      })
      .returning();
    const res = await download('ADMIN', String(row?.id));
    expect(res.res.statusCode).toBe(404);
    expect(res.res.json().message).toBe('The file is not ready yet');
  });

  it('marks exports a previous process left queued or running as failed on start-up', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.civicfleet.in'));
    const [stale] = await t.db
      .insert(reportExports)
      .values({
        organisationId: indore,
        userId: admin?.id ?? null,
        reportId: REPORT,
        format: 'xlsx',
        filter: RANGE,
        status: 'running',
        progress: 0.4,
      })
      .returning();
    const service = createExportService({
      db: t.db,
      clock: () => new Date(),
      storage: createFileStorage(t.env),
    });
    expect(await service.recover()).toBeGreaterThanOrEqual(1);
    const res = await t.call('ADMIN', 'GET', `/v1/report/exports/${stale?.id}`);
    expect(res.json().data).toMatchObject({
      status: 'failed',
      error: 'The server restarted while this file was being made. Export it again.',
    });
  });

  it('runs at most 2 exports at once; the rest wait queued, then all finish', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.civicfleet.in'));
    if (!admin) throw new Error('no admin');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stored = new Map<string, Buffer>();
    // Storage that holds every put until released: the first two jobs stay 'running' meanwhile.
    const storage = {
      async put(key: string, bytes: Buffer) {
        await gate;
        stored.set(key, bytes);
      },
      async get(key: string) {
        const bytes = stored.get(key);
        return bytes ? { bytes, contentType: 'text/csv' } : null;
      },
      async delete(key: string) {
        stored.delete(key);
      },
    };
    const service = createExportService({ db: t.db, clock: () => new Date(), storage });
    const auth = {
      userId: admin.id,
      roleName: 'ADMIN',
      roleId: admin.roleId,
      organisationId: indore,
      permissions: [],
      orgIds: [indore],
      email: admin.email,
      phone: admin.phone,
      sessionFamilyId: 'test',
      mustChangePassword: false,
      mfaEnabled: false,
    };
    const created: ReportExport[] = [];
    for (let i = 0; i < 3; i += 1) {
      created.push(await service.create(auth, REPORT, { format: 'csv', filter: RANGE }));
    }
    const statuses = async () => {
      const found = await Promise.all(created.map((e) => service.get(auth, e.id)));
      return found.map((e) => e.status);
    };
    for (let i = 0; i < 100 && (await statuses()).filter((s) => s === 'running').length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statuses()).toEqual(['running', 'running', 'queued']);
    release();
    await service.idle();
    expect(await statuses()).toEqual(['done', 'done', 'done']);
    expect(stored.size).toBe(3);
  });

  // A full disk (issue 27): a 1 MiB tmpfs; needs root, else skipped.
  it.skipIf(tmpfsUnavailable() !== null)(
    'fails an export on a full disk with a message saying so (no file left), and succeeds once space is back',
    async () => {
      const tmpfs = mountTmpfs(1024 * 1024);
      onTestFinished(() => tmpfs.unmount());
      const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@demo.civicfleet.in'));
      if (!admin) throw new Error('no admin');
      const storage = createFileStorage({ dataDir: tmpfs.dir });
      const service = createExportService({ db: t.db, clock: () => new Date(), storage });
      const auth = {
        userId: admin.id,
        roleName: 'ADMIN',
        roleId: admin.roleId,
        organisationId: indore,
        permissions: [],
        orgIds: [indore],
        email: admin.email,
        phone: admin.phone,
        sessionFamilyId: 'test',
        mustChangePassword: false,
        mfaEnabled: false,
      };
      tmpfs.fill();
      const failed = await service.create(auth, REPORT, { format: 'xlsx', filter: RANGE });
      await service.idle();
      expect(await service.get(auth, failed.id)).toMatchObject({
        status: 'failed',
        error: DISK_MESSAGES.full,
      });
      expect(await readdir(path.join(tmpfs.dir, 'files', REPORT_FILE_FOLDER)).catch(() => [])).toEqual([]);

      tmpfs.free();
      const done = await service.create(auth, REPORT, { format: 'xlsx', filter: RANGE });
      await service.idle();
      expect(await service.get(auth, done.id)).toMatchObject({ status: 'done' });
      expect(await readdir(path.join(tmpfs.dir, 'files', REPORT_FILE_FOLDER))).toHaveLength(1);
    },
  );

  it('refuses a PDF of more than 20,000 rows with a clear message', async () => {
    // 20,001 days of one vehicle from 1970 on (before the seeded November 2026).
    await t.db.execute(sql`
      insert into daily_vehicle_stats (device_id, vehicle_id, organisation_id, day, distance_m, run_s)
      select device_id, vehicle_id, organisation_id, date '1970-01-01' + g, 100, 60
        from (select * from daily_vehicle_stats where vehicle_id = ${first} limit 1) s,
             generate_series(0, 20000) g`);
    const res = await t.call('ADMIN', 'POST', EXPORTS, {
      format: 'pdf',
      filter: {
        from: '1970-01-01T00:00:00+05:30',
        to: '2026-11-30T23:59:59+05:30',
        vehicleId: String(first),
        dayBreakdown: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This report has more than 20,000 rows, too many for a PDF. Export it as CSV or XLSX instead, or narrow the filters.',
    );
  });

  it('lists the vehicle models of the caller organisations, sorted, without empty ones', async () => {
    const admin = await t.call('ADMIN', 'GET', '/v1/report/vehicle-models');
    expect(admin.statusCode).toBe(200);
    const models = admin.json().data as string[];
    expect(models).toContain('Tata Ace');
    expect(models).not.toContain('Ashok Leyland Dost');
    expect(models.every((m) => m.trim() !== '')).toBe(true);
    expect([...models].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(models);
    const bhopal = await organisationId(t.db, BHOPAL);
    const other = await t.call('ADMIN', 'GET', `/v1/report/vehicle-models?organisationId=${bhopal}`);
    expect(other.statusCode).toBe(404);
    const superAdmin = await t.call(
      'SUPER_ADMIN',
      'GET',
      `/v1/report/vehicle-models?organisationId=${bhopal}`,
    );
    expect(superAdmin.json().data).toContain('Ashok Leyland Dost');
  });
});

/** Page 1 holds the title, subtitle, 4 filter lines and 25 rows; a full page holds 32 rows. */
const PDF_PAGES_FOR_60_ROWS = 3;
