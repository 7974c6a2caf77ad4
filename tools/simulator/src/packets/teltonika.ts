/**
 * Teltonika FMB frames over TCP (research protocols.md §9; Teltonika wiki "Teltonika Data Sending Protocols"):
 *
 * - IMEI handshake: 2-byte length (0x000F) + 15 ASCII digits; the server answers one byte, 01 accept / 00 reject.
 * - AVL data packet, Codec 8: 4 zero bytes · data length (4) · 0x08 · record count · records · record count ·
 *   CRC-16/IBM (4 bytes, upper two zero) over codec id .. second record count. The server acks each packet with the
 *   number of accepted records as a 4-byte big-endian integer; on a mismatch the device sends the packet again.
 * - Record: timestamp ms (8) · priority (1: 0 low, 1 high, 2 panic) · lon, lat (4 each, signed ×1e7) · altitude (2)
 *   · angle (2) · satellites (1) · speed km/h (2, 0 without a fix) · event IO id (1) · total IO count (1) ·
 *   N1 + [id, value 1] · N2 + [id, value 2] · N4 + [id, value 4] · N8 + [id, value 8].
 *
 * IO ids (FMB "Data Sending Parameters ID"): 239 ignition, 240 movement, 21 GSM bars 0–5, 1 DIN1 (panic button),
 * 2 DIN2 (box-open switch: Teltonika has no tamper id, so this is ours), 69 GNSS status, 252 unplug, 255 overspeeding,
 * 78 iButton (8 bytes, the key id little-endian as Traccar prints it), 66 external voltage mV, 67 battery voltage mV, 181 PDOP ×10, 182 HDOP ×10, 24 speed, 16 total odometer m.
 */
import { crc16Ibm } from './checksums.ts';
import { driverTagBytes, type DeviceReading, type SimAlarm } from './reading.ts';

export const TELTONIKA_CODEC_8 = 0x08;
export const TELTONIKA_IMEI_ACCEPT = 0x01;
/** FMB devices send at most ~1280-byte packets; ~45 bytes per record here keeps a packet under that. */
export const TELTONIKA_MAX_RECORDS_PER_PACKET = 25;

export const TELTONIKA_IO = {
  din1: 1,
  din2: 2,
  totalOdometer: 16,
  gsmSignal: 21,
  speed: 24,
  externalVoltage: 66,
  batteryVoltage: 67,
  gnssStatus: 69,
  iButton: 78,
  pdop: 181,
  hdop: 182,
  ignition: 239,
  movement: 240,
  unplug: 252,
  overspeeding: 255,
} as const;

export const TELTONIKA_PRIORITY = { low: 0, high: 1, panic: 2 } as const;

/** Which IO element triggers the record, and at what priority, per event. */
export const TELTONIKA_EVENTS = {
  location: { eventIoId: 0, priority: TELTONIKA_PRIORITY.low },
  ignitionOn: { eventIoId: TELTONIKA_IO.ignition, priority: TELTONIKA_PRIORITY.high },
  ignitionOff: { eventIoId: TELTONIKA_IO.ignition, priority: TELTONIKA_PRIORITY.high },
  sos: { eventIoId: TELTONIKA_IO.din1, priority: TELTONIKA_PRIORITY.panic },
  sosOff: { eventIoId: TELTONIKA_IO.din1, priority: TELTONIKA_PRIORITY.high },
  powerCut: { eventIoId: TELTONIKA_IO.unplug, priority: TELTONIKA_PRIORITY.high },
  powerRestored: { eventIoId: TELTONIKA_IO.unplug, priority: TELTONIKA_PRIORITY.high },
  overspeed: { eventIoId: TELTONIKA_IO.overspeeding, priority: TELTONIKA_PRIORITY.high },
  tamper: { eventIoId: TELTONIKA_IO.din2, priority: TELTONIKA_PRIORITY.high },
} as const satisfies Record<SimAlarm | 'location', { eventIoId: number; priority: number }>;

export interface TeltonikaIoElement {
  id: number;
  /** 1, 2, 4 or 8 bytes. */
  width: 1 | 2 | 4 | 8;
  /** A number, or for 8-byte values beyond 2^53 the raw big-endian bytes. */
  value: number | Uint8Array;
}

export interface TeltonikaRecord {
  timestampMs: number;
  priority: number;
  lat: number;
  lon: number;
  altitudeM: number;
  angleDeg: number;
  satellites: number;
  speedKph: number;
  eventIoId: number;
  io: TeltonikaIoElement[];
}

export function buildTeltonikaImei(imei: string): Uint8Array {
  const out = new Uint8Array(2 + imei.length);
  new DataView(out.buffer).setUint16(0, imei.length);
  for (let i = 0; i < imei.length; i++) out[2 + i] = imei.charCodeAt(i);
  return out;
}

