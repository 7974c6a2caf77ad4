import { cellText } from './format.ts';
import type { ExportCell, ExportTable } from './types.ts';

/** Byte order mark: without it Excel reads UTF-8 as the ANSI code page and Hindi turns into mojibake. */
const BOM = '\uFEFF';

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, or a tab/CR that some apps strip first) gets a
 * leading apostrophe (OWASP "CSV injection"). Plain numbers stay numbers: -12.5 is data, not a formula.
 */
function guardFormula(text: string, value: ExportCell): string {
  if (typeof value === 'number') return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: quote fields holding a comma, quote or line break; double the quotes inside. */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const field = (value: ExportCell) => quote(guardFormula(cellText(value), value));

/** The table as CSV: BOM, header row, one line per row, CRLF line ends (RFC 4180). */
export function toCsv(table: ExportTable): string {
  const lines = [table.columns.map((c) => quote(guardFormula(c.header, c.header)))];
  for (const row of table.rows) lines.push(table.columns.map((c) => field(row[c.key])));
  return `${BOM}${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
