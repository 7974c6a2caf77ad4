/**
 * Checksum verification per vendor family (protocols.md §2.5, re-verified on the fixtures):
 * - RLP: 2-hex XOR of `$` .. the comma before the checksum field.
 * - CTPL (`$,C,CTPL`): the same 2-hex XOR (verified here on both CTPL captures; not in protocols.md).
 * - ROADRPA / nnAIS / nnAIH (`$NRM`, no comma after `$`): 8-hex CRC-32 (IEEE) of `$` .. the comma before it.
 * - `$EPB,EMR|SEM` of the same family: 8-hex CRC-32 (IEEE) after `*`, over `$` .. before `*`.
 * - numeric headers `$,01`..`$,04` (vendor XYZ123): 8-hex CRC-32/MPEG-2 of `$` .. the comma before it.
 * - ATL: one raw byte before `*` = sum of bytes `$` .. before the comma that precedes it, mod 256 (verified here on
 *   three Traccar captures; not in protocols.md).
 * Every other family is unknown: common algorithms are tried and a match gives `true`, no match gives `null`
 * (never `false`, since many published samples were hand-edited).
 */
import { crc32Ieee, crc32Mpeg2 } from '../core/crc32.ts';
import { sum8 } from '../core/sum8.ts';
import { xor8 } from '../core/xor.ts';
import type { Envelope } from './envelope.ts';

export interface ChecksumResult {
  ok: boolean | null;
  /** Algorithm that matched or was required: `xor8`, `crc32`, `crc32-mpeg2`, `sum8`; null when unknown. */
  type: string | null;
  /** The checksum as sent (hex text, or two hex digits for a raw byte); null when the frame has none. */
  value: string | null;
}

const NONE: ChecksumResult = { ok: null, type: null, value: null };

export function verifyChecksum(env: Envelope): ChecksumResult {
  const { bytes, start } = env;
  if (env.rawChecksum >= 0) {
    const value = env.rawChecksum.toString(16).padStart(2, '0');
    if (!env.fields.is(env.base, 'ATL')) return { ok: null, type: null, value };
    const sum = sum8(bytes, start, start + env.checksumAt - 1);
    return { ok: sum === env.rawChecksum, type: 'sum8', value };
  }
  if (env.afterStar.length === 2 || env.afterStar.length === 8) {
    return verifyAfterStar(env, env.afterStar);
  }
  const value = env.bodyChecksum;
  if (value === '') return env.afterStar === '' ? NONE : { ok: null, type: null, value: env.afterStar };
  const expected = parseInt(value, 16);
  const end = start + env.checksumAt;
  if (value.length === 2 && (env.header === 'RLP' || env.fields.is(env.base, 'CTPL'))) {
    return { ok: xor8(bytes, start, end) === expected, type: 'xor8', value };
  }
  if (value.length === 8 && !env.leadingComma && env.header === 'NRM' && isAisFirmware(env)) {
    return { ok: crc32Ieee(bytes, start, end) === expected, type: 'crc32', value };
  }
  if (value.length === 8 && env.leadingComma && isNumericHeader(env.header)) {
    return { ok: crc32Mpeg2(bytes, start, end) === expected, type: 'crc32-mpeg2', value };
  }
  if (value.length === 2) {
    // Candidates: from `$`, or between `$,` and `,<cs>` (QuecPython client, the `$,PVT` sample).
    if (xor8(bytes, start, end) === expected) return { ok: true, type: 'xor8', value };
    if (env.leadingComma && xor8(bytes, start + 2, end - 1) === expected)
      return { ok: true, type: 'xor8', value };
  } else if (value.length === 8) {
    if (crc32Ieee(bytes, start, end) === expected) return { ok: true, type: 'crc32', value };
    if (crc32Mpeg2(bytes, start, end) === expected) return { ok: true, type: 'crc32-mpeg2', value };
  }
  return { ok: null, type: null, value };
}

function verifyAfterStar(env: Envelope, value: string): ChecksumResult {
  const { bytes, start } = env;
  const expected = parseInt(value, 16);
  const end = start + env.star;
  if (value.length === 8) {
    const isEpbFamily =
      !env.leadingComma &&
      env.header === 'EPB' &&
      (env.fields.is(env.base, 'EMR') || env.fields.is(env.base, 'SEM'));
    const crc = crc32Ieee(bytes, start, end);
    if (isEpbFamily) return { ok: crc === expected, type: 'crc32', value };
    if (crc === expected) return { ok: true, type: 'crc32', value };
    if (crc32Mpeg2(bytes, start, end) === expected) return { ok: true, type: 'crc32-mpeg2', value };
    return { ok: null, type: null, value };
  }
  // 2 hex after `*`: XOR up to `*` (iTriangle login and EPB) or including it (iTriangle NR, Teltonika AIS firmware).
  if (xor8(bytes, start, end) === expected || xor8(bytes, start, end + 1) === expected) {
    return { ok: true, type: 'xor8', value };
  }
  return { ok: null, type: null, value };
}

/** Firmware field ending in `AIS` or `AIH` (ROADRPA `1.9AIS`, `3.2AIH`): char checks, no regex on the hot path. */
function isAisFirmware(env: Envelope): boolean {
  const f = env.fields;
  const i = env.base + 1;
  const end = f.end(i);
  if (f.size(i) < 3) return false;
  const last = f.text.charCodeAt(end - 1);
  return (
    f.text.charCodeAt(end - 3) === 65 && f.text.charCodeAt(end - 2) === 73 && (last === 83 || last === 72)
  );
}

/** `01` .. `04`. */
function isNumericHeader(header: string): boolean {
  const c = header.charCodeAt(1);
  return header.length === 2 && header.charCodeAt(0) === 48 && c >= 49 && c <= 52;
}
