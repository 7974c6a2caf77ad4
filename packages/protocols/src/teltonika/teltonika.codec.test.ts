/** Decoder behaviour beyond the captured packets: alarms, IO mappings, handshake edge cases, acks, errors. */
import { describe, expect, it } from 'vitest';
import type { DecoderSession } from '../core/codec.ts';
import { crc16Ibm } from '../core/crc16-ibm.ts';
import {
  buildAvlPacket,
  imeiHandshake,
  toHexLower,
  type BuiltRecord,
} from './fixtures/avl-packet.builder.ts';
import { CODEC_8E } from './protocol.ts';
import { teltonikaCodec } from './teltonika.codec.ts';

const IMEI = '356307042441013';
const session = (): DecoderSession => ({ imei: IMEI });
const at = 1_717_200_000_000; // 2024-06-01T00:00:00Z

function one(record: Partial<BuiltRecord>, codec: 0x08 | 0x8e = 0x08) {
  const result = teltonikaCodec.decode(buildAvlPacket([{ timestampMs: at, ...record }], codec), session());
  expect(result.error).toBeNull();
  const [message] = result.messages;
  if (message === undefined) throw new Error('no message');
  return message;
}

describe('IMEI handshake', () => {
  it('accepts a 15-digit IMEI with 01', () => {
    const result = teltonikaCodec.decode(imeiHandshake(IMEI), { imei: null });
    expect(toHexLower(result.reply)).toBe('01');
    expect(result.imei).toBe(IMEI);
  });

  it('rejects an IMEI of the wrong length with 00', () => {
    const result = teltonikaCodec.decode(imeiHandshake('1234567890'), { imei: null });
    expect(toHexLower(result.reply)).toBe('00');
    expect(result.imei).toBeNull();
    expect(result.error).toMatch(/10 digits/);
  });
});

describe('AVL records', () => {
  it('acknowledges with the record count as 4 bytes big-endian and attributes the session IMEI', () => {
    const records = Array.from({ length: 3 }, (_, i) => ({ timestampMs: at + i * 1000, satellites: 7 }));
    const result = teltonikaCodec.decode(buildAvlPacket(records), session());
    expect(toHexLower(result.reply)).toBe('00000003');
    expect(result.messages.map((message) => message.imei)).toEqual([IMEI, IMEI, IMEI]);
    expect(result.messages.map((message) => message.fixTime)).toEqual([
      '2024-06-01T00:00:00.000Z',
      '2024-06-01T00:00:01.000Z',
      '2024-06-01T00:00:02.000Z',
    ]);
  });

  it('acknowledges an empty packet with 00000000', () => {
    const result = teltonikaCodec.decode(buildAvlPacket([]), session());
    expect(result).toMatchObject({ messages: [], error: null });
    expect(toHexLower(result.reply)).toBe('00000000');
  });

  it('maps the well-known FMB ids', () => {
    const message = one({
      satellites: 12,
      speedKph: 42,
      latitudeE7: 285_913_718,
      longitudeE7: 773_044_118,
      io: [
        { id: 239, width: 1, value: 1 },
        { id: 240, width: 1, value: 1 },
        { id: 21, width: 1, value: 5 },
        { id: 1, width: 1, value: 1 },
        { id: 2, width: 1, value: 0 },
        { id: 179, width: 1, value: 1 },
        { id: 66, width: 2, value: 12_450 },
        { id: 67, width: 2, value: 4_012 },
        { id: 181, width: 2, value: 14 },
        { id: 182, width: 2, value: 9 },
        { id: 17, width: 2, value: -250 },
        { id: 16, width: 4, value: 123_456_789 },
        { id: 199, width: 4, value: 5_400 },
        { id: 78, width: 8, value: 0x01000b00791c1793n },
      ],
    });
    expect(message).toMatchObject({
      kind: 'position',
      lat: 28.5913718,
      lon: 77.3044118,
      gpsValid: true,
      ignition: true,
      mainVoltageV: 12.45,
      mainPower: true,
      batteryVoltageV: 4.012,
      gsmSignal: 31,
      hdop: 0.9,
      odometerM: 123_456_789,
      alarms: [],
    });
    expect(message.io).toMatchObject({
      io21: 5,
      io17: -250,
      movement: true,
      din1: true,
      din2: false,
      dout1: true,
      pdop: 1.4,
      tripOdometerM: 5_400,
      driverId: '93171C79000B0001',
    });
  });

  it('scales GSM bars 0–5 to 0–31 and leaves unknown values null', () => {
    const csq = [0, 1, 2, 3, 4, 5, 6].map(
      (bars) => one({ io: [{ id: 21, width: 1, value: bars }] }).gsmSignal,
    );
    expect(csq).toEqual([0, 6, 12, 19, 25, 31, null]);
  });

  it('treats a record without satellites as an invalid fix, and GNSS status other than 1 too', () => {
    expect(one({ satellites: 0, latitudeE7: 1, longitudeE7: 1 }).gpsValid).toBe(false);
    expect(one({ satellites: 8, latitudeE7: 1, longitudeE7: 1 }).gpsValid).toBe(true);
    const noFix = one({ satellites: 8, latitudeE7: 1, longitudeE7: 1, io: [{ id: 69, width: 1, value: 2 }] });
    expect(noFix.gpsValid).toBe(false);
  });

  it('takes main power from external voltage, and from the unplug element when present', () => {
    expect(one({ io: [{ id: 66, width: 2, value: 800 }] }).mainPower).toBe(false);
    expect(one({ io: [{ id: 66, width: 2, value: 24_100 }] }).mainPower).toBe(true);
    const unplugged = one({
      io: [
        { id: 66, width: 2, value: 12_000 },
        { id: 252, width: 1, value: 1 },
      ],
    });
    expect(unplugged.mainPower).toBe(false);
  });

  it('uses PDOP as the HDOP stand-in when HDOP is not sent', () => {
    expect(one({ io: [{ id: 181, width: 2, value: 23 }] }).hdop).toBe(2.3);
  });

  it('keeps 8-byte values above 2^53 as exact decimal text', () => {
    const message = one({ io: [{ id: 11, width: 8, value: 0x89910380000012345n }] });
    expect(message.io.io11).toBe(BigInt.asUintN(64, 0x89910380000012345n).toString());
  });

  it('decodes Codec 8E with 2-byte ids, including ids above 255', () => {
    const message = one(
      {
        eventIoId: 318,
        io: [
          { id: 318, width: 1, value: 1 },
          { id: 636, width: 4, value: 99 },
        ],
      },
      CODEC_8E,
    );
    expect(message.io).toMatchObject({ codec: '8E', eventIoId: 318, io318: 1, io636: 99 });
  });
});

