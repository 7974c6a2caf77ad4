/**
 * Golden: the daily fuel figure (docs/derivations.md "Fuel") from a fuel-sensor track through the real pipeline,
 * then the Fuel Consumption report. Sunday 22 November 2026, IST; readings in 0.1 l steps as sensors send them:
 *   10:00 parked, 60.0 l                                              (5 min)
 *   10:05 drives 10 km at 30 km/h burning 60.0 → 57.0 l                → 3.0 l
 *   10:25 parked at the pump: refilled to 80.0 l (a rise: not consumption)
 *   10:35 drives 8 km at 30 km/h burning 80.0 → 77.5 l (Teltonika io84, tenths of a litre) → 2.5 l
 *   10:51 parked 10 min, the float wobbling 77.5 / 77.8 / 77.3 l (changes under 0.5 l: noise)
 * Fuel used 3.0 + 2.5 = 5.5 l; 18 km ÷ 5.5 l = 3.27 km/l, source Sensor. The second drive's fixes arrive late (as
 * history, after the wobble) and the gateway "restarts" (a new harness, the derive state read back from
 * device_derive_state) before them: the re-derived day must still say 5.5 l.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReportCell, requireReportMeta, type ReportRun } from '@civicfleet/shared';
import { rows } from '../../../db/client.ts';
import type { DerivePoint } from '../../../derive/index.ts';
import { ist, Track } from '../../../derive/testing/track.ts';
import { harness, messageOf } from '../../../gateway/testing/derive-harness.ts';
import { INDORE, organisationId, seedTrackedVehicle } from '../../../gateway/testing/fleet.ts';
import { useTestApp } from '../../../../test/helpers.ts';

const tenth = (litres: number) => Math.round(litres * 10) / 10;

describe('fuel used per day (golden, fuel-sensor track)', () => {
  const t = useTestApp();
  let vehicleId: bigint;

  beforeAll(async () => {
    const indore = await organisationId(t.db, INDORE);
    const tanker = await seedTrackedVehicle(t.db, {
      imei: '359710049097701',
      protocol: 'teltonika',
      organisationId: indore,
      registrationNumber: 'MP09FU0001',
    });
    vehicleId = tanker.vehicleId;
    const track = new Track({ startAt: ist('2026-11-22 10:00'), seed: 5 }).park(300);
    const firstDriveFrom = track.now.getTime();
    track.drive({ bearingDeg: 90, distanceM: 10_000 }, 30);
    const firstDriveTo = track.now.getTime();
    track.park(600);
    const secondDriveFrom = track.now.getTime();
    track.drive({ bearingDeg: 0, distanceM: 8000 }, 30);
    const secondDriveTo = track.now.getTime();
    const points = track.park(600).points();

    const levelAt = (p: DerivePoint, i: number): Record<string, number> => {
      const ms = p.fixTime.getTime();
      if (ms <= firstDriveFrom) return { fuelLevelL: 60 };
      if (ms <= firstDriveTo)
        return { fuelLevelL: tenth(60 - (3 * (ms - firstDriveFrom)) / (firstDriveTo - firstDriveFrom)) };
      if (ms <= secondDriveFrom) return { fuelLevelL: ms - firstDriveTo <= 120_000 ? 57 : 80 };
      if (ms <= secondDriveTo)
        return { io84: Math.round(800 - (25 * (ms - secondDriveFrom)) / (secondDriveTo - secondDriveFrom)) };
      return { io84: [775, 778, 773][i % 3] ?? 775 };
    };
    const messages = points.map((point, i) => ({
      point,
      message: { ...messageOf(tanker.imei, point), io: levelAt(point, i) },
      serverAt: new Date(point.fixTime.getTime() + 2000),
    }));
    const isLate = (p: DerivePoint) =>
      p.fixTime.getTime() > secondDriveFrom && p.fixTime.getTime() <= secondDriveTo;
    const onTime = messages.filter((m) => !isLate(m.point));
    const late = messages.filter((m) => isLate(m.point));

    const first = harness({ ...t, close: async () => undefined });
    const cut = Math.floor(onTime.length / 2);
    await first.send(tanker.imei, onTime.slice(0, cut));
    await first.close();
    // A restarted gateway: the device's derive state (with the day's fuel reference) comes back from the database.
    const second = harness({ ...t, close: async () => undefined });
    await second.send(tanker.imei, onTime.slice(cut));
    const replayAt = new Date(ist('2026-11-22 11:05').getTime());
    await second.send(
      tanker.imei,
      late.map((m) => ({
        message: { ...m.message, history: true },
        serverAt: replayAt,
      })),
    );
    expect(second.stage.rederivations).toBe(1);
    await second.close();
  }, 60_000);

  it('sums the drops of the day, not the refill or the noise, and survives a restart and late history', async () => {
    const [day] = await rows<{ day: string; fuel_used_l: number | null; distance_m: number }>(
      t.db,
      sql`select day::text as day, fuel_used_l, distance_m from daily_vehicle_stats where vehicle_id = ${vehicleId}`,
    );
    expect(day?.day).toBe('2026-11-22');
    expect(day?.fuel_used_l).toBeCloseTo(5.5, 6);
    expect(day?.distance_m).toBeCloseTo(18_000, 0);

    const res = await t.call('ADMIN', 'POST', '/v1/report/fuel-consumption/run', {
      from: '2026-11-22T00:00:00+05:30',
      to: '2026-11-22T23:59:59.999+05:30',
      vehicleId: String(vehicleId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data as ReportRun;
    const columns = requireReportMeta('fuel-consumption').columns;
    const [row] = run.rows;
    expect(row && Object.fromEntries(columns.map((c) => [c.key, formatReportCell(c, row[c.key])]))).toEqual({
      sr: '1',
      zone: '-',
      ward: '-',
      model: '-',
      regNo: 'MP09FU0001',
      distance: '18.00',
      fuelUsed: '5.50',
      kmpl: '3.27',
      source: 'Sensor',
    });
    expect(run.meta).toMatchObject({ sensor: 1, estimated: 0 });
  });
});
