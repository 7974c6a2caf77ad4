import { GEO_MESSAGES } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import {
  circlePolygon,
  featureCollection,
  geometryBounds,
  GEOMETRY_TEXT_MESSAGES,
  paddedBounds,
  parseGeometryText,
} from './geometry';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [75.85, 22.71],
      [75.86, 22.71],
      [75.86, 22.72],
      [75.85, 22.72],
      [75.85, 22.71],
    ],
  ],
} as const;

describe('geometryBounds', () => {
  it('spans every position of every geometry and skips empty ones', () => {
    const bounds = geometryBounds([SQUARE, null, { type: 'Point', coordinates: [75.9, 22.6] }]);
    expect(bounds).toEqual([
      [75.85, 22.6],
      [75.9, 22.72],
    ]);
  });

  it('is null when nothing has a position', () => {
    expect(geometryBounds([null, undefined])).toBeNull();
  });

  it('pads a single point to a visible span', () => {
    const [[w, s], [e, n]] = paddedBounds([
      [75.8, 22.7],
      [75.8, 22.7],
    ]);
    expect(e - w).toBeCloseTo(0.01);
    expect(n - s).toBeCloseTo(0.01);
  });
});

describe('circlePolygon', () => {
  it('is a closed ring whose corners lie at the radius', () => {
    const circle = circlePolygon([75.8577, 22.7196], 500, 32);
    const ring = circle.type === 'Polygon' ? circle.coordinates[0] : undefined;
    expect(ring).toHaveLength(33);
    expect(ring?.[0]).toEqual(ring?.[32]);
    // North corner: 500 m ≈ 0.004497° of latitude.
    expect((ring?.[0]?.[1] ?? 0) - 22.7196).toBeCloseTo(0.004497, 5);
  });
});

describe('parseGeometryText', () => {
  it('accepts a bare geometry, a Feature and a one-feature FeatureCollection', () => {
    const text = JSON.stringify(SQUARE);
    expect(parseGeometryText(text, 'area')).toMatchObject({ ok: true, geometry: SQUARE });
    expect(
      parseGeometryText(JSON.stringify({ type: 'Feature', geometry: SQUARE, properties: {} }), 'area'),
    ).toMatchObject({
      ok: true,
    });
    expect(
      parseGeometryText(
        JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: SQUARE }] }),
        'area',
      ),
    ).toMatchObject({ ok: true });
  });

  it('names what is wrong in the contract’s words', () => {
    expect(parseGeometryText('{nope', 'area')).toEqual({ ok: false, message: GEOMETRY_TEXT_MESSAGES.json });
    expect(parseGeometryText(JSON.stringify(SQUARE), 'line')).toEqual({
      ok: false,
      message: GEOMETRY_TEXT_MESSAGES.kind.line,
    });
    const open = { type: 'Polygon', coordinates: [SQUARE.coordinates[0].slice(0, 4)] };
    expect(parseGeometryText(JSON.stringify(open), 'area')).toEqual({
      ok: false,
      message: GEO_MESSAGES.ring,
    });
    const london = { type: 'Point', coordinates: [-0.12, 51.5] };
    expect(parseGeometryText(JSON.stringify(london), 'point')).toEqual({
      ok: false,
      message: GEO_MESSAGES.position,
    });
  });
});

describe('featureCollection', () => {
  it('drops items without a geometry and keeps properties and ids', () => {
    const fc = featureCollection([
      { id: 7, geometry: SQUARE, properties: { name: 'Ward 12' } },
      { geometry: null },
    ]);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0]).toMatchObject({ id: 7, properties: { name: 'Ward 12' } });
  });
});
