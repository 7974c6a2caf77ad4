/**
 * Round trip through the real codecs of @civicfleet/protocols: what a simulated device sends must decode back to the
 * values it was built from, with valid checksums, for every message type and every alarm.
 */
import {
  ais140Codec,
  gt06Codec,
  teltonikaCodec,
  normaliseDriverTag,
  type Codec,
  type NormalisedMessage,
} from '@civicfleet/protocols';
import { describe, expect, it } from 'vitest';
import {
  buildAis140Emergency,
  buildAis140Health,
  buildAis140Location,
  buildAis140Login,
  healthFromReading,
} from './ais140.ts';
import {
  buildGt06Alarm,
  buildGt06DriverId,
  buildGt06Heartbeat,
  buildGt06Location,
  buildGt06Login,
  GT06_ALARM_4G,
  GT06_ALARM_CODES,
  type Gt06AlarmEvent,
} from './gt06.ts';
import { sampleReading, SIM_ALARMS, type DeviceReading, type SimAlarm } from './reading.ts';
import { buildTeltonikaAvlPacket, buildTeltonikaImei, teltonikaRecord } from './teltonika.ts';

const IMEI = '869123450000017';
const identity = { imei: IMEI, vehicleRegNo: 'MP09GA1234' };
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

/** Frames and decodes a byte stream the way the gateway does; also returns each frame's reply. */
function decodeStream(codec: Codec, ...chunks: Uint8Array[]) {
  const framer = codec.createFramer();
  const session = { imei: null as string | null };
  const messages: NormalisedMessage[] = [];
  const replies: Array<string | null> = [];
  for (const chunk of chunks) {
    for (const frame of framer.push(chunk)) {
      expect(frame.skippedBytes).toBe(0);
      const result = codec.decode(frame.bytes, session);
      expect(result.error).toBeNull();
      if (result.imei !== null) session.imei = result.imei;
      messages.push(...result.messages);
      replies.push(result.reply === null ? null : Buffer.from(result.reply).toString('hex'));
    }
  }
  expect(framer.bufferedBytes).toBe(0);
  return { messages, replies };
}

/** A reading consistent with the alarm (an ignition-off packet says ignition 0, a power cut says main power 0). */
function readingFor(alarm: SimAlarm | 'location', overrides: Partial<DeviceReading> = {}): DeviceReading {
  return sampleReading({
    ignition: alarm !== 'ignitionOff',
    isEmergency: alarm === 'sos',
    mainPower: alarm !== 'powerCut',
    mainVoltageV: alarm === 'powerCut' ? 0 : 27.6,
    isTamperOpen: alarm === 'tamper',
    speedKph: alarm === 'overspeed' ? 57 : 23.4,
    ...overrides,
  });
}

function expectFix(
  message: NormalisedMessage | undefined,
  reading: DeviceReading,
  precision: { deg: number; kph: number },
) {
  expect(message?.imei).toBe(IMEI);
  expect(message?.fixTime).toBe(new Date(reading.fixTimeMs).toISOString());
  expect(message?.lat).toBeCloseTo(reading.lat, precision.deg);
  expect(message?.lon).toBeCloseTo(reading.lon, precision.deg);
  expect(Math.abs((message?.speedKph ?? -1) - reading.speedKph)).toBeLessThanOrEqual(precision.kph);
  expect(message?.gpsValid).toBe(reading.gpsValid);
  expect(message?.checksumOk).not.toBe(false);
}

