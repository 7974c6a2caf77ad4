import { describe, expect, it } from 'vitest';
import { dailyStatsFor, dailyStatsOf, previewDailyStats } from './daily-stats.ts';
import { initialDeviceDeriveState, stepDevice, tickDevice, type DeviceDeriveState } from './device.ts';
import type { Fence } from './fences.ts';
import { destinationPoint, type LatLon } from './geo.ts';
import { openInterval } from './motion.ts';
import { rederive } from './rederive.ts';
import { resolveDeriveSettings } from './settings.ts';
import { persisted } from './testing/arbitraries.ts';
import { describeInterval, istTime } from './testing/describe.ts';
import { DEVGURADIA, ist, RAJWADA, Track } from './testing/track.ts';
import { tripsFrom } from './trips.ts';
import type { DerivePoint, StateInterval, Trip } from './types.ts';
import { rederiveVisits, type Visit, type VisitStart } from './visits.ts';

const settings = resolveDeriveSettings();
const WARD_START = destinationPoint(RAJWADA, 0, 2000);

interface Shift {
  points: DerivePoint[];
  /** Alarms by fix index. */
  alarms: Map<number, string[]>;
  bin: LatLon;
}

/** A compactor's morning: depot, warm-up, ward, door-to-door, a bin, the dump yard, back, silence at the depot. */
function shift(): Shift {
  const track = new Track({ startAt: ist('2024-03-11 05:50') }).park(600).idle(300).drive(WARD_START, 30);
  for (let house = 0; house < 15; house++) track.drive({ bearingDeg: 90, distanceM: 60 }, 4).idle(60);
  const bin = track.drive({ bearingDeg: 90, distanceM: 400 }, 20).here;
  track
    .idle(180)
    .drive(DEVGURADIA, 30)
    .idle(300)
    .park(900)
    .drive(RAJWADA, 30)
    .park(600)
    .silence(1200)
    .park(300);
  const points = track.points();
  const alarms = new Map<number, string[]>();
  const sosAt = points.findIndex((p) => p.fixTime >= ist('2024-03-11 06:20'));
  [0, 1, 2].forEach((k) => alarms.set(sosAt + k, ['sos']));
  alarms.set(sosAt + 40, ['tamper']);
  return { points, alarms, bin };
}

function fencesFor(bin: LatLon): Fence[] {
  return [
    { id: 'bin-42', type: 'circle', center: [bin.lon, bin.lat], radiusM: 30 },
    { id: 'dump-yard', type: 'circle', center: [DEVGURADIA.lon, DEVGURADIA.lat], radiusM: 150, dwellS: 300 },
  ];
}

