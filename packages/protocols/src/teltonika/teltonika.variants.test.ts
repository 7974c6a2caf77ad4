/**
 * Issue 21 on real packets (fixtures/variant-packets.json): Codec 13, Codec 7 (GH3000), the FM6xxx extended record
 * layout, EYE/BLE sensor IOs, and the framer's resynchronisation after a corrupted length field.
 */
import { describe, expect, it } from 'vitest';
import type { DecoderSession } from '../core/codec.ts';
import { buildAvlPacket, fromHex, toHexLower } from './fixtures/avl-packet.builder.ts';
import { variantPackets } from './fixtures/fixtures.ts';
import { CODEC_8E } from './protocol.ts';
import { teltonikaCodec } from './teltonika.codec.ts';
import { TeltonikaFramer } from './teltonika.framer.ts';

const IMEI = '356307042441013';

function packet(prefix: string): Uint8Array {
  const found = variantPackets.find((p) => p.variant.startsWith(prefix));
  if (found === undefined) throw new Error(`no fixture ${prefix}`);
  return fromHex(found.packet);
}

function decode(bytes: Uint8Array, session: Partial<DecoderSession> = {}) {
  return teltonikaCodec.decode(bytes, { imei: IMEI, ...session });
}

describe('Teltonika variant fixtures', () => {
  it.each(variantPackets.map((p) => [p.variant, p] as const))(
    '%s: framed whole, acked as listed',
    (_, fixture) => {
      const bytes = fromHex(fixture.packet);
      const result = decode(bytes);
      expect(toHexLower(result.reply)).toBe(fixture.ack_hex ?? null);
      expect(result.messages.length).toBeGreaterThan(0);
      const declared = new DataView(bytes.buffer).getUint32(4) + 12;
      if (declared === bytes.length) {
        expect(new TeltonikaFramer().push(bytes).map((f) => f.bytes.length)).toEqual([bytes.length]);
      }
    },
  );
});

describe('Codec 13', () => {
  it('reads a driver-identification text with its timestamp, not acknowledged', () => {
    const result = decode(packet('Codec 13, type 06'));
    expect(result.error).toBeNull();
    expect(result.reply).toBeNull();
    const [message] = result.messages;
    expect(message?.kind).toBe('command-response');
    expect(message?.text).toBe('GTSL|6|1|0|12749884|1|');
    expect(message?.io).toMatchObject({
      codec: '13',
      deviceTime: '2023-04-03T20:45:05.000Z',
      driverId: '12749884',
    });
  });

  it('recognises an 8-byte millisecond timestamp', () => {
    const [message] = decode(packet("Codec 13, type 05: 'getinfo'")).messages;
    expect(message?.text).toBe('getinfo');
    expect(message?.io.deviceTime).toBe('2019-07-19T13:52:52.000Z');
  });

  it('reads the text to the end of the data field when size leaves out the timestamp; bad CRC flagged', () => {
    const bytes = packet("Codec 13, type 05: '#GET");
    const result = decode(bytes);
    expect(result.messages[0]?.text).toBe('#GET DATAORDER');
    expect(result.messages[0]?.checksumOk).toBe(false);
    expect(result.error).toMatch(/CRC mismatch/);
    expect(decode(bytes, { strictChecksum: true }).messages).toEqual([]);
  });
});

describe('Codec 7 (GH3000)', () => {
  it('reads GPS masks, IO groups and the 2007 epoch; a record without GPS has no position', () => {
    const result = decode(packet('Codec 7 (GH3000): 4 records, GPS element'));
    expect(result.error).toBeNull();
    expect(
      result.messages.map((m) => [m.fixTime, m.lat, m.lon, m.satellites, m.speedKph, m.altitudeM]),
    ).toEqual([
      ['2015-11-10T21:35:46.000Z', null, null, null, null, null],
      ['2015-11-10T21:51:47.000Z', 44.7913055, 18.4797592, 9, 2, 141],
      ['2015-11-10T22:06:34.000Z', 44.8788643, 18.4230022, 10, 0, 157],
      ['2015-11-10T22:09:39.000Z', null, null, null, null, null],
    ]);
    expect(result.messages[0]?.gpsValid).toBe(false);
    expect(result.messages[3]?.io).toMatchObject({
      signalQuality: 26,
      operator: 21803,
      io1: 100,
      io67: 4108,
      io5: 5,
    });
  });

  it('reads every GPS field of mask 0xFF, and reports the source frame that lacks a CRC byte without acking it', () => {
    const result = decode(packet('Codec 7 (GH3000): 4 records with every'));
    expect(result.reply).toBeNull();
    expect(result.error).toMatch(/data length field 199 != 198/);
    expect(result.messages[0]).toMatchObject({
      lat: 54.7146873,
      lon: 25.3037682,
      altitudeM: 158,
      headingDeg: 25,
      speedKph: 5,
      satellites: 7,
    });
    expect(result.messages[0]?.io).toMatchObject({
      lac: 1,
      cellId: 779,
      operator: 24602,
      io5: 3300,
      io20: 102,
    });
  });
});

