/**
 * Builders against the byte layouts and published frames of research/protocols.md (§2, §4, §5, §8, §9) and
 * packets.json: independent of our decoders, so these hold even while the codecs change.
 */
import { describe, expect, it } from 'vitest';
import {
  buildAis140Emergency,
  buildAis140Health,
  buildAis140Location,
  buildAis140Login,
  healthFromReading,
  parseAis140Reply,
} from './ais140.ts';
import { crc16Ibm, crc32, crcItu, xor8 } from './checksums.ts';
import { buildGt06Alarm, buildGt06Heartbeat, buildGt06Location, buildGt06Login, frame } from './gt06.ts';
import { sampleReading } from './reading.ts';
import { buildTeltonikaAvlPacket, buildTeltonikaImei, teltonikaRecord } from './teltonika.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();
const identity = { imei: '869123450000017', vehicleRegNo: 'MP09GA1234' };

describe('checksums', () => {
  it('match the catalogue check values for "123456789"', () => {
    const check = new TextEncoder().encode('123456789');
    expect(crcItu(check)).toBe(0x906e);
    expect(crc16Ibm(check)).toBe(0xbb3d);
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('CRC-32 reproduces the verified 3.2AIH $EPB sample', () => {
    const body =
      '$EPB,EMR,869867036066035,NM,03042019,192008,V,000.00000000,N,000.00000000,E,0000000000.0,0000.0,00.000,G,,0,404,22,ECFB,36EF';
    expect(crc32(body).toString(16).toUpperCase()).toBe('226F7BD1');
  });
});

describe('AIS-140 (iStartek VT140 family)', () => {
  const reading = sampleReading();

  it('login carries vendor, vehicle, IMEI, firmware, protocol and last fix', () => {
    expect(buildAis140Login(identity, reading)).toBe(
      '$,LGN,istartracker,MP09GA1234,869123450000017,V100,AIS140,22.718601,N,75.855302,E*',
    );
  });

  it('normal packet follows the de-facto field order with a valid XOR', () => {
    const text = buildAis140Location(identity, reading, {
      event: 'location',
      isHistory: false,
      frameNumber: 42,
    });
    const fields = text.slice(0, -1).split(',');
    // Index shifted by one against protocols.md §2.1 because of the leading `$,`.
    expect(fields.slice(0, 13)).toEqual([
      '$',
      'NRM',
      'istartracker',
      'V100',
      'NR',
      '01',
      'L',
      '869123450000017',
      'MP09GA1234',
      '1',
      '15012025',
      '043005',
      '22.718601',
    ]);
    expect(fields.slice(13, 17)).toEqual(['N', '75.855302', 'E', '23.4']);
    expect(fields[22]).toBe('AIRTEL');
    expect(fields.slice(23, 33)).toEqual(['1', '1', '27.6', '4.1', '0', 'C', '24', '404', '93', '1A2B']);
    expect(fields[46]).toBe('1000');
    expect(fields[48]).toBe('000042');
    expect(fields[49]).toBe('123.5');
    const checksum = fields.at(-1) ?? '';
    const covered = text.slice(2, text.lastIndexOf(','));
    expect(checksum).toBe(xor8(covered).toString(16).toUpperCase().padStart(2, '0'));
    expect(text.endsWith('*')).toBe(true);
  });

  it('alerts and history change type, alert id and status only', () => {
    const sos = buildAis140Location(identity, reading, {
      event: 'sos',
      isHistory: true,
      frameNumber: 1,
    }).split(',');
    expect(sos.slice(4, 7)).toEqual(['EA', '10', 'H']);
    const off = buildAis140Location(identity, reading, {
      event: 'ignitionOff',
      isHistory: false,
      frameNumber: 1,
    });
    expect(off.split(',').slice(4, 7)).toEqual(['IF', '08', 'L']);
  });

  it('south/west and invalid fix are encoded with hemisphere letters and fix 0', () => {
    const text = buildAis140Location(identity, sampleReading({ lat: -1.5, lon: -0.25, gpsValid: false }), {
      event: 'location',
      isHistory: false,
      frameNumber: 1,
    }).split(',');
    expect(text.slice(9, 10)).toEqual(['0']);
    expect(text.slice(12, 16)).toEqual(['1.500000', 'S', '0.250000', 'W']);
  });

  it('emergency packet ends with CRC-32 of $..before *', () => {
    const text = buildAis140Emergency(identity, reading, { state: 'EMR', isHistory: false, distanceM: 12 });
    const [body = '', crc = ''] = text.split('*');
    expect(body.startsWith('$,EPB,istartracker,EMR,869123450000017,NM,15012025043005,A,22.718601,N')).toBe(
      true,
    );
    expect(crc).toBe(crc32(body).toString(16).toUpperCase().padStart(8, '0'));
  });

  it('health packet matches the VT140 example layout', () => {
    const text = buildAis140Health(identity, healthFromReading(reading, { onS: 10, offS: 600 }));
    expect(text).toBe('$,HBT,istartracker,V100,HP,869123450000017,88%,20%,0.00%,10,600,1000,00,0.0,0.0*');
  });

  it('reads the Wetrack-style server replies', () => {
    expect(parseAis140Reply('$LGN15012025043005*')).toEqual({ kind: 'login', serverTime: '15012025043005' });
    expect(parseAis140Reply('$HBT*')).toEqual({ kind: 'heartbeat' });
  });
});

describe('GT06', () => {
  it('login reproduces the Concox document example', () => {
    expect(hex(buildGt06Login('123456789012345', 1))).toBe('78780D01012345678901234500018CDD0D0A');
  });

  it('the standard reply frame reproduces the documented login reply', () => {
    expect(hex(frame(0x01, new Uint8Array(0), 5))).toBe('7878050100059FF80D0A');
  });

  it('0x22 location reproduces a captured GT06E frame byte for byte', () => {
    const reading = sampleReading({
      fixTimeMs: Date.UTC(2017, 5, 22, 10, 16, 22),
      lat: 41419156 / 1_800_000,
      lon: 130512952 / 1_800_000,
      satellites: 6,
      speedKph: 0,
      headingDeg: 0,
      gpsValid: false,
      ignition: true,
      cell: { operator: 'x', mcc: 404, mnc: 5, lac: 1136, cellId: 18172 },
    });
    expect(hex(buildGt06Location(reading, { serial: 6, isReupload: true, uploadMode: 3 }))).toBe(
      '787822221106160A1016C60278019407C7783800040001940504700046FC01030100065F570D0A',
    );
  });

  it('heartbeat and alarm frames have the common lengths and valid CRCs', () => {
    const heartbeat = buildGt06Heartbeat(sampleReading(), 9);
    expect(heartbeat[2]).toBe(0x0a);
    expect(heartbeat[4]).toBe(0x46); // ACC on, charging, GPS tracking
    const alarm = buildGt06Alarm(sampleReading({ lat: -3, lon: -40 }), 'sos', { serial: 10 });
    expect(alarm[2]).toBe(0x25);
    expect(alarm[3]).toBe(0x16);
    expect(alarm[alarm.length - 8]).toBe(0x01); // alarm byte: SOS
    const status = ((alarm[20] ?? 0) << 8) | (alarm[21] ?? 0);
    expect(status & (1 << 10)).toBe(0); // south
    expect(status & (1 << 11)).not.toBe(0); // west
    for (const bytes of [heartbeat, alarm]) {
      const crc = crcItu(bytes.subarray(2, bytes.length - 4));
      expect(((bytes[bytes.length - 4] ?? 0) << 8) | (bytes[bytes.length - 3] ?? 0)).toBe(crc);
    }
  });
});

describe('Teltonika', () => {
  it('IMEI handshake matches the published frame', () => {
    expect(hex(buildTeltonikaImei('356307042441013'))).toBe('000F333536333037303432343431303133');
  });

  it('Codec 8 packet reproduces the wiki example 2 byte for byte', () => {
    const packet = buildTeltonikaAvlPacket([
      {
        timestampMs: 1560161136000,
        priority: 1,
        lat: 0,
        lon: 0,
        altitudeM: 0,
        angleDeg: 0,
        satellites: 0,
        speedKph: 0,
        eventIoId: 1,
        io: [
          { id: 21, width: 1, value: 3 },
          { id: 1, width: 1, value: 1 },
          { id: 66, width: 2, value: 0x5e10 },
        ],
      },
    ]);
    expect(hex(packet)).toBe(
      '000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A',
    );
  });

  it('records carry signed ×1e7 coordinates and the panic priority for SOS', () => {
    const record = teltonikaRecord(sampleReading({ lat: -3.6101433, lon: -40.2435321 }), 'sos');
    const packet = buildTeltonikaAvlPacket([record, teltonikaRecord(sampleReading(), 'location')]);
    const view = new DataView(packet.buffer);
    expect(packet[9]).toBe(2);
    expect(packet[18]).toBe(2); // priority of record 1
    expect(view.getInt32(19)).toBe(-402435321);
    expect(view.getInt32(23)).toBe(-36101433);
    expect(record.eventIoId).toBe(1);
    const crcAt = packet.length - 4;
    expect(view.getUint32(crcAt)).toBe(crc16Ibm(packet.subarray(8, crcAt)));
    expect(view.getUint32(4)).toBe(packet.length - 12);
  });
});
