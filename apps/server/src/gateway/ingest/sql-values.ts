/** Builders for the writer's multi-row statements: `($1,$2,…),($n,…)` with optional casts, chunked under PG's limit. */
import type { SqlStatement } from './sql-client.ts';

/** A bind message carries at most 65,535 parameters; big VALUES lists also cost parse time, so stay well below. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 1000;

export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns)));
}

/** `($1::bigint,$2),( … )` for `rows` rows of `casts.length` columns (empty cast = none). */
export function valuesList(rows: number, casts: readonly string[]): string {
  const width = casts.length;
  const parts: string[] = new Array<string>(rows);
  let n = 1;
  for (let r = 0; r < rows; r++) {
    const cells: string[] = new Array<string>(width);
    for (let c = 0; c < width; c++) {
      const cast = casts[c];
      cells[c] = cast ? `$${n}::${cast}` : `$${n}`;
      n++;
    }
    parts[r] = `(${cells.join(',')})`;
  }
  return parts.join(',');
}

/** Splits rows into statement-sized chunks. */
export function* chunks<T>(rows: readonly T[], size: number): Generator<readonly T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

// ---- parameter sanitising: one malformed value must never fail a whole batch ----

export function num(value: number | null): number | null {
  return value === null || !Number.isFinite(value) ? null : value;
}

/** smallint columns (satellites, gsm signal): rounded and clamped. */
export function int16(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}

/** PostgreSQL text cannot hold NUL. */
export function text(value: string | null): string | null {
  return value === null || !value.includes('\u0000') ? value : value.replaceAll('\u0000', '');
}

/**
 * jsonb parameter (text); NUL escapes are dropped because jsonb rejects \u0000. JSON.stringify already writes
 * NaN/±Infinity as null; only a bigint needs the (slow) replacer, so it is used only when plain stringify throws.
 */
export function json(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let out: string;
  try {
    out = JSON.stringify(value);
  } catch {
    out = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return out.includes('\\u0000') ? out.replaceAll('\\u0000', '') : out;
}

// ---- PostgreSQL array literals: one text parameter per column for INSERT … SELECT FROM unnest($1::type[], …) ----
// Building the literal here is several times cheaper than letting the driver serialise an array value by value
// (pg's prepareValue/arrayString, PGlite's serialisers), and both engines parse a literal in C.

/** Element kinds of an array literal. */
export type ArrayKind = 'number' | 'boolean' | 'time' | 'text' | 'bytea';

function quote(text: string): string {
  let needs = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c) {
      needs = true;
      break;
    }
  }
  return `"${needs ? text.replace(/[\\"]/g, (m) => `\\${m}`) : text}"`;
}

/** `{…}` literal of `values` (null → NULL). Numbers must be finite, texts free of NUL (see num/text above). */
export function arrayLiteral(kind: ArrayKind, values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      parts[i] = 'NULL';
      continue;
    }
    switch (kind) {
      case 'number':
        parts[i] = String(v);
        break;
      case 'boolean':
        parts[i] = v ? 't' : 'f';
        break;
      case 'time':
        parts[i] = (v as Date).toISOString();
        break;
      case 'text':
        parts[i] = quote(String(v));
        break;
      case 'bytea':
        parts[i] = `"\\\\x${Buffer.from(v as Uint8Array).toString('hex')}"`;
        break;
    }
  }
  return `{${parts.join(',')}}`;
}

// ---- INSERT … SELECT FROM unnest($1::type[], …): one statement per table and batch, whatever its size ----

/** A column of an unnest statement: name, element type (cast of its array), literal kind, value of a row. */
export type Column<R> = readonly [name: string, type: string, kind: ArrayKind, value: (row: R) => unknown];

/** Rows per unnest statement: bounds the size of one parameter (a batch is normally smaller). */
export const MAX_UNNEST_ROWS = 10_000;

/**
 * `INSERT INTO table (…) SELECT * FROM unnest($1::type[], …) suffix`, each column passed as ONE array literal: the
 * statement and its plan are the same whatever the batch size (a VALUES list of 1,000 rows × 15 columns costs far
 * more to parse, bind and plan), and no per-value driver serialisation.
 */
export function unnestInsert<R>(table: string, columns: readonly Column<R>[], suffix = ''): string {
  const names = columns.map(([name]) => name).join(',');
  return `INSERT INTO ${table} (${names}) SELECT * FROM ${unnestOf(columns)} ${suffix}`;
}

/** `unnest($1::type[], …)`: the rows of an unnest statement's parameters (for UPDATE … FROM). */
export function unnestOf<R>(columns: readonly Column<R>[]): string {
  return `unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(',')})`;
}

