/**
 * Device answers to OTA commands (`SET KEY:VALUE`, `GET KEY`, `CLR KEY`; protocols.md §6.2) → kind
 * `command-response`.
 *
 * The research gives no reply format: the standard (§3.1.3) and the iStartek document only say a device sends an
 * alert-12 packet (`PC`/`OT`) after every SET/GET/CLR (those are tracking packets and stay `alarm` with `otaChange`),
 * and the one dedicated form seen (TEDI fork, unverified) echoes the command as a field: `$,PC,12,<imei>,1,<ip>,
 * <date>,<time>,SET UR:30,*`. So the decoder accepts, conservatively, only frames that no other layout claims and
 * that carry a field of the form
 *   `[SET |GET |CLR ]KEY:VALUE`   or   `SET|GET|CLR KEY`
 * with KEY upper-case, 2–8 characters (`SL:60`, `VER:1.4.2`, `SET UR:30`, `CLR EO`). The first such field names
 * the parameter (`io.commandKey`, `io.commandVerb`, `io.commandValue`); `text` is that field and everything after
 * it up to the checksum, as sent. The gateway matches a reply to the sent command with the same KEY.
 */
import { emptyMessage } from '../core/message.ts';
import type { NormalisedMessage } from '../core/message.ts';
import type { Envelope } from './envelope.ts';
import { checksumFieldIndex } from './envelope.ts';

const REPLY_FIELD = /^(?:(SET|GET|CLR) +)?([A-Z][A-Z0-9_]{1,7})(?: *: *(.*))?$/;

export interface CommandReplyField {
  verb: string | null;
  key: string;
  value: string | null;
}

/** Parses one field (or a command text) as `[VERB ]KEY[:VALUE]`; null unless it has a verb or a value. */
export function parseReplyField(field: string): CommandReplyField | null {
  const match = REPLY_FIELD.exec(field.trim());
  if (match === null) return null;
  const [, verb, key = '', value] = match;
  if (verb === undefined && value === undefined) return null; // a bare word (`NRM`, `OK`) says nothing
  return { verb: verb ?? null, key, value: value ?? null };
}

/** The command-response message, or null when the frame carries no reply field. */
export function decodeCommandReply(env: Envelope): NormalisedMessage | null {
  const f = env.fields;
  const first = env.leadingComma ? 1 : 0;
  const last = checksumFieldIndex(env);
  const end = last >= 0 ? last : f.length;
  let imei: string | null = null;
  for (let i = first; i < end; i++) {
    const text = i === 0 ? f.get(0).slice(1) : f.get(i); // field 0 starts with `$`
    if (imei === null && f.isImei(i)) imei = text;
    const reply = parseReplyField(text);
    if (reply === null) continue;
    for (let k = i + 1; imei === null && k < end; k++) if (f.isImei(k)) imei = f.get(k);
    const msg = emptyMessage('ais140', 'command-response', imei);
    msg.text = [text, ...f.strings(i + 1, end)].join(',').replace(/,+$/, '');
    msg.io.header = env.header;
    msg.io.commandKey = reply.key;
    msg.io.commandVerb = reply.verb;
    msg.io.commandValue = reply.value;
    return msg;
  }
  return null;
}
