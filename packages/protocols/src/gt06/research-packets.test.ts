/**
 * Every GT06 frame from research/packets.json (copied to fixtures/packets.json) decodes to what its source asserts
 * (`expected`) and to the values derived from the published layout (`derived`).
 */
import { describe, expect, it } from 'vitest';
import type { NormalisedMessage } from '../core/message.ts';
import { fromHex, toHex } from '../core/byte-reader.ts';
import { decodeGt06, encodeAck, gt06Codec } from './index.ts';
import { checkTraccarExpectation } from './test-expectations.ts';
import type { PacketFixture } from './test-fixtures.ts';
import { bool, hexNum, num, researchPackets, str } from './test-fixtures.ts';

const session = { imei: '356307042441013' };

function checkDerived(packet: PacketFixture, msg: NormalisedMessage, reply: Uint8Array | null): void {
  const d = packet.derived;
  expect(msg.checksumOk).toBe(bool(d, 'crc_itu_valid'));
  expect(msg.io.serial).toBe(num(d, 'serial'));
  expect(msg.io.protocolNumber).toBe(hexNum(d, 'protocol_number'));
  const replyHex = str(d, 'standard_reply_hex');
  if (replyHex !== undefined) expect(toHex(reply ?? new Uint8Array())).toBe(replyHex.toLowerCase());
  const datetime = str(d, 'datetime_utc');
  if (datetime !== undefined) expect(msg.fixTime).toBe(datetime.replace('Z', '.000Z'));
  const fields: [string, unknown][] = [
    ['latitude', msg.lat],
    ['longitude', msg.lon],
  ];
  for (const [key, actual] of fields) {
    const value = num(d, key);
    if (value !== undefined) expect(actual).toBeCloseTo(value, 5);
  }
  const exact: [string, unknown][] = [
    ['satellites', msg.satellites],
    ['speed_kmh', msg.speedKph],
    ['course', msg.headingDeg],
    ['gps_positioned', msg.gpsValid],
    ['mcc', msg.io.mcc],
    ['mnc', msg.io.mnc],
    ['lac', msg.io.lac],
    ['cell_id', msg.io.cellId],
    ['voltage_level', msg.io.voltageLevel],
    ['gsm_signal', msg.io.gsmLevel],
    ['acc_on', msg.ignition],
    ['acc_high', msg.ignition],
    ['charging', msg.mainPower],
    ['defense_on', msg.io.armed],
    ['gps_tracking_on', msg.io.gpsTracking],
    ['oil_electricity_disconnected', msg.io.relayCut],
    ['imei', msg.imei],
    ['timezone_minutes', msg.io.timezoneOffsetMin],
  ];
  for (const [key, actual] of exact) {
    const value = d?.[key];
    if (value !== undefined) expect(actual, key).toBe(value);
  }
  const hexFields: [string, unknown][] = [
    ['terminal_info', msg.io.terminalInfo],
    ['alarm', msg.io.alarmCode],
    ['type_id', msg.io.typeId],
  ];
  for (const [key, actual] of hexFields) {
    const value = hexNum(d, key);
    if (value !== undefined) expect(actual, key).toBe(value);
  }
}

describe('GT06 research packets (research/packets.json)', () => {
  const deviceFrames = researchPackets.filter((p) => p.kind !== 'command' && p.kind !== 'server_response');

  it('covers all 25 GT06 entries', () => {
    expect(researchPackets).toHaveLength(25);
  });

  it.each(deviceFrames.map((p, i) => [`${i} ${p.variant}`, p] as const))('%s', (_name, packet) => {
    const result = decodeGt06(fromHex(packet.packet), session);
    expect(result.messages).toHaveLength(1);
    const msg = result.messages[0];
    if (msg === undefined) throw new Error('no message');
    expect(msg.protocol).toBe('gt06');
    if (packet.expected !== null && str(packet.expected, 'traccar_assert') !== undefined) {
      checkTraccarExpectation(msg, packet.expected);
    }
    checkDerived(packet, msg, result.reply);
    if (bool(packet.derived, 'crc_itu_valid') === false) expect(result.error).toMatch(/crc mismatch/);
    else expect(result.error).toBeNull();
  });

  it('maps frame kinds', () => {
    const kinds = deviceFrames.map((p) => decodeGt06(fromHex(p.packet), session).messages[0]?.kind);
    const expectedKinds: Record<string, string> = {
      login: 'login',
      location: 'position',
      alarm: 'alarm',
      heartbeat: 'heartbeat',
      info: 'command-response',
      command_response: 'command-response',
      time_request: 'unknown',
    };
    expect(kinds).toEqual(deviceFrames.map((p) => expectedKinds[p.kind]));
  });

  it('login: learns the IMEI, the jest-asserted type and timezone, and replies with the echoed serial', () => {
    const packet = researchPackets.find((p) => num(p.expected, 'timeZone_minutes') !== undefined);
    if (packet === undefined) throw new Error('fixture missing');
    const result = decodeGt06(fromHex(packet.packet), { imei: null });
    expect(result.imei).toBe(str(packet.expected, 'imei_raw_16')?.slice(1));
    expect(result.messages[0]?.io.typeId).toBe(num(packet.expected, 'type'));
    expect(result.messages[0]?.io.timezoneOffsetMin).toBe(num(packet.expected, 'timeZone_minutes'));
    const serverReply = researchPackets.find((p) => p.kind === 'server_response');
    expect(toHex(result.reply ?? new Uint8Array())).toBe(
      serverReply?.packet.replaceAll(' ', '').toLowerCase(),
    );
  });

  it('server reply example equals encodeAck(0x01, 0x0005)', () => {
    const serverReply = researchPackets.find((p) => p.kind === 'server_response');
    expect(toHex(encodeAck(0x01, 5))).toBe(serverReply?.packet.replaceAll(' ', '').toLowerCase());
  });

  it('command example equals encodeCommand (Traccar engineStop, flag 0)', () => {
    const command = researchPackets.find((p) => p.kind === 'command');
    const text = str(command?.expected ?? null, 'ascii_command') ?? '';
    expect(toHex(gt06Codec.encodeCommand({ text, id: 0 }, session))).toBe(command?.packet);
  });

  it('command replies carry their text', () => {
    const texts = researchPackets
      .filter((p) => p.kind === 'command_response' || p.kind === 'info')
      .map((p) => decodeGt06(fromHex(p.packet), session).messages[0]?.text);
    expect(texts).toEqual(['<ICCID:89882390000097302650>', 'Cut off the fuel supply: Success!']);
  });
});
