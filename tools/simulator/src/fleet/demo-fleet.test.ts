import { describe, expect, it } from 'vitest';
import { demoFleet, demoImei, luhnDigit } from './demo-fleet.ts';

describe('demoFleet', () => {
  it('is deterministic per (count, seed)', () => {
    expect(demoFleet(50, 1)).toEqual(demoFleet(50, 1));
    expect(demoFleet(50, 1)).not.toEqual(demoFleet(50, 2));
    // A smaller fleet is a prefix of a larger one with the same seed.
    expect(demoFleet(50, 1).slice(0, 10)).toEqual(demoFleet(10, 1));
  });

  it('gives 50 unique, valid IMEIs and MP-09 registrations, all kinds and all protocols', () => {
    const fleet = demoFleet(50);
    expect(new Set(fleet.map((v) => v.imei)).size).toBe(50);
    expect(new Set(fleet.map((v) => v.registrationNumber)).size).toBe(50);
    for (const vehicle of fleet) {
      expect(vehicle.imei).toMatch(/^\d{15}$/);
      expect(luhnDigit(vehicle.imei.slice(0, 14))).toBe(vehicle.imei.slice(14));
      expect(vehicle.registrationNumber).toMatch(/^MP09[A-Z]{2}\d{4}$/);
    }
    const count = (key: 'kind' | 'protocol', value: string) => fleet.filter((v) => v[key] === value).length;
    expect([count('kind', 'd2d'), count('kind', 'tipper'), count('kind', 'compactor')]).toEqual([25, 15, 10]);
    expect([count('protocol', 'ais140'), count('protocol', 'gt06'), count('protocol', 'teltonika')]).toEqual([
      17, 17, 16,
    ]);
    expect(fleet[0]).toMatchObject({ kind: 'd2d', label: 'D2D 01 · Rajwada', protocol: 'ais140' });
    expect(fleet[1]?.label).toBe('Tipper 01 · Palasia');
  });

  it('builds IMEIs from the prefix, index and Luhn digit', () => {
    expect(demoImei(0)).toBe('869123400000014');
    expect(demoImei(0, '35')).toBe('350000000000014');
    expect(() => demoImei(0, '12ab')).toThrow();
    expect(demoFleet(3, 1, { protocol: 'gt06' }).every((v) => v.protocol === 'gt06')).toBe(true);
  });
});
