/**
 * Serving cell and neighbouring cells (NMR). The standard fixes no order inside a neighbour triple and vendors use
 * all four (protocols.md §2.3), so the order is detected per packet (see detectOrder). When nothing matches
 * (all-zero or placeholder slots) the standard's wording order CID, LAC, RSSI is assumed.
 * Neighbours come out as compact `lac:cid:rssi` strings (all decimal; RSSI as sent, 0–31 or dBm); unused slots
 * (0, FFFF, `x`) are skipped.
 */
import type { NormalisedMessage } from '../core/message.ts';
import { FieldList } from './field-list.ts';

type Io = NormalisedMessage['io'];

const MAX_NEIGHBOURS = 6;
const MAX_VALUES = 18;
const HEX_VALUES = new Float64Array(MAX_VALUES); // 8 hex digits exceed int32

/** Writes mcc/mnc/lac/cellId from fields at .. at+3 (MNC may carry a leading space). */
export function readServingCell(f: FieldList, at: number, io: Io): void {
  io.mcc = f.int(at);
  io.mnc = f.first(at + 1) === 32 ? FieldList.split(f.get(at + 1).trim()).int(0) : f.int(at + 1);
  io.lac = f.hex(at + 2);
  io.cellId = f.hex(at + 3);
}

/** Writes `nmr` (raw) and `nbr1`..`nbr6` from fields [from, to); may swap io.lac/io.cellId (see detectOrder). */
export function readNeighbours(fields: FieldList, from: number, to: number, io: Io): void {
  if (to <= from) return;
  const raw = fields.join(from, to);
  io.nmr = raw;
  let f = fields;
  let offset = from;
  if (raw.includes('(')) {
    f = FieldList.split(raw.replace(/[()]/g, '')); // GPSBOX: `(-57,0099,334c,x,...)`
    offset = 0;
  }
  const count = f === fields ? to - from : f.length;
  if (count < 3 || count % 3 !== 0 || count > MAX_VALUES) return;
  const hex = HEX_VALUES; // reused: decoding is synchronous and this is not re-entered
  for (let i = 0; i < count; i++) hex[i] = f.hex(offset + i) ?? -1;
  const servingLac = typeof io.lac === 'number' ? io.lac : -1;
  const servingCid = typeof io.cellId === 'number' ? io.cellId : -1;
  const order = detectOrder(f, offset, hex, count, servingLac, servingCid);
  if ((order & SERVING_SWAPPED) !== 0) {
    io.lac = servingCid;
    io.cellId = servingLac;
  }
  const lacAt = order & 3;
  const cidAt = (order >> 2) & 3;
  const rssiAt = (order >> 4) & 3;
  let n = 0;
  for (let i = 0; i + 2 < count; i += 3) {
    const lac = hex[i + lacAt] ?? -1;
    const cid = hex[i + cidAt] ?? -1;
    if (lac <= 0 || cid <= 0 || lac === 0xffff || cid === 0xffff) continue;
    if (n >= MAX_NEIGHBOURS) break;
    const rssi = f.num(offset + i + rssiAt);
    setNeighbour(io, n, lacPrefix(lac) + cid + rssiSuffix(rssi));
    n++;
  }
}

/**
 * `lac:` of the last LAC seen: the neighbours of a packet mostly share their location area, so this is one
 * concatenation and number formatting less per neighbour (string building was ~8 % of a decode).
 */
let lastLac = -1;
let lastLacPrefix = '';

function lacPrefix(lac: number): string {
  if (lac !== lastLac) {
    lastLac = lac;
    lastLacPrefix = lac + ':';
  }
  return lastLacPrefix;
}

/** `:<rssi>` from a table for integer RSSI values (0–99 or dBm down to -150); '' → `:` when absent. */
const RSSI_MIN = -150;
const RSSI_SUFFIXES: readonly string[] = Array.from(
  { length: 100 - RSSI_MIN },
  (_, n) => ':' + (n + RSSI_MIN),
);

