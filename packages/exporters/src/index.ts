/**
 * Table exports shared by the console (lazily imported on click) and the server's reports: CSV, XLSX and PDF from
 * one ExportTable. Isomorphic: no fs, no DOM; pdfmake and exceljs load only when their format is asked for.
 */
export type { ExportCell, ExportColumn, ExportFilter, ExportTable } from './types.ts';
export { DEFAULT_TIME_ZONE } from './types.ts';
export { CSV_BOM, csvHeaderLine, csvRowLines, toCsv } from './csv.ts';
export { toXlsx } from './xlsx.ts';
export { buildPdfDocument, type PdfLabels, type PdfOptions, renderPdfDocument, toPdf } from './pdf.ts';
export {
  DEVANAGARI_FONT_FAMILY,
  loadBundledPdfFonts,
  type PdfFontFamily,
  type PdfFontLoader,
  type PdfFonts,
  splitScripts,
  withDevanagari,
} from './pdf-fonts.ts';
export { exportFileName, type FileNameOptions } from './file-name.ts';
export { cellText, formatDateTime } from './format.ts';
