import type * as ExcelJS from 'exceljs';
import { DEFAULT_COLUMN_WIDTH, type ExportTable } from './types.ts';

type ExcelModule = typeof ExcelJS;

/** exceljs is CommonJS (Node) or a UMD bundle (browser): its API sits on `default` in ESM, or on the module itself. */
async function loadExcel(): Promise<ExcelModule> {
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  return mod.default ?? mod;
}

/**
 * The table as an .xlsx workbook with exactly one sheet named "Sheet1" (spec 02 §9 "Spreadsheet export"): a bold
 * header row, the columns' widths, numbers kept as numbers. Loaded lazily: exceljs is large.
 */
export async function toXlsx(table: ExportTable): Promise<Uint8Array> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.created = table.generatedAt;
  workbook.title = table.title;
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({
    key: column.key,
    header: column.header,
    width: column.width ?? DEFAULT_COLUMN_WIDTH,
    style: {
      ...(column.align ? { alignment: { horizontal: column.align } } : {}),
      ...(column.numFmt ? { numFmt: column.numFmt } : {}),
    },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(
      Object.fromEntries(table.columns.map((c) => [c.key, row[c.key] === undefined ? null : row[c.key]])),
    );
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer);
}
