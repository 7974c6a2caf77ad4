import { describe, expect, it } from 'vitest';
import { closeForOffline, initialMotionState, openInterval, resumeMotion, stepMotion } from './motion.ts';
import { rederive, rederiveStart } from './rederive.ts';
import { resolveDeriveSettings } from './settings.ts';
import { describeInterval, timelineOf } from './testing/describe.ts';
import { DEVGURADIA, ist, RAJWADA, Track } from './testing/track.ts';
import type { DerivePoint, StateInterval } from './types.ts';

const settings = resolveDeriveSettings();
const lines = (intervals: readonly StateInterval[]): string[] => intervals.map((i) => describeInterval(i));
const kinds = (intervals: readonly StateInterval[]): string[] => intervals.map((i) => i.kind);

describe('stepMotion: golden tracks', () => {
  it('straight drive at 30 km/h: one moving interval of 5 km between two stops', () => {
    const points = new Track({ startAt: ist('2024-03-11 08:00') })
      .park(60)
      .drive({ bearingDeg: 90, distanceM: 5000 }, 30)
      .park(600)
      .points();
    const timeline = timelineOf(points, settings);
    expect(lines(timeline)).toEqual([
      'stopped 08:00:00–08:01:00',
      'moving 08:01:00–08:11:00',
      'stopped 08:11:00–08:21:00',
    ]);
    const moving = timeline[1];
    expect(moving?.distanceM).toBeCloseTo(5000, 0);
    expect(moving?.maxSpeedKph).toBe(30);
    expect(moving?.durationS).toBe(600);
    expect(timeline[0]?.distanceM).toBe(0);
    expect(timeline[2]?.distanceM).toBe(0);
    expect(moving?.startLat).toBeCloseTo(RAJWADA.lat, 9);
    expect(moving?.endLon).toBeGreaterThan(RAJWADA.lon);
  });

  it('a stop is confirmed only after stopMinDurationS, retroactively from its first fix', () => {
    const track = new Track({ startAt: ist('2024-03-11 08:00') }).drive(
      { bearingDeg: 0, distanceM: 2000 },
      30,
    );
    const arrivedAt = track.now;
    const points = track.park(170).points();
    let state = initialMotionState();
    const closed: StateInterval[] = [];
    for (const point of points) {
      const step = stepMotion(state, point, settings);
      state = step.state;
      closed.push(...step.closed);
    }
    expect(closed).toEqual([]);
    expect(state.kind).toBe('moving');
    const more = new Track({ startAt: new Date(arrivedAt.getTime() + 170_000), start: track.here })
      .park(10)
      .points();
    const step = stepMotion(state, more[1] as DerivePoint, settings);
    expect(lines(step.closed)).toEqual(['moving 08:00:00–08:04:00']);
    expect(openInterval(step.state)?.startAt).toEqual(arrivedAt);
    expect(step.state.kind).toBe('stopped');
  });

  it('dump-yard run: drive, 20 min stop at the yard, drive back', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00') })
      .park(30)
      .drive(DEVGURADIA, 30)
      .park(20 * 60)
      .drive(RAJWADA, 30)
      .park(300)
      .points();
    const timeline = timelineOf(points, settings);
    expect(kinds(timeline)).toEqual(['stopped', 'moving', 'stopped', 'moving', 'stopped']);
    // The stop starts at the first fix within 50 m of where the tipper then stood (the last approach fix, ~5 s before
    // arriving) and ends at the last fix there.
    const yard = timeline[2];
    expect(yard?.durationS).toBeCloseTo(20 * 60 + 4.857, 3);
    expect(yard?.distanceM).toBeLessThan(50);
    expect(yard?.endLat).toBeCloseTo(DEVGURADIA.lat, 9);
    // The straight line Rajwada ↔ Devguradia is 8,207 m; the last approach fix already belongs to the stop.
    expect((timeline[1]?.distanceM ?? 0) + (yard?.distanceM ?? 0)).toBeCloseTo(8207, -1);
    expect((timeline[3]?.distanceM ?? 0) + (timeline[4]?.distanceM ?? 0)).toBeCloseTo(8207, -1);
  });

  it('GPS noise of ±15 m while parked for an hour makes no motion (ignition off, none, or on)', () => {
    for (const ignition of [false, null, true]) {
      const points = new Track({ startAt: ist('2024-03-11 13:00'), seed: 7 })
        .park(3600, { ignition, jitterM: 15, speedKph: 1 })
        .points();
      const timeline = timelineOf(points, settings);
      expect(kinds(timeline)).toEqual([ignition === true ? 'idle' : 'stopped']);
      expect(timeline[0]?.durationS).toBe(3600);
    }
  });

  it('a single stray fix 100 m away (multipath) is not a departure; two in a row are', () => {
    const stray = new Track({ startAt: ist('2024-03-11 13:00') }).park(600).jump(100).park(600).points();
    expect(kinds(timelineOf(stray, settings))).toEqual(['stopped']);
    const twice = new Track({ startAt: ist('2024-03-11 13:00') })
      .park(600)
      .jump(100)
      .jump(110)
      .park(600)
      .points();
    expect(lines(timelineOf(twice, settings))).toEqual([
      'stopped 13:00:00–13:10:00',
      // Back at the true position at 13:10:30: that is where the new stop starts.
      'moving 13:10:00–13:10:30',
      'stopped 13:10:30–13:20:20',
    ]);
  });

  it('GPS silence of 20 min → an offline interval', () => {
    const points = new Track({ startAt: ist('2024-03-11 09:00') })
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .silence(20 * 60)
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .points();
    expect(lines(timelineOf(points, settings))).toEqual([
      'moving 09:00:00–09:04:00',
      'offline 09:04:00–09:24:10',
      'moving 09:24:10–09:28:00',
    ]);
  });

  it('offline reason: the last packet before the silence reported main power cut', () => {
    const points = new Track({ startAt: ist('2024-03-11 09:00') })
      .park(60)
      .park(30, { mainPower: false })
      .silence(3600)
      .park(60)
      .points();
    const offline = timelineOf(points, settings).find((i) => i.kind === 'offline');
    expect(offline?.offlineReason).toBe('power-cut');
    const silent = new Track({ startAt: ist('2024-03-11 09:00') }).park(60).silence(3600).park(60).points();
    expect(timelineOf(silent, settings).find((i) => i.kind === 'offline')?.offlineReason).toBe('silent');
  });

  it('ignition on while parked for 10 min → idle; for 60 s → still stopped', () => {
    const points = new Track({ startAt: ist('2024-03-11 06:00') })
      .park(600)
      .idle(600)
      .park(600)
      .idle(60)
      .park(600)
      .points();
    expect(lines(timelineOf(points, settings))).toEqual([
      'stopped 06:00:00–06:10:10',
      'idle 06:10:10–06:20:10',
      'stopped 06:20:10–06:41:00',
    ]);
  });

  it('engine left running 150 s after arriving: idle from arrival, then stopped', () => {
    const points = new Track({ startAt: ist('2024-03-11 06:00') })
      .drive({ bearingDeg: 180, distanceM: 1000 }, 30)
      .idle(150)
      .park(600)
      .points();
    expect(lines(timelineOf(points, settings))).toEqual([
      'moving 06:00:00–06:02:00',
      'idle 06:02:00–06:04:40',
      'stopped 06:04:40–06:14:30',
    ]);
  });

  it('a 60 s red light and door-to-door pickups of 60 s at walking pace stay inside one moving interval', () => {
    const track = new Track({ startAt: ist('2024-03-11 07:00') }).drive(
      { bearingDeg: 90, distanceM: 1000 },
      30,
    );
    track.idle(60);
    for (let house = 0; house < 10; house++) {
      track.drive({ bearingDeg: 90, distanceM: 60 }, 4).idle(60);
    }
    track.drive({ bearingDeg: 90, distanceM: 1000 }, 30).park(600);
    const timeline = timelineOf(track.points(), settings);
    expect(kinds(timeline)).toEqual(['moving', 'stopped']);
  });

  it('invalid fixes: no position evidence; a long stretch of them while driving is a GPS gap (not motion)', () => {
    const short = new Track({ startAt: ist('2024-03-11 09:00') })
      .drive({ bearingDeg: 90, distanceM: 1000 }, 30)
      .park(120, { gpsValid: false, ignition: true, speedKph: 0 })
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .points();
    expect(kinds(timelineOf(short, settings))).toEqual(['moving']);
    const long = new Track({ startAt: ist('2024-03-11 09:00') })
      .drive({ bearingDeg: 90, distanceM: 1000 }, 30)
      .park(600, { gpsValid: false, ignition: true, speedKph: 0 })
      .drive({ bearingDeg: 90, distanceM: 2000 }, 30)
      .points();
    // Ignition stayed on through the gap: the assumed stop is idle.
    expect(lines(timelineOf(long, settings))).toEqual([
      'moving 09:00:00–09:02:00',
      'idle 09:02:00–09:12:10',
      'moving 09:12:10–09:16:00',
    ]);
  });

  it('the moving interval ends where the vehicle stood when data stops, not at the last fix', () => {
    const points = new Track({ startAt: ist('2024-03-11 20:00') })
      .drive({ bearingDeg: 90, distanceM: 1000 }, 30)
      .park(60)
      .silence(3600)
      .park(30)
      .points();
    expect(lines(timelineOf(points, settings))).toEqual([
      'moving 20:00:00–20:02:00',
      'stopped 20:02:00–20:03:00',
      'offline 20:03:00–21:03:10',
      'stopped 21:03:10–21:03:30',
    ]);
  });

  it('fixes not newer than the last one are ignored (late history goes through rederive)', () => {
    const points = new Track({ startAt: ist('2024-03-11 09:00') }).park(60).points();
    let state = initialMotionState();
    for (const point of points) state = stepMotion(state, point, settings).state;
    const late = points[2] as DerivePoint;
    const step = stepMotion(state, { ...late, history: true }, settings);
    expect(step.state).toBe(state);
    expect(step.closed).toEqual([]);
  });
});

