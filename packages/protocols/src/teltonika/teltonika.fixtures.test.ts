/**
 * Every real Teltonika packet we have (research packets.json + extra-packets.json) decodes to what its source
 * asserts (`expected`) and to the research's derived decode (`derived`: every record, IO map and ack).
 */
import { describe, expect, it } from 'vitest';
import type { DecoderSession } from '../core/codec.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { fromHex, toHexLower } from './fixtures/avl-packet.builder.ts';
import {
  extraPackets,
  researchPackets,
  type DerivedRecord,
  type PacketFixture,
} from './fixtures/fixtures.ts';
import { teltonikaCodec } from './teltonika.codec.ts';

const SESSION_IMEI = '356307042441013';

function decode(fixture: PacketFixture, session: Partial<DecoderSession> = {}) {
  return teltonikaCodec.decode(fromHex(fixture.packet), { imei: SESSION_IMEI, ...session });
}

function expectRecord(message: NormalisedMessage | undefined, record: DerivedRecord): void {
  expect(message).toBeDefined();
  if (message === undefined) return;
  expect(message.fixTime).toBe(record.datetime_utc);
  expect(message.lat).toBe(record.latitude);
  expect(message.lon).toBe(record.longitude);
  expect(message.altitudeM).toBe(record.altitude);
  expect(message.headingDeg).toBe(record.angle);
  expect(message.satellites).toBe(record.satellites);
  expect(message.speedKph).toBe(record.speed_kmh);
  expect(message.io.priority).toBe(record.priority);
  expect(message.io.eventIoId).toBe(record.event_io_id);
  if (record.generation_type !== undefined) expect(message.io.generationType).toBe(record.generation_type);
  expect(message.gpsValid).toBe(record.satellites > 0 && (record.latitude !== 0 || record.longitude !== 0));
  for (const [id, value] of Object.entries(record.io)) {
    const actual = message.io[`io${id}`];
    if (Number.isSafeInteger(value)) {
      expect(actual, `io${id}`).toBe(value);
    } else {
      // Above 2^53 the decoder keeps the exact decimal text; JSON.parse rounded the expected value the same way.
      expect(typeof actual).toBe('string');
      expect(Number(actual)).toBe(value);
    }
  }
}

/** Hex value strings of an encode-equality source (e.g. { "66": "563a" }) against our io<ID> numbers. */
function expectHexIo(message: NormalisedMessage | undefined, io: Record<string, string>): void {
  for (const [id, hex] of Object.entries(io)) {
    expect(Number(message?.io[`io${id}`]), `io${id}`).toBe(Number.parseInt(hex, 16));
  }
}

const avlPackets = researchPackets.filter((fixture) => fixture.derived?.record_list !== undefined);

describe('research packets.json: AVL data packets', () => {
  it('has every Teltonika entry copied', () => {
    expect(researchPackets).toHaveLength(12);
  });

  it.each(avlPackets.map((fixture) => [fixture.variant, fixture] as const))('%s', (_variant, fixture) => {
    const derived = fixture.derived ?? {};
    const records = derived.record_list ?? [];
    const result = decode(fixture);
    expect(result.messages).toHaveLength(records.length);
    records.forEach((record, index) => expectRecord(result.messages[index], record));
    for (const message of result.messages) {
      expect(message.protocol).toBe('teltonika');
      expect(message.lat ?? NaN).toBeGreaterThanOrEqual(-90);
      expect(message.lat ?? NaN).toBeLessThanOrEqual(90);
      expect(message.lon ?? NaN).toBeGreaterThanOrEqual(-180);
      expect(message.lon ?? NaN).toBeLessThanOrEqual(180);
    }

    if (derived.udp_ack_hex !== undefined) {
      expect(toHexLower(result.reply)).toBe(derived.udp_ack_hex.toLowerCase());
      expect(result.imei).toBe(derived.imei);
      expect(result.messages.every((message) => message.imei === derived.imei)).toBe(true);
      expect(result.messages.every((message) => message.checksumOk === null)).toBe(true);
    } else if (derived.crc16_ibm_valid === true) {
      expect(result.error).toBeNull();
      expect(toHexLower(result.reply)).toBe(derived.tcp_ack_hex);
      expect(result.messages.every((message) => message.checksumOk === true)).toBe(true);
      expect(result.messages.every((message) => message.imei === SESSION_IMEI)).toBe(true);
    } else {
      // uro's old documentation example: wrong length field and CRC. Decoded, flagged, never acknowledged.
      expect(result.reply).toBeNull();
      expect(result.error).toMatch(/CRC mismatch/);
      expect(result.messages.every((message) => message.checksumOk === false)).toBe(true);
      expect(decode(fixture, { strictChecksum: true }).messages).toEqual([]);
    }
  });

  it('matches the values uro/teltonika-fm-parser asserts for the first record', () => {
    for (const fixture of researchPackets.filter((entry) => entry.expected?.first !== undefined)) {
      const first = fixture.expected?.first as Record<string, number>;
      const message = decode(fixture).messages[0];
      expect(message?.lat).toBe(first.latitude);
      expect(message?.lon).toBe(first.longitude);
      expect(message?.altitudeM).toBe(first.altitude);
      expect(message?.headingDeg).toBe(first.angle);
      expect(message?.satellites).toBe(first.satellites);
      expect(message?.speedKph).toBe(first.speed);
      expect(Math.floor(Date.parse(message?.fixTime ?? '') / 1000)).toBe(first.timestamp_s);
      expect(decode(fixture).messages).toHaveLength(Number(fixture.expected?.records));
    }
  });

  it('matches the Codec 16 records alim-zanibekov/teltonika encodes', () => {
    const fixture = researchPackets.find((entry) => entry.variant.startsWith('Codec 16'));
    const expected = fixture?.expected?.records as {
      timestamp_ms: number;
      event_io_id: number;
      io: Record<string, string>;
    }[];
    const messages = fixture === undefined ? [] : decode(fixture).messages;
    expect(messages).toHaveLength(2);
    expected.forEach((record, index) => {
      expect(Date.parse(messages[index]?.fixTime ?? '')).toBe(record.timestamp_ms);
      expect(messages[index]?.io.eventIoId).toBe(record.event_io_id);
      expectHexIo(messages[index], record.io);
    });
  });
});

