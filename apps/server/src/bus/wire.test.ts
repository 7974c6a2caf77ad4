import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './wire.ts';

describe('toWire', () => {
  it('writes plain messages as JSON.stringify does, Dates as ISO strings', () => {
    const message = {
      positions: [{ deviceId: '12', lat: 22.7, at: new Date('2026-11-26T00:00:00Z') }],
      alerts: [],
    };
    expect(toWire(message)).toBe(JSON.stringify(message));
    expect(fromWire(toWire(message))).toEqual({
      positions: [{ deviceId: '12', lat: 22.7, at: '2026-11-26T00:00:00.000Z' }],
      alerts: [],
    });
  });

  it('turns bigints anywhere in the message into exact decimal strings', () => {
    const message = { commandId: 9_007_199_254_740_993n, nested: [{ deviceId: 7n, at: new Date(0) }] };
    expect(fromWire(toWire(message))).toEqual({
      commandId: '9007199254740993',
      nested: [{ deviceId: '7', at: '1970-01-01T00:00:00.000Z' }],
    });
  });

  it('sends null for undefined and still refuses what JSON cannot hold', () => {
    expect(toWire(undefined)).toBe('null');
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => toWire(cyclic)).toThrow(TypeError);
  });
});