describe('closeForOffline (worker)', () => {
  const points = new Track({ startAt: ist('2024-03-11 09:00') }).park(300).points();
  const state = rederive(points, settings).state;

  it('does nothing before offlineAfterS has passed since the last fix', () => {
    const step = closeForOffline(state, ist('2024-03-11 09:20'), settings);
    expect(step.state).toBe(state);
  });

  it('closes the open interval at the last fix and opens offline; the next fix ends it', () => {
    const step = closeForOffline(state, ist('2024-03-11 09:21'), settings);
    expect(lines(step.closed)).toEqual(['stopped 09:00:00–09:05:00']);
    expect(step.state.kind).toBe('offline');
    expect(describeInterval(openInterval(step.state, ist('2024-03-11 09:30')) as StateInterval)).toBe(
      'offline 09:05:00–09:30:00',
    );
    expect(closeForOffline(step.state, ist('2024-03-11 10:00'), settings).state).toBe(step.state);
    const back = new Track({ startAt: ist('2024-03-11 09:40'), start: RAJWADA }).park(10).points();
    const next = stepMotion(step.state, back[0] as DerivePoint, settings);
    expect(lines(next.closed)).toEqual(['offline 09:05:00–09:40:00']);
    expect(next.state.kind).toBe('stopped');
  });

  it('rederive with `now` ends the same way', () => {
    const batch = rederive(points, settings, { now: ist('2024-03-11 09:21') });
    expect(lines(batch.intervals)).toEqual(['stopped 09:00:00–09:05:00']);
    expect(batch.state.kind).toBe('offline');
  });
});

