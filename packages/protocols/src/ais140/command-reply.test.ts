/** AIS-140 command replies (command-reply.decoder.ts): the assumed `[VERB ]KEY:VALUE` forms, and what they leave alone. */
import { describe, expect, it } from 'vitest';
import { commandKey, decodeAis140 } from './index.ts';
import { parseReplyField } from './command-reply.decoder.ts';

const NOW = Date.UTC(2024, 0, 1);
const decode = (text: string, imei: string | null = '864000000000103') =>
  decodeAis140(new TextEncoder().encode(text), { imei }, NOW);

describe('AIS-140 command replies', () => {
  it.each([
    ['$,SET,SL:60,OK*', { commandVerb: null, commandKey: 'SL', commandValue: '60' }, 'SL:60,OK'],
    ['$SL:60*', { commandVerb: null, commandKey: 'SL', commandValue: '60' }, 'SL:60'],
    ['$,GET,VER:1.4.2,*', { commandVerb: null, commandKey: 'VER', commandValue: '1.4.2' }, 'VER:1.4.2'],
    ['$,ACK,CLR EO*', { commandVerb: 'CLR', commandKey: 'EO', commandValue: null }, 'CLR EO'],
  ])('%s → command-response', (frame, io, text) => {
    const result = decode(frame);
    expect(result.error).toBeNull();
    expect(result.reply).toBeNull();
    expect(result.messages).toHaveLength(1);
    expect(result.messages[0]).toMatchObject({ kind: 'command-response', imei: '864000000000103', text, io });
  });

  it('takes the IMEI from the frame when it carries one (TEDI OTA confirmation, protocols.md §5.3)', () => {
    const result = decode('$,PC,12,861359034100626,1,10.0.0.1,01012024,101010,SET UR:30,*', null);
    expect(result.imei).toBe('861359034100626'); // like any frame carrying an IMEI
    expect(result.messages[0]).toMatchObject({
      kind: 'command-response',
      imei: '861359034100626',
      text: 'SET UR:30',
      io: { commandVerb: 'SET', commandKey: 'UR', commandValue: '30' },
    });
  });

  it('leaves tracking packets (an OTA alert 12 stays an alarm) and bare words alone', () => {
    const pc =
      '$,CP,ATL,1.4D3_AIS140_1.0,PC,12,L,868728037717441,,1,16042019,073427,28.633535,N,77.222733,E,0.0,339.00,0,' +
      '0.0,1.0,0.7,Airtel,0,1,13.7,3.9,0,O,21,404,4,88,ad35,ad7b,88,22,cfaa,88,16,66f9,88,14,3f2c,d7,13,0111,00,' +
      '260711,*';
    expect(decode(pc).messages[0]).toMatchObject({ kind: 'alarm', alarms: ['otaChange'] });
    expect(decode('$XYZ,861359034100626,OK,DONE*').messages[0]?.kind).toBe('unknown');
    expect(decode('$,,,,,,,,,*').messages).toEqual([]);
  });

  it('parses reply fields and command texts alike', () => {
    expect(parseReplyField('SET SL:60')).toEqual({ verb: 'SET', key: 'SL', value: '60' });
    expect(parseReplyField('GET VER')).toEqual({ verb: 'GET', key: 'VER', value: null });
    expect(parseReplyField('PIP:example.com')).toEqual({ verb: null, key: 'PIP', value: 'example.com' });
    expect(parseReplyField('NRM')).toBeNull();
    expect(parseReplyField('12:30')).toBeNull();
    expect(parseReplyField('@SET#RLP,OP1,')).toBeNull();
  });
});

describe('AIS-140 command keys (for matching replies)', () => {
  it('names the parameter of SET/GET/CLR commands, null for raw vendor commands', () => {
    expect(commandKey('SET SL:60')).toBe('SL');
    expect(commandKey('get ver')).toBe('VER');
    expect(commandKey('CLR EO')).toBe('EO');
    expect(commandKey('@SET#RLP,OP1,')).toBeNull();
    expect(commandKey('hello')).toBeNull();
  });
});
