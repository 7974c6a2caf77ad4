/** A sample report for the tests: Indore SWM vehicles, one Hindi row, values that need CSV quoting. */
import type { ExportTable } from './types.ts';

export function sampleTable(rowCount = 3): ExportTable {
  const rows: ExportTable['rows'] = [
    { sr: 1, zone: 'Zone 1', vehicle: 'MP09GF1234', distanceKm: 12.5, remark: 'Ward "7", late' },
    { sr: 2, zone: 'ज़ोन 2', vehicle: 'MP09GF5678', distanceKm: 0, remark: 'कचरा गाड़ी' },
    { sr: 3, zone: 'Zone 3', vehicle: '=HYPERLINK("x")', distanceKm: -3.25, remark: null },
  ];
  for (let i = rows.length; i < rowCount; i += 1) {
    rows.push({ sr: i + 1, zone: `Zone ${(i % 5) + 1}`, vehicle: `MP09GF${1000 + i}`, distanceKm: i * 1.5 });
  }
  return {
    title: 'Cumulative Distance Report',
    subtitle: 'This report shows the cumulative distance travelled by each vehicle on a daily basis.',
    filters: [
      { label: 'Organisation', value: 'Indore Municipal Corporation' },
      { label: 'Search', value: 'MP09' },
    ],
    columns: [
      { key: 'sr', header: 'Sr', width: 5, align: 'right' },
      { key: 'zone', header: 'Zone' },
      { key: 'vehicle', header: 'Vehicle Number', width: 20 },
      { key: 'distanceKm', header: 'Distance (km)', width: 12, align: 'right' },
      { key: 'remark', header: 'Remark', width: 25 },
    ],
    rows: rows.slice(0, rowCount),
    // 18:30 UTC = midnight in Asia/Kolkata.
    generatedAt: new Date('2026-11-21T18:30:05Z'),
  };
}
