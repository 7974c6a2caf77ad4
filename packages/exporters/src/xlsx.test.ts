import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sampleTable } from './test-table.ts';
import { toXlsx } from './xlsx.ts';

describe('toXlsx', () => {
  it('writes one sheet named Sheet1 with a bold header, widths and the values (Hindi included)', async () => {
    const bytes = await toXlsx(sampleTable());
    expect(bytes).toBeInstanceOf(Uint8Array);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sheet1']);
    const sheet = workbook.getWorksheet('Sheet1');
    if (sheet === undefined) throw new Error('no Sheet1');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Sr',
      'Zone',
      'Vehicle Number',
      'Distance (km)',
      'Remark',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(20);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Zone 1', 'MP09GF1234', 12.5, 'Ward "7", late']);
    expect(sheet.getRow(3).getCell(2).value).toBe('ज़ोन 2');
    // Text that looks like a formula stays text (exceljs writes it as a string, never as a formula).
    expect(sheet.getRow(4).getCell(3).value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(4).getCell(4).value).toBe(-3.25);
    expect(sheet.rowCount).toBe(4);
  });
});
