/**
 * Reports over alerts, intervals and raw packets: alert, sosalert, alert-grouped, offline, vehicle-timeline, raw-logs
 * (issue 8). Definitions: apps/server/src/modules/report/definitions/{alert,sos-alert,alert-grouped,offline,
 * vehicle-timeline,raw-logs}.ts; rules in docs/reports.md.
 */
import { z } from 'zod';
import {
  REPORT_VEHICLE_COLUMNS,
  type ReportColumn,
  type ReportMeta,
  reportFilterSchema,
} from '../report.contract.ts';

const NS = 'reportsAlerts';

/**
 * The one catalogue of alert labels: every type an `events` row can carry (the ALARMS of packages/protocols that open
 * an alert; closers such as `sosOff` and state changes such as `ignitionOn` never do). A server test checks that each
 * key is in ALARMS.
 */
export const ALERT_TYPE_LABELS = {
  sos: 'SOS',
  overspeed: 'Overspeed',
  tamper: 'Tamper',
  boxOpened: 'Box Opened',
  wireCut: 'Wire Cut',
  powerCut: 'Power Cut',
  lowBattery: 'Low Battery',
  harshBraking: 'Harsh Braking',
  harshAcceleration: 'Harsh Acceleration',
  harshCornering: 'Harsh Cornering',
  otaChange: 'OTA Change',
  gpsLost: 'GPS Lost',
  vibration: 'Vibration',
  movement: 'Movement',
  towing: 'Towing',
  accident: 'Accident',
  jamming: 'Jamming',
  /** Raised by the server (worker job), not by a device: collection points still unvisited near a shift's end. */
  missedPoints: 'Missed Points',
} as const;
/** Types the server derives itself (not in the protocols' ALARMS catalogue). */
export const SERVER_ALERT_TYPES: readonly AlertType[] = ['missedPoints'];
export type AlertType = keyof typeof ALERT_TYPE_LABELS;
export const ALERT_TYPES = Object.keys(ALERT_TYPE_LABELS) as AlertType[];

/** The label of an alert type; an unknown type shows as stored. */
export function alertTypeLabel(type: string): string {
  return Object.hasOwn(ALERT_TYPE_LABELS, type) ? ALERT_TYPE_LABELS[type as AlertType] : type;
}

/** Alert states: the desk's status when the desk handles the type, else open/closed by the device. */
export const ALERT_STATE_LABELS = {
  open: 'Open',
  closed: 'Closed',
  new: 'New',
  acknowledged: 'Acknowledged',
} as const;
export type AlertState = keyof typeof ALERT_STATE_LABELS;

/** Offline reasons (docs/reports.md "## offline"). */
export const OFFLINE_REASON_LABELS = {
  'power-cut': 'Power cut',
  network: 'SIM / network',
  device: 'Device',
  'never-connected': 'never connected',
} as const;
export type OfflineReportReason = keyof typeof OFFLINE_REASON_LABELS;

export const TIMELINE_KIND_LABELS = {
  moving: 'Moving',
  idle: 'Idle',
  stopped: 'Stopped',
  offline: 'Offline',
} as const;
export type TimelineKind = keyof typeof TIMELINE_KIND_LABELS;

export const ALERT_REPORT_MESSAGES = {
  chooseVehicle: 'Choose a vehicle',
  chooseVehicleOrImei: 'Choose a vehicle or an IMEI',
  imei: 'IMEI must be 15 digits',
  offlineFor: 'Offline for must be between 1 and 43,200 minutes',
} as const;

/** GSM signal (0–31) at or below which the last packets count as weak (offline reason SIM / network). */
export const WEAK_GSM_SIGNAL = 9;

export const ALERT_GROUP_BY = ['vehicle', 'ward'] as const;
export type AlertGroupBy = (typeof ALERT_GROUP_BY)[number];

const VEHICLE_COLUMNS = REPORT_VEHICLE_COLUMNS;
const hiddenId = (key: string, label: string): ReportColumn => ({ key, label, kind: 'text', hidden: true });

export const ALERT_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'startedAt', label: 'Time', kind: 'datetime' },
  { key: 'endedAt', label: 'End Time', kind: 'datetime' },
  { key: 'type', label: 'Alert Type', kind: 'text' },
  { key: 'place', label: 'Location', kind: 'text' },
  { key: 'latLon', label: 'Lat, Lon', kind: 'text' },
  { key: 'geofence', label: 'Geofence', kind: 'text' },
  { key: 'state', label: 'State', kind: 'text' },
  { key: 'repeats', label: 'Repeats', kind: 'int' },
  { key: 'late', label: 'Late', kind: 'bool' },
  hiddenId('vehicleId', 'Vehicle Id'),
  hiddenId('alertId', 'Alert Id'),
  hiddenId('typeKey', 'Alert Type Key'),
];

