/**
 * What the demo produces for SWM (issue 7): crews with RFID cards swiped at shift start (and a driver change on the
 * relief vehicles), fixed beats visited in order with the odd point missed, rounds ending at the unload point, and
 * some vehicles unloading within minutes of an on-duty start.
 */
import { describe, expect, it } from 'vitest';
import { DRIVER_TAG_PATTERN } from '../packets/reading.ts';
import { BEAT_SKIP_PROBABILITY, vehicleBeat } from './beat.ts';
import { crewTags, RELIEF_VEHICLE_INDICES, vehicleCrew } from './crew.ts';
import { demoFleet } from './demo-fleet.ts';
import { createFleet, tick } from './fleet.ts';
import { distanceM } from './geo.ts';
import { DUMP_YARD_ID } from './indore-map.ts';
import type { FleetEvent } from './types.ts';

const fleet = demoFleet(50, 1);
const START = Date.UTC(2025, 0, 16, 4, 0); // 09:30 IST

function run(minutes: number, schedule: 'on-duty' | 'ist' = 'on-duty', startMs = START): FleetEvent[][] {
  const state = createFleet(fleet, { seed: 1, startMs, intervalS: 10, schedule, rates: { tamper: 0.08 } });
  const events: FleetEvent[][] = fleet.map(() => []);
  for (let t = startMs; t <= startMs + minutes * 60_000; t += 60_000)
    for (const batch of tick(state, t)) events[batch.index]?.push(...batch.events);
  return events;
}

describe('demo crews', () => {
  it('keeps each vehicle its crew, beat, zone and shift when only part of the fleet is simulated', () => {
    const config = { seed: 1, startMs: START, intervalS: 10, schedule: 'on-duty' as const };
    const whole = createFleet(fleet, config).vehicles.slice(36, 48);
    const part = createFleet(fleet.slice(36, 48), config).vehicles;
    const who = (v: (typeof part)[number]) => ({
      imei: v.spec.imei,
      crew: v.crewTags,
      zone: v.zone,
      shift: v.shiftStartMinuteIst,
      position: v.position,
    });
    expect(part.map(who)).toEqual(whole.map(who));
    expect(part.map((v) => v.index)).toEqual(part.map((_, i) => i));
  });

  it('gives every vehicle a driver, tippers and compactors a helper, and two vehicles a relief driver', () => {
    const crews = fleet.map((v, index) => vehicleCrew(index, v.imei, v.kind));
    expect(crews).toEqual(fleet.map((v, index) => vehicleCrew(index, v.imei, v.kind)));
    const tags = crews.flatMap(crewTags);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) {
      expect(tag).toMatch(DRIVER_TAG_PATTERN);
      expect(tag).toHaveLength(8);
      expect(tag.startsWith('00')).toBe(false);
    }
    crews.forEach((crew, index) => {
      expect(crew.helper === null).toBe(fleet[index]?.kind === 'd2d');
      expect(crew.relief !== null).toBe(RELIEF_VEHICLE_INDICES.includes(index));
      expect(crew.driver.licenceNo).toMatch(/^MP09\d{11}$/);
      expect(crew.driver.phone).toMatch(/^\+91[789]\d{9}$/);
    });
  });
});

describe('demo beats', () => {
  it('are fixed ordered collection points of the zone, with a road path from the depot to the unload point', () => {
    fleet.forEach((vehicle, index) => {
      const beat = vehicleBeat(index, vehicle.kind);
      expect(vehicleBeat(index, vehicle.kind)).toEqual(beat);
      expect(beat.points.length).toBeGreaterThanOrEqual(vehicle.kind === 'compactor' ? 3 : 5);
      expect(beat.points.every((p) => p.kind === 'collection' && p.ward !== null)).toBe(true);
      expect(beat.unload.at(-1)?.kind).toBe(vehicle.kind === 'd2d' ? 'transfer' : 'dump');
      const first = beat.path[0];
      const last = beat.path.at(-1);
      expect(first && distanceM(first, beat.depot)).toBeLessThan(1);
      expect(last && beat.unload.at(-1) && distanceM(last, beat.unload.at(-1) ?? last)).toBeLessThan(1);
      expect(beat.lengthM).toBeGreaterThan(2000);
    });
  });

  it('is visited in order every round, now and then passing a point by, each round ending at the unload point', () => {
    const events = run(8 * 60, 'ist', Date.UTC(2025, 0, 16, 0, 0));
    let visits = 0;
    let expected = 0;
    fleet.forEach((vehicle, index) => {
      const beat = vehicleBeat(index, vehicle.kind).points.map((p) => p.placeId);
      const arrivals = (events[index] ?? []).flatMap((e) => (e.type === 'arrived' ? [e] : []));
      let position = -1;
      for (const arrival of arrivals) {
        if (arrival.placeKind === 'collection') {
          const at = beat.indexOf(arrival.placeId);
          expect(at).toBeGreaterThan(position);
          position = at;
          visits++;
        } else if (arrival.placeKind === 'transfer' || arrival.placeKind === 'dump') {
          if (position >= 0) expected += beat.length;
          position = -1;
        }
      }
    });
    expect(expected).toBeGreaterThan(200);
    const skipped = 1 - visits / expected;
    expect(skipped).toBeGreaterThan(0);
    expect(skipped).toBeLessThan(BEAT_SKIP_PROBABILITY * 3);
  });
});

describe('on-duty demo', () => {
  const events = run(60);
  const flat = events.flat();

  it('reports every crew card within minutes of the start, and the relief drivers take over later', () => {
    fleet.forEach((vehicle, index) => {
      const crew = vehicleCrew(index, vehicle.imei, vehicle.kind);
      const reads = (events[index] ?? []).flatMap((e) =>
        e.type === 'position' && e.reading.driverTag !== undefined ? [e] : [],
      );
      const startTags = [crew.driver.tag, ...(crew.helper ? [crew.helper.tag] : [])];
      expect(reads.slice(0, startTags.length).map((r) => r.reading.driverTag)).toEqual(startTags);
      expect(reads[0]?.atMs ?? Infinity).toBeLessThan(START + 6 * 60_000);
      if (crew.relief) {
        const change = reads.find((r) => r.reading.driverTag === crew.relief?.tag);
        expect(change?.atMs).toBeGreaterThan(START + 5 * 60_000);
      }
    });
  });

  it('has vehicles unloading within ten minutes and a tamper alarm within the hour', () => {
    const unloading = flat.filter(
      (e) =>
        e.type === 'arrived' &&
        (e.placeKind === 'transfer' || e.placeId === DUMP_YARD_ID) &&
        e.atMs <= START + 10 * 60_000,
    );
    expect(unloading.length).toBeGreaterThanOrEqual(3);
    expect(flat.some((e) => e.type === 'alarm' && e.alarm === 'tamper')).toBe(true);
  });
});
