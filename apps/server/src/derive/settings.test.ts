import { describe, expect, it } from 'vitest';
import { fenceBbox, fenceContains, type Fence } from './fences.ts';
import { destinationPoint } from './geo.ts';
import { DEFAULT_DERIVE_SETTINGS, resolveDeriveSettings } from './settings.ts';
import { RAJWADA } from './testing/track.ts';

describe('resolveDeriveSettings', () => {
  it('defaults, then organisation, then vehicle overrides; nulls and unknown keys skipped', () => {
    expect(resolveDeriveSettings()).toEqual(DEFAULT_DERIVE_SETTINGS);
    const stored = JSON.parse('{"stopMinDurationS": 300, "retired": 1, "idleMinDurationS": null}') as object;
    const resolved = resolveDeriveSettings(stored, { speedLimitKph: 40 }, null, undefined);
    expect(resolved.stopMinDurationS).toBe(300);
    expect(resolved.idleMinDurationS).toBe(120);
    expect(resolved.speedLimitKph).toBe(40);
    expect(resolved).not.toHaveProperty('retired');
    expect(resolveDeriveSettings({ speedLimitKph: 40 }, { speedLimitKph: null }).speedLimitKph).toBeNull();
  });

  it('documents its defaults (docs/derivations.md)', () => {
    expect(DEFAULT_DERIVE_SETTINGS).toEqual({
      stopMinDurationS: 180,
      stopRadiusM: 50,
      movingMinSpeedKph: 5,
      idleMinDurationS: 120,
      offlineAfterS: 900,
      minTripDistanceM: 200,
      minTripDurationS: 60,
      visitDwellS: 120,
      visitExitDebounceS: 30,
      gpsGapS: 300,
      maxPlausibleSpeedKph: 150,
      distanceJitterM: 30,
      speedLimitKph: null,
      overspeedMinDurationS: 10,
      sosQuietS: 300,
      alarmDedupS: 60,
      dutyGraceS: 900,
      collectionMinStopS: 30,
      missedPointsAlertLeadS: 1800,
      activeMinDailyDistanceM: 20_000,
      fuelEconomyKmpl: 4,
      timeZone: 'Asia/Kolkata',
    });
    expect(Object.isFrozen(DEFAULT_DERIVE_SETTINGS)).toBe(true);
  });

  it('rejects nonsense with the field named', () => {
    expect(() => resolveDeriveSettings({ stopRadiusM: 0 })).toThrow(/stopRadiusM/);
    expect(() => resolveDeriveSettings({ stopMinDurationS: 0 })).toThrow(/stopMinDurationS/);
    expect(() => resolveDeriveSettings({ offlineAfterS: -1 })).toThrow(/offlineAfterS/);
    expect(() => resolveDeriveSettings({ gpsGapS: Number.NaN })).toThrow(/gpsGapS/);
    expect(() => resolveDeriveSettings({ timeZone: 'Mars/Olympus' })).toThrow(/timeZone/);
    expect(() => resolveDeriveSettings({ visitDwellS: '120' as unknown as number })).toThrow(/visitDwellS/);
    expect(resolveDeriveSettings({ idleMinDurationS: 0, timeZone: 'Europe/London' }).idleMinDurationS).toBe(
      0,
    );
  });
});

describe('fences', () => {
  it('circle: inside up to and including the radius; its box bounds it', () => {
    const fence: Fence = { id: 'poi', type: 'circle', center: [RAJWADA.lon, RAJWADA.lat], radiusM: 100 };
    expect(fenceContains(fence, destinationPoint(RAJWADA, 33, 99.9))).toBe(true);
    expect(fenceContains(fence, destinationPoint(RAJWADA, 33, 100.1))).toBe(false);
    expect(fenceBbox(fence)).toBe(fenceBbox(fence));
    const [minLon, minLat, maxLon, maxLat] = fenceBbox(fence);
    expect(destinationPoint(RAJWADA, 0, 100).lat).toBeLessThanOrEqual(maxLat);
    expect(destinationPoint(RAJWADA, 180, 100).lat).toBeGreaterThanOrEqual(minLat);
    expect(destinationPoint(RAJWADA, 90, 100).lon).toBeLessThanOrEqual(maxLon);
    expect(destinationPoint(RAJWADA, 270, 100).lon).toBeGreaterThanOrEqual(minLon);
  });

  it('multipolygon ward made of two islands', () => {
    const ward: Fence = {
      id: 'ward',
      type: 'multipolygon',
      coordinates: [
        [
          [
            [75.85, 22.71],
            [75.851, 22.71],
            [75.851, 22.711],
            [75.85, 22.711],
          ],
        ],
        [
          [
            [75.86, 22.72],
            [75.861, 22.72],
            [75.861, 22.721],
            [75.86, 22.721],
          ],
        ],
      ],
    };
    expect(fenceContains(ward, { lon: 75.8605, lat: 22.7205 })).toBe(true);
    expect(fenceContains(ward, { lon: 75.8505, lat: 22.7105 })).toBe(true);
    expect(fenceContains(ward, { lon: 75.855, lat: 22.715 })).toBe(false);
    expect(fenceBbox(ward)).toEqual([75.85, 22.71, 75.861, 22.721]);
  });
});
