import type { AdminDivision } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { areaOf, divisionAt, isInArea } from './division-map';

const square = (lon: number, lat: number, d: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
});

const at = (id: string, type: AdminDivision['type'], geometry: unknown): AdminDivision => ({
  id,
  organisationId: '7',
  type,
  name: id,
  code: null,
  parentId: null,
  geometry: geometry as Record<string, unknown>,
});

describe('division map helpers', () => {
  it('reads only shapes the contract accepts', () => {
    expect(areaOf({ geometry: square(75.8, 22.7, 0.1) })).toEqual(square(75.8, 22.7, 0.1));
    expect(areaOf({ geometry: { type: 'Point', coordinates: [75.8, 22.7] } })).toBeNull();
    expect(areaOf({ geometry: null })).toBeNull();
  });

  it('finds points inside polygons, outside holes and in any part of a MultiPolygon', () => {
    const withHole = {
      type: 'Polygon' as const,
      coordinates: [
        square(75.8, 22.7, 0.1).coordinates[0] ?? [],
        square(75.84, 22.74, 0.02).coordinates[0] ?? [],
      ],
    };
    expect(isInArea([75.81, 22.71], withHole)).toBe(true);
    expect(isInArea([75.85, 22.75], withHole)).toBe(false);
    const multi = {
      type: 'MultiPolygon' as const,
      coordinates: [square(75.8, 22.7, 0.1).coordinates, square(76.0, 22.7, 0.1).coordinates],
    };
    expect(isInArea([76.05, 22.75], multi)).toBe(true);
    expect(isInArea([75.95, 22.75], multi)).toBe(false);
  });

  it('prefers the ward over its circle and zone', () => {
    const divisions = [
      at('zone', 'ZONE', square(75.7, 22.6, 0.4)),
      at('circle', 'CIRCLE', square(75.8, 22.7, 0.2)),
      at('ward', 'WARD', square(75.85, 22.75, 0.05)),
      at('bare', 'WARD', null),
    ];
    expect(divisionAt([75.86, 22.76], divisions)?.id).toBe('ward');
    expect(divisionAt([75.81, 22.71], divisions)?.id).toBe('circle');
    expect(divisionAt([75.71, 22.61], divisions)?.id).toBe('zone');
    expect(divisionAt([80, 25], divisions)).toBeUndefined();
  });
});
