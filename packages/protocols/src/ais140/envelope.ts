/**
 * Splits one AIS-140 frame into its parts once: header, comma fields, and whatever sits around the terminating `*`
 * (checksum before it, checksum after it, a raw checksum byte, a trailer such as `,IP=1.2.3.4`). Everything later
 * works on `fields` by index; nothing re-scans the text.
 */
import { FieldList } from './field-list.ts';
import { isHexCode } from './fields.ts';

export interface Envelope {
  /** Frame bytes as given to the decoder. */
  bytes: Uint8Array;
  /** Offset of the leading `$` in `bytes` (checksum ranges start here). */
  start: number;
  /** Text from `$` up to (not including) the terminating `*` or the end, latin1 so indices equal byte offsets. */
  body: string;
  /** The comma fields of `body`. */
  fields: FieldList;
  /** True for `$,HDR,...` (header in fields[1]); false for `$HDR,...`. */
  leadingComma: boolean;
  header: string;
  /** Index of the first field after the header. */
  base: number;
  /** Offset of the terminating `*` relative to `start`; -1 when the frame has none. */
  star: number;
  /** Hex digits right after `*` (iTriangle `*34`, `$EPB,EMR ...*226F7BD1`); '' when none. */
  afterStar: string;
  /** Checksum field just before `*` or at the end (`,5A,*`, `,96D4F701*`, `,8173e058,`); '' when none. */
  bodyChecksum: string;
  /** Offset (relative to `start`) of `bodyChecksum`, or of the raw checksum byte; -1 when none. */
  checksumAt: number;
  /** Raw binary checksum byte before `*` (ATL); -1 when none. */
  rawChecksum: number;
  /** Text after `*` and its hex, without the leading comma (`IP=106.67.5.173`, `O,S,+918743950398`). */
  trailer: string;
}

/**
 * One char per byte (ISO-8859-1), so string offsets equal byte offsets (raw bytes are read from `bytes` where their
 * exact value matters). Frames from a socket are Buffers already and decode with Buffer's own latin1 `toString`;
 * other byte arrays get a Buffer view over the same memory (no copy). Not TextDecoder('latin1'): the WHATWG label
 * means windows-1252, which maps 0x80–0x9F to other characters.
 */
export function toLatin1(bytes: Uint8Array): string {
  const buffer = Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('latin1');
}

/** Builds the envelope; null when the bytes hold no `$`. */
export function openEnvelope(bytes: Uint8Array): Envelope | null {
  const raw = toLatin1(bytes);
  const start = raw.indexOf('$');
  if (start < 0) return null;
  let text = start === 0 ? raw : raw.slice(start);
  let end = text.length;
  while (end > 0 && isTrimmed(text.charCodeAt(end - 1))) end--;
  if (end !== text.length) text = text.slice(0, end);

  let star = text.indexOf('*');
  let rawChecksum = -1;
  let checksumAt = -1;
  if (star > 1 && text.charCodeAt(star + 1) === 42 && text.charCodeAt(star - 1) === 44) {
    rawChecksum = 42; // `,**`: the checksum byte itself is '*'
    checksumAt = star;
    star += 1;
  }
  let afterStar = '';
  let trailer = '';
  let bodyEnd = text.length;
  if (star >= 0) {
    bodyEnd = rawChecksum === 42 ? star - 1 : star;
    let k = star + 1;
    while (k < text.length && k - star <= 8 && isHexCode(text.charCodeAt(k))) k++;
    afterStar = text.slice(star + 1, k);
    const rest = text.slice(k);
    trailer = rest.charCodeAt(0) === 44 ? rest.slice(1) : rest;
  }
  let fields = FieldList.split(text, bodyEnd, bytes, start, true);
  const leadingComma = fields.is(0, '$');
  const header = leadingComma ? fields.get(1) : text.slice(1, fields.end(0));
  const base = leadingComma ? 2 : 1;

  // ATL: one raw checksum byte after the last comma, right before `*`.
  if (
    rawChecksum < 0 &&
    star >= 0 &&
    bodyEnd > 2 &&
    text.charCodeAt(bodyEnd - 2) === 44 &&
    fields.is(base, 'ATL')
  ) {
    checksumAt = bodyEnd - 1;
    rawChecksum = bytes[start + checksumAt] ?? 0;
    bodyEnd -= 1;
    fields = FieldList.split(text, bodyEnd, bytes, start, true);
  }

  let bodyChecksum = '';
  if (rawChecksum < 0 && afterStar === '') {
    const lastIndex = fields.size(fields.length - 1) === 0 ? fields.length - 2 : fields.length - 1;
    const len = fields.size(lastIndex);
    if (lastIndex > base + 4 && (len === 2 || len === 4 || len === 8) && fields.isHex(lastIndex)) {
      bodyChecksum = fields.get(lastIndex);
      checksumAt = fields.start(lastIndex);
    }
  }

  return {
    bytes,
    start,
    body: bodyEnd === text.length ? text : text.slice(0, bodyEnd),
    fields,
    leadingComma,
    header,
    base,
    star: star >= 0 ? star : -1,
    afterStar,
    bodyChecksum,
    checksumAt,
    rawChecksum,
    trailer,
  };
}

function isTrimmed(c: number): boolean {
  return c === 13 || c === 10 || c === 32 || c === 0;
}

/** Index in `fields` of the body checksum field; -1 when none. */
export function checksumFieldIndex(env: Envelope): number {
  if (env.bodyChecksum === '') return -1;
  const last = env.fields.length - 1;
  return env.fields.size(last) === 0 ? last - 1 : last;
}
