/**
 * The CPU-heavy part of a report file (XLSX via exceljs, PDF via pdfmake), as a plain function of the file's head and
 * its formatted rows. Runs inside the render worker (render-worker.ts); importable directly for tests.
 */
import { type ExportColumn, type ExportFilter, type ExportTable, toPdf, toXlsx } from '@civicfleet/exporters';
import { loadNodePdfFonts } from '@civicfleet/exporters/pdf-fonts-node';
import { cellsToRecord, type FileCell } from './table.ts';

/** Everything but the rows; structured-clonable (it crosses into the worker as workerData). */
export interface RenderHead {
  format: 'xlsx' | 'pdf';
  title: string;
  subtitle?: string;
  filters: ExportFilter[];
  columns: ExportColumn[];
  /** ISO instant. */
  generatedAt: string;
  timeZone: string;
  /** PDF texts; `page` uses {page} and {pages}. English defaults. */
  pdfLabels?: { generatedAt?: string; page?: string; empty?: string };
}

export async function renderFile(head: RenderHead, rows: readonly FileCell[][]): Promise<Uint8Array> {
  const table: ExportTable = {
    title: head.title,
    ...(head.subtitle ? { subtitle: head.subtitle } : {}),
    filters: head.filters,
    columns: head.columns,
    rows: rows.map((cells) => cellsToRecord(head.columns, cells)),
    generatedAt: new Date(head.generatedAt),
    timeZone: head.timeZone,
  };
  if (head.format === 'xlsx') return toXlsx(table);
  const page = head.pdfLabels?.page;
  return toPdf(table, {
    fonts: loadNodePdfFonts,
    filterLines: true,
    labels: {
      ...(head.pdfLabels?.generatedAt ? { generatedAt: head.pdfLabels.generatedAt } : {}),
      ...(head.pdfLabels?.empty ? { empty: head.pdfLabels.empty } : {}),
      ...(page
        ? { page: (p: number, n: number) => page.replace('{page}', String(p)).replace('{pages}', String(n)) }
        : {}),
    },
  });
}
