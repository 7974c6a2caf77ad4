/** What an export writes: every matching row (server mode pages through the query), as an ExportTable. */
import type { ExportFilter, ExportTable } from '@civicfleet/exporters';
import type { ListPageSize, ListQuery } from '@civicfleet/shared';
import { formatDateTime } from '@/lib/format';
import { cellValue } from './client-rows';
import type { ListQueryFn, ResultsTableColumn } from './types';

/** Most rows one export may hold: beyond this the browser and the PDF layout get too slow. */
export const EXPORT_ROW_CAP = 10_000;
/** The largest page the list contract allows. */
const EXPORT_PAGE_SIZE: ListPageSize = 100;

export interface CollectedRows<T> {
  rows: T[];
  /** True when more rows matched than the cap allowed. */
  isCapped: boolean;
}

/** Pages through `query` (same search and sort) until every matching row, or the cap, is in. */
export async function collectServerRows<T>(
  query: ListQueryFn<T>,
  current: ListQuery,
  onProgress: (done: number, total: number) => void,
  cap: number = EXPORT_ROW_CAP,
): Promise<CollectedRows<T>> {
  const rows: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; rows.length < Math.min(total, cap); page += 1) {
    const answer = await query({ ...current, page, pageSize: EXPORT_PAGE_SIZE });
    total = answer.total;
    rows.push(...answer.items);
    onProgress(Math.min(rows.length, cap), Math.min(total, cap));
    if (answer.items.length < EXPORT_PAGE_SIZE) break;
  }
  return { rows: rows.slice(0, cap), isCapped: total > cap };
}

export interface ExportContext {
  title: string;
  subtitle?: string;
  filters: ExportFilter[];
  generatedAt: Date;
}

/** Columns that are exported, with their values as the user reads them (exportValue, else the accessor). */
export function buildExportTable<T>(
  columns: ResultsTableColumn<T>[],
  rows: T[],
  context: ExportContext,
): ExportTable {
  const exported = columns.filter((c) => !c.isExportHidden);
  return {
    ...context,
    columns: exported.map((c) => ({
      key: c.key,
      header: c.header,
      // Screen px → characters (≈7 px each) for XLSX; the PDF only uses the proportions.
      ...(c.width === undefined ? {} : { width: Math.max(6, Math.round(c.width / 7)) }),
      ...(c.align === undefined ? {} : { align: c.align }),
    })),
    rows: rows.map((row) =>
      Object.fromEntries(
        exported.map((c) => {
          const value = c.exportValue ? c.exportValue(row) : cellValue(row, c);
          return [c.key, value instanceof Date ? formatDateTime(value) : value];
        }),
      ),
    ),
  };
}
