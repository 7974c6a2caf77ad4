/** Maps the Traccar assertions recorded in fixtures/packets.json (`expected`) onto NormalisedMessage fields. */
import { expect } from 'vitest';
import type { Alarm, NormalisedMessage } from '../core/message.ts';
import { bool, num, str } from './test-fixtures.ts';

/** Traccar alarm names (packets.json `expected`) → our catalogue. */
const TRACCAR_ALARMS: Record<string, Alarm> = {
  sos: 'sos',
  tampering: 'tamper',
  removing: 'tamper',
  lowBattery: 'lowBattery',
};

export function checkTraccarExpectation(msg: NormalisedMessage, expected: Record<string, unknown>): void {
  const assertion = str(expected, 'traccar_assert');
  if (assertion === 'verifyNull') {
    expect(msg.lat).toBeNull();
    expect(msg.fixTime).toBeNull();
  } else if (assertion === 'verifyPosition') {
    expect(msg.kind === 'position' || msg.kind === 'alarm').toBe(true);
    expect(msg.fixTime).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(Math.abs(msg.lat ?? 999)).toBeLessThanOrEqual(90);
    expect(Math.abs(msg.lon ?? 999)).toBeLessThanOrEqual(180);
    const lat = num(expected, 'latitude');
    const lon = num(expected, 'longitude');
    if (lat !== undefined) expect(msg.lat).toBeCloseTo(lat, 5);
    if (lon !== undefined) expect(msg.lon).toBeCloseTo(lon, 5);
    const time = str(expected, 'time');
    if (time !== undefined) expect(msg.fixTime).toBe(`${time.replace(' ', 'T')}Z`);
    const valid = bool(expected, 'valid');
    if (valid !== undefined) expect(msg.gpsValid).toBe(valid);
  } else if (assertion === 'verifyAttributes' || assertion === 'verifyNotNull') {
    // Something beyond the frame's own protocol number and serial was read.
    const fields = [msg.lat, msg.ignition, msg.mainVoltageV, msg.batteryVoltageV, msg.gsmSignal, msg.text];
    expect(fields.some((v) => v !== null && v !== undefined) || Object.keys(msg.io).length > 2).toBe(true);
  } else if (assertion === 'verifyAttribute') {
    const value = expected.value;
    switch (str(expected, 'attribute')) {
      case 'ignition':
        return void expect(msg.ignition).toBe(value);
      case 'batteryLevel':
        return void expect(msg.io.batteryLevelPct).toBe(value);
      case 'power':
        return void expect(msg.mainVoltageV).toBeCloseTo(Number(value), 2);
      case 'iccid':
        return void expect(msg.io.iccid).toBe(value);
      case 'driverUniqueId':
        return void expect(msg.io.driverId).toBe(value);
      case 'alarm':
        return void expect(msg.alarms).toContain(TRACCAR_ALARMS[String(value)]);
      default:
        throw new Error(`unmapped Traccar attribute ${String(expected.attribute)}`);
    }
  } else {
    throw new Error(`unmapped Traccar assertion ${String(assertion)}`);
  }
}
