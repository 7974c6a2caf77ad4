/** 0x8A time request (protocols.md §8.2, §8.4): the codec answers with its clock's UTC time, echoing the serial. */
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../core/byte-reader.ts';
import { createGt06Codec, decodeGt06, encodeTimeResponse } from './index.ts';
import { researchPackets } from './test-fixtures.ts';

const NOW = Date.parse('2026-11-22T03:04:05Z');

describe('GT06 time request 0x8A', () => {
  const request = researchPackets.find((p) => p.kind === 'time_request');
  if (request === undefined) throw new Error('time request fixture missing');

  it('replies to the captured request with 0x8A + YY MM DD hh mm ss (UTC) from the codec clock', () => {
    const codec = createGt06Codec(() => NOW);
    const result = codec.decode(fromHex(request.packet), { imei: '359710049095101' });
    expect(result.error).toBeNull();
    expect(result.messages[0]).toMatchObject({ kind: 'unknown', io: { request: 'time', serial: 6 } });
    expect(toHex(result.reply ?? new Uint8Array())).toBe(toHex(encodeTimeResponse(new Date(NOW), 6)));
    expect(toHex(result.reply ?? new Uint8Array()).slice(0, 24)).toBe('78780b8a1a0b16030405' + '0006');
    // The reply is itself a well-formed frame.
    expect(decodeGt06(result.reply ?? new Uint8Array(), { imei: null }).messages[0]?.checksumOk).toBe(true);
  });

  it('reads the clock per frame, and answers nothing without a clock (pure decodeGt06)', () => {
    let now = NOW;
    const codec = createGt06Codec(() => now);
    const frame = fromHex(request.packet);
    now = Date.parse('2027-01-01T00:00:00Z');
    expect(toHex(codec.decode(frame, { imei: null }).reply ?? new Uint8Array()).slice(8, 20)).toBe(
      '1b0101000000',
    );
    expect(decodeGt06(frame, { imei: null }).reply).toBeNull();
  });

  it('drops a bad-CRC request under strictChecksum and still answers it otherwise', () => {
    const bad = fromHex(request.packet);
    bad[bad.length - 4] = (bad[bad.length - 4] ?? 0) ^ 0xff;
    const codec = createGt06Codec(() => NOW);
    expect(codec.decode(bad, { imei: null, strictChecksum: true }).reply).toBeNull();
    expect(codec.decode(bad, { imei: null }).reply).not.toBeNull();
  });
});
