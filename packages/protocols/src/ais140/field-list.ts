/**
 * The comma fields of one frame as offsets into its text, not as strings: numbers are parsed straight from the
 * text and a string is only created for fields that are kept as text (`get`). On a 60-field packet this replaces
 * `split(',')`, which allocated a string per field and was a quarter of the decode time.
 * A `( … )` group is one field even when it holds commas (GPSBOX neighbours, TRAXSMART `(0,0,0)`).
 */
import { isDigitsAt, isHexAt, parseDecimalAt, parseHexAt } from './fields.ts';

export class FieldList {
  /** [start0, end0, start1, end1, …]: field i is text[bounds[2i], bounds[2i+1]). */
  private readonly bounds: number[];
  readonly length: number;

  private constructor(
    readonly text: string,
    bounds: number[],
  ) {
    this.bounds = bounds;
    this.length = bounds.length / 2;
  }

  /**
   * Fields of text[0, end). `bytes[offset + i]` may be given as the byte behind text[i] (the frame the text was
   * decoded from): scanning a Uint8Array is cheaper than charCodeAt.
   */
  static split(text: string, end: number = text.length, bytes?: Uint8Array, offset = 0): FieldList {
    const bounds: number[] = [];
    let start = 0;
    let depth = 0;
    for (let i = 0; i < end; i++) {
      const c = bytes === undefined ? text.charCodeAt(i) : (bytes[offset + i] ?? 0);
      if (c === 44 && depth === 0) {
        bounds.push(start, i);
        start = i + 1;
      } else if (c === 40) depth++;
      else if (c === 41 && depth > 0) depth--;
    }
    if (depth > 0) return FieldList.split(text.slice(0, end).replace(/[()]/g, ' ')); // unbalanced: plain split
    bounds.push(start, end);
    return new FieldList(text, bounds);
  }

  /** Start offset of field i in `text` (the text length when out of range). */
  start(i: number): number {
    return this.bounds[2 * i] ?? this.text.length;
  }

  end(i: number): number {
    return this.bounds[2 * i + 1] ?? this.text.length;
  }

  has(i: number): boolean {
    return i >= 0 && i < this.length;
  }

  /** Field text; '' when out of range. */
  get(i: number): string {
    return i >= 0 && i < this.length ? this.text.slice(this.start(i), this.end(i)) : '';
  }

  /** Length of field i; -1 when out of range. */
  size(i: number): number {
    return i >= 0 && i < this.length ? this.end(i) - this.start(i) : -1;
  }

  /** Char code of the first character of field i; -1 when empty or out of range. */
  first(i: number): number {
    return this.size(i) > 0 ? this.text.charCodeAt(this.start(i)) : -1;
  }

  is(i: number, literal: string): boolean {
    if (this.size(i) !== literal.length) return false;
    return this.text.startsWith(literal, this.start(i));
  }

  num(i: number): number | null {
    return this.has(i) ? parseDecimalAt(this.text, this.start(i), this.end(i)) : null;
  }

  /** Unsigned integer made only of digits; null otherwise. */
  int(i: number): number | null {
    const size = this.size(i);
    return size > 0 && size <= 15 && isDigitsAt(this.text, this.start(i), this.end(i)) ? this.num(i) : null;
  }

  hex(i: number): number | null {
    return this.has(i) ? parseHexAt(this.text, this.start(i), this.end(i)) : null;
  }

  isDigits(i: number): boolean {
    return this.has(i) && isDigitsAt(this.text, this.start(i), this.end(i));
  }

  isHex(i: number): boolean {
    return this.has(i) && isHexAt(this.text, this.start(i), this.end(i));
  }

  isImei(i: number): boolean {
    return this.size(i) === 15 && this.isDigits(i);
  }

  /** `1`/`A` → true, `0`/`V` → false, anything else → null. */
  flag(i: number): boolean | null {
    if (this.size(i) !== 1) return null;
    const c = this.text.charCodeAt(this.start(i));
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
      const ns = this.text.charCodeAt(this.start(k + 1));
      const ew = this.text.charCodeAt(this.start(k + 3));
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
