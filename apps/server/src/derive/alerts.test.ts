import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expireAlerts,
  initialAlertState,
  openAlerts,
  stepAlerts,
  type AlertClose,
  type AlertOpen,
  type AlertSample,
  type AlertState,
} from './alerts.ts';
import { resolveDeriveSettings, type DeriveSettings } from './settings.ts';
import { persisted } from './testing/arbitraries.ts';
import { istTime } from './testing/describe.ts';
import { ist } from './testing/track.ts';

const settings = resolveDeriveSettings();
const T0 = ist('2024-03-11 09:00').getTime();
const at = (s: number): Date => new Date(T0 + s * 1000);

interface Input {
  s: number;
  alarms?: string[];
  sample?: AlertSample;
}

function run(inputs: readonly Input[], config: DeriveSettings = settings, initial = initialAlertState()) {
  let state: AlertState = initial;
  const open: AlertOpen[] = [];
  const closed: AlertClose[] = [];
  for (const input of inputs) {
    const step = stepAlerts(state, input.alarms ?? [], at(input.s), config, input.sample);
    state = step.state;
    open.push(...step.open);
    closed.push(...step.closed);
  }
  return { state, open, closed };
}

const opens = (list: readonly AlertOpen[]): string[] => list.map((a) => `${a.type} ${istTime(a.openedAt)}`);
const closes = (list: readonly AlertClose[]): string[] =>
  list.map((a) => `${a.type} ${istTime(a.openedAt)}–${istTime(a.closedAt)} ${a.reason}`);

describe('SOS', () => {
  it('fifty packets of one press are one alert; sosOff closes it', () => {
    const presses = Array.from({ length: 50 }, (_, i) => ({ s: i * 5, alarms: ['sos'] }));
    const result = run([...presses, { s: 260, alarms: ['sosOff'] }]);
    expect(opens(result.open)).toEqual(['sos 09:00:00']);
    expect(closes(result.closed)).toEqual(['sos 09:00:00–09:04:20 cleared']);
  });

  it('without sosOff, 5 quiet minutes close it at the last press; a later press is a new alert', () => {
    const result = run([
      { s: 0, alarms: ['sos'] },
      { s: 30, alarms: ['sos'] },
      { s: 200 },
      { s: 330 },
      { s: 400, alarms: ['sos'] },
    ]);
    expect(closes(result.closed)).toEqual(['sos 09:00:00–09:00:30 quiet']);
    expect(opens(result.open)).toEqual(['sos 09:00:00', 'sos 09:06:40']);
  });

  it('the worker expires a quiet SOS without moving the device clock', () => {
    const { state } = run([{ s: 0, alarms: ['sos'] }]);
    expect(expireAlerts(state, at(299), settings).closed).toEqual([]);
    const expired = expireAlerts(state, at(301), settings);
    expect(closes(expired.closed)).toEqual(['sos 09:00:00–09:00:00 quiet']);
    expect(expired.state.lastMs).toBe(state.lastMs);
    expect(stepAlerts(expired.state, ['sos'], at(100), settings).open.map((a) => a.late)).toEqual([false]);
  });

  it('a late (history) SOS still raises an alert, marked late, once per burst, not inside an open episode', () => {
    const { state } = run([{ s: 1000 }]);
    const late = run(
      [
        { s: 10, alarms: ['sos'], sample: { late: true } },
        { s: 15, alarms: ['sos'], sample: { late: true } },
        { s: 500, alarms: ['sos'] },
      ],
      settings,
      state,
    );
    expect(late.open.map((a) => [a.type, istTime(a.openedAt), a.late])).toEqual([
      ['sos', '09:00:10', true],
      ['sos', '09:08:20', true],
    ]);
    expect(late.closed.every((c) => c.reason === 'one-shot' && c.late)).toBe(true);
    const live = run([{ s: 0, alarms: ['sos'] }]);
    expect(stepAlerts(live.state, ['sos'], at(20), settings, { late: true }).open).toEqual([]);
  });
});

describe('paired conditions', () => {
  it('powerCut opens once, powerRestored closes; main power reported back also closes it', () => {
    const result = run([
      { s: 0, alarms: ['powerCut'] },
      { s: 10, alarms: ['powerCut'] },
      { s: 600, alarms: ['powerRestored'] },
      { s: 700, alarms: ['powerRestored'] },
      { s: 800, alarms: ['powerCut'] },
      { s: 900, sample: { mainPower: false } },
      { s: 1000, sample: { mainPower: true } },
    ]);
    expect(opens(result.open)).toEqual(['powerCut 09:00:00', 'powerCut 09:13:20']);
    expect(closes(result.closed)).toEqual([
      'powerCut 09:00:00–09:10:00 cleared',
      'powerCut 09:13:20–09:16:40 cleared',
    ]);
  });

  it('low battery and GPS loss pair the same way; open episodes are listed', () => {
    const result = run([
      { s: 0, alarms: ['lowBattery', 'gpsLost'] },
      { s: 60, alarms: ['gpsRestored'] },
    ]);
    expect(closes(result.closed)).toEqual(['gpsLost 09:00:00–09:01:00 cleared']);
    expect(openAlerts(result.state).map((a) => a.type)).toEqual(['lowBattery']);
  });
});

