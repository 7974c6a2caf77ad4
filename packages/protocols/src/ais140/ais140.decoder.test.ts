import { describe, expect, it } from 'vitest';
import type { DecoderSession } from '../core/codec.ts';
import { decodeAis140 } from './index.ts';
import { xor8 } from '../core/xor.ts';
import { ascii, text } from './test-fixtures.ts';
import { EPB_AIH, ITRIANGLE_BR, ROADRPA, XYZ } from './test-packets.ts';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5);
const session = (over: Partial<DecoderSession> = {}): DecoderSession => ({ imei: null, ...over });
const decode = (frame: string, s: DecoderSession = session()) => decodeAis140(ascii(frame), s, NOW);
const first = (frame: string, s?: DecoderSession) => {
  const message = decode(frame, s).messages[0];
  if (message === undefined) throw new Error('no message');
  return message;
};

describe('AIS-140 decoder: normal packet', () => {
  it('maps the standard fields and io keys of a ROADRPA packet', () => {
    const m = first(ROADRPA);
    expect(m).toMatchObject({
      protocol: 'ais140',
      kind: 'position',
      imei: '869867036345389',
      fixTime: '2019-02-25T05:17:16.000Z',
      lat: 25.12891,
      lon: 75.85587833,
      speedKph: 7.6,
      headingDeg: 350,
      satellites: 14,
      altitudeM: 284.8,
      hdop: 1,
      gpsValid: true,
      history: false,
      ignition: true,
      mainPower: true,
      mainVoltageV: 28,
      batteryVoltageV: 4.2,
      gsmSignal: 13,
      alarms: [],
      checksumOk: true,
    });
    expect(m.io).toEqual({
      header: 'NRM',
      vendor: 'ROADRPA',
      firmware: '1.7AIS',
      packetType: 'NR',
      alertId: 1,
      vehicleRegNo: '',
      pdop: 1,
      operator: 'AIRTEL',
      emergency: false,
      tamper: 'C',
      mcc: 404,
      mnc: 70,
      lac: 0x4e3b,
      cellId: 0x3c84,
      nmr: '11,4E3B,39B8,08,4E3B,3965,07,4E3B,48B5,07,4E3B,3C85',
      nbr1: `${0x4e3b}:${0x39b8}:11`,
      nbr2: `${0x4e3b}:${0x3965}:8`,
      nbr3: `${0x4e3b}:${0x48b5}:7`,
      nbr4: `${0x4e3b}:${0x3c85}:7`,
      digitalInputs: '0000',
      digitalOutputs: '00',
      frameNumber: 551,
      checksum: '71978C6B',
      checksumType: 'crc32',
    });
  });

  it('signs south and west coordinates', () => {
    const m = first(ROADRPA.replace('25.12891000,N,75.85587833,E', '25.12891000,S,75.85587833,W'));
    expect([m.lat, m.lon]).toEqual([-25.12891, -75.85587833]);
  });

  it('learns the IMEI from the frame and falls back to the session for none', () => {
    expect(decode(ROADRPA).imei).toBe('869867036345389');
    expect(decode(ROADRPA, session({ imei: '111111111111111' })).messages[0]?.imei).toBe('869867036345389');
  });

  it('marks `H` packets and alert id 2 as history', () => {
    expect(first(ROADRPA.replace('NR,01,L,', 'NR,01,H,')).history).toBe(true);
    expect(first(ITRIANGLE_BR.replace('BR,6,L,', 'NR,2,L,')).history).toBe(true);
  });
});

