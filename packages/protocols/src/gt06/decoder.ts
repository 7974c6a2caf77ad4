/**
 * GT06 frame → NormalisedMessage. Pure: bytes and session in, messages and reply bytes out; never throws.
 * One message per frame (login, position, heartbeat, alarm, health, command-response or unknown) so raw logs can
 * always tie a frame to what it meant.
 */
import * as mbyte_reader from '../core/byte-reader.ts';
import type { DecodeResult, DecoderSession } from '../core/codec.ts';
import type { MessageKind, NormalisedMessage } from '../core/message.ts';
import * as mmessage from '../core/message.ts';
import { MSG } from './constants.ts';

/** Message types as a local object: under tsx/esbuild each access to an imported binding is a getter call. */
const T = MSG;
import * as mdecode_location from './decode-location.ts';
import * as mdecode_login from './decode-login.ts';
import * as mdecode_status from './decode-status.ts';
import * as mdecode_text from './decode-text.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mframe_parser from './frame-parser.ts';
import * as mreplies from './replies.ts';
import * as mdecode_lbs from './decode-lbs.ts';
import * as mdecode_4g from './decode-4g.ts';
import * as mdecode_events from './decode-events.ts';
import * as mdecode_modules from './decode-modules.ts';
import * as mdecode_variants from './decode-variants.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { ByteReader, describeError, TruncatedError } = mbyte_reader;
type ByteReader = InstanceType<typeof ByteReader>;
const { emptyMessage } = mmessage;
const { decodeLocation } = mdecode_location;
const { decodeLogin } = mdecode_login;
const { decodeAlarmFrame, decodeHeartbeat, decodeStatus } = mdecode_status;
const { decodeInfo, decodeString, decodeStringInfo } = mdecode_text;
const { parseFrame } = mframe_parser;
const { SHORT_ACK_EXTENDED_TYPES, encodeAck, encodeTimeResponse, encodeWifiReply, needsAck } = mreplies;
const { decodeGpsCellList, decodeLbsList, decodeWifiF3, decodeWifiFrame } = mdecode_lbs;
const {
  decodeAddressRequest,
  decodeFenceMulti,
  decodeFenceSingle,
  decodeGpsLbs4g,
  decodeGpsLbs8,
  decodeGpsRfid,
  decodeIButton,
  decodeLbsAlarm,
  decodeLw4g,
  decodeStatusModules,
} = mdecode_4g;
const { decodeCameraAlarm } = mdecode_events;
const { decodeModular, decodeObd, decodePeripheral, decodeSerial } = mdecode_modules;
const { decodeAz735, decodeSl4x, decodeX1 } = mdecode_variants;

/** Milliseconds since the epoch, read only when a reply carries the time. */
type Clock = () => number;

type ContentDecoder = (content: ByteReader, frame: ParsedFrame, msg: NormalisedMessage) => string | null;

interface Handler {
  kind: MessageKind;
  decode: ContentDecoder;
}

const position: Handler = { kind: 'position', decode: decodeLocation };
const alarm: Handler = { kind: 'alarm', decode: decodeAlarmFrame };
const reply15: Handler = { kind: 'command-response', decode: decodeString };
const lbsList: Handler = { kind: 'position', decode: decodeLbsList };
const health = (decode: ContentDecoder): Handler => ({ kind: 'health', decode });

/** 0x7878 frames by protocol number; `variantHandler` first picks the model variants keyed on (type, length). */
const HANDLERS = new Map<number, Handler>([
  [T.gps, position],
  [T.gpsLbs6, position],
  [T.gpsLbs, position],
  [T.gpsLbs2, position],
  [T.gpsLbs4, position],
  [T.gpsLbs3, position],
  [T.lbsMultiple3, position], // SR411 0x24 (length 0x2E); other 0x24 are lists (variantHandler)
  [T.status, { kind: 'heartbeat', decode: decodeStatus }],
  [T.heartbeat, { kind: 'heartbeat', decode: decodeHeartbeat }],
  [T.status2, { kind: 'heartbeat', decode: decodeStatusModules }],
  [T.gpsLbsStatus, alarm],
  [T.gpsLbsStatus2, alarm],
  [T.gpsLbsStatus3, alarm],
  [T.lbsStatus, alarm],
  [T.string, reply15],
  [T.info, health(decodeInfo)],
  [T.lbsExtend, lbsList],
  [T.lbsMultiple1, lbsList],
  [T.lbsMultiple2, lbsList],
  [T.lbsWifi, lbsList],
  [T.lbs4g, lbsList],
  [T.wifi4g, lbsList],
  [T.wifi4, { kind: 'position', decode: decodeWifiF3 }],
  [T.gpsLbsExtend, { kind: 'position', decode: decodeGpsCellList }],
  [T.gpsLbs4g, { kind: 'position', decode: decodeGpsLbs4g }],
  [T.fenceSingle, { kind: 'alarm', decode: decodeFenceSingle }],
  [T.fenceMulti, { kind: 'alarm', decode: decodeFenceMulti }],
  [T.lbsAlarm, { kind: 'alarm', decode: decodeLbsAlarm }],
  [T.addressRequest, health(decodeAddressRequest)],
  [T.iButton, { kind: 'position', decode: decodeIButton }],
  [T.cameraAlarm, { kind: 'alarm', decode: decodeCameraAlarm }],
  [T.x1Gps, { kind: 'position', decode: decodeX1 }],
  [T.gpsLbs5, { kind: 'position', decode: decodeSl4x }],
  [T.gpsLbsStatus4, { kind: 'position', decode: decodeSl4x }],
]);

