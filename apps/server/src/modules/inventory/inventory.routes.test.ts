/**
 * /v1/erp: stock counts per organisation and model (before and after an allocation, whose audit trail records from/to),
 * fitment counts per vendor and period, device search across stock, fitments and SIM orders; scope and permissions.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isLuhnValid,
  type FitmentCounts,
  type InventorySearchResult,
  type StockCounts,
} from '@civicfleet/shared';
import { auditLog, fitments, simActivationOrders, users } from '../../db/schema/index.ts';
import { BHOPAL, INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { demoAccount, useTestApp } from '../../../test/helpers.ts';
import { createDevice } from '../device/device.repository.ts';
import { DAY_RANGE_MESSAGE } from './inventory.service.ts';

const MAKER_ORG = 'Narmada Telematics Pvt Ltd';
const MALWA = 'Malwa Auto Electricals';
const BHOPAL_VENDOR = 'Narmada Fitments Bhopal';
const MODEL = 'CF-INV-1';
const NOW = new Date('2026-11-20T10:00:00Z');

function imei(body: string): string {
  for (let d = 0; d <= 9; d++) if (isLuhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
}

type Body<T> = { success: boolean; message: string; data: T; errors?: Record<string, string> };

describe('/v1/erp inventory', () => {
  const t = useTestApp({ clock: () => NOW });
  const org = { maker: 0n, malwa: 0n, bhopalVendor: 0n, indore: 0n, bhopal: 0n };
  const device: Record<string, bigint> = {};

  const get = async <T>(who: string, url: string) => {
    const res = await t.call(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Body<T>>().data;
  };
  const modelRows = (counts: StockCounts) => counts.rows.filter((r) => r.model === MODEL);

  beforeAll(async () => {
    org.maker = await organisationId(t.db, MAKER_ORG);
    org.malwa = await organisationId(t.db, MALWA);
    org.bhopalVendor = await organisationId(t.db, BHOPAL_VENDOR);
    org.indore = await organisationId(t.db, INDORE);
    org.bhopal = await organisationId(t.db, BHOPAL);
    // Manufacturer stock: 3 NEW, 1 DEFECTED; Bhopal vendor: 1 ALLOCATED; a deleted and a temporary one never count.
    for (const [key, body, status, organisation] of [
      ['a', '86310000000001', 'NEW', org.maker],
      ['b', '86310000000002', 'NEW', org.maker],
      ['c', '86310000000003', 'NEW', org.maker],
      ['d', '86310000000004', 'DEFECTED', org.maker],
      ['e', '86310000000005', 'ALLOCATED', org.bhopalVendor],
    ] as const) {
      device[key] = await createDevice(t.db, {
        imei: imei(body),
        status,
        organisationId: organisation,
        model: MODEL,
        iccid: `8991000000000000${body.slice(-3)}`,
        ...(organisation === org.bhopalVendor ? { allocatedFromOrganisationId: org.maker } : {}),
      });
    }
    await createDevice(t.db, {
      imei: imei('86310000000006'),
      organisationId: org.maker,
      model: MODEL,
      deleted: true,
    });
    await createDevice(t.db, {
      imei: imei('86310000000007'),
      organisationId: org.maker,
      model: MODEL,
      expiresAt: new Date('2026-12-01T00:00:00Z'),
    });
  });

  describe('stock counts', () => {
    it('counts devices by status per organisation and model, with totals, for the manufacturer', async () => {
      const counts = await get<StockCounts>('MANUFACTURER', '/v1/erp/stock-counts');
      expect(counts.statuses).toEqual(['NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED']);
      expect(modelRows(counts)).toEqual([
        {
          organisation: { id: String(org.bhopalVendor), tradeName: BHOPAL_VENDOR, kind: 'VENDOR' },
          model: MODEL,
          counts: { NEW: 0, ALLOCATED: 1, INSTALLED: 0, DEFECTED: 0, total: 1 },
        },
        {
          organisation: { id: String(org.maker), tradeName: MAKER_ORG, kind: 'MANUFACTURER' },
          model: MODEL,
          counts: { NEW: 3, ALLOCATED: 0, INSTALLED: 0, DEFECTED: 1, total: 4 },
        },
      ]);
      // Totals are the sums of every row (demo devices included).
      const sum = (key: 'NEW' | 'total') => counts.rows.reduce((n, r) => n + r.counts[key], 0);
      expect(counts.totals.NEW).toBe(sum('NEW'));
      expect(counts.totals.total).toBe(sum('total'));
    });

    it('moves stock with an allocation and records it in the audit trail (from / to)', async () => {
      const res = await t.call('MANUFACTURER', 'PUT', `/v1/device/allocate/${device.a}`, {
        organisationId: String(org.malwa),
      });
      expect(res.statusCode, res.body).toBe(200);
      const counts = modelRows(await get<StockCounts>('MANUFACTURER', '/v1/erp/stock-counts'));
      expect(
        counts.map((r) => [r.organisation.tradeName, r.counts.NEW, r.counts.ALLOCATED, r.counts.total]),
      ).toEqual([
        [MALWA, 0, 1, 1],
        [BHOPAL_VENDOR, 0, 1, 1],
        [MAKER_ORG, 2, 0, 3],
      ]);
      const [allocated] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.allocated'), eq(auditLog.entityId, String(device.a))));
      expect(allocated?.detail).toMatchObject({ from: String(org.maker), to: String(org.malwa) });

      const back = await t.call('MANUFACTURER', 'PUT', `/v1/device/rollback/${device.a}`);
      expect(back.statusCode, back.body).toBe(200);
      const [rolledBack] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'device.rolled-back'), eq(auditLog.entityId, String(device.a))));
      expect(rolledBack?.detail).toMatchObject({ to: String(org.maker) });
      const after = modelRows(await get<StockCounts>('MANUFACTURER', '/v1/erp/stock-counts'));
      expect(after.find((r) => r.organisation.tradeName === MAKER_ORG)?.counts.NEW).toBe(3);
      expect(after.some((r) => r.organisation.tradeName === MALWA)).toBe(false);
    });

    it('limits counts to the caller’s organisations', async () => {
      await t.call('MANUFACTURER', 'PUT', `/v1/device/allocate/${device.b}`, {
        organisationId: String(org.malwa),
      });
      // RFC_ADMIN (Malwa) sees Malwa's stock, not the manufacturer's nor the Bhopal vendor's.
      const vendor = await get<StockCounts>('RFC_ADMIN', '/v1/erp/stock-counts');
      expect(vendor.rows.every((r) => [MALWA, INDORE].includes(r.organisation.tradeName))).toBe(true);
      expect(modelRows(vendor).map((r) => r.counts)).toEqual([
        { NEW: 0, ALLOCATED: 1, INSTALLED: 0, DEFECTED: 0, total: 1 },
      ]);
      const one = await get<StockCounts>(
        'MANUFACTURER',
        `/v1/erp/stock-counts?organisationId=${org.bhopalVendor}`,
      );
      expect(one.rows.every((r) => r.organisation.id === String(org.bhopalVendor))).toBe(true);
      expect(
        (await t.call('RFC_ADMIN', 'GET', `/v1/erp/stock-counts?organisationId=${org.maker}`)).statusCode,
      ).toBe(404);
      expect((await t.call('RFC_ADMIN', 'GET', '/v1/erp/stock-counts?organisationId=abc')).statusCode).toBe(
        400,
      );
    });

    it('is open to the device module holders only', async () => {
      for (const who of ['INVENTORY_MANAGER', 'RFC', 'SUPER_ADMIN']) {
        expect((await t.call(who, 'GET', '/v1/erp/stock-counts')).statusCode, who).toBe(200);
      }
      for (const who of ['FITTER', 'LIMITED_USER']) {
        expect((await t.call(who, 'GET', '/v1/erp/stock-counts')).statusCode, who).toBe(403);
        expect((await t.call(who, 'GET', '/v1/erp/fitment-counts')).statusCode, who).toBe(403);
        expect((await t.call(who, 'GET', '/v1/erp/search/8631')).statusCode, who).toBe(403);
      }
    });
  });

  describe('fitments and search', () => {
    let fittedImei: string;

    beforeAll(async () => {
      const [customer] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoAccount('LIMITED_USER').email));
      if (!customer) throw new Error('no customer');
      const fit = async (
        organisation: bigint,
        imeiBody: string,
        registrationNumber: string,
        fitmentDate: string,
        approved: boolean,
      ) => {
        const tracked = await seedTrackedVehicle(t.db, {
          imei: imei(imeiBody),
          protocol: 'ais140',
          organisationId: organisation,
          registrationNumber,
        });
        await t.db.insert(fitments).values({
          organisationId: organisation,
          vehicleId: tracked.vehicleId,
          deviceId: tracked.deviceId,
          customerUserId: customer.id,
          fitmentDate,
          durationInDays: 365,
          activationStatus: approved ? 'APPROVED' : 'PENDING',
          ...(approved ? { expiresOn: '2027-11-01', approvedAt: NOW, chargedPaise: 150_000 } : {}),
        });
        return tracked;
      };
      const first = await fit(org.malwa, '86320000000001', 'MP09INV001', '2026-10-05', true);
      fittedImei = first.imei;
      await fit(org.malwa, '86320000000002', 'MP09INV002', '2026-10-05', false);
      await fit(org.malwa, '86320000000003', 'MP09INV003', '2026-11-02', true);
      await fit(org.bhopalVendor, '86320000000004', 'MP04INV004', '2026-11-03', false);
      await fit(org.malwa, '86320000000005', 'MP09INV005', '2025-01-15', true);
      await t.db.insert(simActivationOrders).values({
        deviceId: first.deviceId,
        imei: first.imei,
        organisationId: org.malwa,
        manufacturerOrganisationId: org.maker,
        durationInDays: 365,
        status: 'COMPLETED',
      });
    });

    it('counts fitments per vendor and month (default: the last 12 months), approved and pending', async () => {
      const counts = await get<FitmentCounts>('MANUFACTURER', '/v1/erp/fitment-counts');
      expect(counts).toMatchObject({ fromDate: '2025-12-01', toDate: '2026-11-20', groupBy: 'month' });
      const mine = counts.rows.filter((r) => r.organisation.kind === 'VENDOR');
      expect(mine.map((r) => [r.period, r.organisation.tradeName, r.counts])).toEqual([
        ['2026-11', MALWA, { approved: 1, pending: 0, total: 1 }],
        ['2026-11', BHOPAL_VENDOR, { approved: 0, pending: 1, total: 1 }],
        ['2026-10', MALWA, { approved: 1, pending: 1, total: 2 }],
      ]);
      expect(counts.totals.total).toBe(counts.rows.reduce((n, r) => n + r.counts.total, 0));
    });

    it('counts by day in a range, within scope, and validates the range', async () => {
      const byDay = await get<FitmentCounts>(
        'RFC_ADMIN',
        '/v1/erp/fitment-counts?groupBy=day&fromDate=2026-10-01&toDate=2026-11-30',
      );
      expect(byDay.rows.map((r) => [r.period, r.organisation.tradeName, r.counts.total])).toEqual([
        ['2026-11-02', MALWA, 1],
        ['2026-10-05', MALWA, 2],
      ]);
      expect(byDay.totals).toEqual({ approved: 2, pending: 1, total: 3 });
      const longAgo = await get<FitmentCounts>(
        'RFC_ADMIN',
        '/v1/erp/fitment-counts?fromDate=2025-01-01&toDate=2025-01-31',
      );
      expect(longAgo.rows.map((r) => r.period)).toEqual(['2025-01']);

      const reversed = await t.call(
        'RFC_ADMIN',
        'GET',
        '/v1/erp/fitment-counts?fromDate=2026-11-02&toDate=2026-11-01',
      );
      expect(reversed.json<Body<null>>().errors?.toDate).toBe('From Date must not be after To Date');
      const tooLong = await t.call(
        'RFC_ADMIN',
        'GET',
        '/v1/erp/fitment-counts?groupBy=day&fromDate=2025-01-01&toDate=2026-11-01',
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<Body<null>>().message).toBe(DAY_RANGE_MESSAGE);
      expect((await t.call('RFC_ADMIN', 'GET', '/v1/erp/fitment-counts?groupBy=week')).statusCode).toBe(400);
      expect(
        (await t.call('RFC_ADMIN', 'GET', '/v1/erp/fitment-counts?fromDate=01/10/2026')).statusCode,
      ).toBe(400);
    });

    it('finds a device by IMEI, ICCID or registration number across stock, fitment and SIM order', async () => {
      const byImei = await get<InventorySearchResult>(
        'MANUFACTURER',
        `/v1/erp/search/${fittedImei.slice(-9)}`,
      );
      expect(byImei.stock.map((d) => [d.imei, d.status, d.vehicle?.registrationNumber])).toEqual([
        [fittedImei, 'INSTALLED', 'MP09INV001'],
      ]);
      expect(byImei.fitments).toMatchObject([
        {
          imei: fittedImei,
          registrationNumber: 'MP09INV001',
          activationStatus: 'APPROVED',
          expiresOn: '2027-11-01',
          vendor: { tradeName: MALWA },
        },
      ]);
      expect(byImei.simOrders).toMatchObject([
        {
          imei: fittedImei,
          status: 'COMPLETED',
          organisation: { tradeName: MALWA },
          manufacturer: { tradeName: MAKER_ORG },
        },
      ]);

      const byReg = await get<InventorySearchResult>(
        'RFC_ADMIN',
        '/v1/erp/search/mp09inv00?inFeature=fitment',
      );
      expect(byReg.fitments.map((f) => f.registrationNumber)).toEqual([
        'MP09INV003',
        // Same fitment date: the newer fitment first.
        'MP09INV002',
        'MP09INV001',
        'MP09INV005',
      ]);
      expect(byReg.stock).toEqual([]);
      expect(byReg.simOrders).toEqual([]);

      const byIccid = await get<InventorySearchResult>(
        'INVENTORY_MANAGER',
        '/v1/erp/search/8991000000000000004?inFeature=stock',
      );
      expect(byIccid.stock.map((d) => d.status)).toEqual(['DEFECTED']);
    });

    it('keeps other organisations’ devices out of the search', async () => {
      // Bhopal vendor's fitment and stock are not below Malwa.
      const hidden = await get<InventorySearchResult>('RFC_ADMIN', '/v1/erp/search/INV004');
      expect(hidden).toMatchObject({ stock: [], fitments: [], simOrders: [] });
      const maker = await get<InventorySearchResult>('RFC_ADMIN', `/v1/erp/search/${imei('86310000000003')}`);
      expect(maker.stock).toEqual([]);
      const visible = await get<InventorySearchResult>('MANUFACTURER', '/v1/erp/search/INV004');
      expect(visible.fitments).toHaveLength(1);

      const short = await t.call('RFC_ADMIN', 'GET', '/v1/erp/search/86');
      expect(short.statusCode).toBe(400);
      expect(short.json<Body<null>>().message).toContain('Type at least 3 characters to search');
      expect((await t.call('RFC_ADMIN', 'GET', '/v1/erp/search/8632?inFeature=wallet')).statusCode).toBe(400);
    });
  });
});
