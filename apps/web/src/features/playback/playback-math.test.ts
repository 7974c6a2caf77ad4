import type { PlaybackPoints } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import {
  bearingDeg,
  buildTrack,
  GAP_MS,
  indexAtTime,
  lerpAngle,
  pointsBounds,
  positionAt,
  speedBand,
  stepTime,
} from './playback-math';

const T0 = Date.UTC(2026, 10, 25, 4, 0, 0);
const points = (
  rows: Array<[dtS: number, lat: number, lon: number, speed: number | null, heading: number | null]>,
) => {
  const p: PlaybackPoints = { t: [], lat: [], lon: [], speedKph: [], headingDeg: [], ignition: [] };
  for (const [dtS, lat, lon, speed, heading] of rows) {
    p.t.push(T0 + dtS * 1000);
    p.lat.push(lat);
    p.lon.push(lon);
    p.speedKph.push(speed);
    p.headingDeg.push(heading);
    p.ignition.push(true);
  }
  return p;
};

const track = points([
  [0, 22.7, 75.8, 0, 90],
  [10, 22.7, 75.801, 30, 90],
  [20, 22.701, 75.801, 30, 0],
  // 10 minutes of silence, then on again.
  [620, 22.702, 75.802, 45, 350],
  [630, 22.703, 75.802, 70, 10],
]);

describe('indexAtTime (binary search)', () => {
  it('finds the last fix at or before the time and clamps outside the track', () => {
    expect(indexAtTime(track.t, T0 - 5000)).toBe(0);
    expect(indexAtTime(track.t, T0)).toBe(0);
    expect(indexAtTime(track.t, T0 + 9_999)).toBe(0);
    expect(indexAtTime(track.t, T0 + 10_000)).toBe(1);
    expect(indexAtTime(track.t, T0 + 300_000)).toBe(2);
    expect(indexAtTime(track.t, T0 + 630_000)).toBe(4);
    expect(indexAtTime(track.t, T0 + 9e9)).toBe(4);
    expect(indexAtTime([], T0)).toBe(-1);
  });

  it('agrees with a linear scan on a day of 17,280 fixes', () => {
    const t = Array.from({ length: 17_280 }, (_, i) => T0 + i * 5000);
    for (const ms of [T0 + 1, T0 + 4_999, T0 + 5_000, T0 + 43_200_123, T0 + 86_395_000]) {
      const linear = t.findLastIndex((x) => x <= ms);
      expect(indexAtTime(t, ms)).toBe(linear);
    }
  });
});

describe('positionAt (interpolation)', () => {
  it('is linear between two fixes, with the speed blended', () => {
    const p = positionAt(track, T0 + 5_000);
    expect(p?.index).toBe(0);
    expect(p?.lat).toBeCloseTo(22.7, 9);
    expect(p?.lon).toBeCloseTo(75.8005, 9);
    expect(p?.speedKph).toBeCloseTo(15, 9);
    expect(p?.headingDeg).toBeCloseTo(90, 9);
  });

  it('turns the heading the short way round (350° → 10° passes north)', () => {
    const p = positionAt(track, T0 + 625_000);
    expect(p?.headingDeg).toBeCloseTo(0, 6);
    expect(lerpAngle(10, 350, 0.25)).toBeCloseTo(5, 9);
  });

  it('waits at the last fix across a gap instead of gliding', () => {
    expect(620_000 - 20_000).toBeGreaterThan(GAP_MS);
    const p = positionAt(track, T0 + 300_000);
    expect(p).toMatchObject({ index: 2, lat: 22.701, lon: 75.801, headingDeg: 0 });
  });

  it('takes the heading from the movement when the device sent none', () => {
    const noHeading = points([
      [0, 22.7, 75.8, 10, null],
      [10, 22.71, 75.8, 10, null],
    ]);
    expect(positionAt(noHeading, T0 + 5000)?.headingDeg).toBeCloseTo(0, 6);
    expect(bearingDeg(22.7, 75.8, 22.7, 75.81)).toBeCloseTo(90, 1);
  });

  it('holds the ends and answers null without points', () => {
    expect(positionAt(track, T0 - 1)?.lat).toBe(22.7);
    expect(positionAt(track, T0 + 1e9)?.lat).toBe(22.703);
    expect(
      positionAt({ t: [], lat: [], lon: [], speedKph: [], headingDeg: [], ignition: [] }, T0),
    ).toBeNull();
  });
});

describe('speed bands and the coloured track', () => {
  it('puts speeds in bands by their lower bound', () => {
    expect(speedBand(null)).toBe('crawl');
    expect(speedBand(4.9)).toBe('crawl');
    expect(speedBand(5)).toBe('slow');
    expect(speedBand(25)).toBe('urban');
    expect(speedBand(40)).toBe('fast');
    expect(speedBand(90)).toBe('veryFast');
  });

  it('merges consecutive segments of one band into one line and draws a gap apart', () => {
    const fc = buildTrack(track);
    expect(fc.features.map((f) => f.properties.band)).toEqual(['slow', 'urban', 'gap', 'fast']);
    expect(fc.features[0]?.geometry.coordinates).toEqual([
      [75.8, 22.7],
      [75.801, 22.7],
    ]);
    // Lines join: each starts where the previous ended.
    expect(fc.features[1]?.geometry.coordinates[0]).toEqual([75.801, 22.7]);
  });

  it('keeps a day of 17k fixes to a few features per band change', () => {
    const n = 17_280;
    const day: PlaybackPoints = {
      t: Array.from({ length: n }, (_, i) => T0 + i * 5000),
      lat: Array.from({ length: n }, (_, i) => 22.7 + i * 1e-5),
      lon: Array.from({ length: n }, () => 75.8),
      speedKph: Array.from({ length: n }, (_, i) => (Math.floor(i / 600) % 2 === 0 ? 25 : 45)),
      headingDeg: Array.from({ length: n }, () => 0),
      ignition: Array.from({ length: n }, () => true),
    };
    const fc = buildTrack(day);
    expect(fc.features.length).toBeLessThan(100);
    expect(fc.features.reduce((sum, f) => sum + f.geometry.coordinates.length - 1, 0)).toBe(n - 1);
  });
});

describe('bounds and stepping', () => {
  it('bounds the fixes of a range', () => {
    expect(pointsBounds(track)).toEqual([
      [75.8, 22.7],
      [75.802, 22.703],
    ]);
    expect(pointsBounds(track, 3, 4)).toEqual([
      [75.802, 22.702],
      [75.802, 22.703],
    ]);
  });

  it('steps to the next and previous fix', () => {
    expect(stepTime(track.t, T0 + 5000, 1)).toBe(T0 + 10_000);
    expect(stepTime(track.t, T0 + 10_000, 1)).toBe(T0 + 20_000);
    expect(stepTime(track.t, T0 + 10_000, -1)).toBe(T0);
    expect(stepTime(track.t, T0 + 15_000, -1)).toBe(T0 + 10_000);
    expect(stepTime(track.t, T0 + 630_000, 1)).toBe(T0 + 630_000);
  });
});
