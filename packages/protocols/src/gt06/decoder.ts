/**
 * GT06 frame → NormalisedMessage. Pure: bytes and session in, messages and reply bytes out; never throws.
 * One message per frame (login, position, heartbeat, alarm, health, command-response or unknown) so raw logs can
 * always tie a frame to what it meant.
 */
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
import { encodeAck, needsAck } from './replies.ts';

type ContentDecoder = (bytes: Uint8Array, frame: ParsedFrame, msg: NormalisedMessage) => string | null;

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

function decodeFrame(bytes: Uint8Array, session: DecoderSession): DecodeResult {
  const frame = parseFrame(bytes);
  if (typeof frame === 'string') return failure(frame);
  const crcError = frame.checksumOk
    ? null
    : `crc mismatch: frame has ${hex16(frame.crcSent)}, computed ${hex16(frame.crcComputed)}`;
  if (crcError !== null && session.strictChecksum === true) return failure(crcError);

  const { type } = frame;
  let learntImei: string | null = null;
  let problem: string | null;
  let msg: NormalisedMessage;
  if (type === MSG.login) {
    msg = emptyMessage('gt06', 'login', session.imei);
    const login = decodeLogin(bytes, frame, msg);
    learntImei = login.imei;
    problem = login.problem;
  } else {
    const handler = HANDLERS.get(type);
    msg = emptyMessage('gt06', handler?.kind ?? 'unknown', session.imei);
    if (type === MSG.timeRequest) msg.io.request = 'time';
    problem = handler === undefined ? null : handler.decode(bytes, frame, msg);
  }
  if (problem !== null) msg.kind = 'unknown'; // nothing trustworthy was read; the raw frame tells the rest
  msg.checksumOk = frame.checksumOk;
  msg.io.protocolNumber = type;
  msg.io.serial = frame.serial;

  const loginRejected = type === MSG.login && learntImei === null;
  const reply =
    !loginRejected && needsAck(type, frame.extended) ? encodeAck(type, frame.serial, frame.extended) : null;
  const error = crcError !== null && problem !== null ? `${crcError}; ${problem}` : (crcError ?? problem);
  return { messages: [msg], reply, imei: learntImei, error };
}

/** Decodes one frame. Bad CRC → checksumOk false and an error text, or no message when session.strictChecksum. */
export function decodeGt06(bytes: Uint8Array, session: DecoderSession): DecodeResult {
  try {
    return decodeFrame(bytes, session);
  } catch (cause) {
    return failure(`gt06 decoder failure: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}
