import { describe, expect, it } from 'vitest';
import { parseCliArgs, parsePorts } from './cli-args.ts';

describe('simulate CLI arguments', () => {
  it('reads every option', () => {
    const options = parseCliArgs([
      '--vehicles',
      '25',
      '--protocol',
      'gt06',
      '--host',
      '10.0.0.5',
      '--ports',
      'gt06=6023,teltonika=6027',
      '--interval',
      '5',
      '--seed',
      '42',
      '--speedup',
      '10',
      '--imei-prefix',
      '35',
      '--schedule',
      'ist',
      '--start',
      '2025-01-16T00:30:00Z',
      '--duration',
      '60',
      '--summary',
      '2',
      '--verbose',
    ]);
    expect(options.simulator).toEqual({
      vehicles: 25,
      protocol: 'gt06',
      host: '10.0.0.5',
      ports: { ais140: 5010, gt06: 6023, teltonika: 6027 },
      intervalS: 5,
      seed: 42,
      speedup: 10,
      imeiPrefix: '35',
      schedule: 'ist',
      startMs: Date.UTC(2025, 0, 16, 0, 30),
    });
    expect(options).toMatchObject({ durationS: 60, summaryS: 2, isVerbose: true, isHelp: false });
  });

  it('has defaults for a local gateway', () => {
    const { simulator } = parseCliArgs([]);
    expect(simulator).toMatchObject({
      vehicles: 10,
      protocol: 'mixed',
      host: '127.0.0.1',
      intervalS: 10,
      seed: 1,
    });
    expect(simulator.ports).toEqual({ ais140: 5010, gt06: 5023, teltonika: 5027 });
  });

  it('rejects bad values with a message naming the flag', () => {
    expect(() => parseCliArgs(['--protocol', 'tk103'])).toThrow(/--protocol/);
    expect(() => parseCliArgs(['--vehicles', '0'])).toThrow(/--vehicles/);
    expect(() => parseCliArgs(['--interval', '-1'])).toThrow(/--interval/);
    expect(() => parsePorts('gt06=70000')).toThrow(/--ports/);
    expect(() => parseCliArgs(['--start', 'yesterday'])).toThrow(/--start/);
    expect(() => parseCliArgs(['--bogus'])).toThrow();
  });
});
