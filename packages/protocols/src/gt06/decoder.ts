/**
 * GT06 frame → NormalisedMessage. Pure: bytes and session in, messages and reply bytes out; never throws.
 * One message per frame (login, position, heartbeat, alarm, health, command-response or unknown) so raw logs can
 * always tie a frame to what it meant.
 */
import { ByteReader, describeError, TruncatedError } from '../core/byte-reader.ts';
import type { DecodeResult, DecoderSession } from '../core/codec.ts';
import type { MessageKind, NormalisedMessage } from '../core/message.ts';
import { emptyMessage } from '../core/message.ts';
import { MSG } from './constants.ts';
import { decodeLocation } from './decode-location.ts';
import { decodeLogin } from './decode-login.ts';
import { decodeAlarmFrame, decodeHeartbeat, decodeStatus } from './decode-status.ts';
import { decodeInfo, decodeString, decodeStringInfo } from './decode-text.ts';
import type { ParsedFrame } from './frame-parser.ts';
import { parseFrame } from './frame-parser.ts';
import { encodeAck, encodeTimeResponse, needsAck } from './replies.ts';

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

const HANDLERS = new Map<number, Handler>([
  [MSG.gps, position],
  [MSG.gpsLbs6, position],
  [MSG.gpsLbs, position],
  [MSG.gpsLbs2, position],
  [MSG.gpsLbs4, position],
  [MSG.gpsLbs3, position],
  [MSG.status, { kind: 'heartbeat', decode: decodeStatus }],
  [MSG.heartbeat, { kind: 'heartbeat', decode: decodeHeartbeat }],
  [MSG.gpsLbsStatus, alarm],
  [MSG.gpsLbsStatus2, alarm],
  [MSG.gpsLbsStatus3, alarm],
  [MSG.lbsStatus, alarm],
  [MSG.string, reply15],
  [MSG.stringInfo, { kind: 'command-response', decode: decodeStringInfo }],
  [MSG.info, { kind: 'health', decode: decodeInfo }],
]);

function failure(error: string): DecodeResult {
  return { messages: [], reply: null, imei: null, error };
}

function hex16(value: number): string {
  return value.toString(16).padStart(4, '0');
}

function decodeFrame(bytes: Uint8Array, session: DecoderSession, clock: Clock | undefined): DecodeResult {
  const frame = parseFrame(bytes);
  if (typeof frame === 'string') return failure(frame);
  const crcError = frame.checksumOk
    ? null
    : `crc mismatch: frame has ${hex16(frame.crcSent)}, computed ${hex16(frame.crcComputed)}`;
  if (crcError !== null && session.strictChecksum === true) return failure(crcError);

  const { type } = frame;
  const handler = type === MSG.login ? undefined : HANDLERS.get(type);
  const msg = emptyMessage('gt06', type === MSG.login ? 'login' : (handler?.kind ?? 'unknown'), session.imei);
  if (type === MSG.timeRequest) msg.io.request = 'time';
  // Content decoders read absolute offsets bounded by the content: a read into serial/CRC is a truncated frame.
  const content = new ByteReader(bytes, 0, frame.contentEnd);
  let learntImei: string | null = null;
  let problem: string | null = null;
  try {
    if (type === MSG.login) {
      const login = decodeLogin(content, frame, msg);
      learntImei = login.imei;
      problem = login.problem;
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
  msg.io.serial = frame.serial;

  const error = crcError !== null && problem !== null ? `${crcError}; ${problem}` : (crcError ?? problem);
  return { messages: [msg], reply: replyTo(frame, learntImei, clock), imei: learntImei, error };
}

/** The standard ack, or for a time request (0x8A) the current UTC time when the codec has a clock. */
function replyTo(frame: ParsedFrame, learntImei: string | null, clock: Clock | undefined): Uint8Array | null {
  const { type, serial, extended } = frame;
  if (type === MSG.timeRequest)
    return clock === undefined ? null : encodeTimeResponse(new Date(clock()), serial);
  if (type === MSG.login && learntImei === null) return null; // not BCD: no reply
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
