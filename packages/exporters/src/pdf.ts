import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { cellText, formatDateTime } from './format.ts';
import {
  DEFAULT_FONT_FAMILY,
  loadBundledPdfFonts,
  type PdfFontLoader,
  type PdfFonts,
  splitScripts,
} from './pdf-fonts.ts';
import { DEFAULT_COLUMN_WIDTH, type ExportTable } from './types.ts';

/** Fixed texts of the report, for callers that print it in another language. */
export interface PdfLabels {
  /** Before the generation time. Default "Generated at". */
  generatedAt: string;
  /** Footer. Default `Page ${page} of ${pages}`. */
  page: (page: number, pages: number) => string;
  /** The one row of an empty table. Default "No rows". */
  empty: string;
}

export interface PdfOptions {
  /** Where the font files come from (default: Roboto from pdfmake's vfs build, Latin only). */
  fonts?: PdfFontLoader;
  labels?: Partial<PdfLabels>;
  /** Filters one "Label: value" per line (server report files) instead of on one line separated by dots. */
  filterLines?: boolean;
}

const DEFAULT_LABELS: PdfLabels = {
  generatedAt: 'Generated at',
  page: (page, pages) => `Page ${page} of ${pages}`,
  empty: 'No rows',
};

/** The subset of pdfmake's API used here, the same on its Node build and its browser build. */
interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Uint8Array): void };
  setFonts(fonts: PdfFonts['families']): void;
  setUrlAccessPolicy?(callback: (url: string) => boolean): void;
  setLocalAccessPolicy?(callback: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getBuffer(): Promise<Uint8Array> };
}

async function loadPdfMake(): Promise<PdfMake> {
  const mod = (await import('pdfmake')) as unknown as PdfMake & { default?: PdfMake };
  const pdfMake = mod.default ?? mod;
  // Every font comes from the virtual file system: never read local files or fetch URLs named in a document.
  pdfMake.setUrlAccessPolicy?.(() => false);
  pdfMake.setLocalAccessPolicy?.(() => false);
  return pdfMake;
}

/** A4 landscape, 30 pt margins (bottom 40 for the page numbers). */
const PAGE_WIDTH_PT = 841.89;
const MARGINS: [number, number, number, number] = [30, 30, 30, 40];
/** pdfmake's default table layout adds 4 pt padding on each side of a cell plus a 1 pt line. */
const CELL_CHROME_PT = 9;

/** Column widths in points, in proportion to each column's `width`, filling the page. */
function columnWidths(table: ExportTable): number[] {
  const weights = table.columns.map((c) => c.width ?? DEFAULT_COLUMN_WIDTH);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const available = PAGE_WIDTH_PT - MARGINS[0] - MARGINS[2] - CELL_CHROME_PT * weights.length - 1;
  return weights.map((w) => Math.max(20, (available * w) / total));
}

/** A text node whose Devanagari runs use the Devanagari family, when the font set has one. */
function text(value: string, fonts: PdfFonts): string | { text: string; font?: string }[] {
  const family = fonts.devanagariFamily;
  if (family === undefined) return value;
  const runs = splitScripts(value);
  if (runs.every((run) => !run.isDevanagari)) return value;
  return runs.map((run) => (run.isDevanagari ? { text: run.text, font: family } : { text: run.text }));
}

/** The document definition: title, subtitle, filters, generation time, then the table with a repeated header. */
export function buildPdfDocument(
  table: ExportTable,
  fonts: PdfFonts,
  labels: PdfLabels,
  layout: { filterLines?: boolean } = {},
): TDocumentDefinitions {
  const header: TableCell[] = table.columns.map((c) => ({
    text: text(c.header, fonts),
    style: 'th',
    alignment: c.align ?? 'left',
  }));
  const body: TableCell[][] = table.rows.map((row) =>
    table.columns.map((c) => ({ text: text(cellText(row[c.key]), fonts), alignment: c.align ?? 'left' })),
  );
  if (body.length === 0) {
    body.push([
      { text: labels.empty, colSpan: table.columns.length, alignment: 'center', style: 'muted' },
      ...table.columns.slice(1).map(() => ({ text: '' })),
    ]);
  }
  // One line, "Label: value" pairs separated by a middle dot, wrapping when long (or one pair per line).
  const pair = (f: ExportTable['filters'][number]) => [
    { text: `${f.label}: `, bold: true },
    ...[text(f.value, fonts)].flat().map((run) => (typeof run === 'string' ? { text: run } : run)),
  ];
  const filters = table.filters.flatMap((f, i) => [
    ...(i > 0 ? [layout.filterLines ? { text: '\n' } : { text: '   ·   ', color: '#999999' }] : []),
    ...pair(f),
  ]);
  const content: Content[] = [
    { text: text(table.title, fonts), style: 'title' },
    ...(table.subtitle ? [{ text: text(table.subtitle, fonts), style: 'subtitle' } satisfies Content] : []),
    ...(filters.length > 0 ? [{ text: filters, style: 'meta' } satisfies Content] : []),
    {
      text: `${labels.generatedAt} ${formatDateTime(table.generatedAt, table.timeZone)}`,
      style: 'meta',
      margin: [0, 2, 0, 10],
    },
    {
      table: { headerRows: 1, widths: columnWidths(table), body: [header, ...body], dontBreakRows: true },
      layout: {
        fillColor: (rowIndex: number) => (rowIndex === 0 ? '#e8efe9' : rowIndex % 2 === 0 ? '#f7f7f7' : null),
        hLineColor: () => '#cccccc',
        vLineColor: () => '#cccccc',
      },
    },
  ];
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: MARGINS,
    info: { title: table.title, creator: 'CivicFleet' },
    defaultStyle: { font: DEFAULT_FONT_FAMILY, fontSize: 9 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 10, color: '#555555', margin: [0, 0, 0, 6] },
      meta: { fontSize: 9, color: '#333333' },
      muted: { color: '#777777' },
      th: { bold: true },
    },
    content,
    footer: (currentPage: number, pageCount: number) => ({
      text: labels.page(currentPage, pageCount),
      alignment: 'right',
      fontSize: 8,
      color: '#555555',
      margin: [MARGINS[0], 12, MARGINS[2], 0],
    }),
  };
}

/**
 * The table as a landscape A4 "status report" PDF (spec 02 §2 "Reusable results table", §9 "Export helpers"). Runs in
 * Node and in the browser: pdfmake is imported lazily and fonts come from the given loader.
 */
export async function toPdf(table: ExportTable, options: PdfOptions = {}): Promise<Uint8Array> {
  const labels = { ...DEFAULT_LABELS, ...options.labels };
  return renderPdfDocument(
    (fonts) => buildPdfDocument(table, fonts, labels, { filterLines: options.filterLines === true }),
    options.fonts ?? loadBundledPdfFonts,
  );
}

/**
 * Any pdfmake document (the table export, the server's certificate and scorecard) rendered with the loaded fonts:
 * `build` gets the fonts so that it can route Devanagari runs to their family.
 */
export async function renderPdfDocument(
  build: (fonts: PdfFonts) => TDocumentDefinitions,
  loadFonts: PdfFontLoader,
): Promise<Uint8Array> {
  const [pdfMake, fonts] = await Promise.all([loadPdfMake(), loadFonts()]);
  for (const [name, bytes] of Object.entries(fonts.files)) pdfMake.virtualfs.writeFileSync(name, bytes);
  // pdfmake keeps fonts on a module singleton; setting them right before createPdf (synchronous) scopes them to it.
  pdfMake.setFonts(structuredClone(fonts.families));
  const buffer = await pdfMake.createPdf(build(fonts)).getBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
