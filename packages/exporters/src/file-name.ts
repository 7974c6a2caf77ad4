/** Download file names (spec 02 §2 "Cumulative Distance Report": named after the report with the from and to times). */
import { formatDateTime } from './format.ts';
import { DEFAULT_TIME_ZONE } from './types.ts';

export interface FileNameOptions {
  /** Appended after a dot: `csv`, `xlsx`, `pdf`. */
  extension?: string;
  /** Zone of the stamps. Default Asia/Kolkata. */
  timeZone?: string;
}

/** `dd-MM-yyyy_HH-mm-ss`: the dd/MM/yyyy HH:mm:ss of the console with file-name-safe separators. */
const stamp = (date: Date, timeZone: string) =>
  formatDateTime(date, timeZone).replaceAll('/', '-').replace(' ', '_').replaceAll(':', '-');

/**
 * `('Cumulative Distance Report', from, to, { extension: 'xlsx' })` →
 * `Cumulative_Distance_Report_01-11-2026_00-00-00_to_30-11-2026_23-59-59.xlsx`. Spaces become underscores and
 * anything outside ASCII letters, digits, `_` and `-` is dropped, so the name is safe on every file system and in a
 * Content-Disposition header.
 */
export function exportFileName(base: string, from?: Date, to?: Date, options: FileNameOptions = {}): string {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const parts = [
    base
      .trim()
      .replace(/\s+/g, '_')
      .replace(/[^A-Za-z0-9_-]/g, ''),
  ];
  if (from !== undefined) parts.push(stamp(from, timeZone));
  if (to !== undefined) parts.push('to', stamp(to, timeZone));
  const name =
    parts
      .filter((p) => p !== '')
      .join('_')
      .replace(/_+/g, '_') || 'export';
  const extension = options.extension?.replace(/[^A-Za-z0-9]/g, '');
  return extension ? `${name}.${extension}` : name;
}
