/**
 * Dash-cam alarms 0x95 (JC100 / JC400 / JC450, §8.2; layouts as Traccar reads them, checked on the fixtures):
 *
 * - short (content 7): time(6) event(1) — the event of a JC100 without position;
 * - extended (JC100): time(6) latitude(4) longitude(4) course/status(2) event(1) event data(2) file names (text);
 * - JC400 (content starts FF FF): marker(2) version(1) time(6) satellites(1) latitude(4) longitude(4)
 *   course/status(2) speed(2, km/h) power(2, 0.1 V) event(1) event data(2) file names.
 *
 * `io.eventId` is the raw event code, `io.eventData` its argument, `io.eventFiles` the video/photo files the camera
 * recorded for the event (comma-separated). Event codes with an alarm in our catalogue are mapped below.
 */
import type { ByteReader } from '../core/byte-reader.ts';
import type { Alarm, NormalisedMessage } from '../core/message.ts';
import * as mdate_time from './date-time.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mnetwork from './network.ts';
import * as mstatus_fields from './status-fields.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { readDateTime } = mdate_time;
const { markNoFix } = mnetwork;
const { addAlarm } = mstatus_fields;

const COORDINATE_DIVISOR = 1_800_000;

const EVENT_ALARMS = new Map<number, Alarm>([
  [0x80, 'vibration'],
  [0x87, 'overspeed'],
  [0x88, 'powerCut'],
  [0x90, 'harshAcceleration'],
  [0x91, 'harshBraking'],
  [0x92, 'harshCornering'],
  [0x93, 'accident'],
]);

/** Latitude, longitude, course/status word (no time) at `at`, course/status at `flagsAt`. */
function readPoint(r: ByteReader, at: number, flagsAt: number, msg: NormalisedMessage): void {
  let lat = r.u32At(at) / COORDINATE_DIVISOR;
  let lon = r.u32At(at + 4) / COORDINATE_DIVISOR;
  const flags = r.u16At(flagsAt);
  if ((flags & 0x0400) === 0) lat = -lat;
  if ((flags & 0x0800) !== 0) lon = -lon;
  const course = flags & 0x03ff;
  msg.headingDeg = course <= 360 ? course : null;
  msg.gpsValid = (flags & 0x1000) !== 0;
  if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) {
    msg.lat = lat;
    msg.lon = lon;
  } else {
    msg.gpsValid = false;
  }
}

export function decodeCameraAlarm(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e } = frame;
  let p = s;
  const isJc400 = e - s > 7 && r.u16At(s) === 0xffff;
  const isExtended = e - s > 7;
  if (isJc400) {
    msg.io.version = r.u8At(s + 2);
    p = s + 3;
    msg.fixTime = readDateTime(r, p);
    msg.satellites = r.u8At(p + 6) & 0x0f;
    readPoint(r, p + 7, p + 15, msg);
    msg.speedKph = r.u16At(p + 17);
    msg.mainVoltageV = r.u16At(p + 19) / 10;
    p += 21;
  } else if (isExtended) {
    msg.fixTime = readDateTime(r, p);
    readPoint(r, p + 6, p + 14, msg);
    p += 16;
  } else {
    markNoFix(msg, readDateTime(r, p));
    p += 6;
  }
  const event = r.u8At(p);
  msg.io.eventId = event;
  if (isExtended) {
    msg.io.eventData = r.u16At(p + 1);
    if (event === 0x01) addAlarm(msg, 'sos');
    if (e > p + 3) msg.io.eventFiles = r.latin1At(p + 3, e);
  }
  addAlarm(msg, EVENT_ALARMS.get(event) ?? null);
  return null;
}
