/**
 * The seam that makes one report file (on demand from export.routes.ts, on a calendar from the schedules): prepare the
 * report (filter parsed with its schema, scope resolved for the caller), read its chunks, format every cell as the
 * page does, write the file, store it. CSV is written chunk by chunk on the main thread (string work between the
 * chunk queries); XLSX and PDF are built in a worker thread (render.ts) that receives the rows as they come.
 */
import { randomBytes } from 'node:crypto';
import { CSV_BOM, csvHeaderLine, csvRowLines, exportFileName } from '@civicfleet/exporters';
import {
  REPORT_EXPORT_MESSAGES,
  REPORT_PDF_MAX_ROWS,
  type ReportExportFormat,
  type ReportLabels,
  type ReportRow,
} from '@civicfleet/shared';
import type { Db } from '../../../db/client.ts';
import { BadRequestError } from '../../../http/errors.ts';
import type { AuthContext, Clock } from '../../../http/types.ts';
import type { FileStorage } from '../../../storage/index.ts';
import { numberedChunks } from '../engine/run.ts';
import { prepareReport } from '../report.service.ts';
import { type RenderSession, startRender } from './render.ts';
import { cellsToRecord, type FileColumns, fileColumns, fileRow, filterLines } from './table.ts';

export const REPORT_FILE_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** Storage folder of report files (keys `report-exports/<random>.<ext>`). */
export const REPORT_FILE_FOLDER = 'report-exports';

export interface GenerateReportFileDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

export interface GenerateReportFileArgs {
  auth: AuthContext;
  reportId: string;
  filter: Record<string, unknown>;
  format: ReportExportFormat;
  /** Headers in the caller's language; default the meta's English (scheduled files). */
  labels?: ReportLabels;
  /** 0–1, called after each chunk (and 1 at the end). */
  onProgress?: (progress: number) => void;
  signal?: AbortSignal;
}

export interface GeneratedReportFile {
  fileName: string;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
  rowCount: number;
}

/** Rows formatted (and posted to the worker) between two turns of the event loop. */
const FORMAT_SLICE_ROWS = 1000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const pdfTooBig = () => new BadRequestError(REPORT_EXPORT_MESSAGES.pdfTooManyRows);

/**
 * Makes the file and stores it. Throws what prepareReport throws (400 with the report's filter messages, 404 for an
 * unknown report or an invisible organisation / group / zone / ward / vehicle), a 400 for a PDF of more than
 * REPORT_PDF_MAX_ROWS rows, and an Error('Export cancelled') when `signal` aborts.
 */
export async function generateReportFile(
  deps: GenerateReportFileDeps,
  args: GenerateReportFileArgs,
): Promise<GeneratedReportFile> {
  const { auth, reportId, format, labels, onProgress, signal } = args;
  const prepared = await prepareReport(deps, auth, reportId, args.filter, signal);
  const { definition, ctx, filter } = prepared;
  const { meta } = definition;
  const timeZone = ctx.scope.timeZone;
  const generatedAt = deps.clock();
  const fromIso = typeof filter.from === 'string' ? filter.from : undefined;
  const toIso = typeof filter.to === 'string' ? filter.to : undefined;
  const fileName = exportFileName(
    meta.fileBase,
    fromIso ? new Date(fromIso) : undefined,
    toIso ? new Date(toIso) : undefined,
    { extension: format, timeZone },
  );

  const title = labels?.title?.trim() || meta.title;
  const subtitle = labels?.subtitle?.trim() || meta.subtitle;
  const filters = format === 'pdf' ? await filterLines(deps.db, filter, timeZone) : [];
  const renderShare = format === 'csv' ? 0.95 : 0.9;

  let columns: FileColumns | undefined;
  let render: RenderSession | undefined;
  const csv: string[] = [];
  let rowCount = 0;
  /** Columns chosen and the file begun (CSV header, or the render worker started) on the first chunk. */
  const begin = (keys: string[] | undefined): FileColumns => {
    const chosen = fileColumns(meta, keys, labels);
    if (format === 'csv') csv.push(CSV_BOM, csvHeaderLine(chosen.file));
    else
      render = startRender({
        format,
        title,
        subtitle,
        filters,
        columns: chosen.file,
        generatedAt: generatedAt.toISOString(),
        timeZone,
      });
    return chosen;
  };
  const write = (chosen: FileColumns, rows: readonly ReportRow[]) => {
    const cells = rows.map((row) => fileRow(chosen.report, row, timeZone, format === 'xlsx'));
    if (render) render.push(cells);
    else
      csv.push(
        csvRowLines(
          chosen.file,
          cells.map((c) => cellsToRecord(chosen.file, c)),
        ),
      );
  };
  const onAbort = () => render?.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of numberedChunks(definition, ctx, filter)) {
      const chosen = (columns ??= begin(chunk.columns));
      rowCount += chunk.rows.length;
      if (format === 'pdf' && rowCount > REPORT_PDF_MAX_ROWS) throw pdfTooBig();
      // Formatted and sent in slices, yielding between them: a chunk of 50,000 rows never holds the loop for long.
      for (let at = 0; at < chunk.rows.length; at += FORMAT_SLICE_ROWS) {
        if (at > 0) await yieldToLoop();
        write(chosen, chunk.rows.slice(at, at + FORMAT_SLICE_ROWS));
      }
      onProgress?.(Math.min(1, chunk.progress) * renderShare);
    }
    if (signal?.aborted) throw new Error('Export cancelled');
    columns ??= begin(undefined);
    const rendered = render ? await render.finish() : undefined;
    const bytes = rendered ? Buffer.from(rendered) : Buffer.from(csv.join(''), 'utf8');
    const storageKey = `${REPORT_FILE_FOLDER}/${randomBytes(12).toString('hex')}.${format}`;
    const contentType = REPORT_FILE_CONTENT_TYPES[format];
    await deps.storage.put(storageKey, bytes, contentType);
    onProgress?.(1);
    return { fileName, contentType, storageKey, sizeBytes: bytes.byteLength, rowCount };
  } catch (error) {
    render?.abort();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
