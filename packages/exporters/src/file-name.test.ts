import { describe, expect, it } from 'vitest';
import { exportFileName } from './file-name.ts';
import { formatDateTime } from './format.ts';

describe('exportFileName', () => {
  it('names a report after its from and to times in Asia/Kolkata', () => {
    const from = new Date('2026-10-31T18:30:00Z');
    const to = new Date('2026-11-30T18:29:59Z');
    expect(exportFileName('Cumulative Distance Report', from, to, { extension: 'xlsx' })).toBe(
      'Cumulative_Distance_Report_01-11-2026_00-00-00_to_30-11-2026_23-59-59.xlsx',
    );
  });

  it('keeps only safe characters', () => {
    expect(exportFileName(' Devices / SIMs: "all" ', undefined, undefined, { extension: 'c/sv' })).toBe(
      'Devices_SIMs_all.csv',
    );
    expect(exportFileName('वाहन')).toBe('export');
    expect(exportFileName('Transactions')).toBe('Transactions');
  });
});

describe('formatDateTime', () => {
  it('prints dd/MM/yyyy HH:mm:ss in the zone, 24-hour', () => {
    expect(formatDateTime(new Date('2026-11-21T18:30:05Z'))).toBe('22/11/2026 00:00:05');
    expect(formatDateTime(new Date('2026-11-21T18:30:05Z'), 'UTC')).toBe('21/11/2026 18:30:05');
  });
});
