/**
 * Golden behaviour of the fleet model: a tipper's day, plausible motion, anomaly rates, determinism.
 */
import { describe, expect, it } from 'vitest';
import { createFleet, tick } from './fleet.ts';
import { distanceM } from './geo.ts';
import { DUMP_YARD_ID } from './indore-map.ts';
import type { AnomalyRates, FleetEvent, VehicleSpec } from './types.ts';
import { roadGraph } from './world.ts';

const IST = 5.5 * 3_600_000;
/** 16 Jan 2025, 05:00 IST. */
const START = Date.UTC(2025, 0, 16, 5, 0) - IST;
const HOUR = 3_600_000;
const NO_ANOMALIES: AnomalyRates = {
  sos: 0,
  overspeed: 0,
  tamper: 0,
  powerCut: 0,
  gpsLoss: 0,
  networkLoss: 0,
};

const spec = (index: number, kind: VehicleSpec['kind'], zone?: VehicleSpec['zone']): VehicleSpec => ({
  imei: `86912340000${String(index).padStart(3, '0')}1`,
  protocol: 'ais140',
  registrationNumber: `MP09GA${1000 + index}`,
  kind,
  label: `${kind} ${index}`,
  zone,
});

function runDay(specs: VehicleSpec[], hours: number, rates: Partial<AnomalyRates>, stepMs = 60_000) {
  const fleet = createFleet(specs, { seed: 7, startMs: START, intervalS: 10, schedule: 'ist', rates });
  const events: FleetEvent[][] = specs.map(() => []);
  const endMs = START + hours * HOUR;
  for (let t = Math.min(START + stepMs, endMs); ; t = Math.min(t + stepMs, endMs)) {
    for (const { index, events: batch } of tick(fleet, t)) events[index]?.push(...batch);
    if (t === endMs) break;
  }
  return { fleet, events };
}

const istClock = (ms: number) => new Date(ms + IST).toISOString().slice(11, 16);

