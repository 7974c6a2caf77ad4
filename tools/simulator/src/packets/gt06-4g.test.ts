/**
 * The 4G GT06 variant (0xA0 / 0xA4 / 0xA1) through the real GT06 codec, and the share of the demo fleet that speaks
 * it. What a simulated VL103-class device sends must decode back to the values it was built from and get the acks
 * the session waits for.
 */
import { gt06Codec, type NormalisedMessage } from '@civicfleet/protocols';
import { describe, expect, it } from 'vitest';
import { Gt06Session } from '../device/gt06-session.ts';
import { demoFleet, gt06VariantOf } from '../fleet/demo-fleet.ts';
import {
  buildGt06Alarm4g,
  buildGt06CellsOnly4g,
  buildGt06Location4g,
  buildGt06Login,
  GT06_ALARM_CODES,
  type Gt06AlarmEvent,
} from './gt06.ts';
import { sampleReading } from './reading.ts';

const IMEI = '869123450000017';

function decodeOne(bytes: Uint8Array): { message: NormalisedMessage; reply: Uint8Array | null } {
  const session = { imei: IMEI };
  const frames = gt06Codec.createFramer().push(bytes);
  expect(frames).toHaveLength(1);
  const result = gt06Codec.decode(frames[0]?.bytes ?? new Uint8Array(), session);
  expect(result.error).toBeNull();
  const message = result.messages[0];
  if (message === undefined) throw new Error('no message');
  return { message, reply: result.reply };
}

const reading = sampleReading({
  lat: 22.7196,
  lon: 75.8577,
  speedKph: 31,
  headingDeg: 212,
  ignition: true,
  cell: { ...sampleReading().cell, mcc: 404, mnc: 93, lac: 0x1f2e3d, cellId: 0x0abc_def1 },
});

describe('GT06 4G builders decode with gt06Codec', () => {
  it('0xA0 location: fix, LTE cell, ACC, re-upload flag; acked with our serial', () => {
    const { message, reply } = decodeOne(buildGt06Location4g(reading, { serial: 0x1234, isReupload: true }));
    expect(message.kind).toBe('position');
    expect(message.lat).toBeCloseTo(22.7196, 5);
    expect(message.lon).toBeCloseTo(75.8577, 5);
    expect([message.speedKph, message.headingDeg, message.ignition, message.history]).toEqual([
      31,
      212,
      true,
      true,
    ]);
    expect(message.io).toMatchObject({
      protocolNumber: 0xa0,
      mcc: 404,
      mnc: 93,
      lac: 0x1f2e3d,
      cellId: 0x0abcdef1,
    });
    expect(Array.from(reply ?? []).slice(3, 6)).toEqual([0xa0, 0x12, 0x34]);
  });

  it.each(Object.keys(GT06_ALARM_CODES) as Gt06AlarmEvent[])(
    '0xA4 alarm %s decodes to that alarm',
    (alarm) => {
      const { message, reply } = decodeOne(buildGt06Alarm4g(reading, alarm, 9));
      expect(message.kind).toBe('alarm');
      expect(message.alarms).toContain(alarm);
      expect(message.io).toMatchObject({
        protocolNumber: 0xa4,
        lac: 0x1f2e3d,
        cellId: 0x0abcdef1,
        geofenceId: 0xff,
      });
      expect(reply?.[3]).toBe(0xa4);
    },
  );

  it('0xA1 without a fix: a position with the time and the serving cell but no coordinates', () => {
    const noFix = { ...reading, gpsValid: false };
    const { message } = decodeOne(buildGt06CellsOnly4g(noFix, 5));
    expect(message.kind).toBe('position');
    expect([message.lat, message.lon, message.gpsValid]).toEqual([null, null, false]);
    expect(message.fixTime).toBe(new Date(Math.floor(reading.fixTimeMs / 1000) * 1000).toISOString());
    expect(message.io.cells).toEqual([
      { mcc: 404, mnc: 93, lac: 0x1f2e3d, cellId: 0x0abcdef1, rssi: expect.any(Number) },
    ]);
  });
});

describe('GT06 session, 4G variant', () => {
  it('sends 0xA0 locations after login, 0xA1 without a fix, and clears them on the acks', () => {
    const session = new Gt06Session({ imei: IMEI, registrationNumber: 'MP09GA1234' }, '4g');
    session.connected(0);
    session.received(gt06Codec.decode(buildGt06Login(IMEI, 1), { imei: null }).reply ?? new Uint8Array(), 0);
    expect(session.isReady).toBe(true);
    session.record({ type: 'position', atMs: 1, reading });
    session.record({ type: 'position', atMs: 2, reading: { ...reading, gpsValid: false } });
    const frames = session.flush(10);
    expect(frames.map((f) => f[3])).toEqual([0xa0, 0xa1]);
    for (const f of frames)
      session.received(gt06Codec.decode(f, { imei: IMEI }).reply ?? new Uint8Array(), 20);
    expect(session.pendingRecords()).toBe(0);
  });
});

describe('demo fleet share', () => {
  it('every second GT06 vehicle speaks the 4G variant', () => {
    const gt06 = demoFleet(24).filter((v) => v.protocol === 'gt06');
    const variants = gt06.map((v) => v.gt06Variant ?? gt06VariantOf(v.fleetIndex));
    expect(variants).toEqual(['classic', '4g', 'classic', '4g', 'classic', '4g', 'classic', '4g']);
  });
});
