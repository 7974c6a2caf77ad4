/** Builders for the writer's multi-row statements: `($1,$2,…),($n,…)` with optional casts, chunked under PG's limit. */

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

export const id = (value: bigint | null): string | null => (value === null ? null : value.toString());

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
  return value === null ? null : value.replaceAll('\u0000', '');
}

/** jsonb parameter (text); NUL escapes are dropped because jsonb rejects \u0000. */
export function json(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : typeof v === 'number' && !Number.isFinite(v) ? null : v,
  ).replaceAll('\\u0000', '');
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

/** One CSV line (COPY … WITH (FORMAT csv)) of `values`; null → empty unquoted field, texts always quoted. */
export function csvLine(kinds: readonly ArrayKind[], values: readonly unknown[]): string {
  const cells = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      cells[i] = '';
      continue;
    }
    switch (kinds[i]) {
      case 'number':
        cells[i] = String(v);
        break;
      case 'boolean':
        cells[i] = v ? 't' : 'f';
        break;
      case 'time':
        cells[i] = (v as Date).toISOString();
        break;
      case 'bytea':
        cells[i] = `\\x${Buffer.from(v as Uint8Array).toString('hex')}`;
        break;
      default: {
        const s = String(v);
        cells[i] = `"${s.includes('"') ? s.replaceAll('"', '""') : s}"`;
      }
    }
  }
  return cells.join(',');
}