export const SOS_ALERT_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'startedAt', label: 'Time', kind: 'datetime' },
  { key: 'endedAt', label: 'End Time', kind: 'datetime' },
  { key: 'place', label: 'Location', kind: 'text' },
  { key: 'latLon', label: 'Lat, Lon', kind: 'text' },
  { key: 'state', label: 'Desk Status', kind: 'text' },
  { key: 'acknowledgedBy', label: 'Acknowledged By', kind: 'text' },
  { key: 'acknowledgedAt', label: 'Acknowledged At', kind: 'datetime' },
  { key: 'assignedTo', label: 'Assigned To', kind: 'text' },
  { key: 'closedBy', label: 'Closed By', kind: 'text' },
  { key: 'closedAt', label: 'Closed At', kind: 'datetime' },
  { key: 'resolution', label: 'Resolution', kind: 'text' },
  { key: 'notes', label: 'Notes', kind: 'int' },
  { key: 'acknowledgeS', label: 'Time to Acknowledge', kind: 'duration' },
  { key: 'closeS', label: 'Time to Close', kind: 'duration' },
  { key: 'repeats', label: 'Repeats', kind: 'int' },
  { key: 'late', label: 'Late', kind: 'bool' },
  hiddenId('vehicleId', 'Vehicle Id'),
  hiddenId('alertId', 'Alert Id'),
];

/** Group columns, one count column per alert type (a run lists only the types present), then the total. */
export const ALERT_GROUPED_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  ...ALERT_TYPES.map((type): ReportColumn => ({ key: type, label: ALERT_TYPE_LABELS[type], kind: 'int' })),
  { key: 'total', label: 'Total', kind: 'int' },
  hiddenId('vehicleId', 'Vehicle Id'),
  hiddenId('wardId', 'Ward Id'),
];

export const OFFLINE_COLUMNS: readonly ReportColumn[] = [
  ...VEHICLE_COLUMNS,
  { key: 'since', label: 'Offline Since', kind: 'datetime', empty: 'never connected' },
  { key: 'offlineS', label: 'Offline For', kind: 'duration' },
  { key: 'place', label: 'Last Location', kind: 'text' },
  { key: 'latLon', label: 'Lat, Lon', kind: 'text' },
  { key: 'reason', label: 'Reason', kind: 'text' },
  hiddenId('vehicleId', 'Vehicle Id'),
  hiddenId('reasonKey', 'Reason Key'),
];

export const VEHICLE_TIMELINE_COLUMNS: readonly ReportColumn[] = [
  { key: 'sr', label: 'Sr', kind: 'serial' },
  { key: 'state', label: 'State', kind: 'text' },
  { key: 'startedAt', label: 'Start', kind: 'datetime' },
  { key: 'endedAt', label: 'End', kind: 'datetime' },
  { key: 'durationS', label: 'Duration', kind: 'duration' },
  { key: 'distance', label: 'Distance', kind: 'km' },
  { key: 'startPlace', label: 'Start Place', kind: 'text' },
  { key: 'endPlace', label: 'End Place', kind: 'text' },
  { key: 'open', label: 'Ongoing', kind: 'bool' },
  hiddenId('kind', 'State Key'),
];

export const RAW_LOG_COLUMNS: readonly ReportColumn[] = [
  { key: 'sr', label: 'Sr', kind: 'serial' },
  { key: 'receivedAt', label: 'Server Time', kind: 'datetime' },
  { key: 'protocol', label: 'Protocol', kind: 'text' },
  { key: 'imei', label: 'IMEI', kind: 'text' },
  { key: 'kind', label: 'Kind', kind: 'text' },
  { key: 'summary', label: 'Summary', kind: 'text' },
  { key: 'checksumOk', label: 'Checksum OK', kind: 'bool' },
  { key: 'decodeError', label: 'Decode Error', kind: 'text' },
  { key: 'raw', label: 'Raw', kind: 'text' },
  hiddenId('decoded', 'Decoded JSON'),
];

const vehicleRequired = (value: { vehicleId?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!value.vehicleId)
    ctx.addIssue({ code: 'custom', message: ALERT_REPORT_MESSAGES.chooseVehicle, path: ['vehicleId'] });
};

