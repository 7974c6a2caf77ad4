/**
 * The report engine's contracts (spec 01 §2.4, spec 02 §2 "Cumulative Distance Report", issue 8): the filter every
 * report shares, the column kinds and their formatting (the same on the page and in CSV / XLSX / PDF files), the
 * run answer, exports and schedules. Each report's own columns and extra filters live in a family contract
 * (`reports/*.contract.ts`) and are collected in `reports/index.ts` (REPORTS).
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';

export const REPORT_TIME_ZONE = 'Asia/Kolkata';

/** Rows a report page shows at most; the export files carry every row. */
export const REPORT_DISPLAY_ROW_CAP = 10_000;

export const REPORT_MESSAGES = {
  /** Spec 02 §8, word for word (typo included). */
  atLeastOne: 'Atlest one filter is required',
  from: 'From Time must be a date and time (ISO 8601 with an offset)',
  to: 'To Time must be a date and time (ISO 8601 with an offset)',
  order: 'From Time must be before To Time',
  wardOutsideZones: 'Choose wards inside the chosen zones',
  notFound: 'Report not found',
  organisation: 'Organisation not found',
  group: 'Group not found',
  vehicle: 'Vehicle not found',
  division: 'Zone or ward not found',
  tooLong: (days: number) => `Choose at most ${days} days for this report`,
  rangeRequired: 'Choose From Time and To Time for this report',
} as const;

const isoWithOffset = (message: string) => z.iso.datetime({ offset: true, error: message });
const idList = z.array(IdSchema).max(500);

/**
 * What every report accepts (spec 02 §2: organisation, From Time, To Time, group, vehicle model (multi), zone (multi),
 * ward (multi, limited to the chosen zones)) plus a single vehicle. The console sends `from` at the start of the chosen
 * day and `to` at its end (Asia/Kolkata), as ISO strings; empty values are dropped before sending (compactFilter).
 */
export const ReportFilterBaseSchema = z.object({
  organisationId: IdSchema.optional(),
  from: isoWithOffset(REPORT_MESSAGES.from).optional(),
  to: isoWithOffset(REPORT_MESSAGES.to).optional(),
  groupId: IdSchema.optional(),
  models: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
  zoneIds: idList.optional(),
  wardIds: idList.optional(),
  vehicleId: IdSchema.optional(),
});
export type ReportFilterBase = z.infer<typeof ReportFilterBaseSchema>;

/** Drops undefined, null, '' and [] (but keeps false and 0), as the spec's filter form does before calling. */
export function compactFilter<T extends Record<string, unknown>>(filter: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out as Partial<T>;
}

/** The checks every report filter gets: at least one filter, from ≤ to. Add with `.superRefine(checkReportFilter)`. */
export function checkReportFilter(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (Object.keys(compactFilter(value)).length === 0) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.atLeastOne, path: [] });
    return;
  }
  const { from, to } = value as { from?: string; to?: string };
  if (from && to && Date.parse(from) > Date.parse(to)) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.order, path: ['to'] });
  }
}

/** A report's filter: the base plus its own fields, checked. */
export function reportFilterSchema<E extends z.ZodRawShape>(extra: E) {
  return ReportFilterBaseSchema.extend(extra).superRefine(checkReportFilter);
}

/**
 * How a column's raw value (as the server sends it) is shown, identically on the page and in the files:
 * - serial: 1, 2, 3 … (assigned by position by the engine)
 * - text: as is, '-' when empty
 * - int: whole number, 0 when empty
 * - km: metres → km with 2 decimals (spec: "metres divided by 1000, 2 decimals, 0 if none")
 * - dec2: 2 decimals; `empty` when null ('-' by default; the spec's fuel column uses '0')
 * - percent: 0–100 with 1 decimal and '%', '-' when empty
 * - datetime / date / time: ISO instant → DD/MM/YYYY HH:mm:ss, DD/MM/YYYY, HH:mm:ss in Asia/Kolkata; '-' when empty
 * - day: a yyyy-MM-dd local day → DD/MM/YYYY
 * - duration: seconds → "2 h 05 m" ('-' when empty)
 * - bool: Yes / No
 */
