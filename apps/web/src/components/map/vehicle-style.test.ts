import { describe, expect, it } from 'vitest';
import {
  buildVehicleFeatures,
  iconKindOf,
  parseVehicleImageKey,
  VEHICLE_STATUS_COLOURS,
  vehicleIconKey,
  vehicleTipKey,
  type MapVehicle,
} from './vehicle-style';

const vehicle = (over: Partial<MapVehicle> = {}): MapVehicle => ({
  id: '1',
  lat: 22.7,
  lon: 75.8,
  headingDeg: 45,
  status: 'moving',
  kind: 'tipper',
  label: 'MP09AB1234',
  ...over,
});

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('vehicle icons', () => {
  it('maps stored kinds and body types to pictograms', () => {
    expect(iconKindOf('tipper')).toBe('tipper');
    expect(iconKindOf('TRUCK')).toBe('tipper');
    expect(iconKindOf('compactor')).toBe('compactor');
    expect(iconKindOf('door-to-door')).toBe('auto');
    expect(iconKindOf('MINI_VAN')).toBe('auto');
    expect(iconKindOf('SMALL_CAR')).toBe('car');
    expect(iconKindOf('SUV')).toBe('car');
    expect(iconKindOf('SHIP')).toBe('other');
    expect(iconKindOf(null)).toBe('other');
  });

  it('round-trips image keys and refuses foreign ones', () => {
    expect(parseVehicleImageKey(vehicleIconKey('auto', 'idle'))).toEqual({
      type: 'body',
      kind: 'auto',
      status: 'idle',
    });
    expect(parseVehicleImageKey(vehicleTipKey('never-connected'))).toEqual({
      type: 'tip',
      status: 'never-connected',
    });
    expect(parseVehicleImageKey('cf-vehicle:boat:moving')).toBeNull();
    expect(parseVehicleImageKey('cf-vehicle:car:parked')).toBeNull();
    expect(parseVehicleImageKey('cf-vehicle:car:moving:x')).toBeNull();
    expect(parseVehicleImageKey('marker-15')).toBeNull();
  });

  it('keeps pictograms readable on every status colour (≥ 3:1)', () => {
    for (const { fill, ink } of Object.values(VEHICLE_STATUS_COLOURS))
      expect(contrast(fill, ink)).toBeGreaterThanOrEqual(3);
  });
});

describe('buildVehicleFeatures', () => {
  it('builds one point per vehicle with icon, tip, rotation and label', () => {
    const fc = buildVehicleFeatures([
      vehicle(),
      vehicle({ id: '2', headingDeg: null, status: 'offline', kind: 'SEDAN', label: 'MP09CD1' }),
    ]);
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [75.8, 22.7] },
      properties: {
        id: '1',
        icon: 'cf-vehicle:tipper:moving',
        tip: 'cf-vehicle-tip:moving',
        rotation: 45,
        label: 'MP09AB1234',
        status: 'moving',
      },
    });
    expect(fc.features[1]?.properties).toMatchObject({
      icon: 'cf-vehicle:car:offline',
      tip: '',
      rotation: 0,
    });
  });

  it('leaves out vehicles without a finite position', () => {
    const fc = buildVehicleFeatures([vehicle({ lat: Number.NaN }), vehicle({ id: '2' })]);
    expect(fc.features.map((f) => f.properties.id)).toEqual(['2']);
  });
});
