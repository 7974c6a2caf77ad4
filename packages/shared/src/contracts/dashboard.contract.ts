/**
 * The municipal dashboards (spec 01 §2.3, §2.7; issue 7 "Dashboards"): /v1/dashboard/city (the city view of
 * /dashboard), /v1/dashboard/divisions and /v1/dashboard/series (the zone → circle → ward drill-down of /dashboardv2),
 * /v1/dashboard/fleet (/fleet-dashboard). Definitions in docs/swm.md "Dashboards".
 *
 * Filters: `from`–`to` are Asia/Kolkata calendar days `yyyy-MM-dd`, both included (default: today); `zoneId`,
 * `circleId`, `wardId` narrow to the vehicles, staff and complaints of that division (an unknown or invisible
 * division answers 404). "Now" figures (vehicle status, dump-yard presence, open alerts, open complaints, offline
 * vehicles) ignore the day range; day figures (distance, coverage, trips, utilisation …) use it; attendance is the
 * `to` day.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { VEHICLE_LIVE_STATUSES } from './live.contract.ts';
import { DriverPerformanceRowSchema } from './people.contract.ts';

/** Longest `from`–`to` range (days, both ends included). */
export const DASHBOARD_MAX_RANGE_DAYS = 92;
/** Offline vehicles listed by the city view (the count covers all). */
export const DASHBOARD_OFFLINE_LIST_MAX = 50;
export const DASHBOARD_SERIES_METRICS = [
  'distance',
  'trips',
  'attendance',
  'complaints',
  'coverage',
] as const;
export type DashboardSeriesMetric = (typeof DASHBOARD_SERIES_METRICS)[number];
/** Why a vehicle is offline: the open offline interval's reason, else what its last packet said. */
export const OFFLINE_REASONS = ['power-cut', 'silent', 'never-connected'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

export const DASHBOARD_MESSAGES = {
  from: 'Choose a start day (yyyy-MM-dd)',
  to: 'Choose an end day (yyyy-MM-dd)',
  order: 'The end day cannot be before the start day',
  range: `Choose a range of at most ${DASHBOARD_MAX_RANGE_DAYS} days`,
  metric: `The metric must be one of ${DASHBOARD_SERIES_METRICS.join(', ')}`,
  groupBy: 'Group by day',
  zone: 'Zone not found.',
  circle: 'Circle not found.',
  ward: 'Ward not found.',
} as const;

const isValidDay = (s: string) =>
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const daySchema = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isValidDay, message);
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalId = z.preprocess(emptyToUndefined, IdSchema.optional());
const optionalDay = (message: string) => z.preprocess(emptyToUndefined, daySchema(message).optional());

const DAY_MS = 86_400_000;
function checkDayRange(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.from === undefined || value.to === undefined) return;
  const days = (Date.parse(`${value.to}T00:00:00Z`) - Date.parse(`${value.from}T00:00:00Z`)) / DAY_MS;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.order });
  else if (days + 1 > DASHBOARD_MAX_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.range });
}

const DashboardFilterBase = z.object({
  /** Default: `to`, or today. */
  from: optionalDay(DASHBOARD_MESSAGES.from),
  /** Default: `from`, or today. */
  to: optionalDay(DASHBOARD_MESSAGES.to),
  zoneId: optionalId,
  circleId: optionalId,
  wardId: optionalId,
});

/** The shared filters of every dashboard route. */
export const DashboardFilterSchema = DashboardFilterBase.superRefine(checkDayRange);
export type DashboardFilter = z.infer<typeof DashboardFilterSchema>;

/** GET /dashboard/series. */
export const DashboardSeriesQuerySchema = DashboardFilterBase.extend({
  metric: z.enum(DASHBOARD_SERIES_METRICS, { error: DASHBOARD_MESSAGES.metric }),
  groupBy: z.enum(['day'], { error: DASHBOARD_MESSAGES.groupBy }).default('day'),
}).superRefine(checkDayRange);
export type DashboardSeriesQuery = z.infer<typeof DashboardSeriesQuerySchema>;

