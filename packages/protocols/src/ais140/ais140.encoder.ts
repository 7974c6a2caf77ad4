/**
 * Server → device bytes: acknowledgements (protocols.md §6.1) and OTA commands (§6.2).
 *
 * Replies exist only for the Wetrack140 document's families (implemented the same way by Traccar):
 *   `$,LGN,...` → `$LGN<ddMMyyyyHHmmss UTC>*`,  `$,HBT,...` → `$HBT*`,  `$,01,...` → `$,1,*`.
 * Everything else gets no reply (the standard defines none; Navitech captures show devices carry on without one).
 *
 * Commands follow the iStartek VT140 / QuecPython syntax, plain ASCII with no terminator, exactly as the
 * QuecPython demo server sends them: `SET KEY:VALUE`, `GET KEY`, `CLR KEY`. Vendor-specific raw commands such as
 * Traccar's RLP `@SET#RLP,OP1,` are passed through unchanged. Anything else is rejected with a RangeError.
 */
import type { CommandRequest, DecoderSession } from '../core/codec.ts';

export const HEARTBEAT_REPLY = '$HBT*';
export const NUMERIC_LOGIN_REPLY = '$,1,*';
/** Longest command accepted: an SMS-sized payload, which is also what devices accept over SMS fallback. */
export const MAX_COMMAND_LENGTH = 160;

export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0x7f;
  return out;
}

/** `$LGN` + server UTC time as `ddMMyyyyHHmmss` + `*`. */
export function loginReply(nowMs: number): string {
  const d = new Date(nowMs);
  const two = (n: number): string => String(n).padStart(2, '0');
  const stamp =
    two(d.getUTCDate()) +
    two(d.getUTCMonth() + 1) +
    String(d.getUTCFullYear()).padStart(4, '0') +
    two(d.getUTCHours()) +
    two(d.getUTCMinutes()) +
    two(d.getUTCSeconds());
  return `$LGN${stamp}*`;
}

/** The reply a frame needs, from its first bytes; null when none. The clock is read only for `$LGN`. */
export function replyFor(body: string, nowMs: number | (() => number)): string | null {
  if (body.startsWith('$,LGN,')) return loginReply(typeof nowMs === 'number' ? nowMs : nowMs());
  if (body.startsWith('$,HBT,')) return HEARTBEAT_REPLY;
  if (body.startsWith('$,01,')) return NUMERIC_LOGIN_REPLY;
  return null;
}

const VERB_FORM = /^(SET|GET|CLR) +([A-Za-z0-9_]+)(?: *: *(.*))?$/;
const RAW_FORM = /^@(SET|GET|CLR)#/;

/** Normalised command text, or a RangeError explaining why it cannot be sent. */
export function formatCommand(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_COMMAND_LENGTH) {
    throw new RangeError(`AIS-140 command must be 1–${MAX_COMMAND_LENGTH} characters`);
  }
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) throw new RangeError('AIS-140 command must be printable ASCII on one line');
  }
  if (RAW_FORM.test(trimmed)) return trimmed;
  const match = VERB_FORM.exec(trimmed.replace(/^(set|get|clr)\b/i, (verb) => verb.toUpperCase()));
  if (match === null)
    throw new RangeError('AIS-140 command must look like "SET KEY:VALUE", "GET KEY" or "CLR KEY"');
  const [, verb = '', key = '', value] = match;
  const upperKey = key.toUpperCase();
  if (verb === 'SET') return value === undefined ? `SET ${upperKey}` : `SET ${upperKey}:${value.trim()}`;
  if (value !== undefined) throw new RangeError(`${verb} takes no value: "${verb} ${upperKey}"`);
  return `${verb} ${upperKey}`;
}

/**
 * The parameter a command addresses (`SET SL:60` → `SL`, `get ver` → `VER`), which the device's reply names
 * (command-reply.decoder.ts); null for raw vendor commands and texts that are not a command.
 */
export function commandKey(text: string): string | null {
  const match = VERB_FORM.exec(text.trim().replace(/^(set|get|clr)\b/i, (verb) => verb.toUpperCase()));
  return match?.[2]?.toUpperCase() ?? null;
}

export function encodeAis140Command(command: CommandRequest, _session: DecoderSession): Uint8Array {
  return asciiBytes(formatCommand(command.text));
}
