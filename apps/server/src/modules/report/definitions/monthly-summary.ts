/**
 * Monthly Summary: a calendar grid of one month (`month`, yyyy-MM; default the month of the range's end, i.e. the
 * current month when no range is given — the console hides the range and sends only the month). One row per vehicle
 * with data in the month: the distance of each day (`d01` … `dNN`, the run's `columns` list exactly the month's days)
 * and the total; each day's run time travels in the row as `r01` … (the page's second line per cell, not a column).
 */
import {
  monthDayKey,
  monthRunKey,
  requireReportMeta,
  type ReportCell,
  type ReportRow,
} from '@civicfleet/shared';
import { type ReportDefinition, scopeChunks } from '../engine/types.ts';
import { byVehicle, readRollups, vehicleCells } from './daily-rollups.ts';

/** Days in a yyyy-MM month (28–31). */
export function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).getUTCDate();
}

export const monthlySummaryReport: ReportDefinition<{ month?: string }> = {
  meta: requireReportMeta('monthly-summary'),
  async *run({ db, scope, signal }, filter) {
    const month = filter.month ?? scope.toDay.slice(0, 7);
    const length = daysInMonth(month);
    const fromDay = `${month}-01`;
    const toDay = `${month}-${String(length).padStart(2, '0')}`;
    const dayKeys = Array.from({ length }, (_, i) => monthDayKey(i + 1));
    const columns = this.meta.columns
      .map((c) => c.key)
      .filter((key) => !/^d\d\d$/.test(key) || dayKeys.includes(key));
    const meta = { month, days: length };
    if (scope.vehicles.length === 0) yield { rows: [], progress: 1, columns, meta };
    for (const { vehicles, progress } of scopeChunks(scope)) {
      if (signal?.aborted) return;
      const days = byVehicle(await readRollups(db, vehicles, fromDay, toDay, true));
      const out: ReportRow[] = [];
      for (const vehicle of vehicles) {
        const list = days.get(String(vehicle.id));
        if (!list) continue;
        const cells: Record<string, ReportCell> = {};
        let totalM = 0;
        for (const day of list) {
          const dayOfMonth = Number(day.day?.slice(8, 10));
          cells[monthDayKey(dayOfMonth)] = day.distanceM;
          cells[monthRunKey(dayOfMonth)] = day.runS;
          totalM += day.distanceM;
        }
        out.push({ ...vehicleCells(vehicle), ...cells, total: totalM });
      }
      yield { rows: out, progress, columns, meta };
    }
  },
};
