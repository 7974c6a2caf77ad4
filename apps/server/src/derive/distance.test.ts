import { describe, expect, it } from 'vitest';
import { initialDistanceState, stepDistance, type DistanceInput } from './distance.ts';
import { destinationPoint, haversineM } from './geo.ts';
import { resolveDeriveSettings } from './settings.ts';
import { ist, RAJWADA, Track } from './testing/track.ts';

const settings = resolveDeriveSettings();
const total = (points: readonly { distanceM: number }[]): number =>
  points.reduce((sum, p) => sum + p.distanceM, 0);

function fix(atS: number, at = RAJWADA, fields: Partial<DistanceInput> = {}): DistanceInput {
  return {
    fixTime: new Date(ist('2024-03-11 09:00').getTime() + atS * 1000),
    lat: at.lat,
    lon: at.lon,
    gpsValid: true,
    speedKph: 30,
    ignition: true,
    ...fields,
  };
}

function run(inputs: readonly DistanceInput[]): number[] {
  let state = initialDistanceState();
  return inputs.map((input) => {
    const step = stepDistance(state, input, settings);
    state = step.state;
    return step.distanceM;
  });
}

describe('stepDistance', () => {
  it('a straight 5 km drive measures 5 km; the odometer runs on from its start value', () => {
    const points = new Track({ startAt: ist('2024-03-11 09:00') })
      .drive({ bearingDeg: 30, distanceM: 5000 }, 30)
      .points();
    expect(total(points)).toBeCloseTo(5000, 3);
    let state = initialDistanceState(1_000_000);
    for (const point of points) state = stepDistance(state, point, settings).state;
    expect(state.odometerM).toBeCloseTo(1_005_000, 3);
  });

  it('an hour parked with ±15 m noise adds nothing with ignition off, and little without an ignition wire', () => {
    const off = new Track({ startAt: ist('2024-03-11 13:00'), seed: 3 }).park(3600, { jitterM: 15 }).points();
    expect(total(off)).toBe(0);
    const unknown = new Track({ startAt: ist('2024-03-11 13:00'), seed: 3 })
      .park(3600, { jitterM: 15, ignition: null })
      .points();
    const raw = new Track({ startAt: ist('2024-03-11 13:00'), seed: 3, distance: 'raw' })
      .park(3600, { jitterM: 15, ignition: null })
      .points();
    expect(total(raw)).toBeGreaterThan(5000);
    expect(total(unknown)).toBeLessThan(total(raw) / 20);
  });

  it('a crawl below the moving speed still counts once beyond the noise threshold', () => {
    const crawl = new Track({ startAt: ist('2024-03-11 07:00') })
      .drive({ bearingDeg: 90, distanceM: 300 }, 3, { speedKph: 3 })
      .points();
    expect(total(crawl)).toBeGreaterThan(270);
    expect(total(crawl)).toBeLessThanOrEqual(300 + 1e-6);
  });

  it('invalid fixes add nothing and do not move the anchor', () => {
    const far = destinationPoint(RAJWADA, 0, 500);
    const next = destinationPoint(RAJWADA, 0, 100);
    const steps = run([fix(0), fix(10, far, { gpsValid: false }), fix(20, next)]);
    expect(steps[1]).toBe(0);
    expect(steps[2]).toBeCloseTo(100, 6);
  });

  it('an implausible jump adds nothing and the next fix is measured from before it', () => {
    const jump = destinationPoint(RAJWADA, 90, 2000);
    const next = destinationPoint(RAJWADA, 0, 80);
    const steps = run([fix(0), fix(10, jump), fix(20, next)]);
    expect(steps[1]).toBe(0);
    expect(steps[2]).toBeCloseTo(80, 6);
  });

  it('across a GPS gap: the straight line when plausible, nothing (and a new anchor) when not', () => {
    const plausible = destinationPoint(RAJWADA, 0, 4000);
    expect(run([fix(0), fix(600, plausible)])[1]).toBeCloseTo(4000, 6);
    const teleport = destinationPoint(RAJWADA, 0, 40_000);
    const after = destinationPoint(teleport, 0, 100);
    const steps = run([fix(0), fix(600, teleport), fix(610, after)]);
    expect(steps[1]).toBe(0);
    expect(steps[2]).toBeCloseTo(100, 6);
  });

  it('a fix not newer than the anchor adds nothing', () => {
    const steps = run([fix(10), fix(10, destinationPoint(RAJWADA, 0, 100)), fix(5)]);
    expect(steps).toEqual([0, 0, 0]);
  });

  it('distance is the haversine from the anchor', () => {
    const to = destinationPoint(RAJWADA, 200, 321);
    expect(run([fix(0), fix(60, to)])[1]).toBe(haversineM(RAJWADA, to));
  });
});