/** The record an FMB would generate for this reading and event. */
export function teltonikaRecord(reading: DeviceReading, event: SimAlarm | 'location'): TeltonikaRecord {
  const { eventIoId, priority } = TELTONIKA_EVENTS[event];
  const io: TeltonikaIoElement[] = [
    { id: TELTONIKA_IO.ignition, width: 1, value: reading.ignition ? 1 : 0 },
    { id: TELTONIKA_IO.movement, width: 1, value: reading.isMoving ? 1 : 0 },
    { id: TELTONIKA_IO.gsmSignal, width: 1, value: Math.round((Math.min(31, reading.gsmSignal) * 5) / 31) },
    { id: TELTONIKA_IO.din1, width: 1, value: reading.isEmergency ? 1 : 0 },
    { id: TELTONIKA_IO.din2, width: 1, value: reading.isTamperOpen ? 1 : 0 },
    { id: TELTONIKA_IO.gnssStatus, width: 1, value: reading.gpsValid ? 1 : 2 },
    { id: TELTONIKA_IO.unplug, width: 1, value: reading.mainPower ? 0 : 1 },
    { id: TELTONIKA_IO.externalVoltage, width: 2, value: Math.round(reading.mainVoltageV * 1000) },
    { id: TELTONIKA_IO.batteryVoltage, width: 2, value: Math.round(reading.batteryVoltageV * 1000) },
    { id: TELTONIKA_IO.pdop, width: 2, value: Math.round(reading.pdop * 10) },
    { id: TELTONIKA_IO.hdop, width: 2, value: Math.round(reading.hdop * 10) },
    { id: TELTONIKA_IO.speed, width: 2, value: reading.gpsValid ? Math.round(reading.speedKph) : 0 },
    { id: TELTONIKA_IO.totalOdometer, width: 4, value: Math.round(reading.odometerM) },
  ];
  if (reading.driverTag !== undefined)
    io.push({ id: TELTONIKA_IO.iButton, width: 8, value: driverTagBytes(reading.driverTag, 8).reverse() });
  if (event === 'overspeed')
    io.push({ id: TELTONIKA_IO.overspeeding, width: 1, value: Math.round(reading.speedKph) });
  return {
    timestampMs: reading.fixTimeMs,
    priority,
    lat: reading.lat,
    lon: reading.lon,
    altitudeM: Math.round(reading.altitudeM),
    angleDeg: Math.round(reading.headingDeg) % 360,
    satellites: reading.gpsValid ? reading.satellites : 0,
    speedKph: reading.gpsValid ? Math.round(reading.speedKph) : 0,
    eventIoId,
    io,
  };
}

export function buildTeltonikaAvlPacket(records: readonly TeltonikaRecord[]): Uint8Array {
  if (records.length === 0 || records.length > 255)
    throw new RangeError('a Codec 8 packet holds 1–255 records');
  const encoded = records.map(encodeRecord);
  const dataLength = 1 + 1 + encoded.reduce((sum, record) => sum + record.length, 0) + 1;
  const out = new Uint8Array(8 + dataLength + 4);
  const view = new DataView(out.buffer);
  view.setUint32(4, dataLength);
  out[8] = TELTONIKA_CODEC_8;
  out[9] = records.length;
  let at = 10;
  for (const record of encoded) {
    out.set(record, at);
    at += record.length;
  }
  out[at] = records.length;
  view.setUint32(at + 1, crc16Ibm(out.subarray(8, at + 1)));
  return out;
}

function encodeRecord(record: TeltonikaRecord): Uint8Array {
  const byWidth = new Map<number, TeltonikaIoElement[]>([
    [1, []],
    [2, []],
    [4, []],
    [8, []],
  ]);
  for (const element of record.io) byWidth.get(element.width)?.push(element);
  const ioBytes = 2 + 4 + record.io.reduce((sum, element) => sum + 1 + element.width, 0);
  const out = new Uint8Array(8 + 1 + 15 + ioBytes);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(record.timestampMs));
  out[8] = record.priority;
  view.setInt32(9, Math.round(record.lon * 1e7));
  view.setInt32(13, Math.round(record.lat * 1e7));
  view.setInt16(17, record.altitudeM);
  view.setUint16(19, record.angleDeg);
  out[21] = record.satellites;
  view.setUint16(22, record.speedKph);
  out[24] = record.eventIoId;
  out[25] = record.io.length;
  let at = 26;
  for (const [width, elements] of byWidth) {
    out[at++] = elements.length;
    for (const element of elements) {
      out[at++] = element.id;
      writeUint(view, at, width, element.value);
      at += width;
    }
  }
  return out;
}

function writeUint(view: DataView, at: number, width: number, value: number | Uint8Array): void {
  if (value instanceof Uint8Array) {
    for (let i = 0; i < width; i++) view.setUint8(at + i, value[i] ?? 0);
    return;
  }
  const clamped = Math.max(0, Math.round(value));
  if (width === 1) view.setUint8(at, Math.min(0xff, clamped));
  else if (width === 2) view.setUint16(at, Math.min(0xffff, clamped));
  else if (width === 4) view.setUint32(at, Math.min(0xffffffff, clamped));
  else view.setBigUint64(at, BigInt(clamped));
}
