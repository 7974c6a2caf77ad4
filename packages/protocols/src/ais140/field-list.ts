/**
 * The comma fields of one frame as offsets into its text, not as strings: numbers are parsed straight from the
 * text and a string is only created for fields that are kept as text (`get`). On a 60-field packet this replaces
 * `split(',')`, which allocated a string per field and was a quarter of the decode time.
 * A `( … )` group is one field even when it holds commas (GPSBOX neighbours, TRAXSMART `(0,0,0)`).
 */
import { isDigitsBytes, isHexBytes, parseDecimalBytes, parseHexBytes } from './fields.ts';

export class FieldList {
  /**
   * Separator offsets: seps[0] = -1, then every top-level comma, then the end. Field i is
   * text(seps[i] + 1, seps[i + 1]). One number per field (not a start/end pair): building this array is most of
   * the cost of splitting. Always an Int32Array (one element kind for every accessor); for the envelope's list it
   * is a shared buffer longer than the list (see split).
   */
  private readonly seps: Int32Array;
  readonly length: number;
  /** The bytes behind `text`: text[i] is the latin1 char of bytes[at + i]. Numbers and flags are read from here. */
  private readonly bytes: Uint8Array;
  private readonly at: number;

  private constructor(
    readonly text: string,
    seps: Int32Array,
    length: number,
    bytes: Uint8Array,
    at: number,
  ) {
    this.seps = seps;
    this.length = length;
    this.bytes = bytes;
    this.at = at;
  }

