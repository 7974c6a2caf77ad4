import { describe, expect, it } from 'vitest';
import {
  hasChosenFilter,
  requestFilter,
  searchFromValues,
  valuesFromSearch,
  wardsInZones,
  zoneOfWard,
} from './report-filter';

const divisions = [
  { id: '1', type: 'ZONE', parentId: null },
  { id: '10', type: 'CIRCLE', parentId: '1' },
  { id: '100', type: 'WARD', parentId: '10' },
  { id: '200', type: 'WARD', parentId: '20' },
  { id: '20', type: 'CIRCLE', parentId: '2' },
  { id: '2', type: 'ZONE', parentId: null },
];

describe('report filter', () => {
  it('round-trips through the URL with lists repeated and the report’s own typed fields', () => {
    const defaults = { dayBreakdown: false, minKm: 20, kinds: [] as string[] };
    const values = valuesFromSearch(
      new URLSearchParams(
        'from=2026-11-20&to=2026-11-21&zoneIds=1&zoneIds=2&dayBreakdown=true&minKm=5&kinds=a',
      ),
      defaults,
    );
    expect(values).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-21',
      zoneIds: ['1', '2'],
      dayBreakdown: true,
      minKm: 5,
      kinds: ['a'],
      groupId: null,
    });
    expect(searchFromValues(values).toString()).toBe(
      'from=2026-11-20&to=2026-11-21&zoneIds=1&zoneIds=2&dayBreakdown=true&minKm=5&kinds=a',
    );
  });

  it('ignores days that are not yyyy-MM-dd and sends days as the whole local day', () => {
    const values = valuesFromSearch(new URLSearchParams('from=20-11-2026&to=2026-11-20&groupId=5'));
    expect(values.from).toBeNull();
    expect(requestFilter(values)).toEqual({ to: '2026-11-20T23:59:59.999+05:30', groupId: '5' });
  });

  it('runs only with something chosen besides the report’s defaults', () => {
    const defaults = { dayBreakdown: false };
    expect(hasChosenFilter(valuesFromSearch(new URLSearchParams(''), defaults), defaults)).toBe(false);
    expect(hasChosenFilter(valuesFromSearch(new URLSearchParams('groupId=5'), defaults), defaults)).toBe(
      true,
    );
    expect(
      hasChosenFilter(valuesFromSearch(new URLSearchParams('dayBreakdown=true'), defaults), defaults),
    ).toBe(true);
  });

  it('limits wards to the chosen zones through their circles', () => {
    expect(wardsInZones(divisions, ['1']).map((w) => w.id)).toEqual(['100']);
    expect(wardsInZones(divisions, []).map((w) => w.id)).toEqual(['100', '200']);
    expect(zoneOfWard(divisions, '200')).toBe('2');
  });
});