describe('AIS-140 builders decode with ais140Codec', () => {
  it('login identifies the device and gets the Wetrack-style reply', () => {
    const { messages, replies } = decodeStream(
      ais140Codec,
      text(buildAis140Login(identity, sampleReading())),
    );
    expect(messages[0]).toMatchObject({ kind: 'login', imei: IMEI, lat: 22.718601, lon: 75.855302 });
    expect(Buffer.from(replies[0] ?? '', 'hex').toString()).toMatch(/^\$LGN\d{14}\*$/);
  });

  it('normal and history packets carry every value back, checksum verified', () => {
    const live = sampleReading();
    const past = sampleReading({
      fixTimeMs: live.fixTimeMs - 60_000,
      lat: -12.5,
      lon: -45.25,
      gpsValid: false,
    });
    const { messages } = decodeStream(
      ais140Codec,
      text(buildAis140Location(identity, live, { event: 'location', isHistory: false, frameNumber: 1 })),
      text(buildAis140Location(identity, past, { event: 'location', isHistory: true, frameNumber: 2 })),
    );
    expect(messages.map((m) => [m.kind, m.history, m.checksumOk])).toEqual([
      ['position', false, true],
      ['position', true, true],
    ]);
    expectFix(messages[0], live, { deg: 6, kph: 0.05 });
    expectFix(messages[1], past, { deg: 6, kph: 0.05 });
    expect(messages[0]).toMatchObject({
      headingDeg: live.headingDeg,
      satellites: live.satellites,
      altitudeM: live.altitudeM,
      hdop: live.hdop,
      ignition: true,
      mainPower: true,
      mainVoltageV: live.mainVoltageV,
      batteryVoltageV: live.batteryVoltageV,
      gsmSignal: live.gsmSignal,
    });
  });

  it.each(SIM_ALARMS)('alert packet for %s raises that alarm', (alarm) => {
    const reading = readingFor(alarm);
    const { messages } = decodeStream(
      ais140Codec,
      text(buildAis140Location(identity, reading, { event: alarm, isHistory: false, frameNumber: 9 })),
    );
    expect(messages[0]?.alarms).toContain(alarm);
    expectFix(messages[0], reading, { deg: 6, kph: 0.05 });
  });

  it('emergency EMR/SEM packets decode as SOS start/stop with a valid CRC-32', () => {
    const reading = sampleReading();
    const { messages } = decodeStream(
      ais140Codec,
      text(buildAis140Emergency(identity, reading, { state: 'EMR', isHistory: false, distanceM: 120 })),
      text(buildAis140Emergency(identity, reading, { state: 'SEM', isHistory: true, distanceM: 0 })),
    );
    expect(messages.map((m) => [m.alarms, m.checksumOk])).toEqual([
      [['sos'], true],
      [['sosOff'], true],
    ]);
    expectFix(messages[0], reading, { deg: 6, kph: 0.05 });
  });

  it('health packet decodes as health with the reported rates, answered with $HBT*', () => {
    const health = healthFromReading(sampleReading(), { onS: 10, offS: 300 });
    const { messages, replies } = decodeStream(ais140Codec, text(buildAis140Health(identity, health)));
    expect(messages[0]).toMatchObject({ kind: 'health', imei: IMEI });
    expect(messages[0]?.io).toMatchObject({ batteryPct: 88, updateRateIgnOnS: 10, updateRateIgnOffS: 300 });
    expect(Buffer.from(replies[0] ?? '', 'hex').toString()).toBe('$HBT*');
  });
});

describe('GT06 builders decode with gt06Codec', () => {
  it('login, location, heartbeat: values back and the mandatory replies echo our serials', () => {
    const reading = sampleReading();
    const { messages, replies } = decodeStream(
      gt06Codec,
      buildGt06Login(IMEI, 1),
      buildGt06Location(reading, { serial: 2, isReupload: false }),
      buildGt06Location(sampleReading({ lat: -33.9, lon: -70.6, gpsValid: false }), {
        serial: 3,
        isReupload: true,
      }),
      buildGt06Heartbeat(sampleReading({ ignition: false, mainPower: false }), 0xffff),
    );
    expect(messages.map((m) => m.kind)).toEqual(['login', 'position', 'position', 'heartbeat']);
    expect(messages[0]?.imei).toBe(IMEI);
    expectFix(messages[1], reading, { deg: 5, kph: 0.5 });
    expect(messages[1]).toMatchObject({ satellites: 11, ignition: true, history: false });
    expect(messages[2]).toMatchObject({ gpsValid: false, history: true });
    expect(messages[2]?.lat).toBeCloseTo(-33.9, 5);
    expect(messages[2]?.lon).toBeCloseTo(-70.6, 5);
    expect(messages[3]).toMatchObject({ ignition: false, mainPower: false });
    expect(replies).toEqual([
      '787805010001d9dc0d0a',
      expect.stringMatching(/^78780522000/),
      expect.any(String),
      expect.stringMatching(/^78780513ffff/),
    ]);
  });

  it.each(Object.keys(GT06_ALARM_CODES) as Gt06AlarmEvent[])(
    '0x26 alarm %s decodes to that alarm',
    (alarm) => {
      const reading = readingFor(alarm);
      const { messages, replies } = decodeStream(
        gt06Codec,
        buildGt06Login(IMEI, 1),
        buildGt06Alarm(reading, alarm, { serial: 7, protocolNumber: GT06_ALARM_4G }),
      );
      expect(messages[1]?.alarms).toEqual([alarm]);
      expectFix(messages[1], reading, { deg: 5, kph: 0.5 });
      expect(messages[1]?.mainPower).toBe(reading.mainPower);
      expect(replies[1]).toMatch(/^787805260007/);
    },
  );
});

