/**
 * Builders of device frames for gateway tests and the ingest benchmark, following the codecs' documented layouts
 * (packages/protocols/src/gt06/README.md, teltonika/README.md). Real captured frames (the protocols' fixtures
 * packets.json) are used where a test does not need chosen values.
 */

function crc16Itu(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i] ?? 0;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return (crc ^ 0xffff) & 0xffff;
}

function crc16Ibm(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i] ?? 0;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc & 0xffff;
}

export const hex = (text: string): Uint8Array =>
  Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'hex'));
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** `78 78 len type content serial crc 0d 0a` (0x7878 short frame). */
export function gt06Frame(type: number, content: readonly number[], serial: number): Uint8Array {
  const length = 1 + content.length + 2 + 2;
  const body = [0x78, 0x78, length, type, ...content, (serial >> 8) & 0xff, serial & 0xff];
  const frame = new Uint8Array(body.length + 4);
  frame.set(body);
  const crc = crc16Itu(frame, 2, body.length);
  frame[body.length] = (crc >> 8) & 0xff;
  frame[body.length + 1] = crc & 0xff;
  frame[body.length + 2] = 0x0d;
  frame[body.length + 3] = 0x0a;
  return frame;
}

/** The ack GT06 servers send: `78 78 05 type serial crc 0d 0a`. */
export function gt06Ack(type: number, serial: number): Uint8Array {
  return gt06Frame(type, [], serial);
}

/** Login (0x01): IMEI as 8 BCD bytes (a leading 0 nibble), type id 0x3601, timezone word 0x0000. */
export function gt06Login(imei: string, serial = 1): Uint8Array {
  const digits = imei.padStart(16, '0');
  const bcd: number[] = [];
  for (let i = 0; i < 16; i += 2) bcd.push((Number(digits[i]) << 4) | Number(digits[i + 1]));
  return gt06Frame(0x01, [...bcd, 0x36, 0x01, 0x00, 0x00], serial);
}

export interface Gt06Fix {
  at: Date;
  lat: number;
  lon: number;
  speedKph?: number;
  headingDeg?: number;
  satellites?: number;
  valid?: boolean;
  ignition?: boolean;
}

function gpsBlock(fix: Gt06Fix): number[] {
  const t = fix.at;
  const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
  let flags = Math.round(fix.headingDeg ?? 0) & 0x03ff;
  if (fix.valid ?? true) flags |= 0x1000;
  if (fix.lat >= 0) flags |= 0x0400;
  if (fix.lon < 0) flags |= 0x0800;
  if (fix.ignition !== undefined) flags |= 0x4000 | (fix.ignition ? 0x8000 : 0);
  return [
    t.getUTCFullYear() % 100,
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
    0xc0 | ((fix.satellites ?? 9) & 0x0f),
    ...u32(Math.round(Math.abs(fix.lat) * 1_800_000)),
    ...u32(Math.round(Math.abs(fix.lon) * 1_800_000)),
    Math.min(255, Math.round(fix.speedKph ?? 0)),
    (flags >> 8) & 0xff,
    flags & 0xff,
  ];
}

/** India, Airtel-like cell: MCC 404, MNC 10, LAC, cell id (3 bytes). */
const CELL = [0x01, 0x94, 0x0a, 0x12, 0x34, 0x00, 0x56, 0x78];

/** GPS + LBS location (0x12), acked by the server. */
export function gt06Location(fix: Gt06Fix, serial: number): Uint8Array {
  return gt06Frame(0x12, [...gpsBlock(fix), ...CELL], serial);
}

/** GPS + LBS + status alarm (0x16). alarmCode 0x01 = SOS. */
export function gt06Alarm(fix: Gt06Fix, alarmCode: number, serial: number): Uint8Array {
  // cell block with its length byte, then terminal info, voltage level, GSM level, alarm code, language.
  return gt06Frame(0x16, [...gpsBlock(fix), 0x09, ...CELL, 0x42, 0x06, 0x04, alarmCode, 0x02], serial);
}

/** Status/heartbeat (0x13): terminal info, voltage level, GSM level, alarm 0, language. */
export function gt06Heartbeat(serial: number): Uint8Array {
  return gt06Frame(0x13, [0x46, 0x06, 0x04, 0x00, 0x02], serial);
}

/** Teltonika IMEI handshake: 2-byte length + ASCII digits. */
export function teltonikaHandshake(imei: string): Uint8Array {
  return Uint8Array.from([0, imei.length, ...Buffer.from(imei, 'ascii')]);
}

export interface TeltonikaRecord {
  at: Date;
  lat: number;
  lon: number;
  speedKph?: number;
  headingDeg?: number;
  satellites?: number;
  altitudeM?: number;
  /** IO element 239 (ignition), 1 byte. */
  ignition?: boolean;
  /** IO element 78 (iButton), 8 bytes: the key id as printed (hex), sent little-endian like an FMB does. */
  iButton?: string;
}

/** Codec 8 AVL packet over TCP: preamble, length, codec 08, records, count, CRC-16/IBM. */
export function teltonikaCodec8(records: readonly TeltonikaRecord[]): Uint8Array {
  const data: number[] = [0x08, records.length];
  const push = (value: bigint | number, width: number) => {
    let v = BigInt.asUintN(width * 8, BigInt(value));
    const out: number[] = [];
    for (let i = 0; i < width; i++) {
      out.unshift(Number(v & 0xffn));
      v >>= 8n;
    }
    data.push(...out);
  };
  for (const r of records) {
    push(r.at.getTime(), 8);
    push(0, 1); // priority low
    push(Math.round(r.lon * 1e7), 4);
    push(Math.round(r.lat * 1e7), 4);
    push(r.altitudeM ?? 500, 2);
    push(r.headingDeg ?? 0, 2);
    push(r.satellites ?? 10, 1);
    push(r.speedKph ?? 0, 2);
    const io = r.ignition === undefined ? [] : [[239, r.ignition ? 1 : 0]];
    push(0, 1); // event io id
    push(io.length + (r.iButton === undefined ? 0 : 1), 1); // total io
    push(io.length, 1); // 1-byte group
    for (const [ioId, value] of io) {
      push(ioId ?? 0, 1);
      push(value ?? 0, 1);
    }
    push(0, 1); // 2-byte group
    push(0, 1); // 4-byte group
    if (r.iButton === undefined)
      push(0, 1); // 8-byte group
    else {
      push(1, 1);
      push(78, 1);
      const id = Buffer.from(r.iButton.padStart(16, '0'), 'hex');
      data.push(...id.reverse());
    }
  }
  data.push(records.length);
  const body = Uint8Array.from(data);
  const crc = crc16Ibm(body, 0, body.length);
  const out = new Uint8Array(8 + body.length + 4);
  const view = new DataView(out.buffer);
  view.setUint32(4, body.length);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc);
  return out;
}

/** The Teltonika data ack: number of records accepted, 4 bytes big-endian. */
export function teltonikaAck(count: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, count);
  return out;
}