  /**
   * Fields of text[0, end). `bytes[offset + i]` may be given as the byte behind text[i] (the frame the text was
   * decoded from): scanning a Uint8Array is cheaper than charCodeAt. With `shared`, the separators go into one
   * module-level buffer reused by the next shared split: only the decoder's envelope, which lives for one
   * synchronous decode, splits that way (a fresh array per frame showed up as allocation and GC in profiles).
   */
  static split(
    text: string,
    end: number = text.length,
    bytes?: Uint8Array,
    offset = 0,
    shared = false,
  ): FieldList {
    const seps = shared ? sharedFor(end) : scratchFor(end);
    const source = bytes ?? latin1Bytes(text, end);
    seps[0] = -1;
    let count = 1;
    let depth = 0;
    if (bytes === undefined) {
      for (let i = 0; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === 44 && depth === 0) seps[count++] = i;
        else if (c === 40) depth++;
        else if (c === 41 && depth > 0) depth--;
      }
    } else {
      // Two loops instead of a per-byte choice: this is the hottest loop of the decoder.
      const stop = offset + end;
      for (let i = offset; i < stop; i++) {
        const c = bytes[i] ?? 0;
        if (c > 44) continue; // most bytes are letters and digits
        if (c === 44 && depth === 0) seps[count++] = i - offset;
        else if (c === 40) depth++;
        else if (c === 41 && depth > 0) depth--;
      }
    }
    if (depth > 0) return FieldList.split(text.slice(0, end).replace(/[()]/g, ' ')); // unbalanced: plain split
    seps[count++] = end;
    return new FieldList(
      text,
      shared ? seps : seps.slice(0, count),
      count - 1,
      source,
      bytes === undefined ? 0 : offset,
    );
  }

  /** Start offset of field i in `text` (the text length when out of range). */
  start(i: number): number {
    return i >= 0 && i < this.length ? (this.seps[i] ?? -1) + 1 : this.text.length;
  }

  end(i: number): number {
    return i >= 0 && i < this.length ? (this.seps[i + 1] ?? this.text.length) : this.text.length;
  }

  has(i: number): boolean {
    return i >= 0 && i < this.length;
  }

  /** Field text; '' when out of range. */
  get(i: number): string {
    return i >= 0 && i < this.length ? this.text.slice(this.s0(i), this.s1(i)) : '';
  }

  // The accessors below check the index once and then read `seps` directly (s0/s1): they run ~100 times a frame.

  /** Start of field i; i must be in range. */
  private s0(i: number): number {
    return (this.seps[i] ?? -1) + 1;
  }

  /** End of field i; i must be in range. */
  private s1(i: number): number {
    return this.seps[i + 1] ?? 0;
  }

  /** Length of field i; -1 when out of range. */
  size(i: number): number {
    return i >= 0 && i < this.length ? this.s1(i) - this.s0(i) : -1;
  }

  /** Char code of the first character of field i; -1 when empty or out of range. */
  first(i: number): number {
    if (i < 0 || i >= this.length) return -1;
    const start = this.s0(i);
    return this.s1(i) > start ? (this.bytes[this.at + start] ?? -1) : -1;
  }

  is(i: number, literal: string): boolean {
    if (i < 0 || i >= this.length) return false;
    const start = this.s0(i);
    return this.s1(i) - start === literal.length && this.text.startsWith(literal, start);
  }

  num(i: number): number | null {
    return i >= 0 && i < this.length
      ? parseDecimalBytes(this.bytes, this.at + this.s0(i), this.at + this.s1(i))
      : null;
  }

  /** Unsigned integer made only of digits; null otherwise. */
  int(i: number): number | null {
    if (i < 0 || i >= this.length) return null;
    const start = this.at + this.s0(i);
    const end = this.at + this.s1(i);
    const size = end - start;
    return size > 0 && size <= 15 && isDigitsBytes(this.bytes, start, end)
      ? parseDecimalBytes(this.bytes, start, end)
      : null;
  }

  hex(i: number): number | null {
    return i >= 0 && i < this.length
      ? parseHexBytes(this.bytes, this.at + this.s0(i), this.at + this.s1(i))
      : null;
  }

  isDigits(i: number): boolean {
    return i >= 0 && i < this.length && isDigitsBytes(this.bytes, this.at + this.s0(i), this.at + this.s1(i));
  }

  isHex(i: number): boolean {
    return i >= 0 && i < this.length && isHexBytes(this.bytes, this.at + this.s0(i), this.at + this.s1(i));
  }

  isImei(i: number): boolean {
    return this.size(i) === 15 && this.isDigits(i);
  }

  /** `1`/`A` → true, `0`/`V` → false, anything else → null. */
  flag(i: number): boolean | null {
    if (this.size(i) !== 1) return null;
    const c = this.bytes[this.at + this.s0(i)] ?? -1;
    if (c === 49 || c === 65) return true;
    return c === 48 || c === 86 ? false : null;
  }

  /** Fields [from, to) as they were sent, commas included. */
  join(from: number, to: number): string {
    return to > from ? this.text.slice(this.start(from), this.end(to - 1)) : '';
  }

  /** Fields [from, to) as strings (cold paths and short tails). */
  strings(from = 0, to = this.length): string[] {
    const out: string[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.length); i++) out.push(this.get(i));
    return out;
  }

  /** Index k with field k+1 ∈ {N,S} and k+3 ∈ {E,W}, searching [from, to]; -1 when absent. */
  findCoordinates(from: number, to: number): number {
    const last = Math.min(to, this.length - 4);
    for (let k = Math.max(0, from); k <= last; k++) {
      if (this.size(k + 1) !== 1 || this.size(k + 3) !== 1) continue;
      const ns = this.bytes[this.at + this.s0(k + 1)] ?? -1;
      const ew = this.bytes[this.at + this.s0(k + 3)] ?? -1;
      if ((ns === 78 || ns === 83) && (ew === 69 || ew === 87)) return k;
    }
    return -1;
  }

  /** Signed degrees from field i and the hemisphere letter in field i+1; null when malformed or out of range. */
  coordinate(i: number, max: number): number | null {
    const v = this.num(i);
    if (v === null || v < 0 || v > max) return null;
    const h = this.first(i + 1);
    return h === 83 || h === 87 ? -v : v; // S, W
  }
}

/** Separators of the envelope's split (FieldList.split with `shared`); grows for longer frames. */
let sharedSeps = new Int32Array(2048 + 64);
/** Scratch for the other (nested, cold) splits, copied out at the end. */
let scratchSeps = new Int32Array(256);

function sharedFor(end: number): Int32Array {
  if (sharedSeps.length < end + 2) sharedSeps = new Int32Array(end + 64);
  return sharedSeps;
}

function scratchFor(end: number): Int32Array {
  if (scratchSeps.length < end + 2) scratchSeps = new Int32Array(end + 64);
  return scratchSeps;
}

/** The bytes of a latin1 text (every char below 256) for a list split from a string (cold: nested splits). */
function latin1Bytes(text: string, end: number): Uint8Array {
  const out = new Uint8Array(end);
  for (let i = 0; i < end; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}
