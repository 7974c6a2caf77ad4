import { cellText } from './format.ts';
import type { ExportCell, ExportColumn, ExportTable } from './types.ts';

/** Byte order mark: without it Excel reads UTF-8 as the ANSI code page and Hindi turns into mojibake. */
const BOM = '\uFEFF';

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, or a tab/CR that some apps strip first) gets a
 * leading apostrophe (OWASP "CSV injection"). Plain numbers stay numbers: -12.5 is data, not a formula; a lone '-'
 * (the reports' empty mark) stays as is.
 */
function guardFormula(text: string, value: ExportCell): string {
  // A lone dash is the reports' "no value" mark, not a formula.
  if (typeof value === 'number' || text === '-') return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote fields holding a comma, quote or line break; double the quotes inside. */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const field = (value: ExportCell) => quote(guardFormula(cellText(value), value));

/** The table as CSV: BOM, header row, one line per row, CRLF line ends (RFC 4180). */
export function toCsv(table: ExportTable): string {
  return `${BOM}${csvHeaderLine(table.columns)}${csvRowLines(table.columns, table.rows)}`;
}

/**
 * For files written piece by piece (the server's report exports): the BOM, the header line, then `csvRowLines` for
 * each chunk of rows. The concatenation equals `toCsv` of the whole table.
 */
export const CSV_BOM = BOM;

/** The header line of `columns`, CRLF-terminated. */
export function csvHeaderLine(columns: readonly ExportColumn[]): string {
  return `${columns.map((c) => quote(guardFormula(c.header, c.header))).join(',')}\r\n`;
}

/** One CRLF-terminated line per row ('' for no rows). */
export function csvRowLines(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, ExportCell>[],
): string {
  let text = '';
  for (const row of rows) text += `${columns.map((c) => field(row[c.key])).join(',')}\r\n`;
  return text;
}