/** The resolved filter echoed in every answer (defaults applied). */
export const DashboardAppliedFilterSchema = z.object({
  from: z.string(),
  to: z.string(),
  zoneId: z.string().nullable(),
  circleId: z.string().nullable(),
  wardId: z.string().nullable(),
});
export type DashboardAppliedFilter = z.infer<typeof DashboardAppliedFilterSchema>;

/** Vehicles per live status now (the vehicle-status screen's rule: live/live-mapping.ts effectiveStatus). */
export const StatusCountsSchema = z.record(z.enum([...VEHICLE_LIVE_STATUSES, 'total']), z.number().int());
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

export const DashboardAttendanceSchema = z.object({
  /** The day counted (the filter's `to`). */
  day: z.string(),
  /** Active, not deleted staff of the filter. */
  staff: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  notMarked: z.number().int(),
});
export type DashboardAttendance = z.infer<typeof DashboardAttendanceSchema>;

export const CoverageSchema = z.object({
  /** job_runs of the days in range. */
  runs: z.number().int(),
  checkpointsMet: z.number().int(),
  checkpointsTotal: z.number().int(),
  /** met / total, 0..1; null without checkpoints. */
  ratio: z.number().nullable(),
});
export type Coverage = z.infer<typeof CoverageSchema>;

export const DashboardPresenceSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  geofenceId: z.string(),
  geofenceName: z.string(),
  enteredAt: z.string(),
  insideS: z.number().int(),
});
export type DashboardPresence = z.infer<typeof DashboardPresenceSchema>;

export const OfflineVehicleSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  reason: z.enum(OFFLINE_REASONS),
  /** Last packet (null: never connected). */
  since: z.string().nullable(),
});
export type OfflineVehicle = z.infer<typeof OfflineVehicleSchema>;

export const ComplaintCountsSchema = z.object({
  open: z.number().int(),
  assigned: z.number().int(),
  reopened: z.number().int(),
  /** open + assigned + reopened. */
  total: z.number().int(),
  /** Of those, past due_at now. */
  overdue: z.number().int(),
});
export type ComplaintCounts = z.infer<typeof ComplaintCountsSchema>;

/** GET /dashboard/city. */
export const CityDashboardSchema = z.object({
  filter: DashboardAppliedFilterSchema,
  generatedAt: z.string(),
  vehicles: StatusCountsSchema,
  /** Sum of daily_vehicle_stats over the days. */
  distanceM: z.number(),
  coverage: CoverageSchema,
  disposalTrips: z.object({
    total: z.number().int(),
    /** Trips per local hour of entry (index 0–23) over the days. */
    byHour: z.array(z.number().int()),
    /** Trips per local day of entry, every day of the range. */
    byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  }),
  dumpYardPresence: z.array(DashboardPresenceSchema),
  alerts: z.object({
    /** Desk alerts not closed, per type. */
    byType: z.record(z.string(), z.number().int()),
    total: z.number().int(),
  }),
  offline: z.object({
    total: z.number().int(),
    byReason: z.record(z.enum(OFFLINE_REASONS), z.number().int()),
    vehicles: z.array(OfflineVehicleSchema),
  }),
  attendance: DashboardAttendanceSchema,
  complaints: ComplaintCountsSchema,
});
export type CityDashboard = z.infer<typeof CityDashboardSchema>;

/** The key figures of one division (its own rows plus its children's). */
export const DivisionFiguresSchema = z.object({
  vehicles: z.number().int(),
  moving: z.number().int(),
  offline: z.number().int(),
  distanceM: z.number(),
  disposalTrips: z.number().int(),
  checkpointsMet: z.number().int(),
  checkpointsTotal: z.number().int(),
  coverage: z.number().nullable(),
  staff: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  openComplaints: z.number().int(),
  overdueComplaints: z.number().int(),
});
export type DivisionFigures = z.infer<typeof DivisionFiguresSchema>;

