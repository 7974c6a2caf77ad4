import { describe, expect, it } from 'vitest';
import { ais140Codec, createAis140Codec, encodeAis140Command, formatCommand, loginReply } from './index.ts';
import { ascii, text } from './test-fixtures.ts';

const session = { imei: '867458047932167' };
const encode = (commandText: string) => text(encodeAis140Command({ text: commandText, id: 7 }, session));

describe('AIS-140 commands (protocols.md §6.2, iStartek VT140 / QuecPython syntax)', () => {
  it.each([
    ['SET PIP:example.com', 'SET PIP:example.com'],
    ['SET PPT:8011', 'SET PPT:8011'],
    ['set apn : airtelgprs.com ', 'SET APN:airtelgprs.com'],
    ['SET ODM:0', 'SET ODM:0'],
    ['SET EO', 'SET EO'],
    ['GET VN', 'GET VN'],
    ['get ur', 'GET UR'],
    ['CLR ED', 'CLR ED'],
    ['@SET#RLP,OP1,', '@SET#RLP,OP1,'],
  ])('%j → %j as plain ASCII without terminator', (input, wire) => {
    expect(encode(input)).toBe(wire);
  });

  it('returns exactly the ASCII bytes', () => {
    expect(Array.from(encodeAis140Command({ text: 'GET VN', id: 1 }, session))).toEqual([
      0x47, 0x45, 0x54, 0x20, 0x56, 0x4e,
    ]);
  });

  it.each(['', 'REBOOT', 'GET VN:1', 'SET', 'SET UR:10\r\nSET UR:1', 'SET VN:\u0928', 'X'.repeat(200)])(
    'rejects %j with a RangeError',
    (input) => {
      expect(() => formatCommand(input)).toThrow(RangeError);
    },
  );

  it('is what the codec sends', () => {
    expect(text(ais140Codec.encodeCommand({ text: 'SET SL:60', id: 1 }, session))).toBe('SET SL:60');
  });
});

describe('AIS-140 replies', () => {
  it('formats the Wetrack login reply with the server UTC time', () => {
    expect(loginReply(Date.UTC(2020, 6, 14, 11, 15, 20))).toBe('$LGN14072020111520*');
  });

  it('takes the reply time from the codec clock', () => {
    const codec = createAis140Codec(() => Date.UTC(2021, 11, 31, 23, 59, 58));
    const login = ascii('$,LGN,MARK,000000000,358980100077446,V0.0.1,AIS140,19.804487,N,75.225876,E,*');
    expect(text(codec.decode(login, { imei: null }).reply ?? new Uint8Array())).toBe('$LGN31122021235958*');
  });

  it('exposes the protocol name and a fresh framer per connection', () => {
    expect(ais140Codec.protocol).toBe('ais140');
    expect(ais140Codec.createFramer()).not.toBe(ais140Codec.createFramer());
  });
});