describe('Teltonika builders decode with teltonikaCodec', () => {
  it('IMEI handshake is accepted and a multi-record packet is acknowledged with its count', () => {
    const readings = [0, 1, 2].map((n) => sampleReading({ fixTimeMs: Date.UTC(2025, 0, 15, 4, 30, n * 10) }));
    const { messages, replies } = decodeStream(
      teltonikaCodec,
      buildTeltonikaImei(IMEI),
      buildTeltonikaAvlPacket(readings.map((reading) => teltonikaRecord(reading, 'location'))),
    );
    expect(replies).toEqual(['01', '00000003']);
    expect(messages[0]).toMatchObject({ kind: 'login', imei: IMEI });
    messages.slice(1).forEach((message, n) => {
      const reading = readings[n] ?? sampleReading();
      expectFix(message, reading, { deg: 7, kph: 0.5 });
      expect(message).toMatchObject({
        kind: 'position',
        checksumOk: true,
        satellites: reading.satellites,
        hdop: reading.hdop,
        ignition: true,
        mainPower: true,
        mainVoltageV: reading.mainVoltageV,
        batteryVoltageV: reading.batteryVoltageV,
        odometerM: reading.odometerM,
      });
    });
  });

  const teltonikaAlarms = SIM_ALARMS.filter((alarm) => alarm !== 'tamper' && alarm !== 'sosOff');
  it.each(teltonikaAlarms)('event record for %s raises that alarm', (alarm) => {
    const reading = readingFor(alarm);
    const { messages } = decodeStream(
      teltonikaCodec,
      buildTeltonikaImei(IMEI),
      buildTeltonikaAvlPacket([teltonikaRecord(reading, alarm)]),
    );
    expect(messages[1]?.alarms).toEqual([alarm]);
    expect(messages[1]?.ignition).toBe(reading.ignition);
  });

  it('tamper (DIN2) and SOS release (DIN1 back to 0) travel as IO values', () => {
    const { messages } = decodeStream(
      teltonikaCodec,
      buildTeltonikaImei(IMEI),
      buildTeltonikaAvlPacket([
        teltonikaRecord(readingFor('tamper'), 'tamper'),
        teltonikaRecord(readingFor('sosOff'), 'sosOff'),
      ]),
    );
    expect(messages[1]?.io).toMatchObject({ eventIoId: 2, din2: true });
    expect(messages[2]?.io).toMatchObject({ eventIoId: 1, din1: false });
  });
});

describe('driver-id reads decode as io.driverId on every protocol', () => {
  const card = '4277EFEF';
  const iButton = '010000188A1F30B5';

  it('AIS-140: the RFID vendor extra, odometer and checksum intact', () => {
    const reading = sampleReading({ driverTag: card });
    const { messages } = decodeStream(
      ais140Codec,
      text(buildAis140Location(identity, reading, { event: 'location', isHistory: false, frameNumber: 7 })),
    );
    // The odometer travels in km with one decimal.
    expect(messages[0]).toMatchObject({ checksumOk: true, odometerM: 123_500 });
    expect(messages[0]?.io.driverId).toBe(card);
  });

  it('GT06: a 0x94/0x1B info frame (Traccar capture layout) carries the card, acknowledged', () => {
    const frame = buildGt06DriverId(card, 0x03ea);
    expect(Buffer.from(frame).toString('hex')).toBe('7979000e941b02084277efef350303eadaed0d0a');
    const { messages } = decodeStream(gt06Codec, buildGt06Login(IMEI, 1), frame);
    expect(normaliseDriverTag(messages[1]?.io.driverId)).toBe(card);
    expect(messages[1]?.imei).toBe(IMEI);
    expect(() => buildGt06DriverId(iButton, 2)).toThrow(RangeError);
  });

  it('Teltonika: AVL 78 iButton, 8 bytes; a 4-byte card reads back the same once normalised', () => {
    const { messages } = decodeStream(
      teltonikaCodec,
      buildTeltonikaImei(IMEI),
      buildTeltonikaAvlPacket([
        teltonikaRecord(sampleReading({ driverTag: iButton }), 'location'),
        teltonikaRecord(sampleReading({ driverTag: card }), 'location'),
        teltonikaRecord(sampleReading(), 'location'),
      ]),
    );
    expect(messages[1]?.io.driverId).toBe(iButton);
    expect(normaliseDriverTag(messages[2]?.io.driverId)).toBe(card);
    expect(messages[3]?.io.driverId).toBeUndefined();
  });
});
