/**
 * Golden: the activity reports on the shared golden fleet (testing/golden-fleet.ts: a driver across IST midnight
 * with a 20-minute GPS gap, 20 minutes of late history packets and a stop from 21:36 on the 20th to 07:10 on the
 * 21st; a vehicle that reports but never moves; one with no data), through the real ingest pipeline, derive stage
 * and `POST /v1/report/<id>/run`. Cells are compared as the page and the files show them (formatReportCell).
 *
 * The driver's days, worked out by hand from the track (IST):
 * 20th  distance 6 + 3 + 3 + 10 = 22 km (the 83 m of the first fix after the gap count too: 22.00)
 *       run   20:05–20:17 (12 m) + 20:32–20:38 (6 m) + 20:58:10–21:24 (25 m 50 s) = 2630 s → "43 m 50 s"
 *             (the late history turns the offline 21:04–21:24 back into driving: no second offline span)
 *       idle  21:24–21:36 = 720 s → "12 m 00 s"
 *       stop  20:00–20:05 + 20:17–20:32 + 21:36–24:00 = 300 + 900 + 8640 = 9840 s → "2 h 44 m"
 *       offline 20:38–20:58:10 (no packet for 20 min) = 1210 s → "20 m 10 s"
 *       trips 3: 6 km, 3 km (ended by the gap), 3 + 10 km (the late fixes join it); speeds 30 km/h
 *       ignition first 20:05:10 (first driving fix), last 21:34:00 (last idle fix)
 * 21st  distance 5 + 5 = 10 km; run 07:10–07:20 + 07:40–07:50 = 1200 s → "20 m 00 s"; idle 0
 *       stop 00:00–07:10 + 07:20–07:40 + 07:50–08:00 (still open) = 25800 + 1200 + 600 = 27600 s → "7 h 40 m"
 *       trips 2; ignition 07:10:10 – 07:50:00
 * Disposal trips: the transfer station on the 20th (entered 20:16:50), the dump yard on the 21st (07:19:50).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReportCell, requireReportMeta, type ReportRun } from '@civicfleet/shared';
import { useTestApp } from '../../../../test/helpers.ts';
import { GOLDEN_RANGE, seedGoldenFleet, type GoldenFleet } from '../testing/golden-fleet.ts';

describe('activity reports (golden, shared golden fleet)', () => {
  const t = useTestApp();
  let fleet: GoldenFleet;
  beforeAll(async () => {
    fleet = await seedGoldenFleet(t);
  }, 60_000);
  afterAll(() => undefined);

  async function run(id: string, extra: Record<string, unknown> = {}): Promise<ReportRun> {
    const res = await t.call('ADMIN', 'POST', `/v1/report/${id}/run`, {
      ...GOLDEN_RANGE,
      groupId: String(fleet.groupId),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportRun;
  }

  /** The rows as shown: only the run's columns, formatted. */
  function shown(id: string, report: ReportRun) {
    const only = report.columns ? new Set(report.columns) : null;
    const columns = requireReportMeta(id).columns.filter((c) => only === null || only.has(c.key));
    return report.rows.map((row) =>
      Object.fromEntries(columns.map((c) => [c.key, formatReportCell(c, row[c.key])])),
    );
  }
  const vehicle = (sr: number, reg: string, model: string) => ({
    sr: String(sr),
    zone: '-',
    ward: '-',
    model,
    regNo: reg,
  });

  it('daily-run-summary: one row per vehicle per day', async () => {
    const report = await run('daily-run-summary');
    expect(shown('daily-run-summary', report)).toEqual([
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        day: '20/11/2026',
        distance: '22.00',
        runS: '43 m 50 s',
        idleS: '12 m 00 s',
        stopS: '2 h 44 m',
        offlineS: '20 m 10 s',
        maxSpeed: '30.00',
        averageSpeed: '30.00',
        trips: '3',
        firstIgnitionAt: '20/11/2026 20:05:10',
        lastIgnitionAt: '20/11/2026 21:34:00',
      },
      {
        ...vehicle(2, 'MP09GF0001', 'Tata Ace'),
        day: '21/11/2026',
        distance: '10.00',
        runS: '20 m 00 s',
        idleS: '0 m 00 s',
        stopS: '7 h 40 m',
        offlineS: '0 m 00 s',
        maxSpeed: '30.00',
        averageSpeed: '30.00',
        trips: '2',
        firstIgnitionAt: '21/11/2026 07:10:10',
        lastIgnitionAt: '21/11/2026 07:50:00',
      },
      {
        ...vehicle(3, 'MP09GF0002', 'Tata Ace'),
        day: '20/11/2026',
        distance: '0',
        runS: '0 m 00 s',
        idleS: '0 m 00 s',
        stopS: '1 h 00 m',
        offlineS: '0 m 00 s',
        maxSpeed: '0.00',
        averageSpeed: '-',
        trips: '0',
        firstIgnitionAt: '-',
        lastIgnitionAt: '-',
      },
    ]);
    // Only the 21st: the stop across midnight gives the 21st its 7 h 10 m before 07:10.
    const second = await run('daily-run-summary', { from: '2026-11-21T00:00:00+05:30' });
    expect(second.rows.map((r) => [r.regNo, r.day, r.stopS])).toEqual([['MP09GF0001', '2026-11-21', 27_600]]);
  });

  it('total-run-summary: the days summed per vehicle', async () => {
    expect(shown('total-run-summary', await run('total-run-summary'))).toEqual([
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        daysWithData: '2',
        distance: '32.00',
        runS: '1 h 03 m', // 2630 + 1200 = 3830 s
        idleS: '12 m 00 s',
        stopS: '10 h 24 m', // 9840 + 27600 = 37440 s
        maxSpeed: '30.00',
        averageSpeed: '30.00',
        trips: '5',
        distancePerDay: '16.00',
      },
      {
        ...vehicle(2, 'MP09GF0002', 'Tata Ace'),
        daysWithData: '1',
        distance: '0',
        runS: '0 m 00 s',
        idleS: '0 m 00 s',
        stopS: '1 h 00 m',
        maxSpeed: '0.00',
        averageSpeed: '-',
        trips: '0',
        distancePerDay: '0',
      },
    ]);
  });

  it('monthly-summary: the month grid, its days as columns, run seconds per cell', async () => {
    const report = await run('monthly-summary', { from: undefined, to: undefined, month: '2026-11' });
    expect(report.columns).toHaveLength(5 + 30 + 1);
    expect(report.columns).not.toContain('d31');
    expect(report.meta).toMatchObject({ month: '2026-11', days: 30 });
    const [driver, parked] = shown('monthly-summary', report);
    expect(driver).toMatchObject({
      regNo: 'MP09GF0001',
      d19: '0',
      d20: '22.00',
      d21: '10.00',
      total: '32.00',
    });
    expect(parked).toMatchObject({ regNo: 'MP09GF0002', d20: '0', total: '0' });
    expect(report.rows[0]).toMatchObject({ r20: 2630, r21: 1200 });
    expect(report.rows).toHaveLength(2);
    // Another month: nothing; February has 28 day columns.
    const february = await run('monthly-summary', { from: undefined, to: undefined, month: '2026-02' });
    expect(february.rows).toEqual([]);
    expect(february.columns?.filter((c) => /^d\d\d$/.test(c))).toHaveLength(28);
  });

  it('daily-vehicle-operation-report: disposal trips on the local day they were entered', async () => {
    expect(shown('daily-vehicle-operation-report', await run('daily-vehicle-operation-report'))).toEqual([
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        day: '20/11/2026',
        firstIgnitionAt: '20:05:10',
        lastIgnitionAt: '21:34:00',
        runS: '43 m 50 s',
        idleS: '12 m 00 s',
        stopS: '2 h 44 m',
        distance: '22.00',
        trips: '3',
        dumpYardTrips: '0',
        transferStationTrips: '1',
      },
      {
        ...vehicle(2, 'MP09GF0001', 'Tata Ace'),
        day: '21/11/2026',
        firstIgnitionAt: '07:10:10',
        lastIgnitionAt: '07:50:00',
        runS: '20 m 00 s',
        idleS: '0 m 00 s',
        stopS: '7 h 40 m',
        distance: '10.00',
        trips: '2',
        dumpYardTrips: '1',
        transferStationTrips: '0',
      },
      {
        ...vehicle(3, 'MP09GF0002', 'Tata Ace'),
        day: '20/11/2026',
        firstIgnitionAt: '-',
        lastIgnitionAt: '-',
        runS: '0 m 00 s',
        idleS: '0 m 00 s',
        stopS: '1 h 00 m',
        distance: '0',
        trips: '0',
        dumpYardTrips: '0',
        transferStationTrips: '0',
      },
    ]);
  });

  it('vehicle-categorization: 16 km a day is under-used at the default 20 km; bands filter the table', async () => {
    const report = await run('vehicle-categorization');
    expect(shown('vehicle-categorization', report)).toEqual([
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        band: 'Under-used',
        daysWithData: '2',
        distance: '32.00',
        distancePerDay: '16.00', // 32 km ÷ the 2 days of the range
        runS: '1 h 03 m',
      },
      {
        ...vehicle(2, 'MP09GF0002', 'Tata Ace'),
        band: 'Idle',
        daysWithData: '1',
        distance: '0',
        distancePerDay: '0',
        runS: '0 m 00 s',
      },
      {
        ...vehicle(3, 'MP09GF0003', 'Eicher Pro'),
        band: 'Offline',
        daysWithData: '0',
        distance: '0',
        distancePerDay: '0',
        runS: '-',
      },
    ]);
    expect(report.meta).toEqual({
      activeMinDailyDistanceKm: 20,
      days: 2,
      active: 0,
      underUsed: 1,
      idle: 1,
      offline: 1,
    });
    // Over the 20th alone the driver averaged 22 km a day: active.
    const first = await run('vehicle-categorization', {
      to: '2026-11-20T23:59:59.999+05:30',
      band: 'active',
    });
    expect(first.rows.map((r) => [r.regNo, r.bandKey])).toEqual([['MP09GF0001', 'active']]);
    expect(first.meta).toMatchObject({ active: 1, underUsed: 0, idle: 1, offline: 1, band: 'Active' });
  });

  it('fuel-consumption: estimated from the distance without a fuel sensor', async () => {
    const report = await run('fuel-consumption');
    expect(shown('fuel-consumption', report)).toEqual([
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        distance: '32.00',
        fuelUsed: '8.00',
        kmpl: '4.00',
        source: 'Estimated',
      },
      {
        ...vehicle(2, 'MP09GF0002', 'Tata Ace'),
        distance: '0',
        fuelUsed: '0.00',
        kmpl: '-',
        source: 'Estimated',
      },
    ]);
    expect(report.meta).toEqual({ fuelEconomyKmpl: 4, sensor: 0, estimated: 2 });
  });

  it('cumulative-distance-report: as spec 02 §2 says, per vehicle and per day', async () => {
    const id = 'cumulative-distance-report';
    expect(shown(id, await run(id))).toEqual([
      // 32 km in 3830 s of run time: 30.08 km/h.
      {
        ...vehicle(1, 'MP09GF0001', 'Tata Ace'),
        distance: '32.00',
        averageSpeed: '30.08',
        fuelConsumed: '0',
      },
      { ...vehicle(2, 'MP09GF0002', 'Tata Ace'), distance: '0', averageSpeed: '-', fuelConsumed: '0' },
    ]);
    const daily = shown(id, await run(id, { dayBreakdown: true }));
    expect(daily.map((r) => [r.regNo, r.day, r.distance, r.averageSpeed])).toEqual([
      ['MP09GF0001', '20/11/2026', '22.00', '30.11'], // 22 km in 2630 s
      ['MP09GF0001', '21/11/2026', '10.00', '30.00'],
      ['MP09GF0002', '20/11/2026', '0', '-'],
    ]);
  });
});
