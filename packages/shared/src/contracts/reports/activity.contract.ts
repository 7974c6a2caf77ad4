/**
 * Reports over the per-vehicle daily rollups (daily_vehicle_stats): cumulative distance (spec 02 §2, exactly), daily
 * and total run, monthly summary, daily vehicle operations, categorisation and fuel.
 */
import { z } from 'zod';
import {
  REPORT_VEHICLE_COLUMNS,
  type ReportColumn,
  type ReportMeta,
  reportFilterSchema,
} from '../report.contract.ts';

const NS = 'reportsActivity';

export const CUMULATIVE_DISTANCE_COLUMNS: readonly ReportColumn[] = [
  ...REPORT_VEHICLE_COLUMNS,
  { key: 'day', label: 'Day', kind: 'day' },
  { key: 'distance', label: 'Distance', kind: 'km' },
  { key: 'averageSpeed', label: 'Avg Speed', kind: 'dec2', empty: '-' },
  { key: 'fuelConsumed', label: 'Fuel Consumption', kind: 'dec2', empty: '0' },
];

const VEHICLE_COLUMNS = REPORT_VEHICLE_COLUMNS;

export const DAILY_RUN_SUMMARY_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'day', label: 'Date', kind: 'day' },
  { key: 'distance', label: 'Distance (km)', kind: 'km' },
  { key: 'runS', label: 'Run', kind: 'duration' },
  { key: 'idleS', label: 'Idle', kind: 'duration' },
  { key: 'stopS', label: 'Stop', kind: 'duration' },
  { key: 'offlineS', label: 'Offline', kind: 'duration' },
  { key: 'maxSpeed', label: 'Max Speed (km/h)', kind: 'dec2' },
  { key: 'averageSpeed', label: 'Avg Moving Speed (km/h)', kind: 'dec2' },
  { key: 'trips', label: 'Trips', kind: 'int' },
  { key: 'firstIgnitionAt', label: 'First Ignition On', kind: 'datetime' },
  { key: 'lastIgnitionAt', label: 'Last Ignition On', kind: 'datetime' },
];

export const TOTAL_RUN_SUMMARY_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'daysWithData', label: 'Days With Data', kind: 'int' },
  { key: 'distance', label: 'Distance (km)', kind: 'km' },
  { key: 'runS', label: 'Run', kind: 'duration' },
  { key: 'idleS', label: 'Idle', kind: 'duration' },
  { key: 'stopS', label: 'Stop', kind: 'duration' },
  { key: 'maxSpeed', label: 'Max Speed (km/h)', kind: 'dec2' },
  { key: 'averageSpeed', label: 'Avg Moving Speed (km/h)', kind: 'dec2' },
  { key: 'trips', label: 'Trips', kind: 'int' },
  { key: 'distancePerDay', label: 'Distance Per Day (km)', kind: 'km' },
];

/** Day columns of the monthly grid: `d01` … `d31` (the run says which exist in its month). */
export const monthDayKey = (dayOfMonth: number) => `d${String(dayOfMonth).padStart(2, '0')}`;
/** Run seconds of a grid cell travel in the row as `r01` … `r31` (not columns: the View's second line). */
export const monthRunKey = (dayOfMonth: number) => `r${String(dayOfMonth).padStart(2, '0')}`;

export const MONTHLY_SUMMARY_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  ...Array.from({ length: 31 }, (_, i): ReportColumn => ({
    key: monthDayKey(i + 1),
    label: String(i + 1),
    kind: 'km',
  })),
  { key: 'total', label: 'Total (km)', kind: 'km' },
];

/** yyyy-MM. */
export const ReportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month (yyyy-MM)' });

export const DAILY_VEHICLE_OPERATION_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'day', label: 'Date', kind: 'day' },
  { key: 'firstIgnitionAt', label: 'First Ignition On', kind: 'time' },
  { key: 'lastIgnitionAt', label: 'Last Ignition On', kind: 'time' },
  { key: 'runS', label: 'Run', kind: 'duration' },
  { key: 'idleS', label: 'Idle', kind: 'duration' },
  { key: 'stopS', label: 'Stop', kind: 'duration' },
  { key: 'distance', label: 'Distance (km)', kind: 'km' },
  { key: 'trips', label: 'Trips', kind: 'int' },
  { key: 'dumpYardTrips', label: 'Dump Yard Trips', kind: 'int' },
  { key: 'transferStationTrips', label: 'Transfer Station Trips', kind: 'int' },
];

