import { describe, expect, it } from 'vitest';
import type { Frame } from '../core/codec.ts';
import { AIS140_MAX_FRAME_BYTES, createAis140Framer } from './index.ts';
import { ascii, fixtureBytes, loadFixtures, text } from './test-fixtures.ts';

const ROADRPA =
  '$NRM,ROADRPA,1.7AIS,NR,01,L,869867036345389,,1,25022019,051716,25.12891000,N,75.85587833,E,7.6,350.00,14,' +
  '284.8,1.00,1.00,AIRTEL,1,1,28.0,4.2,0,C,13,404,70,4E3B,3C84,11,4E3B,39B8,08,4E3B,3965,07,4E3B,48B5,07,4E3B,' +
  '3C85,0000,00,000551,71978C6B*';
const ITRIANGLE_LOGIN =
  '$Header,nliven,KA01I2000,861693034634154,1_37T02B0164MAIS,AIS140,12.976545,N,77.549759,E*50';
const CTPL =
  '$,C,CTPL,4.0.0,NR,01,L,869247045166383,NA00000000,1,12032020,144453,30.452524,N,077.610351,E,1.4,34.8,14,' +
  '384.19,1.8,0.8,IDEA P,1,1,14.2,4.17,0,C,22,404,82,0FB1,3B26,516B,0FB1,18,3B25,0FB1,15,5169,0FB1,14,3B27,0FB1,' +
  '13,0000,00,8083,194.9,0B,*,IP=106.67.5.173';
const MARK =
  '$,NRM,MARK,V0.0.1,NR,01,L,358980100040246,000000000,1,10032021,073239,25.932051,N,71.509872,E,0.6,1.40,13,' +
  '211.2,1.4,0.7,IDEA,0,1,0.1,3.7,0,N,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,14,0000,00,' +
  '0.1,0,000027,0,0,0,4E9C,*';
const XYZ_HEALTH = '$,02,XYZ123,0.0.1,861359034137271,100,30,00.0,00005,00600,1000,01,00.1,00.0,';

function pushAll(chunks: Uint8Array[]): { frames: Frame[]; buffered: number } {
  const framer = createAis140Framer();
  const frames = chunks.flatMap((c) => framer.push(c));
  return { frames, buffered: framer.bufferedBytes };
}

function bytewise(data: Uint8Array): Uint8Array[] {
  return Array.from(data, (b) => Uint8Array.of(b));
}