export interface DivisionNode {
  id: string;
  type: 'ZONE' | 'CIRCLE' | 'WARD';
  name: string;
  code: string | null;
  figures: DivisionFigures;
  children: DivisionNode[];
}
export const DivisionNodeSchema: z.ZodType<DivisionNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    type: z.enum(['ZONE', 'CIRCLE', 'WARD']),
    name: z.string(),
    code: z.string().nullable(),
    figures: DivisionFiguresSchema,
    children: z.array(DivisionNodeSchema),
  }),
);

/** GET /dashboard/divisions: the zones (or the filtered division) with circles and wards below. */
export const DivisionsDashboardSchema = z.object({
  filter: DashboardAppliedFilterSchema,
  generatedAt: z.string(),
  /** Everything in the filter, whether or not it has a division. */
  total: DivisionFiguresSchema,
  /** Rows without a division (vehicles, staff or complaints with no zone/circle/ward). */
  unassigned: DivisionFiguresSchema,
  tree: z.array(DivisionNodeSchema),
});
export type DivisionsDashboard = z.infer<typeof DivisionsDashboardSchema>;

/** GET /dashboard/series: one point per local day of the range (null: nothing to measure, coverage only). */
export const DashboardSeriesSchema = z.object({
  filter: DashboardAppliedFilterSchema,
  metric: z.enum(DASHBOARD_SERIES_METRICS),
  /** km, trips, staff present, complaints raised, coverage 0..1. */
  unit: z.enum(['km', 'count', 'ratio']),
  points: z.array(z.object({ day: z.string(), value: z.number().nullable() })),
});
export type DashboardSeries = z.infer<typeof DashboardSeriesSchema>;

export const FleetVehicleRowSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  distanceM: z.number(),
  runS: z.number().int(),
  idleS: z.number().int(),
  /** Shift time (docs/swm.md): the job windows of each day, else the first → last ignition span. */
  shiftS: z.number().int(),
  /** runS / shiftS, null without shift time. */
  utilisation: z.number().nullable(),
  overspeedEvents: z.number().int(),
  maxSpeedKph: z.number().nullable(),
});
export type FleetVehicleRow = z.infer<typeof FleetVehicleRowSchema>;

export const FuelRowSchema = z.object({
  vehicleId: z.string(),
  registrationNumber: z.string(),
  readings: z.number().int(),
  firstL: z.number(),
  lastL: z.number(),
  /** Sum of level drops between consecutive readings (refills ignored). */
  consumedL: z.number(),
});
export type FuelRow = z.infer<typeof FuelRowSchema>;

/** GET /dashboard/fleet. */
export const FleetDashboardSchema = z.object({
  filter: DashboardAppliedFilterSchema,
  generatedAt: z.string(),
  totals: z.object({
    vehicles: z.number().int(),
    /** Vehicles with any distance or run time in range. */
    activeVehicles: z.number().int(),
    distanceM: z.number(),
    runS: z.number().int(),
    idleS: z.number().int(),
    shiftS: z.number().int(),
    utilisation: z.number().nullable(),
    overspeedEvents: z.number().int(),
  }),
  fuel: z.object({
    /** False: no fuel sensor reported in range; the figures are absent, never estimated. */
    hasSensorData: z.boolean(),
    consumedL: z.number().nullable(),
    vehicles: z.array(FuelRowSchema),
  }),
  vehicles: z.array(FleetVehicleRowSchema),
  usageByDay: z.array(
    z.object({
      day: z.string(),
      distanceM: z.number(),
      runS: z.number().int(),
      idleS: z.number().int(),
      activeVehicles: z.number().int(),
    }),
  ),
  top: z.object({
    byDistance: z.array(FleetVehicleRowSchema),
    byUtilisation: z.array(FleetVehicleRowSchema),
  }),
  bottom: z.object({
    byDistance: z.array(FleetVehicleRowSchema),
    byUtilisation: z.array(FleetVehicleRowSchema),
  }),
  drivers: z.array(DriverPerformanceRowSchema),
});
export type FleetDashboard = z.infer<typeof FleetDashboardSchema>;