describe('research packets.json: handshake, command, corrupted frame', () => {
  const byKind = (kind: string): PacketFixture => {
    const fixture = researchPackets.find((entry) => entry.kind === kind);
    if (fixture === undefined) throw new Error(`no ${kind} fixture`);
    return fixture;
  };

  it('answers the IMEI handshake with 01 and learns the IMEI', () => {
    const fixture = byKind('login');
    const result = teltonikaCodec.decode(fromHex(fixture.packet), { imei: null });
    expect(result.imei).toBe(fixture.expected?.imei);
    expect(toHexLower(result.reply)).toBe(fixture.derived?.accept_reply_hex);
    expect(result.messages).toMatchObject([
      { kind: 'login', imei: fixture.expected?.imei, protocol: 'teltonika' },
    ]);
    expect(result.error).toBeNull();
  });

  it('encodes the Codec 12 getinfo command byte for byte', () => {
    const fixture = byKind('command');
    const packet = teltonikaCodec.encodeCommand(
      { text: String(fixture.expected?.command), id: 7 },
      { imei: null },
    );
    expect(toHexLower(packet)).toBe(fixture.packet.toLowerCase());
  });

  it('flags the corrupted CRC, withholds the ack, and drops the records when strict', () => {
    const fixture = byKind('invalid');
    const lenient = decode(fixture);
    expect(lenient.error).toMatch(/CRC mismatch: received 0x0000c7c1, computed 0x0000c7cf/);
    expect(lenient.reply).toBeNull();
    expect(lenient.messages).toHaveLength(1);
    expect(lenient.messages[0]?.checksumOk).toBe(false);
    const strict = decode(fixture, { strictChecksum: true });
    expect(strict).toMatchObject({ messages: [], reply: null });
    expect(strict.error).toMatch(/CRC mismatch/);
  });
});

describe('extra-packets.json', () => {
  const withRecords = extraPackets.filter((fixture) => fixture.ack_hex !== undefined);

  it.each(withRecords.map((fixture) => [fixture.variant, fixture] as const))('%s', (_variant, fixture) => {
    const result = decode(fixture);
    expect(result.error).toBeNull();
    expect(toHexLower(result.reply)).toBe(fixture.ack_hex?.toLowerCase());
    const expected = (fixture.expected?.records ?? []) as {
      timestamp_ms: number;
      priority: number;
      event_io_id: number;
      io: Record<string, string>;
    }[];
    expected.forEach((record, index) => {
      const message = result.messages[index];
      expect(Date.parse(message?.fixTime ?? '')).toBe(record.timestamp_ms);
      expect(message?.io.priority).toBe(record.priority);
      expect(message?.io.eventIoId).toBe(record.event_io_id);
      expectHexIo(message, record.io);
    });
    if (fixture.expected?.imei !== undefined) expect(result.imei).toBe(fixture.expected.imei);
    if (fixture.kind === 'alarm')
      expect(result.messages[0]).toMatchObject({ kind: 'alarm', alarms: ['ignitionOn'] });
  });

  it('keeps a Codec 8E variable-length element as hex', () => {
    const fixture = extraPackets.find((entry) => entry.variant.includes('variable-length'));
    const messages = fixture === undefined ? [] : decode(fixture).messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]?.io.io385).toBe(
      '11213102030405060708090A0B0C0D0E0F104545010ABC212102030405060708090A0B0C0D0E0F10020B010AAD',
    );
    expect(messages[0]).toMatchObject({ hdop: 0.4, batteryVoltageV: 4.064, gsmSignal: 25, satellites: 11 });
  });

  it('encodes the Codec 12 getio command byte for byte', () => {
    const fixture = extraPackets.find((entry) => entry.kind === 'command');
    const packet = teltonikaCodec.encodeCommand(
      { text: String(fixture?.expected?.command), id: 1 },
      { imei: null },
    );
    expect(toHexLower(packet)).toBe(fixture?.packet.toLowerCase());
  });

  it.each(extraPackets.filter((f) => f.kind === 'command_response').map((f) => [f.variant, f] as const))(
    '%s',
    (_variant, fixture) => {
      const result = decode(fixture);
      expect(result).toMatchObject({ reply: null, error: null });
      expect(result.messages).toMatchObject([
        { kind: 'command-response', imei: SESSION_IMEI, text: fixture.expected?.text, checksumOk: true },
      ]);
    },
  );

  it('flags a Codec 12 response with a bad CRC', () => {
    const fixture = extraPackets.find((entry) => entry.kind === 'invalid');
    const result = fixture === undefined ? null : decode(fixture);
    expect(result?.error).toMatch(/CRC mismatch: received 0x000066e4, computed 0x000066e3/);
    expect(result?.messages[0]?.checksumOk).toBe(false);
  });
});
