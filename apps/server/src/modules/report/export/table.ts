/**
 * What a report file shows, built on the main thread: the columns of the run (its `columns` subset, headers from the
 * caller's labels or the meta's English), each row's cells formatted by formatReportCell exactly as the page shows
 * them, and the filter as "Label: value" lines with names (organisation, group, zone, ward, vehicle), not ids.
 */
import type { ExportColumn, ExportFilter } from '@civicfleet/exporters';
import { formatDateTime } from '@civicfleet/exporters';
import {
  formatReportCell,
  type ReportColumn,
  type ReportLabels,
  type ReportMeta,
  type ReportRow,
} from '@civicfleet/shared';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../db/client.ts';

/** A file cell: text, or a number for numeric kinds in XLSX (kept as numbers, shown with the page's decimals). */
export type FileCell = string | number;

const NUMERIC_FORMAT: Partial<Record<ReportColumn['kind'], string>> = {
  serial: '0',
  int: '0',
  km: '0.00',
  dec2: '0.00',
};

const WIDTH: Partial<Record<ReportColumn['kind'], number>> = {
  serial: 6,
  int: 10,
  km: 12,
  dec2: 12,
  percent: 10,
  datetime: 20,
  date: 12,
  time: 10,
  day: 12,
  duration: 14,
  bool: 8,
};

const RIGHT = new Set<ReportColumn['kind']>(['serial', 'int', 'km', 'dec2', 'percent', 'duration']);

export interface FileColumns {
  report: ReportColumn[];
  file: ExportColumn[];
}

/** The run's columns (all when `keys` is absent), in the meta's order, with headers in the given labels. */
export function fileColumns(
  meta: ReportMeta,
  keys: readonly string[] | undefined,
  labels?: ReportLabels,
): FileColumns {
  const wanted = keys ? new Set(keys) : undefined;
  const report = meta.columns.filter((c) => !wanted || wanted.has(c.key));
  const file = report.map((c): ExportColumn => {
    const numFmt = NUMERIC_FORMAT[c.kind];
    return {
      key: c.key,
      header: labels?.columns?.[c.key]?.trim() || c.label,
      width: Math.max(WIDTH[c.kind] ?? Math.min(30, c.label.length + 4), Math.min(30, c.label.length + 2), 6),
      align: RIGHT.has(c.kind) ? 'right' : 'left',
      ...(numFmt ? { numFmt } : {}),
    };
  });
  return { report, file };
}

/**
 * One row as file cells, in column order. `numbers`: numeric kinds whose text is a plain number become numbers
 * (XLSX); otherwise every cell is the page's text (CSV, PDF).
 */
export function fileRow(
  columns: readonly ReportColumn[],
  row: ReportRow,
  timeZone: string,
  numbers: boolean,
): FileCell[] {
  return columns.map((column) => {
    const text = formatReportCell(column, row[column.key], timeZone);
    if (numbers && NUMERIC_FORMAT[column.kind] && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    return text;
  });
}

/** Cells (in column order) → a record keyed by column, as the exporters take rows. */
export function cellsToRecord(columns: readonly ExportColumn[], cells: readonly FileCell[]) {
  const record: Record<string, FileCell> = {};
  columns.forEach((c, i) => {
    record[c.key] = cells[i] ?? '';
  });
  return record;
}

interface NameRow {
  kind: string;
  id: string;
  name: string;
}

const BASE_KEYS = new Set([
  'organisationId',
  'from',
  'to',
  'groupId',
  'models',
  'zoneIds',
  'wardIds',
  'vehicleId',
]);

/** "dayBreakdown" → "Day breakdown". */
function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function plain(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(plain).join(', ');
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The filter as "Label: value" lines for the PDF: names looked up once (prepareReport has already checked that the
 * caller sees them), times as DD/MM/YYYY HH:mm:ss in the report's zone, the report's own fields after the base ones.
 */
export async function filterLines(
  db: Db,
  filter: Record<string, unknown>,
  timeZone: string,
): Promise<ExportFilter[]> {
  const f = filter as {
    organisationId?: string;
    from?: string;
    to?: string;
    groupId?: string;
    models?: string[];
    zoneIds?: string[];
    wardIds?: string[];
    vehicleId?: string;
  };
  const lookups = [];
  const id = (value: string) => sql`${BigInt(value)}`;
  const ids = (values: readonly string[]) => sql.join(values.map(id), sql`, `);
  if (f.organisationId)
    lookups.push(
      sql`select 'organisation' as kind, id::text as id, trade_name as name from organisations where id = ${id(f.organisationId)}`,
    );
  if (f.groupId)
    lookups.push(sql`select 'group' as kind, id::text as id, name from groups where id = ${id(f.groupId)}`);
  const divisions = [...(f.zoneIds ?? []), ...(f.wardIds ?? [])];
  if (divisions.length > 0)
    lookups.push(
      sql`select 'division' as kind, id::text as id, name from admin_divisions where id in (${ids(divisions)})`,
    );
  if (f.vehicleId)
    lookups.push(
      sql`select 'vehicle' as kind, id::text as id, registration_number as name from vehicles where id = ${id(f.vehicleId)}`,
    );
  const found = lookups.length === 0 ? [] : await rows<NameRow>(db, sql.join(lookups, sql` union all `));
  const name = (kind: string, key: string) => found.find((r) => r.kind === kind && r.id === key)?.name ?? key;

  const lines: ExportFilter[] = [];
  if (f.organisationId) lines.push({ label: 'Organisation', value: name('organisation', f.organisationId) });
  if (f.from) lines.push({ label: 'From Time', value: formatDateTime(new Date(f.from), timeZone) });
  if (f.to) lines.push({ label: 'To Time', value: formatDateTime(new Date(f.to), timeZone) });
  if (f.groupId) lines.push({ label: 'Group', value: name('group', f.groupId) });
  if (f.models?.length) lines.push({ label: 'Vehicle Model', value: f.models.join(', ') });
  if (f.zoneIds?.length)
    lines.push({ label: 'Zone', value: f.zoneIds.map((z) => name('division', z)).join(', ') });
  if (f.wardIds?.length)
    lines.push({ label: 'Ward', value: f.wardIds.map((w) => name('division', w)).join(', ') });
  if (f.vehicleId) lines.push({ label: 'Vehicle', value: name('vehicle', f.vehicleId) });
  for (const [key, value] of Object.entries(filter)) {
    if (BASE_KEYS.has(key) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    lines.push({ label: humanise(key), value: plain(value) });
  }
  return lines;
}
