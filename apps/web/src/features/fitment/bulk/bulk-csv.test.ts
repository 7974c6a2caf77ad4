import { ACTIVATION_CSV_COLUMNS, ACTIVATION_CSV_SAMPLE } from '@civicfleet/shared';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  buildRow,
  chunkRows,
  failChunk,
  failedRowsCsv,
  joinResults,
  missingColumns,
  parseActivationCsv,
} from './bulk-csv';

describe('activation CSV', () => {
  it('reads the sample: the spec columns in order, one row built from its header-row pairs', () => {
    const header = ACTIVATION_CSV_SAMPLE.split('\n')[0];
    expect(header).toBe(ACTIVATION_CSV_COLUMNS.join(','));
    expect(ACTIVATION_CSV_COLUMNS.slice(0, 4)).toEqual([
      'category',
      'registrationNumber',
      'engineNo',
      'chassisNo',
    ]);
    const parsed = parseActivationCsv(ACTIVATION_CSV_SAMPLE);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.rows[0]).toMatchObject({
      row: 1,
      category: 'Goods',
      registrationNumber: 'MP09AB1234',
      rto: 'Indore',
      rtoCode: 'MP_09',
      imei: '356307042441013',
      customerPhone: '9876543210',
      durationInDays: '365',
      deviceActivate: 'true',
    });
    // A blank cell (customerPassword) is left out rather than sent empty.
    expect(parsed.rows[0]).not.toHaveProperty('customerPassword');
  });

  it('refuses a header without a required column, naming what is missing', () => {
    const parsed = parseActivationCsv('category,registrationNumber,rto,imei\nGoods,MP09AB1234,Indore,1\n');
    expect(parsed).toEqual({
      ok: false,
      message: 'Required fields are not present or Headers are wrong',
      missing: ['rtoCode', 'customerPhone', 'durationInDays'],
    });
    expect(missingColumns(['Category'])).toContain('category');
  });

  it('builds rows from any column order, trims cells, ignores unknown columns and blank lines', () => {
    const csv = [
      '\uFEFF imei ,durationInDays,customerPhone,rtoCode,rto,registrationNumber,category,notes',
      '356307042441013, 730 ,9876543210,MP_09,Indore,mp09ab1234,Goods,ignore me',
      '',
      '356307042441021,365,9876500000,MP_04,Bhopal,MP04CD0001,Bus,',
      '   ',
    ].join('\r\n');
    const parsed = parseActivationCsv(csv);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.rows).toEqual([
      {
        row: 1,
        imei: '356307042441013',
        durationInDays: '730',
        customerPhone: '9876543210',
        rtoCode: 'MP_09',
        rto: 'Indore',
        registrationNumber: 'mp09ab1234',
        category: 'Goods',
      },
      {
        row: 2,
        imei: '356307042441021',
        durationInDays: '365',
        customerPhone: '9876500000',
        rtoCode: 'MP_04',
        rto: 'Bhopal',
        registrationNumber: 'MP04CD0001',
        category: 'Bus',
      },
    ]);
    expect(buildRow({ state: 'MP', customerAddress: ' 12 MG Road ', other: 'x' }, 7)).toEqual({
      row: 7,
      state: 'MP',
      customerAddress: '12 MG Road',
    });
  });

  it('sends chunks of 100 rows', () => {
    const rows = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(chunkRows(rows).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunkRows([])).toEqual([]);
  });

  it('joins the server results to the rows and writes the failed rows as CSV to fix and upload again', () => {
    const sent = [
      { row: 1, registrationNumber: 'MP09AB1234', imei: '356307042441013', category: 'Goods' },
      { row: 2, registrationNumber: 'MP09AB9999', imei: '356307042441021', category: 'Bus, heavy' },
      { row: 3, imei: '356307042441039' },
    ];
    const outcomes = joinResults(
      sent,
      [
        { row: 1, success: true, message: 'Fitment created', fitmentId: '5' },
        { row: 2, success: false, message: 'This device is already installed on another vehicle.' },
      ],
      'No answer for this row',
    );
    expect(outcomes.map((o) => [o.row, o.success, o.message])).toEqual([
      [1, true, 'Fitment created'],
      [2, false, 'This device is already installed on another vehicle.'],
      [3, false, 'No answer for this row'],
    ]);
    const csv = failedRowsCsv(outcomes, ['category', 'registrationNumber', 'imei', 'unknown']);
    const back = Papa.parse<string[]>(csv.trim()).data;
    expect(back).toEqual([
      ['row', 'category', 'registrationNumber', 'imei', 'error'],
      [
        '2',
        'Bus, heavy',
        'MP09AB9999',
        '356307042441021',
        'This device is already installed on another vehicle.',
      ],
      ['3', '', '', '356307042441039', 'No answer for this row'],
    ]);
    expect(failChunk(sent.slice(0, 1), 'Bad request')).toEqual([
      expect.objectContaining({ row: 1, success: false, message: 'Bad request' }),
    ]);
  });
});