export const REPORT_COLUMN_KINDS = [
  'serial',
  'text',
  'int',
  'km',
  'dec2',
  'percent',
  'datetime',
  'date',
  'time',
  'day',
  'duration',
  'bool',
] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export interface ReportColumn {
  key: string;
  /** English header (the spec's words); the console translates `<namespace>:<reportId>.columns.<key>`. */
  label: string;
  kind: ReportColumnKind;
  /** What an empty value shows (defaults per kind above). */
  empty?: string;
  /** Left out of the page table (still in files) — e.g. ids the page uses for links. */
  hidden?: boolean;
}

/** The vehicle columns most reports start with (spec 02 §2's cumulative report): Sr … Vehicle Number. */
export const REPORT_VEHICLE_COLUMNS: readonly ReportColumn[] = [
  { key: 'sr', label: 'Sr', kind: 'serial' },
  { key: 'zone', label: 'Zone', kind: 'text' },
  { key: 'ward', label: 'Ward', kind: 'text' },
  { key: 'model', label: 'Vehicle Type', kind: 'text' },
  { key: 'regNo', label: 'Vehicle Number', kind: 'text' },
];

export type ReportCell = string | number | boolean | null;
export type ReportRow = Record<string, ReportCell>;

const pad = (n: number) => String(n).padStart(2, '0');

function localParts(iso: string, timeZone: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    d: `${get('day')}/${get('month')}/${get('year')}`,
    t: `${get('hour')}:${get('minute')}:${get('second')}`,
  };
}