/** Adds `check` only when the filter is not empty (an empty one answers 'Atlest one filter is required' alone). */
const whenNotEmpty =
  <T extends Record<string, unknown>>(check: (value: T, ctx: z.RefinementCtx) => void) =>
  (value: T, ctx: z.RefinementCtx) => {
    if (Object.values(value).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0)))
      check(value, ctx);
  };

const alertTypesSchema = z.array(z.enum(ALERT_TYPES as [AlertType, ...AlertType[]])).max(ALERT_TYPES.length);

export const ALERT_REPORTS: Record<string, ReportMeta> = {
  alert: {
    id: 'alert',
    title: 'Alert Report',
    subtitle: 'Every alert raised by the selected vehicles in the period, in time order.',
    fileBase: 'Alert_Report',
    columns: ALERT_COLUMNS,
    filter: reportFilterSchema({ alertTypes: alertTypesSchema.optional() }),
    range: 'required',
    maxDays: 31,
    emptyMessage: 'No alerts were raised in your search',
    namespace: NS,
  },
  sosalert: {
    id: 'sosalert',
    title: 'SOS Alert Report',
    subtitle: 'SOS alerts with how the alert desk handled them and how fast it responded.',
    fileBase: 'SOS_Alert_Report',
    columns: SOS_ALERT_COLUMNS,
    filter: reportFilterSchema({}),
    range: 'required',
    maxDays: 31,
    emptyMessage: 'No SOS alerts were raised in your search',
    namespace: NS,
  },
  'alert-grouped': {
    id: 'alert-grouped',
    title: 'Alert Summary Report',
    subtitle: 'How many alerts of each type each vehicle or ward raised in the period.',
    fileBase: 'Alert_Summary_Report',
    columns: ALERT_GROUPED_COLUMNS,
    filter: reportFilterSchema({ groupBy: z.enum(ALERT_GROUP_BY).optional() }),
    range: 'required',
    maxDays: null,
    emptyMessage: 'No alerts were raised in your search',
    namespace: NS,
  },
  offline: {
    id: 'offline',
    title: 'Offline Vehicle Report',
    subtitle: 'Vehicles that have sent no packet for longer than the threshold, and the likely reason.',
    fileBase: 'Offline_Vehicle_Report',
    columns: OFFLINE_COLUMNS,
    filter: reportFilterSchema({
      // Coerced: the console keeps it in the URL as text.
      offlineForMin: z.coerce
        .number({ error: ALERT_REPORT_MESSAGES.offlineFor })
        .int(ALERT_REPORT_MESSAGES.offlineFor)
        .min(1, ALERT_REPORT_MESSAGES.offlineFor)
        .max(43_200, ALERT_REPORT_MESSAGES.offlineFor)
        .optional(),
    }),
    range: 'optional',
    maxDays: null,
    emptyMessage: 'No vehicle is offline in your search',
    namespace: NS,
  },
  'vehicle-timeline': {
    id: 'vehicle-timeline',
    title: 'Vehicle Timeline Report',
    subtitle: 'One vehicle’s moving, idle, stopped and offline spans, day by day.',
    fileBase: 'Vehicle_Timeline_Report',
    columns: VEHICLE_TIMELINE_COLUMNS,
    filter: reportFilterSchema({}).superRefine(whenNotEmpty(vehicleRequired)),
    range: 'required',
    maxDays: 7,
    emptyMessage: 'We could not find any activity of this vehicle in your search',
    namespace: NS,
  },
  'raw-logs': {
    id: 'raw-logs',
    title: 'Raw Logs Report',
    subtitle: 'Every packet one device sent, as received, with its decoded content.',
    fileBase: 'Raw_Logs_Report',
    columns: RAW_LOG_COLUMNS,
    filter: reportFilterSchema({
      imei: z
        .string()
        .trim()
        .regex(/^\d{15}$/, ALERT_REPORT_MESSAGES.imei)
        .optional(),
    }).superRefine(
      whenNotEmpty((value: { vehicleId?: string; imei?: string }, ctx) => {
        if (!value.vehicleId && !value.imei)
          ctx.addIssue({
            code: 'custom',
            message: ALERT_REPORT_MESSAGES.chooseVehicleOrImei,
            path: ['vehicleId'],
          });
      }),
    ),
    range: 'required',
    maxDays: 1,
    emptyMessage: 'No packets were received in your search',
    namespace: NS,
  },
};
