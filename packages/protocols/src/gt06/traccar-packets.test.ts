/**
 * Further real frames from Traccar's GT06 decoder test (fixtures/packets.json `traccarExtra`): 0x10, 0x11, 0x27,
 * 0x23, 0x7979 information frames, UTF-16 replies. Traccar's own assertion first, then the values we read.
 */
import { describe, expect, it } from 'vitest';
import type { DecodeResult } from '../core/codec.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { fromHex } from '../core/byte-reader.ts';
import { decodeGt06, encodeAck } from './index.ts';
import { checkTraccarExpectation } from './test-expectations.ts';
import { traccarPackets } from './test-fixtures.ts';

const session = { imei: '356307042441013' };

function decodeVariant(variant: string): { result: DecodeResult; msg: NormalisedMessage } {
  const packet = traccarPackets.find((p) => p.variant === variant);
  if (packet === undefined) throw new Error(`fixture ${variant} missing`);
  const result = decodeGt06(fromHex(packet.packet), session);
  const msg = result.messages[0];
  if (msg === undefined) throw new Error(`no message for ${variant}`);
  return { result, msg };
}

describe('GT06 frames from the Traccar test suite', () => {
  it.each(traccarPackets.map((p) => [p.variant, p] as const))('%s', (_name, packet) => {
    const result = decodeGt06(fromHex(packet.packet), session);
    const msg = result.messages[0];
    if (msg === undefined) throw new Error('no message');
    if (packet.expected !== null) checkTraccarExpectation(msg, packet.expected);
    expect(msg.checksumOk).toBe(packet.notes?.includes('CRC-ITU does NOT verify') !== true);
  });

  it('0x12 with Traccar-asserted position, time and validity', () => {
    const { msg, result } = decodeVariant('GPS 0x12 with an asserted position');
    expect(msg).toMatchObject({ kind: 'position', fixTime: '2015-10-20T14:21:11.000Z', gpsValid: true });
    expect(msg).toMatchObject({ speedKph: 0, headingDeg: 0, satellites: 5, imei: session.imei });
    expect(msg.io).toMatchObject({ mcc: 246, mnc: 1, lac: 110, cellId: 0x55da });
    expect(result.reply).toEqual(encodeAck(0x12, 0x0003));
  });

  it('0x11: 2-byte MNC and 4-byte cell ID', () => {
    const { msg } = decodeVariant('GPS+LBS 0x11 (2-byte MNC, 4-byte cell ID)');
    expect(msg.io).toMatchObject({ mcc: 302, mnc: 720, lac: 0x75df, cellId: 0x0084890c });
    expect(msg.fixTime).toBe('2021-11-11T02:44:48.000Z');
  });

  it('0x22 with MCC bit 15: MNC read as 2 bytes, ACC/upload/re-upload tail', () => {
    const { msg } = decodeVariant('GPS 0x22 with MCC bit 15 set (2-byte MNC)');
    expect(msg.io).toMatchObject({ mcc: 310, mnc: 260, lac: 0xcb8a, cellId: 0x00bef3, uploadMode: 0 });
    expect(msg).toMatchObject({ ignition: false, history: false, gpsValid: false });
  });

  it('0x27 alarm: 2-byte MNC, status tail with language word, tamper code 0x0C', () => {
    const { msg, result } = decodeVariant('alarm 0x27 (2-byte MNC, language word)');
    expect(msg.kind).toBe('alarm');
    expect(msg.io).toMatchObject({ mcc: 310, mnc: 260, terminalInfo: 0x28, voltageLevel: 6, gsmLevel: 3 });
    expect(msg.alarms).toEqual(['tamper']); // info bits 3–5 = 5: no terminal-info alarm
    expect(result.reply).toEqual(encodeAck(0x27, 0x0003));
  });

  it('0x23 GK310 heartbeat: battery volts and GSM level', () => {
    const { msg } = decodeVariant('heartbeat 0x23 (GK310)');
    expect(msg).toMatchObject({ kind: 'heartbeat', batteryVoltageV: 2.9, gsmSignal: 31, ignition: false });
    expect(msg.io).toMatchObject({ gsmLevel: 4, relayCut: true, gpsTracking: true });
  });

  it('0x94 frames: voltage, door, ICCID/IMSI, driver ID, status text; no reply', () => {
    expect(decodeVariant('information 0x94 in a 0x7878 frame (external voltage)').msg.mainVoltageV).toBe(
      12.59,
    );
    expect(decodeVariant('information 0x94 sub-type 0x00 (external voltage)').msg.mainVoltageV).toBe(2.37);
    expect(decodeVariant('information 0x94 sub-type 0x05 (door status)').msg.io.doorOpen).toBe(false);
    const iccid = decodeVariant('information 0x94 sub-type 0x0A (IMEI, IMSI, ICCID)');
    expect(iccid.msg.io.imsi).toBe('520050218721401');
    expect(iccid.msg.kind).toBe('health');
    expect(iccid.result.reply).toBeNull();
    const sync = decodeVariant('information 0x94 sub-type 0x04 (status sync text)').msg.io.statusSync;
    expect(String(sync)).toMatch(/^ALM1=45;.*DYD=01;.*MODE=MODE,1,180;$/);
  });

  it('0x15 / 0x21 command replies: ASCII, NUL-padded and UTF-16BE text', () => {
    expect(decodeVariant('string 0x15 "Restore fuel supply: Success!"').msg.text).toBe(
      'Restore fuel supply: Success!',
    );
    const padded = decodeVariant('string 0x15 with command length 0 and NUL padding').msg;
    expect(padded.text).toBe('Already in the state of fuel supply to resume,the command is not running!');
    const utf16 = decodeVariant('information 0x21 (0x7979), UTF-16BE text');
    expect(utf16.msg).toMatchObject({ kind: 'command-response', text: 'Command error!' });
    expect(utf16.result.reply).toBeNull();
    const ascii = decodeVariant('information 0x21 (0x7979), ASCII text, CRC does not verify');
    expect(ascii.msg.text).toMatch(/^Battery:5\.56V,NORMAL; GPRS\*Link Up .*BT MAC:B4A828044462;$/);
    expect(ascii.result.error).toMatch(/crc mismatch/);
  });

  it('0x8A time request: no reply from the decoder, flagged for the gateway', () => {
    const { msg, result } = decodeVariant('time request 0x8A without content');
    expect(msg.io.request).toBe('time');
    expect(result.reply).toBeNull();
  });

  it('0x12 with empty content: reported, acked, no position', () => {
    const { msg, result } = decodeVariant('GPS 0x12 with empty content');
    expect(msg.kind).toBe('unknown');
    expect(result.error).toMatch(/need 18/);
    expect(result.reply).toEqual(encodeAck(0x12, 0x0099));
  });
});