/** Utilisation bands of vehicle categorisation, in the order they are shown. */
export const VEHICLE_BANDS = ['active', 'under-used', 'idle', 'offline'] as const;
export type VehicleBand = (typeof VEHICLE_BANDS)[number];
export const VEHICLE_BAND_LABELS: Record<VehicleBand, string> = {
  active: 'Active',
  'under-used': 'Under-used',
  idle: 'Idle',
  offline: 'Offline',
};

export const VEHICLE_CATEGORIZATION_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'band', label: 'Band', kind: 'text' },
  { key: 'daysWithData', label: 'Days With Data', kind: 'int' },
  { key: 'distance', label: 'Distance (km)', kind: 'km' },
  { key: 'distancePerDay', label: 'Avg Per Day (km)', kind: 'km' },
  { key: 'runS', label: 'Run', kind: 'duration' },
];

/** Where a fuel figure comes from. */
export const FUEL_SOURCES = { sensor: 'Sensor', estimated: 'Estimated' } as const;

export const FUEL_CONSUMPTION_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'distance', label: 'Distance (km)', kind: 'km' },
  { key: 'fuelUsed', label: 'Fuel Used (l)', kind: 'dec2' },
  { key: 'kmpl', label: 'km/l', kind: 'dec2' },
  { key: 'source', label: 'Source', kind: 'text' },
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
  'daily-run-summary': {
    id: 'daily-run-summary',
    title: 'Daily Run Summary',
    subtitle:
      'Distance, run, idle, stop and offline time, speeds, trips and ignition of each vehicle, day by day.',
    fileBase: 'Daily_Run_Summary',
    columns: DAILY_RUN_SUMMARY_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
  'total-run-summary': {
    id: 'total-run-summary',
    title: 'Total Run',
    subtitle: 'Totals of each vehicle over the range: distance, run, idle and stop time, speeds and trips.',
    fileBase: 'Total_Run_Summary',
    columns: TOTAL_RUN_SUMMARY_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
  'monthly-summary': {
    id: 'monthly-summary',
    title: 'Monthly Summary',
    subtitle: 'Distance of each vehicle on each day of the month.',
    fileBase: 'Monthly_Summary',
    columns: MONTHLY_SUMMARY_COLUMNS,
    filter: reportFilterSchema({
      /** The month (yyyy-MM); the range is derived from it. Default: the current month. */
      month: ReportMonthSchema.optional(),
    }),
    range: 'optional',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
  'daily-vehicle-operation-report': {
    id: 'daily-vehicle-operation-report',
    title: 'Daily Vehicle Operations',
    subtitle:
      'Each vehicle, day by day: ignition, run, idle and stop time, distance, trips and disposal trips.',
    fileBase: 'Daily_Vehicle_Operation_Report',
    columns: DAILY_VEHICLE_OPERATION_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
  'vehicle-categorization': {
    id: 'vehicle-categorization',
    title: 'Vehicle Categorization',
    subtitle:
      'Vehicles grouped by how much they were used over the range: active, under-used, idle or offline.',
    fileBase: 'Vehicle_Categorization',
    columns: VEHICLE_CATEGORIZATION_COLUMNS,
    filter: reportFilterSchema({
      /** Only the vehicles of one band (the band cards of the page). */
      band: z.enum(VEHICLE_BANDS, { error: 'Choose a band: active, under-used, idle or offline' }).optional(),
    }),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find vehicles in your search',
    namespace: NS,
  },
  'fuel-consumption': {
    id: 'fuel-consumption',
    title: 'Fuel Consumption',
    subtitle:
      'Fuel used by each vehicle over the range, from its fuel sensor or estimated from the distance.',
    fileBase: 'Fuel_Consumption',
    columns: FUEL_CONSUMPTION_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: null,
    emptyMessage: 'We could not find summary data in your search',
    namespace: NS,
  },
};
