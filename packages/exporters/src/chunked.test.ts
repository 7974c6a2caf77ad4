/** The additions for the server's report files: CSV written chunk by chunk, XLSX number formats, PDF filter lines. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvHeaderLine, csvRowLines, toCsv } from './csv.ts';
import { buildPdfDocument } from './pdf.ts';
import { loadBundledPdfFonts } from './pdf-fonts.ts';
import { sampleTable } from './test-table.ts';
import { toXlsx } from './xlsx.ts';

describe('chunked CSV', () => {
  it('BOM + header + row chunks equals toCsv of the whole table', () => {
    const table = sampleTable(7);
    const pieces = [CSV_BOM, csvHeaderLine(table.columns)];
    for (let at = 0; at < table.rows.length; at += 3) {
      pieces.push(csvRowLines(table.columns, table.rows.slice(at, at + 3)));
    }
    expect(pieces.join('')).toBe(toCsv(table));
    expect(csvRowLines(table.columns, [])).toBe('');
  });

  it("leaves the reports' lone '-' unguarded but still guards '-2'", () => {
    const columns = [{ key: 'a', header: 'A' }];
    expect(csvRowLines(columns, [{ a: '-' }, { a: '-2' }, { a: '--' }])).toBe("-\r\n'-2\r\n'--\r\n");
  });
});

describe('XLSX number formats', () => {
  it('applies a column numFmt to its cells', async () => {
    const table = sampleTable(3);
    table.columns = table.columns.map((c) => (c.key === 'distanceKm' ? { ...c, numFmt: '0.00' } : c));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await toXlsx(table)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sheet1');
    expect(sheet?.getCell('D2').value).toBe(12.5);
    expect(sheet?.getCell('D2').numFmt).toBe('0.00');
  });
});

describe('PDF filter lines', () => {
  it('puts one "Label: value" per line when asked', async () => {
    const labels = { generatedAt: 'Generated at', page: () => '', empty: 'No rows' };
    const fonts = await loadBundledPdfFonts();
    const inline = JSON.stringify(buildPdfDocument(sampleTable(), fonts, labels).content);
    const lines = JSON.stringify(
      buildPdfDocument(sampleTable(), fonts, labels, { filterLines: true }).content,
    );
    expect(inline).toContain('   ·   ');
    expect(lines).not.toContain('   ·   ');
    expect(lines).toContain('{"text":"\\n"},{"text":"Search: ","bold":true}');
  });
});
