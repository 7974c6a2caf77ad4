/** The worker-thread renderer: XLSX and PDF built in a worker from rows posted in chunks. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RenderHead } from './render-file.ts';
import { startRender } from './render.ts';

const head = (format: 'xlsx' | 'pdf'): RenderHead => ({
  format,
  title: 'Cumulative Distance Report',
  subtitle: 'This report shows the cumulative distance travelled by each vehicle on a daily basis.',
  filters: [
    { label: 'Organisation', value: 'Indore Municipal Corporation' },
    { label: 'Zone', value: 'ज़ोन 2' },
  ],
  columns: [
    { key: 'sr', header: 'Sr', width: 6, align: 'right', numFmt: '0' },
    { key: 'regNo', header: 'Vehicle Number' },
    { key: 'distance', header: 'Distance', align: 'right', numFmt: '0.00' },
  ],
  generatedAt: '2026-11-21T18:30:05Z',
  timeZone: 'Asia/Kolkata',
});

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const pageCount = (bytes: Uint8Array) => latin1(bytes).match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('startRender (worker thread)', () => {
  it('builds an XLSX from rows sent in chunks', async () => {
    const session = startRender(head('xlsx'));
    session.push([
      [1, 'MP09GF1234', 12.5],
      [2, 'MP09GF5678', 0],
    ]);
    session.push([[3, 'कचरा गाड़ी', '-']]);
    const bytes = await session.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Sheet1']);
    const sheet = workbook.getWorksheet('Sheet1');
    if (!sheet) throw new Error('no Sheet1');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Sr', 'Vehicle Number', 'Distance']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'MP09GF1234', 12.5]);
    expect(sheet.getCell('C2').numFmt).toBe('0.00');
    expect(sheet.getRow(4).values).toEqual([undefined, 3, 'कचरा गाड़ी', '-']);
  });

  it('builds a landscape PDF with page numbers over several pages', async () => {
    const session = startRender(head('pdf'));
    for (let chunk = 0; chunk < 4; chunk += 1) {
      session.push(Array.from({ length: 50 }, (_, i) => [chunk * 50 + i + 1, `MP09GF${1000 + i}`, '1.50']));
    }
    const bytes = await session.finish();
    expect(latin1(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(latin1(bytes)).toMatch(/\/MediaBox \[0 0 841\.89 595\.28/);
    expect(pageCount(bytes)).toBeGreaterThan(1);
  });

  it('rejects finish() after abort and stops the worker', async () => {
    const session = startRender(head('xlsx'));
    session.push([[1, 'x', 1]]);
    session.abort();
    await expect(session.finish()).rejects.toThrow('Export cancelled');
  });
});
