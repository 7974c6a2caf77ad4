/** Server → device bytes: acks with CRC for every mandatory type, and 0x80 commands. */
import { describe, expect, it } from 'vitest';
import { crc16Itu } from '../core/crc16-itu.ts';
import { fromHex, toHex } from '../core/byte-reader.ts';
import {
  decodeGt06,
  encodeAck,
  encodeServerCommand,
  GT06_COMMANDS,
  gt06Codec,
  MANDATORY_ACK_TYPES,
} from './index.ts';

describe('CRC-ITU (CRC-16/X-25)', () => {
  it('matches the catalogue check value and the documented replies', () => {
    expect(crc16Itu(new TextEncoder().encode('123456789'))).toBe(0x906e);
    expect(toHex(encodeAck(0x01, 0x0001))).toBe('787805010001d9dc0d0a');
    expect(toHex(encodeAck(0x01, 0x0005))).toBe('7878050100059ff80d0a');
  });
});

describe('GT06 replies', () => {
  it('acks login, heartbeat and alarm with the echoed serial (exact bytes)', () => {
    expect(toHex(encodeAck(0x13, 0x01ba))).toBe('7878051301bafb710d0a');
    expect(toHex(encodeAck(0x16, 0x1ec3))).toBe('787805161ec33ad30d0a');
    expect(toHex(encodeAck(0x26, 0x0007))).toBe('78780526000733d40d0a');
    expect([...MANDATORY_ACK_TYPES].sort((a, b) => a - b)).toEqual([
      0x01, 0x13, 0x16, 0x19, 0x23, 0x26, 0x27,
    ]);
  });

  it('every ack decodes back as a well-formed frame with a valid CRC', () => {
    for (const type of MANDATORY_ACK_TYPES) {
      for (const serial of [0, 1, 0x7fff, 0xffff]) {
        const msg = decodeGt06(encodeAck(type, serial), { imei: null }).messages[0];
        expect(msg?.checksumOk).toBe(true);
        expect(msg?.io.serial).toBe(serial);
      }
    }
  });
});

describe('GT06 commands (0x80)', () => {
  it('encodes Traccar engineStop exactly (flag 0, serial 0)', () => {
    expect(toHex(encodeServerCommand('Relay,1#', 0))).toBe('787812800c0000000052656c61792c312300009dee0d0a');
  });

  it('carries CommandRequest.id as the server flag and a valid CRC', () => {
    const frame = gt06Codec.encodeCommand({ text: GT06_COMMANDS.engineStop, id: 0x01020304 }, { imei: null });
    expect(toHex(frame.subarray(0, 9))).toBe('78781280' + '0c' + '01020304');
    expect(new TextDecoder().decode(frame.subarray(9, 17))).toBe('RELAY,1#');
    const crc = (frame[frame.length - 4] ?? 0) * 256 + (frame[frame.length - 3] ?? 0);
    expect(crc).toBe(crc16Itu(frame, 2, frame.length - 4));
  });

  it('optionally appends the language word and a serial', () => {
    const frame = encodeServerCommand('WHERE#', 7, { language: 2, serial: 0x0a0b });
    expect(toHex(frame)).toMatch(/^787812800a0000000757484552452300020a0b[0-9a-f]{4}0d0a$/);
    expect(decodeGt06(frame, { imei: null }).messages[0]?.checksumOk).toBe(true);
  });

  it('round-trips the device reply flag: 0x15 echoes the server flag', () => {
    const reply = fromHex(
      '78782d152500000000437574206f666620746865206675656c20737570706c793a2053756363657373210002013b898a0d0a',
    );
    expect(decodeGt06(reply, { imei: null }).messages[0]?.io.serverFlag).toBe(0);
  });

  it('rejects text the device cannot take', () => {
    expect(() => encodeServerCommand('', 1)).toThrow(RangeError);
    expect(() => encodeServerCommand('RELAY,1#\n', 1)).toThrow(RangeError);
    expect(() => encodeServerCommand('ÉTAT#', 1)).toThrow(RangeError);
    expect(() => encodeServerCommand('x'.repeat(246), 1)).toThrow(RangeError);
    expect(encodeServerCommand('x'.repeat(245), 1)[2]).toBe(0xff);
    expect(() => encodeServerCommand('STATUS#', -1)).toThrow(RangeError);
    expect(() => encodeServerCommand('STATUS#', 2 ** 32)).toThrow(RangeError);
  });
});