describe('AIS-140 decoder: alerts', () => {
  const withAlert = (type: string, id: string) => first(ITRIANGLE_BR.replace('BR,6,L,', `${type},${id},L,`));
  it.each([
    ['NR', '1', []],
    ['BD', '3', ['powerCut']],
    ['BL', '4', ['lowBattery']],
    ['NR', '5', ['lowBatteryRemoved']],
    ['BR', '6', ['powerRestored']],
    ['IN', '7', ['ignitionOn']],
    ['IF', '8', ['ignitionOff']],
    ['TA', '9', ['tamper', 'boxOpened']],
    ['EA', '10', ['sos']],
    ['NR', '11', ['sosOff']],
    ['PC', '12', ['otaChange']],
    ['HB', '13', ['harshBraking']],
    ['HA', '14', ['harshAcceleration']],
    ['RT', '15', ['harshCornering']],
    ['WD', '16', ['wireCut']],
    ['OS', '17', ['overspeed']],
    ['OT', '12', ['otaChange']],
    ['NR', '22', []],
  ] as const)('%s,%s → %j', (type, id, alarms) => {
    const m = withAlert(type, id);
    expect(m.alarms).toEqual(alarms);
    expect(m.kind).toBe(alarms.length > 0 ? 'alarm' : 'position');
    expect(m.io.alertId).toBe(Number(id));
  });

  it('decodes packets without an alert id field (GPSBOX `NR,H,`, `$EPB,TNT` `NR,L,`)', () => {
    const m = first(ITRIANGLE_BR.replace('BR,6,L,', 'BD,L,'));
    expect(m.alarms).toEqual(['powerCut']);
    expect(m.io.alertId).toBeNull();
  });

  it('maps EPB EMR to sos and SEM to sosOff, SP to history', () => {
    expect(first(EPB_AIH).alarms).toEqual(['sos']);
    const sem =
      '$,EPB,SEM,868997031721531,SP,14072020112020,A,28.359959,N,076.927566,E,260.93,0.1,0.0,G,NA00000000,N.A0000000,*';
    expect(first(sem)).toMatchObject({ kind: 'alarm', alarms: ['sosOff'], history: true, altitudeM: 260.93 });
  });
});

describe('AIS-140 decoder: families described in protocols.md (synthetic values)', () => {
  it('`$EPB` used for normal data with one 14-digit date-time (TNT, §2.2)', () => {
    const frame =
      '$EPB,TNT,0050AI14,NR,L,861359034100626,DL1PC9821,1,14102018045052,28.758963,N,77.6277844,E,25.1,' +
      '310.56,8,183.5,1.1,0.9,INA Airtel,1,1,12.5,4.2,0,C,25,404,10,00D6,CFBD,0000,0000,0,0000,0000,0,0000,0000,0,' +
      '0000,0000,0,0001,01,000005,O,GEO-IN*';
    expect(first(frame)).toMatchObject({
      kind: 'position',
      fixTime: '2018-10-14T04:50:52.000Z',
      lat: 28.758963,
      speedKph: 25.1,
      io: { vendor: 'TNT', packetType: 'NR', alertId: null, operator: 'INA Airtel', extras: 'O,GEO-IN' },
    });
  });

  it('`$PVT` and `$HDR` headers with LAC,CID,RSSI neighbours', () => {
    const frame =
      '$HDR,2020A,1.0,NR,01,L,861359034100626,DL1PC9821,1,14102018,045052,28.758963,N,77.6277844,E,0,0,8,' +
      '183.5,1.1,0.9,Airtel,0,1,12.5,4.2,0,C,25,404,10,428,ffa1,428,ffa2,31,428,ffa3,20,0,0,0,0,0,0,0001,01,000005*';
    for (const header of ['$HDR', '$PVT', '$,PVT']) {
      const m = first(frame.replace('$HDR', header));
      expect(m.io).toMatchObject({
        lac: 0x428,
        cellId: 0xffa1,
        nbr1: `${0x428}:${0xffa2}:31`,
        frameNumber: 5,
      });
    }
  });

  it('health `$HLT` (TNT) and `$,HBT` with % signs', () => {
    const hlt = first('$HLT,TNT,0050AI14,861359034100626,100,10,50,10,60,192,1187,505,0,0,1,0*');
    expect(hlt).toMatchObject({ kind: 'health', fixTime: null, imei: '861359034100626' });
    expect(hlt.io).toMatchObject({
      batteryPct: 100,
      lowBatteryThresholdPct: 10,
      memoryUsedPct: 50,
      extras: '192,1187,505,0,0,1,0',
    });
    const hbt = first('$,HBT,istartracker,V100,HP,867458047932167,94%,20%,0.00%,20,30,0000,00,0.0,0.0*');
    expect(hbt.io).toMatchObject({
      batteryPct: 94,
      updateRateIgnOnS: 20,
      updateRateIgnOffS: 30,
      digitalInputs: '0000',
    });
  });

  it('iStartek `$,NRM` with odometer (km) between frame number and the QuecPython XOR (after `$,`)', () => {
    const body =
      '$,NRM,istartracker,V100,NR,01,L,867458047932167,andy123456,1,14072020,111520,22.678880,N,114.047001,E,' +
      '23.4,90.00,11,50.0,1.10,0.80,AIRTEL,1,1,27.6,4.1,0,C,24,460,00,249F,1093,249F,1094,74,0,0,0,0,0,0,0,0,0,' +
      '0001,00,000009,1234.5';
    const xor = xor8(ascii(body.slice(2)))
      .toString(16)
      .toUpperCase()
      .padStart(2, '0');
    const m = first(`${body},${xor}*`);
    expect(m).toMatchObject({
      checksumOk: true,
      odometerM: 1234500,
      io: { frameNumber: 9, checksumType: 'xor8' },
    });
  });

  it('iStartek EPB with the vendor between EPB and EMR', () => {
    const frame =
      '$,EPB,istartracker,EMR,867458047932167,NM,14072020111520,A,22.678880,N,114.047001,E,30.5,12.0,0.3,G,andy123456,+8613800000000,*473A0F35';
    expect(first(frame)).toMatchObject({ alarms: ['sos'], speedKph: 12, io: { vendor: 'istartracker' } });
  });
});