/** The statement once per chunk of `rows`, with each column as an array literal. */
export function unnestStatements<R>(
  text: string,
  columns: readonly Column<R>[],
  rows: readonly R[],
): SqlStatement[] {
  const statements: SqlStatement[] = [];
  for (const chunk of chunks(rows, MAX_UNNEST_ROWS)) {
    statements.push({
      text,
      params: columns.map(([, , kind, value]) => arrayLiteral(kind, chunk.map(value))),
    });
  }
  return statements;
}

// ---- inlined parameters: several statements in one simple Query (sql-client.ts queryAll) ----

/**
 * A parameter as an SQL literal: NULL, or an escape string `E'…'` (backslash and quote escaped, so its meaning does
 * not depend on standard_conforming_strings). Always a string literal, typed by the statement's cast. NUL cannot be
 * sent in a query text and is dropped (parameters are sanitised before: text()/json()).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let raw: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'NULL';
    raw = String(value);
  } else if (typeof value === 'boolean') raw = value ? 't' : 'f';
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'NULL';
    raw = value.toISOString();
  } else if (value instanceof Uint8Array) raw = `\\x${Buffer.from(value).toString('hex')}`;
  else raw = String(value);
  return `E'${escapeLiteral(raw)}'`;
}

function escapeLiteral(raw: string): string {
  // Array and JSON literals are long and rarely hold either character: check before replacing.
  if (raw.includes('\\') || raw.includes("'"))
    raw = raw.replace(/[\\']/g, (m) => (m === "'" ? "''" : '\\\\'));
  return raw.includes('\u0000') ? raw.replaceAll('\u0000', '') : raw;
}

/**
 * The statements as ONE query text with their parameters inlined (`$n` → sqlLiteral(params[n-1])), joined by `;`.
 * The statement texts are ours: `$<digits>` in them is always a parameter (no dollar quoting, no `$` in literals).
 */
export function inlineStatements(statements: readonly SqlStatement[]): string {
  return statements
    .map(({ text, params = [] }) =>
      params.length === 0
        ? text
        : text.replace(/\$(\d+)/g, (match, n: string) => {
            const index = Number(n) - 1;
            if (index >= params.length) throw new Error(`inlineStatements: no parameter ${match}`);
            return sqlLiteral(params[index]);
          }),
    )
    .join(';\n');
}

// ---- COPY … WITH (FORMAT binary): the bulk path of positions and raw_logs on both engines ----
// No number or date is ever formatted as text (the CSV build cost ~4 µs a row, this well under 1 µs), the server
// skips parsing, and bytea travels as its bytes rather than hex.

/** Column encodings of binary COPY (PostgreSQL's send/recv formats). */
export type BinaryType =
  'int8' | 'int2' | 'float8' | 'float4' | 'bool' | 'timestamptz' | 'text' | 'jsonb' | 'bytea';

/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix ms. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Builds one binary COPY stream (header, tuples, trailer) in ONE growing Buffer. Values must already be sanitised
 * (num/int16/text/json): null or a non-finite number is written as NULL. The typed methods (`int8`, `float8` …) are
 * the hot path: a row encoder calls `reserve(bytes)` once for its fixed-size fields, then writes them unchecked.
 */
export class CopyBinaryWriter {
  private buf: Buffer;
  private n = 0;

