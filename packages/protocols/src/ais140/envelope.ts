/**
 * Splits one AIS-140 frame into its parts once: header, comma fields, and whatever sits around the terminating `*`
 * (checksum before it, checksum after it, a raw checksum byte, a trailer such as `,IP=1.2.3.4`). Everything later
 * works on `fields` by index; nothing re-scans the text.
 */
import { isHex, isHexCode } from './fields.ts';

export interface Envelope {
  /** Frame bytes as given to the decoder. */
  bytes: Uint8Array;
  /** Offset of the leading `$` in `bytes` (checksum ranges start here). */
  start: number;
  /** Text from `$` up to (not including) the terminating `*` or the end, latin1 so indices equal byte offsets. */
  body: string;
  fields: string[];
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

export function toLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
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
  let body = text;
  if (star >= 0) {
    body = text.slice(0, rawChecksum === 42 ? star - 1 : star);
    let k = star + 1;
    while (k < text.length && k - star <= 8 && isHexCode(text.charCodeAt(k))) k++;
    afterStar = text.slice(star + 1, k);
    const rest = text.slice(k);
    trailer = rest.charCodeAt(0) === 44 ? rest.slice(1) : rest;
  }

  const fields = body.split(',');
  const leadingComma = fields[0] === '$';
  const header = leadingComma ? (fields[1] ?? '') : (fields[0] ?? '').slice(1);
  const base = leadingComma ? 2 : 1;

  if (rawChecksum < 0 && star >= 0 && fields[base] === 'ATL' && body.length > 2 && body.charCodeAt(body.length - 2) === 44) {
    rawChecksum = body.charCodeAt(body.length - 1);
    checksumAt = body.length - 1;
    body = body.slice(0, -1);
    fields[fields.length - 1] = '';
  }

  let bodyChecksum = '';
  if (rawChecksum < 0 && afterStar === '') {
    const lastIndex = fields[fields.length - 1] === '' ? fields.length - 2 : fields.length - 1;
    const candidate = fields[lastIndex] ?? '';
    const len = candidate.length;
    if (lastIndex > base + 4 && (len === 2 || len === 4 || len === 8) && isHex(candidate)) {
      bodyChecksum = candidate;
      checksumAt = body.lastIndexOf(',' + candidate) + 1;
    }
  }
  if (body.includes('(')) joinParentheses(fields);

  return {
    bytes,
    start,
    body,
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

/** Rejoins `(a,b,c)` groups that the comma split tore apart, in place (GPSBOX NMR, TRAXSMART `(0,0,0)`). */
function joinParentheses(fields: string[]): void {
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] ?? '';
    if (f.charCodeAt(0) !== 40 || f.includes(')')) continue;
    let j = i + 1;
    while (j < fields.length && !(fields[j] ?? '').includes(')')) j++;
    if (j >= fields.length) return;
    fields.splice(i, j - i + 1, fields.slice(i, j + 1).join(','));
  }
}

/** Index in `fields` of the body checksum field; -1 when none. */
export function checksumFieldIndex(env: Envelope): number {
  if (env.bodyChecksum === '') return -1;
  const last = env.fields.length - 1;
  return env.fields[last] === '' ? last - 1 : last;
}
