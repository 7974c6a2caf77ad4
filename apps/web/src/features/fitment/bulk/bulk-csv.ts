/**
 * The "Create Multiple Activations" CSV (spec 02 §2, §3 "Bulk CSV columns", §5 "CSV upload"): parsing with papaparse
 * (first line = header), the required-column check, the rows built from header-row pairs, the chunks sent to POST
 * /v1/activation/bulk, and the CSV of failed rows the user can fix and upload again. Pure: no React, no network.
 */
import {
  ACTIVATION_CSV_COLUMNS,
  ACTIVATION_CSV_REQUIRED,
  ACTIVATION_MESSAGES,
  type ActivationBulkRow,
  type ActivationBulkRowResult,
} from '@civicfleet/shared';
import Papa from 'papaparse';

/** Rows per POST /v1/activation/bulk: small enough for a quick answer and a moving progress bar. */
export const BULK_CHUNK_ROWS = 100;

/** Columns a row may carry: the spec's, and the contract's two extras (customerAddress, state). */
export const BULK_ROW_COLUMNS = [...ACTIVATION_CSV_COLUMNS, 'customerAddress', 'state'] as const;
type RowColumn = (typeof BULK_ROW_COLUMNS)[number];

export type ParsedCsv =
  | { ok: true; headers: string[]; rows: ActivationBulkRow[] }
  | { ok: false; message: string; missing: string[] };

/** Required columns the header lacks (spec 02 §3: category, registrationNumber, rto, rtoCode, imei, …). */
export function missingColumns(headers: readonly string[]): string[] {
  return ACTIVATION_CSV_REQUIRED.filter((column) => !headers.includes(column));
}

/**
 * One row from a header-row pair: the known columns with a non-blank value, trimmed; unknown columns are ignored.
 * `row` is its number among the data rows (1 = the first line after the header).
 */
export function buildRow(record: Readonly<Record<string, unknown>>, row: number): ActivationBulkRow {
  const built: ActivationBulkRow = { row };
  for (const column of BULK_ROW_COLUMNS) {
    const value = record[column];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed !== '') built[column as RowColumn] = trimmed;
  }
  return built;
}

/** Parses the file's text; refuses it when a required column is missing from the header (spec 02 §5 message). */
export function parseActivationCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const missing = missingColumns(headers);
  if (missing.length > 0) return { ok: false, message: ACTIVATION_MESSAGES.headersWrong, missing };
  return { ok: true, headers, rows: parsed.data.map((record, index) => buildRow(record, index + 1)) };
}

/** [1..250] → [[1..100], [101..200], [201..250]]. */
export function chunkRows<T>(rows: readonly T[], size = BULK_CHUNK_ROWS): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/** A sent row and what the server said about it. */
export interface RowOutcome {
  row: number;
  registrationNumber: string;
  imei: string;
  success: boolean;
  message: string;
  source: ActivationBulkRow;
}

/** Joins the server's per-row results to the sent rows; a row the server did not mention counts as failed. */
export function joinResults(
  sent: readonly ActivationBulkRow[],
  results: readonly ActivationBulkRowResult[],
  missingMessage: string,
): RowOutcome[] {
  const byRow = new Map(results.map((r) => [r.row, r]));
  return sent.map((source) => {
    const result = byRow.get(source.row);
    return {
      row: source.row,
      registrationNumber: source.registrationNumber ?? '',
      imei: source.imei ?? '',
      success: result?.success ?? false,
      message: result?.message ?? missingMessage,
      source,
    };
  });
}

/** Every row of a chunk the server refused as a whole (bad request, network), with that message. */
export function failChunk(sent: readonly ActivationBulkRow[], message: string): RowOutcome[] {
  return sent.map((source) => ({
    row: source.row,
    registrationNumber: source.registrationNumber ?? '',
    imei: source.imei ?? '',
    success: false,
    message,
    source,
  }));
}

/** The failed rows in the upload's own columns plus `row` and `error`, ready to fix and upload again. */
export function failedRowsCsv(outcomes: readonly RowOutcome[], headers: readonly string[]): string {
  const columns = headers.filter((h) => (BULK_ROW_COLUMNS as readonly string[]).includes(h));
  const data = outcomes
    .filter((o) => !o.success)
    .map((o) => [String(o.row), ...columns.map((c) => o.source[c as RowColumn] ?? ''), o.message]);
  return Papa.unparse({ fields: ['row', ...columns, 'error'], data });
}