  /** `reuse`: a buffer from an earlier stream (writer.ts keeps a few), used when it is big enough for `sizeHint`. */
  constructor(sizeHint = 1 << 16, reuse: Buffer | null = null) {
    this.buf =
      reuse !== null && reuse.length >= Math.max(64, sizeHint)
        ? reuse
        : Buffer.allocUnsafe(Math.max(64, sizeHint));
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11); // flags
    this.buf.writeInt32BE(0, 15); // header extension length
    this.n = 19;
  }

  /** Makes room for `bytes` more bytes (callers of the typed methods below reserve for them). */
  reserve(bytes: number): void {
    if (this.n + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.n + bytes));
    this.buf.copy(grown, 0, 0, this.n);
    this.buf = grown;
  }

  /** Starts a tuple of `fields` fields (2 bytes, reserved by the caller). */
  tuple(fields: number): void {
    this.reserve(2);
    this.buf.writeInt16BE(fields, this.n);
    this.n += 2;
  }

  /** NULL (4 bytes, reserved by the caller). */
  null(): void {
    this.buf.writeInt32BE(-1, this.n);
    this.n += 4;
  }

  /** int8 from a bigint (≤ 12 bytes, reserved by the caller); exact for |v| < 2^53, like every id we hold. */
  int8(v: bigint | number | null): void {
    if (v === null) return this.null();
    const x = typeof v === 'bigint' ? Number(v) : v;
    if (!Number.isSafeInteger(x)) {
      this.buf.writeInt32BE(8, this.n);
      this.buf.writeBigInt64BE(BigInt(v), this.n + 4);
      this.n += 12;
      return;
    }
    const high = Math.floor(x / TWO_32);
    this.buf.writeInt32BE(8, this.n);
    this.buf.writeInt32BE(high, this.n + 4);
    this.buf.writeUInt32BE(x - high * TWO_32, this.n + 8);
    this.n += 12;
  }

  /** int2, rounded and clamped (≤ 6 bytes, reserved). */
  int2(v: number | null): void {
    if (v === null || !Number.isFinite(v)) return this.null();
    this.buf.writeInt32BE(2, this.n);
    this.buf.writeInt16BE(Math.max(-32768, Math.min(32767, Math.round(v))), this.n + 4);
    this.n += 6;
  }

  /** float8 (≤ 12 bytes, reserved); non-finite → NULL. */
  float8(v: number | null): void {
    if (v === null || !Number.isFinite(v)) return this.null();
    this.buf.writeInt32BE(8, this.n);
    this.buf.writeDoubleBE(v, this.n + 4);
    this.n += 12;
  }

  /** float4 (≤ 8 bytes, reserved); non-finite → NULL. */
  float4(v: number | null): void {
    if (v === null || !Number.isFinite(v)) return this.null();
    this.buf.writeInt32BE(4, this.n);
    this.buf.writeFloatBE(v, this.n + 4);
    this.n += 8;
  }

  /** bool (≤ 5 bytes, reserved). */
  bool(v: boolean | null): void {
    if (v === null) return this.null();
    this.buf.writeInt32BE(1, this.n);
    this.buf[this.n + 4] = v ? 1 : 0;
    this.n += 5;
  }

  /** timestamptz from a Date (≤ 12 bytes, reserved); an invalid Date → NULL, never year 2000. */
  timestamptz(v: Date | null): void {
    if (v === null) return this.null();
    // Microseconds since 2000 as int64, written as two halves: exact in a double for any real date.
    const us = (v.getTime() - PG_EPOCH_MS) * 1000;
    if (!Number.isFinite(us)) return this.null();
    const high = Math.floor(us / TWO_32);
    this.buf.writeInt32BE(8, this.n);
    this.buf.writeInt32BE(high, this.n + 4);
    this.buf.writeUInt32BE(us - high * TWO_32, this.n + 8);
    this.n += 12;
  }

  /** text (reserves for itself); `jsonb` prefixes jsonb's binary format version 1. */
  text(v: string | null, jsonb = false): void {
    if (v === null) {
      this.reserve(4);
      return this.null();
    }
    const prefix = jsonb ? 1 : 0;
    const length = v.length;
    this.reserve(4 + prefix + length * 3);
    const buf = this.buf;
    const at = this.n + 4 + prefix;
    let bytes = length;
    // Short ASCII (IMEIs, addresses, protocol names, small JSON) byte by byte: cheaper than a native utf8 write.
    if (length <= 64) {
      for (let i = 0; i < length; i++) {
        const c = v.charCodeAt(i);
        if (c >= 0x80) {
          bytes = -1;
          break;
        }
        buf[at + i] = c;
      }
    } else bytes = -1;
    if (bytes < 0) bytes = buf.write(v, at, 'utf8');
    if (prefix) buf[this.n + 4] = 1;
    buf.writeInt32BE(bytes + prefix, this.n);
    this.n = at + bytes;
  }

  /** bytea (reserves for itself). */
  bytea(v: Uint8Array | null): void {
    if (v === null) {
      this.reserve(4);
      return this.null();
    }
    this.reserve(4 + v.length);
    this.buf.writeInt32BE(v.length, this.n);
    this.buf.set(v, this.n + 4);
    this.n += 4 + v.length;
  }

  /** Any column by its type name (the generic path; row encoders use the typed methods). */
  value(type: BinaryType, v: unknown): void {
    if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) {
      this.reserve(4);
      return this.null();
    }
    switch (type) {
      case 'text':
        return this.text(String(v));
      case 'jsonb':
        return this.text(String(v), true);
      case 'bytea':
        return this.bytea(v as Uint8Array);
    }
    this.reserve(12);
    switch (type) {
      case 'int8':
        return this.int8(v as bigint | number);
      case 'int2':
        return this.int2(v as number);
      case 'float8':
        return this.float8(v as number);
      case 'float4':
        return this.float4(v as number);
      case 'bool':
        return this.bool(Boolean(v));
      case 'timestamptz':
        return this.timestamptz(v as Date);
    }
  }

  /** The buffer written into (it may have grown): for reuse once the stream returned by finish() was sent. */
  get buffer(): Buffer {
    return this.buf;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.n;
  }

  /** Appends the trailer and returns the stream (a view of the internal buffer). */
  finish(): Buffer {
    this.reserve(2);
    this.buf.writeInt16BE(-1, this.n);
    this.n += 2;
    return this.buf.subarray(0, this.n);
  }
}