describe('AIS-140 framer', () => {
  it('cuts a frame at `*` and emits it at once', () => {
    const { frames, buffered } = pushAll([ascii(ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ROADRPA]);
    expect(frames[0]?.skippedBytes).toBe(0);
    expect(buffered).toBe(0);
  });

  it('keeps checksum hex after `*` with the frame when it arrives in the same read', () => {
    const { frames } = pushAll([ascii(ITRIANGLE_LOGIN + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ITRIANGLE_LOGIN, ROADRPA]);
  });

  it('consumes checksum digits arriving in a later read quietly (frame already emitted at `*`)', () => {
    const login = ascii(ITRIANGLE_LOGIN);
    const { frames } = pushAll([login.subarray(0, login.length - 2), ascii('50\r\n' + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ITRIANGLE_LOGIN.slice(0, -2), ROADRPA]);
    expect(frames[1]?.skippedBytes).toBe(0);
  });

  it('keeps a comma trailer after `*` (CTPL `,*,IP=...`, ATL `*,O,S,+91...`) and stops it at CR/LF', () => {
    const { frames } = pushAll([ascii(CTPL + '\r\n' + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([CTPL, ROADRPA]);
  });

  it('splits merged frames, including CR/LF-terminated ones without `*`', () => {
    const { frames } = pushAll([ascii(`${ROADRPA}\r\n${XYZ_HEALTH}\r\n${MARK}${ROADRPA}`)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ROADRPA, XYZ_HEALTH, MARK, ROADRPA]);
  });

  it('frames identically when fed byte by byte or in random chunks (nothing after `*` but CR/LF)', () => {
    const stream = ascii([ROADRPA, MARK, XYZ_HEALTH, ROADRPA].join('\r\n') + '\r\n');
    const whole = pushAll([stream]).frames.map((f) => text(f.bytes));
    expect(pushAll(bytewise(stream)).frames.map((f) => text(f.bytes))).toEqual(whole);
    for (const size of [2, 3, 7, 64, 257]) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.subarray(i, i + size));
      expect(pushAll(chunks).frames.map((f) => text(f.bytes))).toEqual(whole);
    }
  });

  it('drops the part of a comma trailer that arrives after the frame was emitted, without counting it', () => {
    const { frames } = pushAll([
      ascii(CTPL.slice(0, CTPL.indexOf('*') + 1)),
      ascii(',IP=106.67.5.173\r\n' + ROADRPA),
    ]);
    expect(frames.map((f) => text(f.bytes))).toEqual([CTPL.slice(0, CTPL.indexOf('*') + 1), ROADRPA]);
    expect(frames[1]?.skippedBytes).toBe(0);
  });

  it('counts garbage before a frame in skippedBytes', () => {
    const { frames } = pushAll([ascii('GARBAGE\x00\xff' + ROADRPA)]);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.skippedBytes).toBe(9);
  });

  it('does not take `$` followed by a non-header byte for a frame start', () => {
    const { frames } = pushAll([ascii('$*$ ' + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ROADRPA]);
    expect(frames[0]?.skippedBytes).toBe(4);
  });

  it('drops an oversize frame, resyncs on the next `$`, and never buffers more than the cap', () => {
    const framer = createAis140Framer();
    const big = ascii('$NRM,' + 'A'.repeat(3000));
    let frames: Frame[] = [];
    for (let i = 0; i < big.length; i += 100) {
      frames = frames.concat(framer.push(big.subarray(i, i + 100)));
      expect(framer.bufferedBytes).toBeLessThanOrEqual(AIS140_MAX_FRAME_BYTES);
    }
    frames = frames.concat(framer.push(ascii('*' + ROADRPA)));
    expect(frames.map((f) => text(f.bytes))).toEqual([ROADRPA]);
    expect(frames[0]?.skippedBytes).toBe(big.length + 1);
  });

  it('treats an oversize frame that does end as garbage too', () => {
    const { frames } = pushAll([ascii('$NRM,' + 'B'.repeat(2500) + '*' + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([ROADRPA]);
  });

  it('keeps a raw checksum byte that is itself `*` (`,**`) inside the frame', () => {
    const atl =
      '$,CP,ATL,1.4D3_AIS140_1.0,NR,01,L,868728037717441,,1,31032019,140054,28.5,N,77.2,E,0.0,1,1,1,1,1,x,0,1,1,1,0,O,1,404,11,1,1,0111,00,249404,**';
    const { frames } = pushAll([ascii(atl + ROADRPA)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([atl, ROADRPA]);
  });

  it('emits unterminated logins at the end of a read so the device gets its reply', () => {
    const istartek = '$,LGN,istartracker,andy123456,867458047932167,V100,AIS140,22.678880,N,114.047001,E';
    const numeric = '$,01,XYZ123,0.0.1,861359034137271,MH12AB1234,';
    for (const login of [istartek, numeric]) {
      expect(pushAll([ascii(login)]).frames.map((f) => text(f.bytes))).toEqual([login]);
      expect(pushAll(bytewise(ascii(login))).frames.map((f) => text(f.bytes))).toEqual([login]);
    }
  });

  it('emits an unterminated numeric-header frame only when its CRC-32/MPEG-2 verifies', () => {
    const good =
      '$,04,XYZ123,0.0.1,TA,16,L,861359034100626,MH12AB1234,1,14,10,2018,04,50,52,018.489624,N,073.855980,E,000.0,' +
      '039.86,13,584.1,01.11,00.75,AIRTEL,1,1,00.0,4.1,1,C,15,404,90,0c23,781a,0000,0000,0000,0000,0000,0000,0000,' +
      '0000,0000,0000,0000,0000,1000,01,000005,13b75499,';
    expect(pushAll([ascii(good)]).frames).toHaveLength(1);
    expect(pushAll(bytewise(ascii(good))).frames).toHaveLength(1);
    const bad = good.replace('13b75499', '13b75498');
    const held = pushAll([ascii(bad)]);
    expect(held.frames).toHaveLength(0);
    expect(held.buffered).toBe(bad.length);
  });

  it('splits the ATL login from the packet that follows it directly (Traccar ItsFrameDecoderTest)', () => {
    const fixture = loadFixtures().find((f) => f.variant.startsWith('ATL login'));
    if (fixture === undefined) throw new Error('fixture missing');
    const { frames } = pushAll([fixtureBytes(fixture)]);
    expect(frames.map((f) => text(f.bytes))).toEqual([
      '$,,868728037717441,1.4D3_AIS140_1.0,VERSION1.0,28.633717,N,77.222702,E',
      expect.stringMatching(/^\$,CP,ATL,.*,260814,f\*$/),
    ]);
  });

  it('keeps the CTPL literal login (`$DeviceName - ..$IMEI - ..`) in one frame', () => {
    const fixture = loadFixtures().find((f) => f.variant.startsWith('CTPL login'));
    if (fixture === undefined) throw new Error('fixture missing');
    for (const chunks of [[fixtureBytes(fixture)], bytewise(fixtureBytes(fixture))]) {
      const frames = pushAll(chunks).frames.map((f) => text(f.bytes));
      expect(frames).toHaveLength(2);
      expect(frames[0]).toMatch(/^\$DeviceName - DL07AU0005\$IMEI - 868997035856200\$.*076\.928078E$/);
      expect(frames[1]).toMatch(/^\$,C,CTPL,.*,\*$/);
    }
  });
});
