/** A table ready to export: what the user sees (headers, formatted cells) plus the context of the report. */
export type ExportCell = string | number | boolean | null | undefined;

export interface ExportColumn {
  /** Key of the cell in each row. */
  key: string;
  /** Header text, already translated. */
  header: string;
  /** Relative width: characters in XLSX, a weight for the PDF's column share. Default 15. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** XLSX number format of the column's numeric cells (e.g. '0.00' keeps 12.50 from showing as 12.5). */
  numFmt?: string;
}

export interface ExportFilter {
  label: string;
  value: string;
}

export interface ExportTable {
  title: string;
  subtitle?: string;
  /** Active search and filters, printed under the title of the PDF. */
  filters: ExportFilter[];
  columns: ExportColumn[];
  rows: Record<string, ExportCell>[];
  generatedAt: Date;
  /** IANA zone of the "Generated at" stamp. Default Asia/Kolkata (spec 02 §9). */
  timeZone?: string;
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
export const DEFAULT_COLUMN_WIDTH = 15;
