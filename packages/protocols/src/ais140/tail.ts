/**
 * Fields after the digital outputs (protocols.md §2.4): frame number plus vendor extras. What is known is named;
 * everything else is kept verbatim in `io.extras` (comma-joined) so nothing the device sent is lost.
 * - Frame number: the first all-digit field of 4–6 characters within the first three fields after DO.
 * - Before the frame number, two decimals are analog inputs (SAT, nnAIH); MARK sends analog 1 and odometer (m).
 * - After it: CTPL odometer (km); RLP odometer (km), analog 1, accelerometer x/y/z, tilt y/x; families ending in an
 *   OTA response group `(...)` (iTriangle, Navitech, TRAXSMART, Teltonika AIS) send analog 1 and analog 2 first;
 *   otherwise a single decimal between the frame number and a checksum field is the odometer in km (Traccar).
 * - Anywhere after DO: a driver-id read as `RFID:<hex>` (also `IBUTTON:`, `DID:`; `=` for `:`) becomes `io.driverId`.
 *   The standard has no driver-id field; RFID-reader firmwares append it as a tagged vendor extra, so it is taken
 *   out before the positional rules above look at the rest.
 */
import type { NormalisedMessage } from '../core/message.ts';
import type { FieldList } from './field-list.ts';
import { parseDecimal } from './fields.ts';

export interface TailContext {
  header: string;
  vendor: string;
  /** Index of the checksum field inside `fields`, excluded from the extras; -1 when none. */
  checksumIndex: number;
}

export function readTail(f: FieldList, from: number, ctx: TailContext, msg: NormalisedMessage): void {
  const io = msg.io;
  let end = f.length;
  while (end > from && (f.size(end - 1) === 0 || end - 1 === ctx.checksumIndex)) end--;
  if (end <= from) return;

  let frameAt = -1;
  for (let i = from; i < end && i < from + 3; i++) {
    const size = f.size(i);
    if (i !== ctx.checksumIndex && size >= 4 && size <= 6 && f.isDigits(i)) {
      frameAt = i;
      break;
    }
  }
  if (frameAt >= 0) io.frameNumber = f.int(frameAt);
  if (frameAt === from && !hasFields(frameAt + 1, end, ctx.checksumIndex)) return; // the usual `DO,frame[,cs]`
  const pre = frameAt >= 0 ? collect(f, from, frameAt, ctx.checksumIndex) : [];
  const post = collect(f, frameAt >= 0 ? frameAt + 1 : from, end, ctx.checksumIndex);
  takeDriverId(post, msg);

  if (ctx.vendor === 'MARK' && pre.length === 2) {
    io.analog1 = parseDecimal(pre.shift());
    const odometer = parseDecimal(pre.shift());
    if (odometer !== null) msg.odometerM = odometer;
  } else if (pre.length === 2 && parseDecimal(pre[0]) !== null && parseDecimal(pre[1]) !== null) {
    io.analog1 = parseDecimal(pre.shift());
    io.analog2 = parseDecimal(pre.shift());
  }

  const last = post[post.length - 1];
  if (last !== undefined && last.charCodeAt(0) === 40) {
    io.otaResponse = last;
    post.pop();
    if (post.length >= 2 && parseDecimal(post[0]) !== null && parseDecimal(post[1]) !== null) {
      io.analog1 = parseDecimal(post.shift());
      io.analog2 = parseDecimal(post.shift());
    }
  } else if (ctx.vendor === 'CTPL' && post.length > 0) {
    const km = parseDecimal(post[0]);
    if (km !== null) {
      msg.odometerM = Math.round(km * 1000);
      post.shift();
    }
  } else if (ctx.header === 'RLP' && post.length > 0) {
    readRlp(post, msg);
  } else if (post.length === 1 && ctx.checksumIndex >= 0) {
    // Traccar's generic `frame,odometer,checksum` form: one decimal between the frame number and a checksum.
    const km = parseDecimal(post[0]);
    if (km !== null) {
      msg.odometerM = Math.round(km * 1000);
      post.pop();
    }
  }
  if (pre.length > 0 || post.length > 0)
    io.extras = pre.length > 0 ? pre.concat(post).join(',') : post.join(',');
}

const DRIVER_ID = /^(?:RFID|IBUTTON|DID)[:=]([0-9A-Fa-f]{2,16})$/;

/** Moves a tagged driver-id extra out of `post` into `io.driverId` (upper-case hex). */
function takeDriverId(post: string[], msg: NormalisedMessage): void {
  for (let i = 0; i < post.length; i++) {
    const field = post[i] ?? '';
    // Cheap first-letter test before the regex: most packets carry no extras at all.
    const c = field.charCodeAt(0);
    if (c !== 82 && c !== 73 && c !== 68) continue; // R I D
    const match = DRIVER_ID.exec(field);
    if (match?.[1] === undefined) continue;
    msg.io.driverId = match[1].toUpperCase();
    post.splice(i, 1);
    return;
  }
}

/** Whether [from, to) holds a field other than `skip`. */
function hasFields(from: number, to: number, skip: number): boolean {
  return to - from > (skip >= from && skip < to ? 1 : 0);
}

/** Fields [from, to) as strings, without the checksum field. */
function collect(f: FieldList, from: number, to: number, skip: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) if (i !== skip) out.push(f.get(i));
  return out;
}

function readRlp(post: string[], msg: NormalisedMessage): void {
  const km = parseDecimal(post[0]);
  if (km === null) return;
  msg.odometerM = Math.round(km * 1000);
  post.shift();
  if (post.length < 6) return;
  const io = msg.io;
  io.analog1 = parseDecimal(post[0]);
  io.accelX = parseDecimal(post[1]);
  io.accelY = parseDecimal(post[2]);
  io.accelZ = parseDecimal(post[3]);
  io.tiltY = parseDecimal(post[4]);
  io.tiltX = parseDecimal(post[5]);
  post.splice(0, 6);
}
