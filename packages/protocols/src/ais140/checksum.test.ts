import { describe, expect, it } from 'vitest';
import type { DecoderSession } from '../core/codec.ts';
import { crc32Ieee, crc32Mpeg2 } from '../core/crc32.ts';
import { sum8 } from '../core/sum8.ts';
import { xor8 } from '../core/xor.ts';
import { decodeAis140 } from './index.ts';
import { ascii } from './test-fixtures.ts';
import { EPB_AIH, ITRIANGLE_BR, RLP, ROADRPA, XYZ } from './test-packets.ts';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const session = (over: Partial<DecoderSession> = {}): DecoderSession => ({ imei: null, ...over });
const decode = (frame: string, s: DecoderSession = session()) => decodeAis140(ascii(frame), s, NOW);
const first = (frame: string, s?: DecoderSession) => {
  const message = decode(frame, s).messages[0];
  if (message === undefined) throw new Error('no message');
  return message;
};

/** Flips one character of the speed field: same length, different bytes. */
const corrupt = (frame: string, from: string, to: string): string => frame.replace(from, to);

describe('AIS-140 checksums (protocols.md §2.5)', () => {
  const cases: [string, string, string, string][] = [
    ['CRC-32 (ROADRPA)', ROADRPA, ',7.6,', ',7.7,'],
    ['XOR (RLP)', RLP, ',119.3,', ',119.4,'],
    ['CRC-32/MPEG-2 (numeric header)', XYZ, ',039.86,', ',039.87,'],
    ['CRC-32 after `*` (EPB)', EPB_AIH, ',192008,', ',192009,'],
  ];

  it.each(cases)('%s: good → checksumOk true', (_name, frame) => {
    const result = decode(frame, session({ strictChecksum: true }));
    expect(result.error).toBeNull();
    expect(result.messages[0]?.checksumOk).toBe(true);
  });

  it.each(cases)('%s: bad → decoded with checksumOk false and an error', (_name, frame, from, to) => {
    const result = decode(corrupt(frame, from, to));
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]?.checksumOk).toBe(false);
    expect(result.error).toMatch(/checksum mismatch/);
  });

  it.each(cases)('%s: bad with strictChecksum → no messages, error set', (_name, frame, from, to) => {
    const result = decode(corrupt(frame, from, to), session({ strictChecksum: true }));
    expect(result).toEqual({
      messages: [],
      reply: null,
      imei: null,
      error: expect.stringMatching(/checksum/),
    });
  });

  it('verifies the ATL raw checksum byte (sum of bytes mod 256)', () => {
    const body =
      '$,CP,ATL,1.4D3_AIS140_1.0,EA,10,H,868728037717441,,1,29032019,225913,28.534016,N,77.268936,E,0.0,' +
      '48.00,0,0.0,1.2,0.7,!dea,0,1,12.6,3.9,1,O,22,404, 4,1aa,4b0b,d43d,1aa,15,d43b,1aa,15,4b0c,1aa,14,4a62,1aa,12,' +
      '0111,00,221332,';
    const good = decodeAis140(new Uint8Array([...ascii(body), 0xbc, 0x2a]), session(), NOW);
    expect(good.messages[0]?.checksumOk).toBe(true);
    const bad = decodeAis140(new Uint8Array([...ascii(body), 0xbd, 0x2a]), session(), NOW);
    expect(bad.messages[0]?.checksumOk).toBe(false);
  });

  it('reports null, never false, for a family whose algorithm is unknown', () => {
    const m = first(corrupt(ITRIANGLE_BR, ',25.1,', ',25.2,'));
    expect(m.checksumOk).toBeNull();
    expect(m.io.checksum).toBe('1E');
  });
});

describe('core checksum helpers (standard check values for "123456789")', () => {
  const check = ascii('123456789');
  it('CRC-32/ISO-HDLC = CBF43926, CRC-32/MPEG-2 = 0376E6E7, XOR = 31, SUM8 = DD', () => {
    expect(crc32Ieee(check)).toBe(0xcbf43926);
    expect(crc32Mpeg2(check)).toBe(0x0376e6e7);
    expect(xor8(check)).toBe(0x31);
    expect(sum8(check)).toBe(0xdd);
  });
});
