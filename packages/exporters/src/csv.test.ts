import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { sampleTable } from './test-table.ts';

describe('toCsv', () => {
  const csv = toCsv(sampleTable());
  const lines = csv.slice(1).split('\r\n');

  it('starts with a UTF-8 byte order mark so Excel reads Hindi, and ends lines with CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe('Sr,Zone,Vehicle Number,Distance (km),Remark');
  });

  it('quotes commas and quotes (RFC 4180) and leaves empty cells empty', () => {
    expect(lines[1]).toBe('1,Zone 1,MP09GF1234,12.5,"Ward ""7"", late"');
    expect(lines[2]).toBe('2,ज़ोन 2,MP09GF5678,0,कचरा गाड़ी');
  });

  it('defuses formulas in text but keeps negative numbers', () => {
    expect(lines[3]).toBe(`3,Zone 3,"'=HYPERLINK(""x"")",-3.25,`);
    const table = sampleTable(1);
    table.rows = [{ sr: '+1', zone: '-2', vehicle: '@SUM(A1)', distanceKm: '\t=1', remark: 'a\nb' }];
    expect(toCsv(table).slice(1).split('\r\n')[1]).toBe(`'+1,'-2,'@SUM(A1),'\t=1,"a\nb"`);
  });
});
