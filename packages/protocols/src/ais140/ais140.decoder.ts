/**
 * One AIS-140 text frame → at most one normalised message. Pure (the clock for the `$LGN` reply is a parameter)
 * and total: every failure comes back in `error`, never as an exception.
 *
 * Dispatch (protocols.md §2.2, §4, §5): `$DeviceName - ` literal login; header `LGN` / numeric `01` login;
 * `HBT` / `HLT` / `02` / type `HP` health; `EMR`/`SEM` in the first two fields emergency (any header, including
 * `$Header,nliven,EMR`); a short frame with coordinates and no L/H status is a login (`$Header,...,AIS140,...`,
 * ATL `$,,`); everything else is a tracking packet (`NRM`, `PVT`, `Header`, `NMP`, `RLP`, `HDR`, `EPB` used for
 * normal data, letters and numbers). A frame no layout claims that carries a `[SET|GET|CLR ]KEY:VALUE` field is a
 * command reply (command-reply.decoder.ts). Frames with an IMEI but no recognisable layout come back as kind
 * `unknown`.
 */
import type { DecodeResult, DecoderSession } from '../core/codec.ts';
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import { verifyChecksum } from './checksum.ts';
import { decodeCommandReply } from './command-reply.decoder.ts';
import { decodeEmergency, emergencyIndex } from './emergency.decoder.ts';
import { asciiBytes, replyFor } from './ais140.encoder.ts';
import { openEnvelope } from './envelope.ts';
import type { Envelope } from './envelope.ts';
import { isImei } from './fields.ts';
import { decodeHealth, isHealth } from './health.decoder.ts';
import { decodeLiteralLogin, decodeLogin } from './login.decoder.ts';
import { decodeTracking } from './tracking.decoder.ts';

/** Frames shorter than this many fields cannot be tracking packets (they stop before the coordinates). */
const MIN_TRACKING_FIELDS = 16;

export function decodeAis140(frame: Uint8Array, session: DecoderSession, nowMs: number): DecodeResult {
  return decodeAis140WithClock(frame, session, () => nowMs);
}

/** decodeAis140 reading `clock` only for a reply that carries the time (a clock call per frame showed in profiles). */
export function decodeAis140WithClock(
  frame: Uint8Array,
  session: DecoderSession,
  clock: () => number,
): DecodeResult {
  try {
    return decodeOrFail(frame, session, clock);
  } catch (error) {
    // Defensive: the parsers are written not to throw; this keeps the codec contract even if one does.
    return fail(`AIS-140 decoder fault: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decodeOrFail(frame: Uint8Array, session: DecoderSession, clock: () => number): DecodeResult {
  const env = openEnvelope(frame);
  if (env === null) return fail('not an AIS-140 frame (no "$")');
  const decoded = route(env);
  if (typeof decoded === 'string') return fail(decoded);

  const checksum = verifyChecksum(env);
  decoded.checksumOk = checksum.ok;
  if (checksum.value !== null) decoded.io.checksum = checksum.value;
  if (checksum.type !== null) decoded.io.checksumType = checksum.type;
  if (env.trailer !== '') decoded.io.trailer = env.trailer;
  const frameImei = decoded.imei;
  if (decoded.imei === null) decoded.imei = session.imei;

  if (checksum.ok === false) {
    const error = `checksum mismatch (${checksum.type ?? 'unknown'} ${checksum.value ?? ''})`;
    if (session.strictChecksum === true) return fail(error);
    return { messages: [decoded], reply: null, imei: frameImei, error };
  }
  const reply = replyFor(env.body, clock);
  return {
    messages: [decoded],
    reply: reply === null ? null : asciiBytes(reply),
    imei: frameImei,
    error: decoded.kind === 'unknown' ? `unrecognised AIS-140 layout: ${String(decoded.io.reason)}` : null,
  };
}

function route(env: Envelope): NormalisedMessage | string {
  const h = env.header;
  if (h.startsWith('DeviceName - ')) return decodeLiteralLogin(env.body);
  if (h === 'LGN' || (h === '01' && env.leadingComma && env.fields.length < MIN_TRACKING_FIELDS)) {
    return decodeLogin(env);
  }
  if (isHealth(env)) return decodeHealth(env);
  const m = emergencyIndex(env);
  if (m >= 0) return decodeEmergency(env, m);
  if (env.fields.length < MIN_TRACKING_FIELDS) {
    // `$Header,<vendor>,<vehicle>,<imei>,...,lat,N,lon,E` and ATL `$,,<imei>,...`: a login has its last location.
    const hasLocation = env.fields.findCoordinates(env.base, env.fields.length) >= 0;
    if (hasLocation) return decodeLogin(env);
    return decodeCommandReply(env) ?? unknown(env, 'short frame without a known header');
  }
  const tracking = decodeTracking(env);
  if (typeof tracking !== 'string') return tracking;
  return decodeCommandReply(env) ?? unknown(env, tracking);
}

/** A frame we cannot lay out: keep the IMEI (if any) so the raw log is attributable. */
function unknown(env: Envelope, reason: string): NormalisedMessage | string {
  const imei = env.fields.strings().find((f) => isImei(f));
  if (imei === undefined) return `unrecognised AIS-140 frame: ${reason}`;
  const msg = emptyMessage('ais140', 'unknown', imei);
  msg.io.header = env.header;
  msg.io.reason = reason;
  return msg;
}

function fail(error: string): DecodeResult {
  return { messages: [], reply: null, imei: null, error };
}
