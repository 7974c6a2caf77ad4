/**
 * Fuel Consumption: per vehicle with data in the range, distance, litres used and km per litre. The litres are the
 * fuel sensor's (daily_vehicle_stats.fuel_used_l, docs/derivations.md "Fuel") when every day with data in the range
 * has a figure; otherwise the whole range is estimated as distance ÷ settings.fuelEconomyKmpl and labelled so.
 */
import { FUEL_SOURCES, requireReportMeta, type ReportRow } from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';

export const fuelConsumptionReport: ReportDefinition = {
  meta: requireReportMeta('fuel-consumption'),
  async *run({ db, scope, signal }) {
    const economyKmpl = scope.settings.fuelEconomyKmpl;
    const counts = { sensor: 0, estimated: 0 };
    const meta = () => ({ fuelEconomyKmpl: economyKmpl, ...counts });
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1, meta: meta() };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const sums = byVehicle(await readRollups(db, vehicles, scope.fromDay, scope.toDay, false));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const sum = sums.get(String(vehicle.id))?.[0];
        if (!sum) continue;
        const isSensor = sum.fuelDays > 0 && sum.fuelDays === sum.days && sum.fuelUsedL !== null;
        const fuelUsedL = isSensor ? (sum.fuelUsedL ?? 0) : sum.distanceM / 1000 / economyKmpl;
        counts[isSensor ? 'sensor' : 'estimated'] += 1;
        out.push({
          ...vehicleCells(vehicle),
          distance: sum.distanceM,
          fuelUsed: fuelUsedL,
          kmpl: fuelUsedL > 0 ? sum.distanceM / 1000 / fuelUsedL : null,
          source: isSensor ? FUEL_SOURCES.sensor : FUEL_SOURCES.estimated,
        });
      }
      yield { rows: out, progress, meta: meta() };
    }
  },
};