describe('stepDevice: a compactor shift, live vs batch', () => {
  const { points, alarms, bin } = shift();
  const fences = fencesFor(bin);

  let state: DeviceDeriveState = initialDeviceDeriveState();
  const intervals: StateInterval[] = [];
  const trips: Trip[] = [];
  const opened: VisitStart[] = [];
  const closed: Visit[] = [];
  const alertTypes: string[] = [];
  points.forEach((point, index) => {
    const step = stepDevice(persisted(state), { point, alarms: alarms.get(index) ?? [], fences }, settings);
    state = step.state;
    intervals.push(...step.intervals);
    trips.push(...step.trips);
    opened.push(...step.visitsOpened);
    closed.push(...step.visitsClosed);
    alertTypes.push(...step.alertsOpened.map((a) => a.type));
  });

  it('matches the batch functions exactly', () => {
    const batch = rederive(points, settings);
    expect(intervals).toEqual(batch.intervals);
    expect(trips).toEqual(tripsFrom(batch.intervals, settings, { flush: false }).closed);
    const visits = rederiveVisits(points, fences, settings);
    expect(closed).toEqual(visits.closed);
    expect(opened).toEqual(visits.opened);
    const open = openInterval(state.motion);
    const days = dailyStatsFor(open ? [...intervals, open] : intervals, points, settings, { visits: opened });
    expect(previewDailyStats(state.daily, open, settings)).toEqual(days);
  });

  it('golden timeline and rollup', () => {
    // Fifteen 60 s door-to-door pickups stay inside the first moving interval; the 3 min stop at the bin (engine
    // running) and the dump yard (5 min idle, then 15 min off) are the only stops.
    expect(intervals.map((i) => describeInterval(i))).toEqual([
      'stopped 05:50:00–06:00:10',
      'idle 06:00:10–06:05:00',
      'moving 06:05:00–06:38:40',
      'idle 06:38:40–06:41:42',
      'moving 06:41:42–07:00:51',
      'idle 07:00:51–07:06:01',
      'stopped 07:06:01–07:20:51',
      'moving 07:20:51–07:37:11',
      'stopped 07:37:11–07:47:16',
      'offline 07:47:16–08:07:26',
    ]);
    expect(
      trips.map((t) => `${istTime(t.startAt)}–${istTime(t.endAt)} ${Math.round(t.distanceM)} m`),
    ).toEqual([
      '06:05:00–06:38:40 3289 m', // 2 km + 15 × 60 m + 400 m, less the last approach fix (part of the stop)
      '06:41:42–07:00:51 9578 m',
      '07:20:51–07:37:11 8167 m',
    ]);
    expect(closed.map((v) => `${v.fenceId} ${istTime(v.enteredAt)}–${istTime(v.exitedAt)}`)).toEqual([
      'bin-42 06:38:40–06:41:52',
      'dump-yard 07:00:42–07:21:11',
    ]);
    expect(alertTypes).toEqual(['sos', 'tamper']);
    const [day, ...others] = dailyStatsOf(state.daily);
    expect(others).toEqual([]);
    expect(day).toMatchObject({
      day: '2024-03-11',
      runS: 4149.416,
      idleS: 290 + 182 + 310,
      stopS: 2104.857, // 610 + 890 + 604.857
      offlineS: 1210,
      maxSpeedKph: 30,
      tripCount: 3,
      visitCount: 2,
    });
    expect(day?.distanceM).toBeCloseTo(21_085.6, 1);
    expect(day?.avgMovingSpeedKph).toBeCloseTo(18.25, 2);
    expect(istTime(day?.firstIgnitionOnAt as Date)).toBe('06:00:10');
    expect(istTime(day?.lastIgnitionOnAt as Date)).toBe('07:37:16');
  });

  it('the worker tick closes the open stop as offline', () => {
    const tick = tickDevice(state, ist('2024-03-11 08:30'), settings);
    expect(tick.intervals.map((i) => describeInterval(i))).toEqual(['stopped 08:07:26–08:12:16']);
    expect(tick.state.motion.kind).toBe('offline');
    expect(tick.touchedDays).toEqual(['2024-03-11']);
  });

  it('a fix older than the last one only raises late alerts and asks for re-derivation', () => {
    const old = points[100] as DerivePoint;
    const step = stepDevice(state, { point: { ...old, history: true }, alarms: ['sos'], fences }, settings);
    expect(step.needsRederive).toBe(true);
    expect(step.alertsOpened.map((a) => [a.type, a.late])).toEqual([['sos', true]]);
    expect(step.state.motion).toBe(state.motion);
    expect(step.intervals).toEqual([]);
  });

  it('an alarm packet repeating the last fix time raises live alerts and changes nothing else', () => {
    const last = points[points.length - 1] as DerivePoint;
    const step = stepDevice(state, { point: last, alarms: ['harshBraking'], fences }, settings);
    expect(step.needsRederive).toBe(false);
    expect(step.alertsOpened.map((a) => [a.type, a.late])).toEqual([['harshBraking', false]]);
    expect(step.state.motion).toBe(state.motion);
    expect(step.state.daily).toBe(state.daily);
  });
});