describe("a tipper's day", () => {
  const { events: all } = runDay([spec(0, 'tipper', 'central')], 11, NO_ANOMALIES);
  const events = all[0] ?? [];
  const places = roadGraph().places;

  it('starts the engine at 06:00 IST, does collection rounds to the dump yard, and parks at the depot', () => {
    const trace = events.filter(
      (e) => e.type === 'arrived' || (e.type === 'alarm' && e.alarm.startsWith('ignition')),
    );
    expect(trace[0]).toMatchObject({ type: 'alarm', alarm: 'ignitionOn' });
    expect(istClock(trace[0]?.atMs ?? 0)).toBe('06:00');
    const arrivals = events.flatMap((e) => (e.type === 'arrived' ? [e.placeKind[0]] : [])).join('');
    // c = collection point, d = dump yard, then the depot at the end.
    expect(arrivals).toMatch(/^(c{5,7}d){2,5}d$/);
    const last = trace[trace.length - 1];
    expect(last).toMatchObject({ type: 'alarm', alarm: 'ignitionOff' });
    expect(istClock(last?.atMs ?? 0) < '15:30').toBe(true);
    expect(istClock(last?.atMs ?? 0) > '12:00').toBe(true);
  });

  it('stops 2–5 minutes at each collection point, on the spot', () => {
    for (const [index, event] of events.entries()) {
      if (event.type !== 'arrived' || event.placeKind !== 'collection') continue;
      const departed = events.slice(index).find((e) => e.type === 'departed');
      const dwellS = ((departed?.atMs ?? 0) - event.atMs) / 1000;
      expect(dwellS).toBeGreaterThanOrEqual(120);
      expect(dwellS).toBeLessThanOrEqual(300);
      const place = places.get(event.placeId);
      const during = events.find((e) => e.type === 'position' && e.atMs > event.atMs);
      if (place === undefined || during?.type !== 'position') throw new Error('no position at the stop');
      expect(distanceM(place, during.reading)).toBeLessThan(5);
      expect(during.reading.speedKph).toBe(0);
    }
  });

  it('unloads at Devguradia trenching ground', () => {
    const dump = places.get(DUMP_YARD_ID);
    expect(dump?.name).toBe('Devguradia Trenching Ground');
    const visits = events.filter((e) => e.type === 'arrived' && e.placeId === DUMP_YARD_ID);
    expect(visits.length).toBeGreaterThanOrEqual(2);
  });

  it('drives at traffic-like speeds: 0–45 km/h, bounded acceleration, displacement matching speed', () => {
    const positions = events.flatMap((e) => (e.type === 'position' ? [e.reading] : []));
    expect(positions.length).toBeGreaterThan(2000);
    const speeds = positions.map((p) => p.speedKph);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(45);
    expect(Math.max(...speeds)).toBeGreaterThan(35);
    const moving = speeds.filter((s) => s > 1);
    const averageKph = moving.reduce((sum, s) => sum + s, 0) / moving.length;
    expect(averageKph).toBeGreaterThan(15);
    expect(averageKph).toBeLessThan(40);
    for (let i = 1; i < positions.length; i++) {
      const a = positions[i - 1];
      const b = positions[i];
      if (a === undefined || b === undefined) continue;
      const dtS = (b.fixTimeMs - a.fixTimeMs) / 1000;
      if (dtS > 10) continue;
      // Accelerating at ≤ 0.8 m/s² (≈ 29 km/h per 10 s) and braking at ≤ 3 m/s².
      expect(b.speedKph - a.speedKph).toBeLessThanOrEqual(0.8 * 3.6 * dtS + 0.1);
      expect(a.speedKph - b.speedKph).toBeLessThanOrEqual(3 * 3.6 * dtS + 0.1);
      // The speed may peak between two reports; GNSS scatter adds up to ~6 m.
      const maxMoveM = ((Math.max(a.speedKph, b.speedKph) + 10) / 3.6) * dtS + 6;
      expect(distanceM(a, b)).toBeLessThanOrEqual(maxMoveM);
    }
  });

  it('reports every 10 s with the engine on and every 5 min parked, plus heartbeats', () => {
    const positions = events.filter((e) => e.type === 'position');
    const parked = positions.filter(
      (e) => e.type === 'position' && !e.reading.ignition && istClock(e.atMs) > '15:30',
    );
    expect(parked.length).toBeGreaterThan(0);
    for (let i = 1; i < parked.length; i++) {
      expect((parked[i]?.atMs ?? 0) - (parked[i - 1]?.atMs ?? 0)).toBe(300_000);
    }
    const heartbeats = events.filter((e) => e.type === 'heartbeat');
    expect(heartbeats.length).toBe(Math.floor((11 * HOUR) / 180_000));
  });
});

describe('determinism', () => {
  const specs = [spec(0, 'tipper'), spec(1, 'd2d'), spec(2, 'compactor'), spec(3, 'd2d')];

  it('gives the same events however often tick is called', () => {
    const rates = { sos: 0.5, overspeed: 1, gpsLoss: 1, networkLoss: 1, powerCut: 0.5, tamper: 0.5 };
    const coarse = runDay(specs, 4, rates, 3_600_000).events;
    const fine = runDay(specs, 4, rates, 7_000).events;
    expect(fine).toEqual(coarse);
  });

  it('depends on the seed', () => {
    const a = createFleet(specs, { seed: 1, startMs: START + 2 * HOUR, intervalS: 10 });
    const b = createFleet(specs, { seed: 2, startMs: START + 2 * HOUR, intervalS: 10 });
    expect(tick(a, START + 3 * HOUR)).not.toEqual(tick(b, START + 3 * HOUR));
  });
});

