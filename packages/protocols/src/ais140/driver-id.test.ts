/**
 * Driver-id reads in AIS-140 vendor extras (`RFID:<hex>` after the frame number): the standard has no such field,
 * RFID-reader firmwares append a tagged extra. The tag must not disturb the positional tail rules (odometer).
 */
import { describe, expect, it } from 'vitest';
import { decodeAis140 } from './index.ts';
import { ascii } from './test-fixtures.ts';

const NOW = Date.UTC(2025, 0, 15, 5, 0, 0);
const BODY =
  '$,NRM,istartracker,V100,NR,01,L,869123450000017,MP09GA1234,1,15012025,043005,22.718601,N,75.855302,E,23.4,' +
  '87.50,11,553.4,1.60,0.90,AIRTEL,1,1,27.6,4.1,0,C,24,404,93,1A2B,3C4D,1A2B,3C54,22,1A2B,3C5B,20,1A2B,3C62,18,' +
  '1A2B,3C69,16,1000,00,000042,123.5';

const first = (frame: string) => {
  const result = decodeAis140(ascii(frame), { imei: null }, NOW);
  expect(result.error).toBeNull();
  const message = result.messages[0];
  if (message === undefined) throw new Error('no message');
  return message;
};

describe('AIS-140 decoder: driver id in vendor extras', () => {
  it('reads RFID:<hex> as io.driverId and keeps the odometer and the checksum verdict', () => {
    const m = first(`${BODY},RFID:4277EFEF,4C*`);
    expect(m.io.driverId).toBe('4277EFEF');
    expect(m.odometerM).toBe(123_500);
    expect(m.checksumOk).toBe(true);
    expect(m.io.extras).toBeUndefined();
  });

  it('accepts IBUTTON= and lower-case hex, upper-casing the id', () => {
    const m = first(`${BODY},IBUTTON=01a2b3c4d5e6f708,00*`);
    expect(m.io.driverId).toBe('01A2B3C4D5E6F708');
    expect(m.odometerM).toBe(123_500);
  });

  it('leaves other extras alone and sets no driver id without a tag', () => {
    const m = first(`${BODY},0D*`);
    expect(m.io.driverId).toBeUndefined();
    const odd = first(`${BODY},RFID:XYZ,55,00*`);
    expect(odd.io.driverId).toBeUndefined();
    expect(odd.io.extras).toContain('RFID:XYZ');
  });
});
