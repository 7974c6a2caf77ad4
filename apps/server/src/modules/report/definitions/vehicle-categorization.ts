/**
 * Vehicle Categorization: every selected vehicle in one utilisation band over the range —
 * active: average distance per day of the range (all its days, not only days with data) ≥
 *   settings.activeMinDailyDistanceM; under-used: moved, but less; idle: reported in the range but never moved;
 * offline: no rollup in the range. `band` (filter) keeps one band's rows; the counts in `meta` are always of every
 * band, so the page's band cards stay whole while the table is filtered.
 */
import { requireReportMeta, VEHICLE_BAND_LABELS, type ReportRow, type VehicleBand } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';

/** The band of a vehicle's sums over a range of `rangeDays` days. */
export function bandOf(
  sum: { days: number; distanceM: number } | undefined,
  rangeDays: number,
  activeMinDailyDistanceM: number,
): VehicleBand {
  if (!sum || sum.days === 0) return 'offline';
  if (sum.distanceM <= 0) return 'idle';
  return sum.distanceM / Math.max(1, rangeDays) >= activeMinDailyDistanceM ? 'active' : 'under-used';
}

export const vehicleCategorizationReport: ReportDefinition<{ band?: VehicleBand }> = {
  meta: requireReportMeta('vehicle-categorization'),
  async *run({ db, scope, signal }, filter) {
    const rangeDays = scope.days.length;
    const threshold = scope.settings.activeMinDailyDistanceM;
    const counts: Record<VehicleBand, number> = { active: 0, 'under-used': 0, idle: 0, offline: 0 };
    const meta = () => ({
      activeMinDailyDistanceKm: threshold / 1000,
      days: rangeDays,
      ...(filter.band ? { band: VEHICLE_BAND_LABELS[filter.band] } : {}),
      active: counts.active,
      underUsed: counts['under-used'],
      idle: counts.idle,
      offline: counts.offline,
    });
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1, meta: meta() };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const sums = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, false));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const sum = sums.get(String(vehicle.id))?.[0];
        const band = bandOf(sum, rangeDays, threshold);
        counts[band] += 1;
        if (filter.band && filter.band !== band) continue;
        const distanceM = sum?.distanceM ?? 0;
        out.push({
          ...vehicleCells(vehicle),
          band: VEHICLE_BAND_LABELS[band],
          bandKey: band,
          daysWithData: sum?.days ?? 0,
          distance: distanceM,
          distancePerDay: distanceM / Math.max(1, rangeDays),
          runS: sum ? sum.runS : null,
        });
      }
      yield { rows: out, progress, meta: meta() };
    }
  },
};
