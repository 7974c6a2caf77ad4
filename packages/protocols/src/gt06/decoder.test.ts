/** Decoder behaviour beyond the captured frames: checksum policy, replies, session, synthetic layouts. */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../core/byte-reader.ts';
import { decodeGt06, encodeAck, encodeTimeResponse, gt06Codec } from './index.ts';
import { writeFrame } from './frame-writer.ts';

const heartbeat = fromHex('78780a13440604000201baaf540d0a');
const badCrcLocation = fromHex('78781F120B081D112E10CC027AC7EB0C46584900148F01CC00287D001FB8000380810D0A');

describe('GT06 decoder', () => {
  it('decodes a bad-CRC frame with checksumOk false, and drops it when the session is strict', () => {
    const lenient = decodeGt06(badCrcLocation, { imei: '123456789012345' });
    expect(lenient.messages[0]).toMatchObject({ checksumOk: false, kind: 'position' });
    expect(lenient.error).toBe('crc mismatch: frame has 8081, computed 7377');
    expect(lenient.reply).toEqual(encodeAck(0x12, 3));
    const strict = decodeGt06(badCrcLocation, { imei: '123456789012345', strictChecksum: true });
    expect(strict).toEqual({ messages: [], reply: null, imei: null, error: lenient.error });
  });

  it('flips checksumOk when one content byte changes', () => {
    const corrupted = heartbeat.slice();
    corrupted[5] = 0x05;
    expect(decodeGt06(corrupted, { imei: null }).messages[0]?.checksumOk).toBe(false);
    expect(decodeGt06(heartbeat, { imei: null }).messages[0]?.checksumOk).toBe(true);
  });

  it('heartbeat: terminal info, voltage and GSM mapping, exact reply', () => {
    const result = decodeGt06(heartbeat, { imei: '864717003664467' });
    expect(result.messages[0]).toMatchObject({
      kind: 'heartbeat',
      imei: '864717003664467',
      ignition: false,
      mainPower: true,
      gsmSignal: 31,
      alarms: [],
      io: { terminalInfo: 0x44, voltageLevel: 6, batteryLevelPct: 100, gsmLevel: 4, relayCut: false },
    });
    expect(toHex(result.reply ?? new Uint8Array())).toBe('7878051301bafb710d0a');
    expect(result.imei).toBeNull();
  });

  it('heartbeat alarm bits: power cut clears mainPower; alarm byte maps to the catalogue', () => {
    // terminal info 0x96 = relay cut + power-cut bits (2 << 3) + charging; alarm byte 0x01 = SOS
    const frame = writeFrame(0x13, Uint8Array.of(0x96, 0x03, 0x02, 0x01, 0x02), 9);
    const msg = decodeGt06(frame, { imei: null }).messages[0];
    expect(msg).toMatchObject({ mainPower: false, gsmSignal: 16, alarms: ['powerCut', 'sos'] });
    expect(msg?.io).toMatchObject({ relayCut: true, batteryLevelPct: 50, alarmCode: 1 });
  });

  it('0x22 with mileage (synthetic layout): odometer, ACC, upload mode, re-upload → history', () => {
    const gps = fromHex('1106160a1016c60278019407c7783800d400'); // course word 0xD400: ACC bits, N, positioned
    const cell = fromHex('0194050470 0046fc');
    const tail = fromHex('01 05 01 0001e240'); // ACC on, mode 5, re-upload, 123 456 m
    const frame = writeFrame(0x22, Uint8Array.from([...gps, ...cell, ...tail]), 0x10);
    const msg = decodeGt06(frame, { imei: null }).messages[0];
    expect(msg).toMatchObject({ kind: 'position', ignition: true, history: true, odometerM: 123456 });
    expect(msg).toMatchObject({
      gpsValid: true,
      lat: expect.closeTo(23.010642, 5),
      lon: expect.closeTo(72.507196, 5),
    });
    expect(msg?.io).toMatchObject({ uploadMode: 5, mcc: 404, mnc: 5, lac: 1136, cellId: 18172 });
  });

  it('south and west hemispheres give negative coordinates', () => {
    const gps = fromHex('110819110216d402f250340828924055 0800'); // bit 10 clear (south), bit 11 set (west)
    const msg = decodeGt06(writeFrame(0x10, gps, 1), { imei: null }).messages[0];
    expect(msg?.lat).toBeCloseTo(-27.463709, 5);
    expect(msg?.lon).toBeCloseTo(-76.04256, 5);
    expect(msg?.gpsValid).toBe(false);
  });

  it('impossible dates and coordinates become null instead of garbage', () => {
    const gps = fromHex('170d1f1900 00 c4 ffffffff ffffffff 00 1400');
    const msg = decodeGt06(writeFrame(0x10, gps, 1), { imei: null }).messages[0];
    expect(msg).toMatchObject({ fixTime: null, lat: null, lon: null, gpsValid: false });
  });

  it('login: rejects a non-BCD terminal ID without replying', () => {
    const frame = writeFrame(0x01, fromHex('0a23456789012345'), 1);
    const result = decodeGt06(frame, { imei: null });
    expect(result).toMatchObject({ imei: null, reply: null, error: 'login: terminal ID is not BCD' });
  });

  it('login in a 0x7979 frame is acked in 0x7979 form', () => {
    const frame = writeFrame(0x01, fromHex('0123456789012345'), 0x0102, true);
    const result = decodeGt06(frame, { imei: null });
    expect(result.imei).toBe('123456789012345');
    expect(toHex(result.reply ?? new Uint8Array())).toBe(toHex(encodeAck(0x01, 0x0102, true)));
    expect(result.reply?.subarray(0, 4)).toEqual(Uint8Array.of(0x79, 0x79, 0x00, 0x05));
  });

  it('unknown standard types get an ack and an unknown message; server-command echoes do not', () => {
    const unknown = decodeGt06(writeFrame(0x28, fromHex('0102'), 4), { imei: null });
    expect(unknown.messages[0]?.kind).toBe('unknown');
    expect(unknown.reply).toEqual(encodeAck(0x28, 4));
    expect(decodeGt06(writeFrame(0x80, fromHex('0102'), 4), { imei: null }).reply).toBeNull();
  });

  it('rejects bytes that are not a frame, with a reason', () => {
    expect(decodeGt06(new Uint8Array(), { imei: null }).error).toBe('bad start bytes');
    expect(decodeGt06(fromHex('7878050100'), { imei: null }).error).toBe('frame too short');
    expect(decodeGt06(fromHex('787806010001d9dc0d0a'), { imei: null }).error).toMatch(/length field 6/);
    expect(decodeGt06(fromHex('787805010001d9dc0d0b'), { imei: null }).error).toBe(
      'missing 0D 0A stop bytes',
    );
  });

  it('encodes the time response for 0x8A with the current UTC time', () => {
    const reply = encodeTimeResponse(new Date('2024-03-09T18:45:07Z'), 6);
    expect(toHex(reply).slice(0, 24)).toBe('78780b8a18030912' + '2d07' + '0006');
    expect(gt06Codec.decode(reply, { imei: null }).messages[0]?.checksumOk).toBe(true);
  });
});