/** Seconds → "3 d 02 h 05 m", "2 h 05 m", "12 m 30 s". */
export function formatReportDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${pad(h)} h ${pad(m)} m`;
  if (h > 0) return `${h} h ${pad(m)} m`;
  return `${m} m ${pad(s % 60)} s`;
}

/** The shown text of one cell (page, CSV, XLSX and PDF alike). */
export function formatReportCell(
  column: ReportColumn,
  value: ReportCell | undefined,
  timeZone = REPORT_TIME_ZONE,
) {
  const empty = (fallback: string) => column.empty ?? fallback;
  const isEmpty = value === null || value === undefined || value === '';
  switch (column.kind) {
    case 'serial':
    case 'int':
      return isEmpty ? empty('0') : String(Math.round(Number(value)));
    case 'km':
      return isEmpty || Number(value) === 0 ? empty('0') : (Number(value) / 1000).toFixed(2);
    case 'dec2':
      return isEmpty ? empty('-') : Number(value).toFixed(2);
    case 'percent':
      return isEmpty ? empty('-') : `${Number(value).toFixed(1)}%`;
    case 'datetime':
    case 'date':
    case 'time': {
      const parts = isEmpty ? null : localParts(String(value), timeZone);
      if (!parts) return empty('-');
      if (column.kind === 'date') return parts.d;
      if (column.kind === 'time') return parts.t;
      return `${parts.d} ${parts.t}`;
    }
    case 'day': {
      const match = isEmpty ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      return match ? `${match[3]}/${match[2]}/${match[1]}` : empty('-');
    }
    case 'duration':
      return isEmpty ? empty('-') : formatReportDuration(Number(value));
    case 'bool':
      return isEmpty ? empty('-') : value ? 'Yes' : 'No';
    default:
      return isEmpty ? empty('-') : String(value);
  }
}

/** What `POST /v1/report/:id/run` answers (streamed as one JSON text). */
export const ReportRunSchema = z.object({
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  /** Every row the filter matches; more than rows.length when capped at REPORT_DISPLAY_ROW_CAP. */
  total: z.number().int(),
  truncated: z.boolean(),
  generatedAt: z.string(),
  /** Report-specific facts shown above the table (thresholds used, totals), e.g. { activeMinKmPerDay: 20 }. */
  meta: z.record(z.string(), z.unknown()).optional(),
  /** The columns that apply to this run (e.g. Day only with a day breakdown); absent = all of them. */
  columns: z.array(z.string()).optional(),
});
export type ReportRun = z.infer<typeof ReportRunSchema>;

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** Headers in the caller's language for a file made on demand (scheduled files use the English labels). */
export const ReportLabelsSchema = z.object({
  title: z.string().max(200).optional(),
  subtitle: z.string().max(500).optional(),
  columns: z.record(z.string().max(60), z.string().max(120)).optional(),
});
export type ReportLabels = z.infer<typeof ReportLabelsSchema>;

/** POST /v1/report/:id/exports: make a file in the background (progress polled at GET /v1/report/exports/:id). */
export const ReportExportRequestSchema = z.object({
  format: z.enum(REPORT_EXPORT_FORMATS, { error: 'Choose CSV, XLSX or PDF' }),
  filter: z.record(z.string(), z.unknown()),
  labels: ReportLabelsSchema.optional(),
});
export type ReportExportRequest = z.infer<typeof ReportExportRequestSchema>;

export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

export const ReportExportSchema = z.object({
  id: z.string(),
  reportId: z.string(),
  format: z.enum(REPORT_EXPORT_FORMATS),
  status: z.enum(REPORT_EXPORT_STATUSES),
  /** 0–1. */
  progress: z.number(),
  rowCount: z.number().int().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof ReportExportSchema>;

/**
 * One report as the console and the engine both see it. The engine's definition (apps/server/src/modules/report/
 * definitions) computes the rows; this says what they look like and what the filter accepts.
 */
export interface ReportMeta {
  /** Path fragment under /reports (spec 01 §2.4) and the permission module `report-<id>`. */
  id: string;
  title: string;
  subtitle: string;
  /** File name base (spec 02: 'Cumulative_Distance_Report'), followed by the from and to times. */
  fileBase: string;
  columns: readonly ReportColumn[];
  /** The whole filter: reportFilterSchema({ ...its own fields }). */
  filter: z.ZodType<Record<string, unknown>>;
  /** 'required': From and To must both be given. */
  range: 'required' | 'optional';
  /** Longest range accepted (days); null = no limit (the engine streams and exports run in the background). */
  maxDays: number | null;
  emptyMessage: string;
  /** The console's i18n namespace holding `<id>.title`, `<id>.subtitle`, `<id>.columns.<key>`, `<id>.empty`. */
  namespace: string;
}

// ---- Report exports (helper "exports"): messages, limits, the download URL and the filter options. ----

/** Rows a PDF file holds at most (pdfmake lays the whole table out in memory); CSV and XLSX have no cap. */
export const REPORT_PDF_MAX_ROWS = 20_000;

/** Report files running at once per server process; more wait in the queue. */
export const REPORT_EXPORT_CONCURRENCY = 2;

export const REPORT_EXPORT_MESSAGES = {
  queued: 'Your file is being prepared',
  found: 'Export found',
  list: 'Your recent exports',
  notFound: 'Export not found',
  notReady: 'The file is not ready yet',
  pdfTooManyRows:
    'This report has more than 20,000 rows, too many for a PDF. Export it as CSV or XLSX instead, or narrow the filters.',
  interrupted: 'The server restarted while this file was being made. Export it again.',
  failed: 'The file could not be made. Try again.',
  vehicleModels: 'Vehicle models',
} as const;

/** Where a finished file downloads (GET, the caller's Bearer token; 404 until status is 'done'). */
export const reportExportFileUrl = (exportId: string) => `/v1/report/exports/${exportId}/file`;

/** GET /v1/report/exports: the caller's most recent files, newest first. */
export const REPORT_RECENT_EXPORTS = 20;

/** GET /v1/report/vehicle-models?organisationId=: distinct non-empty vehicle models in the caller's organisations. */
export const ReportVehicleModelsQuerySchema = z.object({ organisationId: IdSchema.optional() });
export const ReportVehicleModelsSchema = z.array(z.string());