/** 0x7979 frames. */
const EXTENDED_HANDLERS = new Map<number, Handler>([
  [T.stringInfo, { kind: 'command-response', decode: decodeStringInfo }],
  [T.info, health(decodeInfo)],
  [T.gpsModular, { kind: 'position', decode: decodeModular }],
  [T.serial, health(decodeSerial)],
  [T.obd, { kind: 'position', decode: decodeObd }],
  [T.peripheral, health(decodePeripheral)],
  [T.az735Gps, { kind: 'position', decode: decodeAz735 }],
  [T.az735Alarm, { kind: 'alarm', decode: decodeAz735 }],
  [T.gpsLbs8, { kind: 'position', decode: decodeGpsLbs8 }],
]);

/** Variants keyed on (type, length) the way mature decoders tell them apart; undefined = the type's default. */
function variantHandler(frame: ParsedFrame): Handler | undefined {
  const size = frame.contentEnd - frame.contentStart;
  const { type } = frame;
  if (frame.extended) return EXTENDED_HANDLERS.get(type);
  if (type === T.wifiOrRfid) {
    return frame.framing === 'wifi' ? undefined : { kind: 'position', decode: decodeGpsRfid };
  }
  if (type === T.lbsMultiple3 && size !== SR411_CONTENT) return lbsList;
  if (type === T.wifi4g && size === LW4G_CONTENT) return { kind: 'position', decode: decodeLw4g };
  return HANDLERS.get(type);
}

const SR411_CONTENT = 0x2e - 5;
const LW4G_CONTENT = 0x40 - 5;

function failure(error: string): DecodeResult {
  return { messages: [], reply: null, imei: null, error };
}

function hex16(value: number): string {
  return value.toString(16).padStart(4, '0');
}

function decodeFrame(bytes: Uint8Array, session: DecoderSession, clock: Clock | undefined): DecodeResult {
  const frame = parseFrame(bytes);
  if (typeof frame === 'string') return failure(frame);
  const crcError =
    frame.checksumOk !== false
      ? null
      : `crc mismatch: frame has ${hex16(frame.crcSent)}, computed ${hex16(frame.crcComputed)}`;
  if (crcError !== null && session.strictChecksum === true) return failure(crcError);

  const { type } = frame;
  const handler = type === T.login ? undefined : variantHandler(frame);
  const msg = emptyMessage('gt06', type === T.login ? 'login' : (handler?.kind ?? 'unknown'), session.imei);
  if (type === T.timeRequest) msg.io.request = 'time';
  // Content decoders read absolute offsets bounded by the content: a read into serial/CRC is a truncated frame.
  const content = new ByteReader(bytes, 0, frame.contentEnd);
  let learntImei: string | null = null;
  let problem: string | null = null;
  try {
    if (type === T.login) {
      const login = decodeLogin(content, frame, msg);
      learntImei = login.imei;
      problem = login.problem;
    } else if (frame.framing === 'wifi') {
      msg.kind = 'position';
      problem = decodeWifiFrame(content, frame, msg, bytes[2] ?? 0);
    } else if (handler !== undefined) {
      problem = handler.decode(content, frame, msg);
    }
  } catch (cause) {
    if (!(cause instanceof TruncatedError)) throw cause;
    problem = `0x${type.toString(16)} ${cause.message}`; // the frame is still acknowledged, as a short one would be
  }
  if (problem !== null) msg.kind = 'unknown'; // nothing trustworthy was read; the raw frame tells the rest
  msg.checksumOk = frame.checksumOk;
  msg.io.protocolNumber = type;
  if (frame.framing !== 'wifi') msg.io.serial = frame.serial;

  const lengthNote =
    frame.framing === 'terminator'
      ? `length field ${frame.lengthField} does not match frame of ${bytes.length} bytes (framed by 0D 0A)`
      : null;
  const notes = [lengthNote, crcError, problem].filter((note) => note !== null);
  const error = notes.length > 0 ? notes.join('; ') : null;
  return { messages: [msg], reply: replyTo(bytes, frame, learntImei, clock), imei: learntImei, error };
}

/** The standard ack, or for a time request (0x8A) the current UTC time when the codec has a clock. */
function replyTo(
  bytes: Uint8Array,
  frame: ParsedFrame,
  learntImei: string | null,
  clock: Clock | undefined,
): Uint8Array | null {
  const { type, serial, extended } = frame;
  if (frame.framing === 'wifi') return encodeWifiReply(type, bytes.subarray(4, 10));
  if (type === T.timeRequest)
    return clock === undefined ? null : encodeTimeResponse(new Date(clock()), serial);
  if (type === T.login && learntImei === null) return null; // not BCD: no reply
  if (extended && SHORT_ACK_EXTENDED_TYPES.has(type)) return encodeAck(type, serial, false);
  return needsAck(type, extended) ? encodeAck(type, serial, extended) : null;
}

/**
 * Decodes one frame. Bad CRC → checksumOk false and an error text, or no message when session.strictChecksum.
 * `nowMs` is the server clock for the only reply that needs one, the 0x8A time response; without it (a pure call)
 * a time request gets no reply.
 */
export function decodeGt06(bytes: Uint8Array, session: DecoderSession, nowMs?: number): DecodeResult {
  return decodeGt06WithClock(bytes, session, nowMs === undefined ? undefined : () => nowMs);
}

/** decodeGt06 reading `clock` only when a reply needs the time (a clock call per frame showed in profiles). */
export function decodeGt06WithClock(
  bytes: Uint8Array,
  session: DecoderSession,
  clock: Clock | undefined,
): DecodeResult {
  try {
    return decodeFrame(bytes, session, clock);
  } catch (cause) {
    return failure(`gt06 decoder failure: ${describeError(cause)}`);
  }
}
