/**
 * The message types of issue 21 on real frames (fixtures/variants.json): every frame frames whole and decodes to the
 * hand-checked `decoded`/`reply`/`error`, and each Traccar assertion holds in our fields. Plus the "wrong today"
 * regressions and the framer fallbacks for frames whose length field is wrong.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../core/byte-reader.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { writeFrame } from './frame-writer.ts';
import { createGt06Framer, decodeGt06 } from './index.ts';

interface VariantFixture {
  type: string;
  variant: string | null;
  packet: string;
  traccarAssert: string;
  decoded: Record<string, unknown> & { io: Record<string, unknown> };
  reply: string | null;
  error: string | null;
}

const fixtures: VariantFixture[] = (
  JSON.parse(readFileSync(new URL('./fixtures/variants.json', import.meta.url), 'utf8')) as {
    frames: VariantFixture[];
  }
).frames;

function decode(hex: string): { msg: NormalisedMessage; reply: string | null; error: string | null } {
  const result = decodeGt06(fromHex(hex), { imei: '359339075005244' });
  const msg = result.messages[0];
  if (msg === undefined) throw new Error(`no message for ${hex}: ${String(result.error)}`);
  return {
    msg,
    reply: result.reply === null ? null : toHex(result.reply).toUpperCase(),
    error: result.error,
  };
}

function byAssert(type: string, assertion: string): VariantFixture {
  const found = fixtures.find((f) => f.type === type && f.traccarAssert === assertion);
  if (found === undefined) throw new Error(`no fixture ${type} ${assertion}`);
  return found;
}

const round5 = (x: number | null) => (x === null ? null : Math.round(x * 1e5) / 1e5);

describe('GT06 variant fixtures', () => {
  it.each(fixtures.map((f, i) => [`${i} ${f.type} ${f.traccarAssert}`, f] as const))(
    '%s frames whole and decodes to the checked values',
    (_, fixture) => {
      const bytes = fromHex(fixture.packet);
      const frames = createGt06Framer().push(bytes);
      expect(frames.map((f) => toHex(f.bytes))).toEqual([toHex(bytes)]);
      const { msg, reply, error } = decode(fixture.packet);
      const { io, ...fields } = fixture.decoded;
      expect(msg.kind).toBe(fields.kind);
      expect(msg.fixTime).toBe(fields.fixTime);
      expect(round5(msg.lat)).toBe(fields.lat);
      expect(round5(msg.lon)).toBe(fields.lon);
      expect(msg.alarms).toEqual(fields.alarms);
      for (const key of [
        'speedKph',
        'ignition',
        'odometerM',
        'mainVoltageV',
        'batteryVoltageV',
        'altitudeM',
      ] as const) {
        if (key in fields) expect(msg[key]).toBe(fields[key]);
      }
      expect(msg.io).toEqual({ ...io, protocolNumber: parseInt(fixture.type, 16) });
      expect(reply).toBe(fixture.reply);
      expect(error).toBe(fixture.error);
    },
  );

  it('covers every message type of issue 21 that has a public frame', () => {
    const types = new Set(fixtures.map((f) => f.type));
    for (const type of [
      '0xA0',
      '0xA1',
      '0xA2',
      '0xA3',
      '0xA4',
      '0xA5',
      '0xA7',
      '0x95',
      '0x70',
      '0x9B',
      '0x8C',
      '0xF2',
      '0x36',
      '0x61',
      '0x17',
      '0x18',
      '0x24',
      '0x28',
      '0x2C',
      '0x2E',
      '0x69',
      '0xF3',
      '0x31',
      '0x32',
      '0x33',
      '0x34',
      '0x1E',
      '0x38',
    ]) {
      expect(types, type).toContain(type);
    }
  });
});

describe("Traccar's assertions, in our fields", () => {
  const cases: [type: string, assertion: string, check: (m: NormalisedMessage) => void][] = [
    ['0x61', 'driverUniqueId=20534657', (m) => expect(m.io.driverId).toBe('20534657')],
    ['0x70', 'tag1Temp=29.0', (m) => expect(m.io.temp1C).toBe(29)],
    ['0x94', 'power=7.39', (m) => expect(m.mainVoltageV).toBe(7.39)],
    ['0x94', 'humidity=75.0', (m) => expect(m.io.humidityPct).toBe(75)],
    ['0x13', 'temp1=28.4', (m) => expect(m.io.temp1C).toBe(28.4)],
    ['0x36', 'battery=4.02', (m) => expect(m.batteryVoltageV).toBe(4.02)],
    ['0x94', 'networkTechnology=4G', (m) => expect(m.io.networkTechnology).toBe('4G')],
    ['0x31', 'altitude=678', (m) => expect(m.altitudeM).toBe(678)],
    ['0x17', 'driverUniqueId=bf0000012ca7e001', (m) => expect(m.io.driverId).toBe('bf0000012ca7e001')],
    ['0x16', 'batteryLevel=93', (m) => expect(m.io.batteryLevelPct).toBe(93)],
    ['0x22', 'temp1=0.32', (m) => expect(m.io.temp1C).toBe(0.32)],
    ['0x95', 'event=0x69', (m) => expect(m.io.eventId).toBe(0x69)],
    ['0xA0', 'ignition=false', (m) => expect(m.ignition).toBe(false)],
    ['0x9B', 'result=D7520A62', (m) => expect(m.io.serialText).toBe('D7520A62')],
    ['0x9B', 'result=80d600', (m) => expect(m.io.serialHex).toBe('80d600')],
    ['0x12', 'drivingTime=0', (m) => expect(m.io.drivingTimeS).toBe(0)],
    ['0x19', 'alarm=lowBattery', (m) => expect(m.alarms).toEqual(['lowBattery'])],
    ['0xA4', 'alarm=lowBattery', (m) => expect(m.alarms).toEqual(['lowBattery'])],
    ['0x27', 'alarm=lowBattery', (m) => expect(m.alarms).toEqual(['lowBattery'])],
    ['0xA5', 'alarm=tampering', (m) => expect(m.alarms).toEqual(['tamper'])],
    ['0x94', 'door=true', (m) => expect(m.io.doorOpen).toBe(true)],
    ['0x16', 'alarm=tampering', (m) => expect(m.alarms).toEqual(['tamper'])],
    ['0x95', 'alarm=harshAcceleration', (m) => expect(m.alarms).toEqual(['harshAcceleration'])],
    ['0x95', 'alarm=harshBraking', (m) => expect(m.alarms).toEqual(['harshBraking'])],
    ['0x95', 'alarm=accident', (m) => expect(m.alarms).toEqual(['accident'])],
    ['0x70', 'alarm=removing', (m) => expect(m.alarms).toEqual(['tamper'])],
    [
      '0x95',
      'eventFiles',
      (m) =>
        expect(m.io.eventFiles).toBe(
          'EVENT_862798052429087_00000000_2024_11_12_22_20_06_I_56.mp4,EVENT_862798052429087_00000000_2024_11_12_22_20_06_F_55.mp4',
        ),
    ],
  ];
  it.each(cases)('%s %s', (type, assertion, check) => check(decode(byAssert(type, assertion).packet).msg));
});

describe('issue 21 regressions', () => {
  it('0x94 door status is the flags byte after the time, not the first time byte', () => {
    const { msg } = decode('7979000d940516090908081c030defbd2d0d0a');
    expect(msg.io.doorOpen).toBe(true); // flags 0x03; the first byte 0x16 has bit 0 clear
    expect(msg.fixTime).toBe('2022-09-09T08:08:28.000Z');
  });

  it('0x94 "RFID:" text keeps the text and takes the tag as driver id', () => {
    const { msg } = decode('79790019941b524649443a3030384642324245424133390d0a000c14930d0a');
    expect(msg.io.rfidText).toBe('RFID:008FB2BEBA39');
    expect(msg.io.driverId).toBe('008FB2BEBA39'); // was "3a303038" (bytes of the text)
  });

  it('0x16 of length 0x24 (VXT01) raises SOS from the terminal info and no geofenceEnter', () => {
    const { msg } = decode(
      '7878241617070a150e24ca01fba0040780e177005c0001720253360027db6204e40400004bf1e90d0a',
    );
    expect(msg.alarms).toEqual(['sos']);
  });

  it('0x19 multi-LBS (length 0x17) is a cell list without alarms, not a vibration', () => {
    const { msg } = decode('7878171915061810051a01f90101700d08c8f50c0000065494ae0d0a');
    expect(msg.alarms).toEqual([]);
    expect(msg.kind).toBe('position');
    expect(msg.gpsValid).toBe(false);
    expect(msg.io.cells).toEqual([{ mcc: 505, mnc: 1, lac: 28685, cellId: 575733, rssi: -12 }]);
  });

  it('"Current position!" reply to WHERE# becomes a fix', () => {
    const { msg } = decode(byAssert('0x21', 'position').packet);
    expect(msg.kind).toBe('command-response');
    expect([msg.lat, msg.lon, msg.headingDeg, msg.fixTime]).toEqual([
      54.739332,
      25.27327,
      126.53,
      '2017-05-26T10:27:47.000Z',
    ]);
  });

  it('0x13 of 16 content bytes (temperature sensor) reads battery %, mode and a sign-magnitude temperature', () => {
    // Constructed (no public capture of this length): info, satellites(2), alarm, language, battery 80 %, mode 4,
    // voltage, reserved, working times, working time, temperature 0x80FA (bit 15 set = above zero) = 25.0 °C.
    const content = fromHex('40 0000 00 02 50 04 0000 00 0000 0000 80fa');
    const frame = writeFrame(0x13, content, 7);
    const { msg } = decode(toHex(frame));
    expect([msg.io.batteryLevelPct, msg.io.workingMode, msg.io.temp1C]).toEqual([80, 4, 25]);
  });

  it('0x13 OBD6 in working mode 4 reads the temperature word', () => {
    expect(decode('7878131340b2fa000201040000000000011c00400e550d0a').msg.io.temp1C).toBe(28.4);
  });
});

describe('frames whose length field is wrong', () => {
  const wifiLength0 =
    '7878001719011910543607028f0100bc2e695a00bcb3635a00bc27c56400bc447b6400bc46c96400bc33ce6400bc64ca640d0a';
  const wifiLength3 =
    '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A';
  const shortLength11 = '78781511170103100e1f9904efe30400a97f88003410ffdd000d0a';
  const heartbeat = '78780a13c40604000201298f5b0d0a';

  it('frames Wi-Fi frames by their layout and answers with the time, byte by byte among other frames', () => {
    const stream = fromHex(heartbeat + wifiLength0 + wifiLength3 + heartbeat);
    const framer = createGt06Framer();
    const frames = [];
    for (const byte of stream) frames.push(...framer.push(Uint8Array.of(byte)));
    expect(frames.map((f) => toHex(f.bytes).toUpperCase())).toEqual(
      [heartbeat, wifiLength0, wifiLength3, heartbeat].map((h) => h.toUpperCase()),
    );
    expect(toHex(decodeGt06(fromHex(wifiLength3), { imei: null }).reply ?? new Uint8Array())).toBe(
      '787803'.slice(0, 4) + '0069160413031849' + '0d0a',
    );
  });

  it('falls back to the 0D 0A terminator and still decodes and answers the frame', () => {
    const framer = createGt06Framer();
    const frames = framer.push(fromHex(shortLength11 + heartbeat));
    expect(frames.map((f) => toHex(f.bytes))).toEqual([shortLength11, heartbeat]);
    const result = decodeGt06(fromHex(shortLength11), { imei: null });
    expect(result.messages[0]?.kind).toBe('position');
    expect(result.messages[0]?.fixTime).toBe('2023-01-03T16:14:31.000Z');
    expect(result.reply).not.toBeNull();
    expect(result.error).toMatch(/length field 21 does not match frame of 27 bytes/);
  });

  it('skips a false start that meets a start marker before any 0D 0A', () => {
    const frames = createGt06Framer().push(fromHex('78780300ffee' + heartbeat));
    expect(frames.map((f) => [toHex(f.bytes), f.skippedBytes])).toEqual([[heartbeat, 6]]);
  });
});