describe('FM6xxx extended record layout', () => {
  it('reads the N16 group instead of emitting garbage positions, and acks the count', () => {
    for (const prefix of [
      'Codec 8, FM6xxx extended IO layout (N16',
      'Codec 8, FM6xxx extended IO layout: 11',
    ]) {
      const result = decode(packet(prefix));
      expect(result.error).toBeNull();
      expect(result.messages).toHaveLength(11);
      expect(toHexLower(result.reply)).toBe('0000000b');
      for (const m of result.messages) {
        expect(m.fixTime?.startsWith('2017-')).toBe(true);
        expect(Math.abs(m.lat ?? 999)).toBeLessThanOrEqual(90);
        expect(m.speedKph ?? 0).toBeLessThan(300);
        expect(m.io.ioLayout).toBe('fm6-extended');
      }
    }
    const [first] = decode(packet('Codec 8, FM6xxx extended IO layout: 11')).messages;
    expect(first?.io).toMatchObject({ io1: 1, io66: 12051, io203: '00000000000000000000000000000000' });
  });
});

describe('BLE / EYE sensors', () => {
  it('EYE temperature is signed and scaled, humidity in %, also as temp1C / humidityPct', () => {
    const [m] = decode(packet('Codec 8E, FMB130')).messages;
    expect(m?.io).toMatchObject({
      io10800: -1187,
      eyeTemp1C: -11.87,
      eyeHumidity1Pct: 73,
      temp1C: -11.87,
      humidityPct: 73,
    });
  });

  it('BLE temperature, battery and humidity; error codes stay raw only', () => {
    const bytes = buildAvlPacket(
      [
        {
          timestampMs: Date.UTC(2026, 0, 2),
          latitudeE7: 285000000,
          longitudeE7: 772000000,
          satellites: 9,
          io: [
            { id: 25, width: 2, value: -525 },
            { id: 26, width: 2, value: 3000 },
            { id: 29, width: 1, value: 87 },
            { id: 86, width: 2, value: 456 },
            { id: 72, width: 2, value: -35 },
          ],
        },
      ],
      CODEC_8E,
    );
    const [m] = decode(bytes).messages;
    expect(m?.io).toMatchObject({
      io25: -525,
      bleTemp1C: -5.25,
      io26: 3000,
      bleBattery1Pct: 87,
      bleHumidity1Pct: 45.6,
      dallasTemp1C: -3.5,
      temp1C: -5.25,
      humidityPct: 45.6,
    });
    expect(m?.io.bleTemp2C).toBeUndefined();
  });
});

describe('framer resynchronisation', () => {
  const good = packet('Codec 8E, FMB130');

  it('drops a packet whose length field was corrupted once the resent packet is complete behind it', () => {
    const corrupted = Uint8Array.from(good);
    new DataView(corrupted.buffer).setUint32(4, 0xf000); // 61 440 bytes: would stall the connection
    const framer = new TeltonikaFramer();
    expect(framer.push(corrupted)).toEqual([]);
    const frames = framer.push(good);
    expect(frames.map((f) => toHexLower(f.bytes))).toEqual([toHexLower(good)]);
    expect(frames[0]?.skippedBytes).toBe(corrupted.length);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('does not resynchronise on a CRC-failing packet behind the waiting one', () => {
    const corrupted = Uint8Array.from(good);
    new DataView(corrupted.buffer).setUint32(4, 0xf000);
    const badCrc = Uint8Array.from(good);
    badCrc[badCrc.length - 1] = (badCrc[badCrc.length - 1] ?? 0) ^ 0xff;
    const framer = new TeltonikaFramer();
    expect(framer.push(Uint8Array.of(...corrupted, ...badCrc))).toEqual([]);
  });

  it('byte-by-byte input still finds the resent packet', () => {
    const corrupted = Uint8Array.from(good);
    new DataView(corrupted.buffer).setUint32(4, 0x8000);
    const framer = new TeltonikaFramer();
    const frames = [];
    for (const byte of [...corrupted, ...good]) frames.push(...framer.push(Uint8Array.of(byte)));
    expect(frames.map((f) => f.bytes.length)).toEqual([good.length]);
  });
});
