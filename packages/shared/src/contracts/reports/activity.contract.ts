/**
 * Reports over the per-vehicle daily rollups (daily_vehicle_stats): cumulative distance (spec 02 §2, exactly), daily
 * and total run, monthly summary, daily vehicle operations, categorisation and fuel.
 */
import { z } from 'zod';
import { type ReportColumn, type ReportMeta, reportFilterSchema } from '../report.contract.ts';

const NS = 'reportsActivity';

export const CUMULATIVE_DISTANCE_COLUMNS: readonly ReportColumn[] = [
  { key: 'sr', label: 'Sr', kind: 'serial' },
  { key: 'zone', label: 'Zone', kind: 'text' },
  { key: 'ward', label: 'Ward', kind: 'text' },
  { key: 'model', label: 'Vehicle Type', kind: 'text' },
  { key: 'regNo', label: 'Vehicle Number', kind: 'text' },
  { key: 'day', label: 'Day', kind: 'day', hidden: false },
  { key: 'distance', label: 'Distance', kind: 'km' },
  { key: 'averageSpeed', label: 'Avg Speed', kind: 'dec2', empty: '-' },
  { key: 'fuelConsumed', label: 'Fuel Consumption', kind: 'dec2', empty: '0' },
];

export const ACTIVITY_REPORTS: Record<string, ReportMeta> = {
  'cumulative-distance-report': {
    id: 'cumulative-distance-report',
    title: 'Cumulative Distance Report',
    subtitle: 'This report shows the cumulative distance travelled by each vehicle on a daily basis.',
    fileBase: 'Cumulative_Distance_Report',
    columns: CUMULATIVE_DISTANCE_COLUMNS,
    filter: reportFilterSchema({
      /** One row per vehicle per day instead of one per vehicle (the Day column shows only then). */
      dayBreakdown: z.boolean().optional(),
    }),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
};
