/**
 * Codec 7 (GH3000 / older Teltonika personal trackers; Teltonika wiki "GH3000 protocol"): records are
 * time(4: bits 31–30 priority, bits 29–0 seconds since 2007-01-01 UTC) · global mask(1) · [GPS element] ·
 * [IO 1-byte group] · [IO 2-byte group] · [IO 4-byte group], each present when its global-mask bit (0–3) is set.
 * GPS element: mask(1) then, per mask bit: 0 latitude + longitude (float32 degrees), 1 altitude (2, m), 2 angle
 * (1, × 360/256), 3 speed (1, km/h), 4 satellites (1), 5 LAC (2) + cell id (2), 6 signal quality (1),
 * 7 operator code (4). IO groups: count(1) + [id(1) value(1|2|4)]. Acked with the record count like Codec 8.
 */
import type { ByteReader } from '../core/byte-reader.ts';
import { emptyMessage, type NormalisedMessage } from '../core/message.ts';
import { ioValue } from './io-elements.ts';

/** 2007-01-01T00:00:00Z in seconds. */
const GH_EPOCH_S = 1_167_609_600;

function float32(reader: ByteReader, what: string): number {
  const bytes = reader.bytes(4, what);
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0);
}

export function readCodec7Record(
  reader: ByteReader,
  imei: string | null,
  checksumOk: boolean,
): NormalisedMessage {
  const message = emptyMessage('teltonika', 'position', imei);
  const io = message.io;
  io.codec = '7';
  const time = reader.u32('time');
  io.priority = time >>> 30;
  message.fixTime = new Date(((time & 0x3fffffff) + GH_EPOCH_S) * 1000).toISOString();
  const globalMask = reader.u8('global mask');
  let hasPosition = false;
  if ((globalMask & 0x01) !== 0) {
    const mask = reader.u8('gps mask');
    if ((mask & 0x01) !== 0) {
      const lat = float32(reader, 'latitude');
      const lon = float32(reader, 'longitude');
      if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)) {
        message.lat = Math.round(lat * 1e7) / 1e7;
        message.lon = Math.round(lon * 1e7) / 1e7;
        hasPosition = true;
      }
    }
    if ((mask & 0x02) !== 0) message.altitudeM = reader.u16('altitude');
    if ((mask & 0x04) !== 0) message.headingDeg = Math.round((reader.u8('angle') * 360) / 256);
    if ((mask & 0x08) !== 0) message.speedKph = reader.u8('speed');
    if ((mask & 0x10) !== 0) message.satellites = reader.u8('satellites');
    if ((mask & 0x20) !== 0) {
      io.lac = reader.u16('lac');
      io.cellId = reader.u16('cell id');
    }
    if ((mask & 0x40) !== 0) io.signalQuality = reader.u8('signal quality');
    if ((mask & 0x80) !== 0) io.operator = reader.u32('operator');
  }
  for (const [bit, width] of [
    [0x02, 1],
    [0x04, 2],
    [0x08, 4],
  ] as const) {
    if ((globalMask & bit) === 0) continue;
    const count = reader.u8('io count');
    for (let i = 0; i < count; i++) {
      const id = reader.u8('io id');
      io[`io${id}`] = ioValue({ id, value: reader.bytes(width, 'io value'), isVariable: false });
    }
  }
  if (typeof io.io239 === 'number') message.ignition = io.io239 > 0;
  message.gpsValid = hasPosition && (message.satellites === null || message.satellites > 0);
  if (!hasPosition) {
    message.lat = null;
    message.lon = null;
  }
  if (io.priority === 2) {
    message.alarms = ['sos'];
    message.kind = 'alarm';
  }
  message.checksumOk = checksumOk;
  return message;
}