describe('rederive and resumeMotion', () => {
  it('re-deriving from a stored interval start with resumeMotion reproduces the tail', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00') })
      .park(300)
      .drive({ bearingDeg: 45, distanceM: 3000 }, 25)
      .park(900)
      .drive({ bearingDeg: 225, distanceM: 3000 }, 25)
      .park(300)
      .points();
    const full = rederive(points, settings);
    const second = full.intervals[2];
    expect(second?.kind).toBe('stopped');
    const startMs = second?.startAt.getTime() ?? 0;
    const fromIndex = points.findIndex((p) => p.fixTime.getTime() === startMs);
    const seed = resumeMotion('stopped', points[fromIndex] as DerivePoint, settings);
    const tail = rederive(points.slice(fromIndex + 1), settings, { initial: seed });
    expect(tail.intervals).toEqual(full.intervals.slice(2));
    expect(openInterval(tail.state)).toEqual(openInterval(full.state));
  });

  it('sorts its input and drops duplicates', () => {
    const points = new Track({ startAt: ist('2024-03-11 10:00') })
      .park(300)
      .drive({ bearingDeg: 45, distanceM: 3000 }, 25)
      .park(400)
      .points();
    const shuffled = [...points].reverse();
    const duplicated = [...points, ...points.slice(5, 20)];
    expect(rederive(shuffled, settings)).toEqual(rederive(points, settings));
    expect(rederive(duplicated, settings)).toEqual(rederive(points, settings));
  });

  it('late history filling an offline gap: restart at rederiveStart and get what a full re-derivation gives', () => {
    const all = new Track({ startAt: ist('2024-03-11 09:00') })
      .park(600)
      .drive({ bearingDeg: 90, distanceM: 3000 }, 30)
      .park(900)
      .drive({ bearingDeg: 0, distanceM: 4000 }, 30)
      .park(600)
      .drive({ bearingDeg: 180, distanceM: 2000 }, 30)
      .park(900)
      .points();
    // The network dropped 09:30–09:50: those fixes arrive later as history.
    const isBuffered = (p: DerivePoint): boolean =>
      p.fixTime > ist('2024-03-11 09:30') && p.fixTime <= ist('2024-03-11 09:50');
    const live = rederive(
      all.filter((p) => !isBuffered(p)),
      settings,
    );
    const liveOpen = openInterval(live.state);
    const stored = liveOpen ? [...live.intervals, liveOpen] : live.intervals;
    expect(stored.map((i) => i.kind)).toContain('offline');

    const late = all.filter(isBuffered);
    const start = rederiveStart(stored, late[0]?.fixTime ?? new Date(0));
    expect(start).not.toBeNull();
    if (!start) return;
    const fromHere = all.filter((p) => p.fixTime >= start.fromAt);
    const seed = resumeMotion(start.kind, fromHere[0] as DerivePoint, settings, {
      lat: start.startLat,
      lon: start.startLon,
    });
    const redone = rederive(fromHere.slice(1), settings, { initial: seed });
    const kept = live.intervals.filter((i) => i.startAt < start.fromAt);

    const full = rederive(all, settings);
    expect([...kept, ...redone.intervals]).toEqual(full.intervals);
    expect(openInterval(redone.state)).toEqual(openInterval(full.state));
    expect(full.intervals.map((i) => i.kind)).not.toContain('offline');
  });

  it('rederiveStart: no earlier interval → start afresh', () => {
    const offlineFirst = [
      {
        kind: 'offline' as const,
        startAt: ist('2024-03-11 09:00'),
        endAt: ist('2024-03-11 10:00'),
        startLat: null,
        startLon: null,
      },
    ];
    expect(rederiveStart(offlineFirst, ist('2024-03-11 09:30'))).toBeNull();
    expect(rederiveStart([], ist('2024-03-11 09:30'))).toBeNull();
  });
});