function rssiSuffix(rssi: number | null): string {
  if (rssi === null) return ':';
  if (Number.isInteger(rssi) && rssi >= RSSI_MIN && rssi < 100) {
    return RSSI_SUFFIXES[rssi - RSSI_MIN] ?? ':' + rssi;
  }
  return ':' + rssi;
}

/** io.nbr1 … io.nbr6 as named stores: a computed key (`io[key]`) made the store megamorphic in profiles. */
function setNeighbour(io: Io, n: number, value: string): void {
  if (n === 0) io.nbr1 = value;
  else if (n === 1) io.nbr2 = value;
  else if (n === 2) io.nbr3 = value;
  else if (n === 3) io.nbr4 = value;
  else if (n === 4) io.nbr5 = value;
  else io.nbr6 = value;
}

/**
 * A triple order packed in one small integer (no object per packet): bits 0–1 the LAC position, 2–3 the CID
 * position, 4–5 the RSSI position, SERVING_SWAPPED when the neighbours' LACs repeat the serving *cell id* field
 * (that firmware sends the serving cell as CID, LAC).
 */
const SERVING_SWAPPED = 64;
const packOrder = (lac: number, cid: number, rssi: number): number => lac | (cid << 2) | (rssi << 4);
const DEFAULT_ORDER = packOrder(1, 0, 2); // CID, LAC, RSSI

/**
 * LAC position: the one whose values repeat the serving LAC (or cell id) and each other — neighbours mostly share
 * the location area. RSSI position: the other one holding short decimals or dBm. CID: the rest.
 */
function detectOrder(
  f: FieldList,
  offset: number,
  hex: Float64Array,
  count: number,
  servingLac: number,
  servingCid: number,
): number {
  const triples = count / 3;
  let lac = -1;
  let lacScore = 0;
  let lacRssi = 0;
  let rssiHits0 = 0;
  let rssiHits1 = 0;
  let rssiHits2 = 0;
  for (let p = 0; p < 3; p++) {
    let score = 0;
    let rssi = 0;
    for (let i = 0; i < triples; i++) {
      const at = i * 3 + p;
      if (isRssi(f, offset + at)) rssi++;
      const v = hex[at] ?? -1;
      if (v <= 0 || v === 0xffff) continue;
      if (v === servingLac || v === servingCid) score += 2;
      for (let j = 0; j < triples; j++) {
        if (j !== i && hex[j * 3 + p] === v) {
          score++;
          break;
        }
      }
    }
    if (p === 0) rssiHits0 = rssi;
    else if (p === 1) rssiHits1 = rssi;
    else rssiHits2 = rssi;
    if (score > 0 && (score > lacScore || (score === lacScore && rssi < lacRssi))) {
      lac = p;
      lacScore = score;
      lacRssi = rssi;
    }
  }
  if (lac < 0) return DEFAULT_ORDER;
  const a = lac === 0 ? 1 : 0;
  const b = lac === 2 ? 1 : 2;
  const hitsA = a === 0 ? rssiHits0 : rssiHits1;
  const hitsB = b === 1 ? rssiHits1 : rssiHits2;
  const rssi = hitsB >= hitsA ? b : a;
  let lacMatches = 0;
  let cidMatches = 0;
  for (let i = 0; i < triples; i++) {
    const v = hex[i * 3 + lac];
    if (v === servingLac) lacMatches++;
    else if (v === servingCid) cidMatches++;
  }
  const order = packOrder(lac, rssi === a ? b : a, rssi);
  return lacMatches === 0 && cidMatches > 0 ? order | SERVING_SWAPPED : order;
}

/** 0–99 (CSQ-like) or a dBm value such as `-087`. Reads the text directly: called for every neighbour value. */
function isRssi(f: FieldList, i: number): boolean {
  const start = f.start(i);
  const size = f.end(i) - start;
  if (size <= 0) return false;
  const text = f.text;
  const c0 = text.charCodeAt(start);
  if (c0 === 45) return size >= 2 && size <= 4 && (f.num(i) ?? 1) <= 0;
  if (size > 2 || c0 < 48 || c0 > 57) return false;
  const c1 = size === 2 ? text.charCodeAt(start + 1) : 48;
  return c1 >= 48 && c1 <= 57;
}
