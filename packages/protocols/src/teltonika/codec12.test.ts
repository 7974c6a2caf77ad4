import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../core/crc16-ibm.ts';
import { fromHex, toHexLower } from './fixtures/avl-packet.builder.ts';
import { encodeCodec12Command } from './codec12.ts';
import { teltonikaCodec } from './teltonika.codec.ts';
import { TeltonikaFramer } from './teltonika.framer.ts';

/** A device response (type 0x06) built like the device does, for texts no capture carries. */
function response(text: string): Uint8Array {
  const packet = encodeCodec12Command(text);
  packet[10] = 0x06;
  const view = new DataView(packet.buffer);
  view.setUint32(packet.length - 4, crc16Ibm(packet, 8, packet.length - 4));
  return packet;
}

describe('CRC-16/IBM', () => {
  it('has the catalogue check value 0xBB3D for "123456789"', () => {
    expect(crc16Ibm(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });
});

describe('Codec 12 commands', () => {
  it('encodes the getinfo example of protocols.md §9.4 byte for byte', () => {
    const packet = teltonikaCodec.encodeCommand({ text: 'getinfo', id: 1 }, { imei: '356307042441013' });
    expect(toHexLower(packet)).toBe('000000000000000f0c010500000007676574696e666f0100004312');
  });

  it('encodes arguments and UTF-8 as sent', () => {
    const packet = encodeCodec12Command('setdigout 1');
    expect(packet.length).toBe(8 + 8 + 11 + 4);
    expect(new TextDecoder().decode(packet.subarray(15, 26))).toBe('setdigout 1');
    expect(crc16Ibm(packet, 8, packet.length - 4)).toBe(
      new DataView(packet.buffer).getUint32(packet.length - 4),
    );
  });

  it('frames an encoded command like any other packet (so a looped-back command is recognised)', () => {
    const packet = encodeCodec12Command('getver');
    const frames = new TeltonikaFramer().push(packet);
    expect(frames.map((frame) => toHexLower(frame.bytes))).toEqual([toHexLower(packet)]);
    expect(teltonikaCodec.decode(packet, { imei: null }).error).toMatch(/type 0x05 is not a device response/);
  });
});

describe('Codec 12 responses', () => {
  it('decodes a response as a command-response message, unacknowledged', () => {
    const result = teltonikaCodec.decode(response('DOUTS are set to: 1000'), { imei: '356307042441013' });
    expect(result).toMatchObject({ reply: null, error: null, imei: null });
    expect(result.messages).toMatchObject([
      { protocol: 'teltonika', kind: 'command-response', text: 'DOUTS are set to: 1000', checksumOk: true },
    ]);
  });

  it('decodes an empty response text', () => {
    expect(teltonikaCodec.decode(response(''), { imei: null }).messages[0]?.text).toBe('');
  });

  it('drops a response with a bad CRC when the session is strict', () => {
    const bad = response('getver ok');
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
    const strict = teltonikaCodec.decode(bad, { imei: null, strictChecksum: true });
    expect(strict.messages).toEqual([]);
    expect(strict.error).toMatch(/CRC mismatch/);
  });

  it('reports a text size that runs past the packet', () => {
    const packet = fromHex('000000000000000a' + '0c0106000000104142' + '01' + '00000000');
    const result = teltonikaCodec.decode(packet, { imei: null });
    expect(result.messages).toEqual([]);
    expect(result.error).toMatch(/truncated: text/);
  });
});
