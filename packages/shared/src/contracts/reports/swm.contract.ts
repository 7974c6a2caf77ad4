/**
 * SWM reports over job schedules, routes and collection points: duty, route violation, collection, D2D collection.
 * Definitions of "collection-point visit" and "duty": docs/reports.md "## Definitions: collection visit, duty".
 */
import { z } from 'zod';
import {
  REPORT_VEHICLE_COLUMNS,
  type ReportColumn,
  type ReportMeta,
  reportFilterSchema,
} from '../report.contract.ts';

const NS = 'reportsSwm';

const VEHICLE_COLUMNS = REPORT_VEHICLE_COLUMNS;

export const DUTY_REPORT_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'day', label: 'Day', kind: 'day' },
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'windowStart', label: 'Scheduled Start', kind: 'datetime' },
  { key: 'windowEnd', label: 'Scheduled End', kind: 'datetime' },
  { key: 'dutyStart', label: 'Duty Start', kind: 'datetime' },
  { key: 'dutyEnd', label: 'Duty End', kind: 'datetime' },
  { key: 'lateStart', label: 'Late Start', kind: 'bool', empty: '-' },
  { key: 'earlyEnd', label: 'Early End', kind: 'bool', empty: '-' },
  { key: 'dutyS', label: 'Duty Hours', kind: 'duration' },
  { key: 'distance', label: 'Distance', kind: 'km' },
  { key: 'trips', label: 'Trips', kind: 'int' },
  { key: 'runStatus', label: 'Job Status', kind: 'text' },
  { key: 'score', label: 'Score', kind: 'percent' },
];

/** Route violation kinds (the report's extra multi filter). */
export const ROUTE_VIOLATION_TYPES = ['overspeed', 'corridorExit', 'missedCheckpoint'] as const;
export type RouteViolationType = (typeof ROUTE_VIOLATION_TYPES)[number];
/** English names of the kinds, as the rows and files carry them. */
export const ROUTE_VIOLATION_LABELS: Record<RouteViolationType, string> = {
  overspeed: 'Overspeed',
  corridorExit: 'Route corridor exit',
  missedCheckpoint: 'Missed checkpoint',
};

export const ROUTE_VIOLATION_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'violation', label: 'Violation', kind: 'text' },
  { key: 'violationType', label: 'Violation Type', kind: 'text', hidden: true },
  { key: 'at', label: 'Time', kind: 'datetime' },
  { key: 'until', label: 'Until', kind: 'datetime' },
  { key: 'place', label: 'Place', kind: 'text' },
  { key: 'job', label: 'Job', kind: 'text' },
  { key: 'route', label: 'Route', kind: 'text' },
  { key: 'checkpoint', label: 'Checkpoint', kind: 'text' },
  { key: 'maxSpeed', label: 'Max Speed (km/h)', kind: 'int', empty: '-' },
  { key: 'speedLimit', label: 'Speed Limit (km/h)', kind: 'int', empty: '-' },
  { key: 'offRouteM', label: 'Off Route (m)', kind: 'int', empty: '-' },
];

export const COLLECTION_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'day', label: 'Day', kind: 'day' },
  { key: 'scheduled', label: 'Points Scheduled', kind: 'int' },
  { key: 'visited', label: 'Visited', kind: 'int' },
  { key: 'missed', label: 'Missed', kind: 'int' },
  { key: 'firstVisit', label: 'First Visit', kind: 'datetime' },
  { key: 'lastVisit', label: 'Last Visit', kind: 'datetime' },
  { key: 'coverage', label: 'Coverage', kind: 'percent' },
  { key: 'dumpTrips', label: 'Dump-yard Trips', kind: 'int' },
];

export const D2D_COLLECTION_COLUMNS: readonly ReportColumn[] = [
  { key: 'sr', label: 'Sr', kind: 'serial' },
  { key: 'ward', label: 'Ward', kind: 'text' },
  { key: 'route', label: 'Route', kind: 'text' },
  { key: 'point', label: 'Point', kind: 'text' },
  { key: 'lat', label: 'Latitude', kind: 'text' },
  { key: 'lon', label: 'Longitude', kind: 'text' },
  { key: 'planned', label: 'Planned', kind: 'int' },
  { key: 'served', label: 'Served', kind: 'int' },
  { key: 'missed', label: 'Missed', kind: 'int' },
  { key: 'coverage', label: 'Coverage', kind: 'percent' },
  { key: 'lastServed', label: 'Last Served', kind: 'datetime' },
];

/** `meta` of a collection run: totals over every row. */
export const CollectionMetaSchema = z.object({
  scheduled: z.number().int(),
  visited: z.number().int(),
  missed: z.number().int(),
  /** 0–100, null without scheduled points. */
  coverage: z.number().nullable(),
  dumpTrips: z.number().int(),
});
export type CollectionMeta = z.infer<typeof CollectionMetaSchema>;

/** `meta` of a D2D run: overall visits planned and served (per ward/route and per point: the rows). */
export const D2dMetaSchema = z.object({
  planned: z.number().int(),
  served: z.number().int(),
  coverage: z.number().nullable(),
});
export type D2dMeta = z.infer<typeof D2dMetaSchema>;

export const SWM_REPORTS: Record<string, ReportMeta> = {
  'duty-report': {
    id: 'duty-report',
    title: 'Summary Duty',
    subtitle:
      'Duty start (first ignition on) and duty end (last ignition off) of each vehicle per day against its job schedule.',
    fileBase: 'Duty_Report',
    columns: DUTY_REPORT_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'optional',
    maxDays: 31,
    emptyMessage: 'We could not find duty data in your search',
    namespace: NS,
  },
  'route-violation': {
    id: 'route-violation',
    title: 'Route Violation',
    subtitle: 'Over-speeding, exits from the route corridor and missed checkpoints of job runs.',
    fileBase: 'Route_Violation_Report',
    columns: ROUTE_VIOLATION_COLUMNS,
    filter: reportFilterSchema({
      violationTypes: z
        .array(z.enum(ROUTE_VIOLATION_TYPES, { error: 'Choose overspeed, corridorExit or missedCheckpoint' }))
        .max(ROUTE_VIOLATION_TYPES.length)
        .optional(),
    }),
    range: 'required',
    maxDays: 31,
    emptyMessage: 'We could not find violations in your search',
    namespace: NS,
  },
  collection: {
    id: 'collection',
    title: 'Collection',
    subtitle: 'Collection points scheduled, visited and missed per ward and vehicle per day.',
    fileBase: 'Collection_Report',
    columns: COLLECTION_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: 31,
    emptyMessage: 'We could not find collection data in your search',
    namespace: NS,
  },
  'd2d-collection': {
    id: 'd2d-collection',
    title: 'D2D Collection',
    subtitle: 'Door-to-door coverage per ward and route, with the points missed.',
    fileBase: 'D2D_Collection_Report',
    columns: D2D_COLLECTION_COLUMNS,
    filter: reportFilterSchema({
      /** Only points missed at least once. */
      onlyMissed: z.boolean().optional(),
    }),
    range: 'required',
    maxDays: 31,
    emptyMessage: 'We could not find collection points in your search',
    namespace: NS,
  },
};
