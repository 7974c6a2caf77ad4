/**
 * The shortcuts taken for speed (README "Benchmark") give what the plain code gave: the framer's word-at-a-time
 * end scan at every alignment, the cached date prefix across dates, the RSSI suffix table at its edges.
 */
import { describe, expect, it } from 'vitest';
import { isoAt } from './date-time.ts';
import { createAis140Framer, decodeAis140 } from './index.ts';
import { ascii, fixtureBytes, loadFixtures, text } from './test-fixtures.ts';

const frames = loadFixtures().map(fixtureBytes);

describe('AIS-140 fast paths', () => {
  it('frames the same stream identically at every byte alignment and chunking', () => {
    const stream = Buffer.concat([...frames, ascii('\r\n'), ...frames.slice().reverse()]);
    const reference = createAis140Framer()
      .push(Uint8Array.from(stream))
      .map((f) => `${text(f.bytes)}|${f.skippedBytes}`);
    for (let shift = 0; shift < 4; shift++) {
      const backing = new Uint8Array(stream.length + 4);
      backing.set(stream, shift);
      const data = backing.subarray(shift, shift + stream.length);
      const framer = createAis140Framer();
      const got = [...framer.push(data.subarray(0, 97)), ...framer.push(data.subarray(97))];
      expect(got.map((f) => `${text(f.bytes)}|${f.skippedBytes}`)).toEqual(reference);
    }
  });

  it('builds ISO times from the cached date prefix only for the same date', () => {
    expect(isoAt('25022019051716', 0, 8, 8)).toBe('2019-02-25T05:17:16.000Z');
    expect(isoAt('29022019000000', 0, 8, 8)).toBeNull(); // not a leap year
    expect(isoAt('25022019235959', 0, 8, 8)).toBe('2019-02-25T23:59:59.000Z');
    expect(isoAt('29022020000000', 0, 8, 8)).toBe('2020-02-29T00:00:00.000Z');
    expect(isoAt('290220000000', 0, 6, 6)).toBe('2020-02-29T00:00:00.000Z');
    expect(isoAt('29022020240000', 0, 8, 8)).toBeNull();
    expect(isoAt('29022020006000', 0, 8, 8)).toBeNull();
  });

  it('formats neighbour RSSI as sent: CSQ, dBm, decimals', () => {
    const packet = (rssi: string[]) =>
      ascii(
        '$,NRM,MARK,V0.0.1,NR,01,L,358980100040246,000000000,1,10032021,073239,25.932051,N,71.509872,E,0.6,' +
          `1.40,13,211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,${rssi[0] ?? ''},A5F,5855,` +
          `${rssi[1] ?? ''},A5F,6F87,${rssi[2] ?? ''},A5F,FD41,${rssi[3] ?? ''},0000,00,0.1,0,000027,0,0,0,4E9C,*`,
      );
    const io = decodeAis140(packet(['29', '0', '99', '-0']), { imei: null }, 0).messages[0]?.io;
    expect([io?.nbr1, io?.nbr2, io?.nbr3, io?.nbr4]).toEqual([
      `${0xa5f}:${0x6f88}:29`,
      `${0xa5f}:${0x5855}:0`,
      `${0xa5f}:${0x6f87}:99`,
      `${0xa5f}:${0xfd41}:0`,
    ]);
    const dbm = decodeAis140(packet(['-087', '-150', '-151', '-93']), { imei: null }, 0).messages[0]?.io;
    expect([dbm?.nbr1, dbm?.nbr2, dbm?.nbr3, dbm?.nbr4]).toEqual([
      `${0xa5f}:${0x6f88}:-87`,
      `${0xa5f}:${0x5855}:-150`,
      `${0xa5f}:${0x6f87}:-151`,
      `${0xa5f}:${0xfd41}:-93`,
    ]);
  });
});