describe('AIS-140 decoder: replies (protocols.md §6.1)', () => {
  it.each([
    ['$,LGN,MARK,000000000,358980100077446,V0.0.1,AIS140,19.804487,N,75.225876,E,*', '$LGN02012024030405*'],
    ['$,HBT,istartracker,V100,HP,867458047932167,94%,20%,0.00%,20,30,0000,00,0.0,0.0*', '$HBT*'],
    ['$,01,XYZ123,0.0.1,861359034137271,MH12AB1234,', '$,1,*'],
  ])('%s → %s', (frame, reply) => {
    const result = decode(frame);
    expect(text(result.reply ?? new Uint8Array())).toBe(reply);
  });

  it.each([ROADRPA, '$LGN,DDNNAC1234,891362031104100,0031AI14,1.0,28.451448,N,77.071343,E*', XYZ])(
    'no reply to %s',
    (frame) => expect(decode(frame).reply).toBeNull(),
  );
});

describe('AIS-140 decoder: hostile input', () => {
  it.each(['', '$', '$,', '$NRM', 'no dollar here', '$,,,,,,,,,,,,,,,,,,,,,,,*', '$DeviceName - x$IMEI - 1'])(
    '%j → error, no throw',
    (frame) => {
      const result = decode(frame);
      expect(result.messages).toEqual([]);
      expect(result.error).toEqual(expect.any(String));
    },
  );

  it('does not take a short frame with an IMEI but no location for a login', () => {
    const result = decode('$XYZ,861359034100626,1,2,3*');
    expect(result.messages[0]).toMatchObject({ kind: 'unknown', imei: '861359034100626' });
  });

  it('reports a frame with an IMEI but no known layout as kind unknown with an error', () => {
    const result = decode('$ABC,1,2,3,4,5,6,7,8,9,10,11,12,13,14,861359034100626,16,17,18*');
    expect(result.messages[0]).toMatchObject({ kind: 'unknown', imei: '861359034100626' });
    expect(result.error).toMatch(/unrecognised/);
  });
});