describe('overspeed', () => {
  const limited = resolveDeriveSettings({ speedLimitKph: 40 });
  const speeds = (pairs: Array<[number, number]>): Input[] =>
    pairs.map(([s, speedKph]) => ({ s, sample: { speedKph } }));

  it('opens after 10 s above the limit (from the first fix above) and closes after 10 s below', () => {
    const result = run(
      speeds([
        [0, 35],
        [5, 45],
        [10, 52],
        [15, 60],
        [20, 38],
        [25, 45],
        [30, 39],
        [35, 30],
        [40, 20],
      ]),
      limited,
    );
    expect(opens(result.open)).toEqual(['overspeed 09:00:05']);
    expect(result.open[0]?.speedKph).toBe(60);
    expect(closes(result.closed)).toEqual(['overspeed 09:00:05–09:00:30 speed-normal']);
    expect(result.closed[0]?.maxSpeedKph).toBe(60);
  });

  it('a single fix above the limit is not overspeed; unknown speed changes nothing', () => {
    const result = run(
      [
        ...speeds([[0, 80]]),
        { s: 5, sample: { speedKph: null } },
        ...speeds([
          [8, 30],
          [30, 30],
        ]),
      ],
      limited,
    );
    expect(result.open).toEqual([]);
  });

  it('a GPS gap closes an open overspeed at the last fix', () => {
    const result = run(
      speeds([
        [0, 60],
        [10, 60],
        [20, 60],
        [1000, 60],
      ]),
      limited,
    );
    expect(closes(result.closed)).toEqual(['overspeed 09:00:00–09:00:20 gps-gap']);
    expect(result.state.overspeed.open).toBeNull();
  });

  it('with a limit the device alarm is ignored; without one it is a one-shot', () => {
    expect(run([{ s: 0, alarms: ['overspeed'] }], limited).open).toEqual([]);
    expect(closes(run([{ s: 0, alarms: ['overspeed'] }]).closed)).toEqual([
      'overspeed 09:00:00–09:00:00 one-shot',
    ]);
  });
});

describe('one-shot alarms', () => {
  it('repeats within 60 s of the previous one fold into the first; state changes are not alerts', () => {
    const result = run([
      { s: 0, alarms: ['tamper', 'harshBraking', 'ignitionOn'] },
      { s: 30, alarms: ['tamper'] },
      { s: 80, alarms: ['tamper'] },
      { s: 200, alarms: ['tamper', 'geofenceEnter'] },
      { s: 230, alarms: ['harshBraking'] },
    ]);
    expect(opens(result.open)).toEqual([
      'tamper 09:00:00',
      'harshBraking 09:00:00',
      'tamper 09:03:20',
      'harshBraking 09:03:50',
    ]);
    expect(result.closed.map((c) => c.reason)).toEqual(['one-shot', 'one-shot', 'one-shot', 'one-shot']);
  });
});

describe('alarm names are data', () => {
  it('names of Object.prototype members are ordinary one-shots and survive a JSON round trip', () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const first = run([{ s: 0, alarms: names }]);
    expect(first.open.map((a) => a.type)).toEqual(names);
    const again = run([{ s: 10, alarms: names }], settings, persisted(first.state));
    expect(again.open).toEqual([]);
  });
});

describe('alert properties', () => {
  const inputArbitrary = fc.array(
    fc.record({
      dtS: fc.integer({ min: 1, max: 400 }),
      alarms: fc.subarray(['sos', 'sosOff', 'powerCut', 'powerRestored', 'tamper', 'overspeed', 'gpsLost']),
      speedKph: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
      mainPower: fc.option(fc.boolean(), { nil: null }),
    }),
    { maxLength: 80 },
  );

  it('every close matches an earlier open; at most one live episode per type; persisted state changes nothing', () => {
    fc.assert(
      fc.property(
        inputArbitrary,
        fc.option(fc.integer({ min: 20, max: 100 }), { nil: null }),
        (inputs, limit) => {
          const config = resolveDeriveSettings({ speedLimitKph: limit });
          let s = 0;
          const timed = inputs.map((input) => {
            s += input.dtS;
            return {
              s,
              alarms: input.alarms,
              sample: { speedKph: input.speedKph, mainPower: input.mainPower },
            };
          });
          const direct = run(timed, config);
          let state = initialAlertState();
          const live = new Map<string, number>();
          for (const input of timed) {
            const step = stepAlerts(persisted(state), input.alarms, at(input.s), config, input.sample);
            state = step.state;
            // Within one step, closes of earlier episodes come first; an episode may also open and close in it.
            const episodes = step.closed.filter((close) => close.reason !== 'one-shot');
            const ofEarlier = episodes.filter((close) => live.get(close.type) === +close.openedAt);
            for (const close of ofEarlier) live.delete(close.type);
            for (const open of step.open) {
              const isOneShot = step.closed.some(
                (c) => c.reason === 'one-shot' && c.type === open.type && +c.openedAt === +open.openedAt,
              );
              if (isOneShot) continue;
              expect(live.has(open.type)).toBe(false);
              live.set(open.type, +open.openedAt);
            }
            for (const close of episodes.filter((c) => !ofEarlier.includes(c))) {
              expect(live.get(close.type)).toBe(+close.openedAt);
              live.delete(close.type);
            }
            for (const close of step.closed) expect(+close.closedAt).toBeGreaterThanOrEqual(+close.openedAt);
          }
          expect(persisted(state)).toEqual(persisted(direct.state));
          expect(
            openAlerts(state)
              .map((a) => a.type)
              .sort(),
          ).toEqual([...live.keys()].sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});