describe('alarms from the event IO and the priority', () => {
  const eventCases = [
    [239, 1, ['ignitionOn']],
    [239, 0, ['ignitionOff']],
    [252, 1, ['powerCut']],
    [252, 0, ['powerRestored']],
    [247, 1, ['accident']],
    [247, 6, ['accident']],
    [249, 1, ['jamming']],
    [249, 0, []],
    [246, 1, ['towing']],
    [255, 87, ['overspeed']],
    [253, 1, ['harshAcceleration']],
    [253, 2, ['harshBraking']],
    [253, 3, ['harshCornering']],
  ] as const;

  it.each(eventCases)('event IO %i = %i raises %j', (id, value, alarms) => {
    const message = one({ eventIoId: id, io: [{ id, width: 1, value }] });
    expect(message.alarms).toEqual(alarms);
    expect(message.kind).toBe(alarms.length > 0 ? 'alarm' : 'position');
  });

  it('does not raise an alarm for the same ids in a periodic record', () => {
    const message = one({
      eventIoId: 0,
      io: [
        { id: 252, width: 1, value: 1 },
        { id: 247, width: 1, value: 1 },
      ],
    });
    expect(message).toMatchObject({ kind: 'position', alarms: [] });
  });

  it('raises sos for a panic-priority record', () => {
    const message = one({ priority: 2, eventIoId: 239, io: [{ id: 239, width: 1, value: 1 }] });
    expect(message).toMatchObject({ kind: 'alarm', alarms: ['sos', 'ignitionOn'] });
  });
});

describe('malformed packets', () => {
  const good = buildAvlPacket([
    { timestampMs: at, satellites: 5, io: [{ id: 66, width: 2, value: 12_000 }] },
  ]);

  it('reports a truncated record with its position and sends no ack when the CRC fails', () => {
    const cut = Uint8Array.from([...good.subarray(0, 30), ...good.subarray(good.length - 5)]);
    const result = teltonikaCodec.decode(cut, session());
    expect(result.reply).toBeNull();
    expect(result.error).toMatch(/truncated: record 1/);
  });

  it('acknowledges a packet with a valid CRC even when a record is unreadable (a resend would fail again)', () => {
    // number of data 1 and 2 say 2 records, the body holds 1: CRC recomputed so only the content is wrong
    const bad = Uint8Array.from(good);
    bad[9] = 2;
    bad[bad.length - 5] = 2;
    const body = bad.subarray(8, bad.length - 4);
    new DataView(bad.buffer).setUint32(bad.length - 4, crc16Ibm(body));
    const result = teltonikaCodec.decode(bad, session());
    expect(result.messages).toHaveLength(1);
    expect(result.error).toMatch(/truncated: record 2/);
    expect(toHexLower(result.reply)).toBe('00000002');
  });

  it('reports an unsupported codec and anything that is not Teltonika', () => {
    const codec14 = Uint8Array.from(good);
    codec14[8] = 0x0e; // Codec 14 (IMEI-addressed commands) is a server → device codec
    expect(teltonikaCodec.decode(codec14, session()).error).toMatch(/unsupported codec 0x0e/);
    expect(teltonikaCodec.decode(Uint8Array.of(1, 2, 3), session()).error).toMatch(/not an IMEI handshake/);
    expect(teltonikaCodec.decode(new Uint8Array(0), session()).error).not.toBeNull();
  });

  it('clamps an out-of-range timestamp to a null fix time instead of throwing', () => {
    const result = teltonikaCodec.decode(
      buildAvlPacket([{ timestampMs: 2 ** 53, satellites: 4 }]),
      session(),
    );
    expect(result.messages[0]).toMatchObject({ fixTime: null, gpsValid: false });
  });
});