describe('anomalies', () => {
  const specs = Array.from({ length: 60 }, (_, index) => spec(index, index % 2 === 0 ? 'd2d' : 'tipper'));
  const rates = {
    ...NO_ANOMALIES,
    sos: 0.25,
    overspeed: 0.5,
    gpsLoss: 0.5,
    networkLoss: 0.3,
    powerCut: 0.2,
    tamper: 0.1,
  };
  const { events } = runDay(specs, 10, rates, 600_000);

  it('presses SOS at the configured rate per engine-on hour, each released 1–3 minutes later', () => {
    let sos = 0;
    let engineOnMs = 0;
    for (const vehicle of events) {
      // A vehicle already on shift at START (night compactors) or still on at the end counts those hours too.
      const firstIgnition = vehicle.find(
        (e) => e.type === 'alarm' && (e.alarm === 'ignitionOn' || e.alarm === 'ignitionOff'),
      );
      let onSince: number | null =
        firstIgnition?.type === 'alarm' && firstIgnition.alarm === 'ignitionOff' ? START : null;
      for (const [index, event] of vehicle.entries()) {
        if (event.type !== 'alarm') continue;
        if (event.alarm === 'ignitionOn') onSince = event.atMs;
        if (event.alarm === 'ignitionOff' && onSince !== null) {
          engineOnMs += event.atMs - onSince;
          onSince = null;
        }
        if (event.alarm === 'sos') {
          sos++;
          expect(event.reading.isEmergency).toBe(true);
          const release = vehicle.slice(index).find((e) => e.type === 'alarm' && e.alarm === 'sosOff');
          const heldS = ((release?.atMs ?? 0) - event.atMs) / 1000;
          expect(heldS).toBeGreaterThanOrEqual(60);
          expect(heldS).toBeLessThanOrEqual(180);
        }
      }
      if (onSince !== null) engineOnMs += START + 10 * HOUR - onSince;
    }
    const expected = 0.25 * (engineOnMs / HOUR);
    expect(expected).toBeGreaterThan(60);
    expect(sos).toBeGreaterThan(expected * 0.7);
    expect(sos).toBeLessThan(expected * 1.3);
  });

  it('overspeeds above the 50 km/h limit only during an overspeed episode', () => {
    const alarms = events.flat().filter((e) => e.type === 'alarm' && e.alarm === 'overspeed');
    expect(alarms.length).toBeGreaterThan(20);
    for (const alarm of alarms)
      if (alarm.type === 'alarm') expect(alarm.reading.speedKph).toBeGreaterThan(50);
  });

  it('loses the GPS fix with the last valid position frozen', () => {
    for (const vehicle of events) {
      let lastValid: { lat: number; lon: number } | null = null;
      for (const event of vehicle) {
        if (event.type !== 'position' && event.type !== 'alarm' && event.type !== 'heartbeat') continue;
        if (event.reading.gpsValid) lastValid = event.reading;
        else if (lastValid !== null) {
          expect(event.reading).toMatchObject({ lat: lastValid.lat, lon: lastValid.lon, speedKph: 0 });
          expect(event.reading.satellites).toBeLessThan(3);
        }
      }
    }
    expect(events.flat().some((e) => e.type === 'position' && !e.reading.gpsValid)).toBe(true);
  });

  it('drops and restores the network in pairs, and cuts main power with the voltage at 0', () => {
    for (const vehicle of events) {
      const network = vehicle.filter((e) => e.type === 'network');
      network.forEach((event, index) => {
        if (event.type === 'network') expect(event.isOnline).toBe(index % 2 === 1);
      });
    }
    const cuts = events.flat().filter((e) => e.type === 'alarm' && e.alarm === 'powerCut');
    expect(cuts.length).toBeGreaterThan(10);
    for (const cut of cuts)
      if (cut.type === 'alarm') expect(cut.reading).toMatchObject({ mainPower: false, mainVoltageV: 0 });
  });
});

describe('on-duty schedule', () => {
  it('has every vehicle on shift at start, whatever the hour', () => {
    const midnight = Date.UTC(2025, 0, 16, 0, 0) - IST;
    const specs = Array.from({ length: 12 }, (_, index) =>
      spec(index, index % 3 === 0 ? 'compactor' : 'd2d'),
    );
    const fleet = createFleet(specs, {
      seed: 3,
      startMs: midnight,
      intervalS: 10,
      schedule: 'on-duty',
      rates: NO_ANOMALIES,
    });
    // On shift: engine on, or on its round (a short first round may already be unloading with the engine off).
    expect(
      fleet.vehicles.every((vehicle) => vehicle.phase !== 'parked' && vehicle.phase !== 'shutdown'),
    ).toBe(true);
    const moving = tick(fleet, midnight + 600_000).filter(({ events }) =>
      events.some((e) => e.type === 'position' && e.reading.speedKph > 5),
    );
    expect(moving.length).toBeGreaterThanOrEqual(8);
  });
});
