/**
 * Serving cell and neighbouring cells (NMR). The standard fixes no order inside a neighbour triple and vendors use
 * all four (protocols.md §2.3), so the order is detected per packet: the LAC position is the one that repeats the
 * serving LAC, the RSSI position the one holding short decimals or dBm; the rest is the cell id. When nothing
 * matches (all-zero or placeholder slots) the standard's wording order CID, LAC, RSSI is assumed.
 * Neighbours come out as compact `lac:cid:rssi` strings (LAC and CID in decimal), unused slots are skipped.
 */
import { isDigits, parseDecimal, parseDigits, parseHex } from './fields.ts';

type Io = Record<string, string | number | boolean | null>;

/** Writes mcc/mnc/lac/cellId from fields[at .. at+3]. */
export function readServingCell(fields: readonly string[], at: number, io: Io): void {
  io.mcc = parseDigits(fields[at]);
  io.mnc = parseDigits(fields[at + 1]?.trim());
  io.lac = parseHex(fields[at + 2]);
  io.cellId = parseHex(fields[at + 3]);
}

/** Writes `nmr` (raw) and `nbr1`..`nbr6` from fields[from, to); may swap io.lac/io.cellId (see detectOrder). */
export function readNeighbours(fields: readonly string[], from: number, to: number, io: Io): void {
  if (to <= from) return;
  let raw = fields[from] ?? '';
  for (let i = from + 1; i < to; i++) raw += ',' + (fields[i] ?? '');
  io.nmr = raw;
  const values = raw.includes('(') ? raw.replace(/[()]/g, '').split(',') : fields.slice(from, to);
  if (values.length < 3 || values.length % 3 !== 0 || values.length > 18) return;
  const servingLac = typeof io.lac === 'number' ? io.lac : -1;
  const servingCid = typeof io.cellId === 'number' ? io.cellId : -1;
  const order = detectOrder(values, servingLac, servingCid);
  if (order.servingSwapped) {
    io.lac = servingCid;
    io.cellId = servingLac;
  }
  let n = 0;
  for (let i = 0; i + 2 < values.length; i += 3) {
    const lac = parseHex(values[i + order.lac]);
    const cid = parseHex(values[i + order.cid]);
    const rssi = parseDecimal(values[i + order.rssi]);
    if (lac === null || cid === null || isUnused(lac) || isUnused(cid)) continue;
    n++;
    io['nbr' + n] = `${lac}:${cid}:${rssi ?? ''}`;
  }
}

interface Order {
  lac: number;
  cid: number;
  rssi: number;
  /** Neighbour LACs repeat the serving *cell id* field: this firmware sends the serving cell as CID, LAC. */
  servingSwapped: boolean;
}

/**
 * LAC position: the one whose values repeat the serving LAC (or cell id) and each other — neighbours mostly share
 * the location area. RSSI position: the other one holding short decimals or dBm. CID: the rest.
 */
function detectOrder(values: readonly string[], servingLac: number, servingCid: number): Order {
  const score = [0, 0, 0];
  const rssiHits = [0, 0, 0];
  let lacMatches = 0;
  let cidMatches = 0;
  const triples = values.length / 3;
  for (let p = 0; p < 3; p++) {
    for (let i = 0; i < triples; i++) {
      const v = values[i * 3 + p] ?? '';
      if (isRssi(v)) rssiHits[p] = (rssiHits[p] ?? 0) + 1;
      const hex = parseHex(v);
      if (hex === null || isUnused(hex)) continue;
      if (hex === servingLac || hex === servingCid) score[p] = (score[p] ?? 0) + 2;
      for (let j = 0; j < triples; j++) {
        if (j !== i && values[j * 3 + p] === v) {
          score[p] = (score[p] ?? 0) + 1;
          break;
        }
      }
    }
  }
  let lac = -1;
  for (let p = 0; p < 3; p++) {
    const better = lac < 0 || (score[p] ?? 0) > (score[lac] ?? 0);
    const tieButLessRssi = lac >= 0 && score[p] === score[lac] && (rssiHits[p] ?? 0) < (rssiHits[lac] ?? 0);
    if ((score[p] ?? 0) > 0 && (better || tieButLessRssi)) lac = p;
  }
  if (lac < 0) return { cid: 0, lac: 1, rssi: 2, servingSwapped: false };
  const [a = 0, b = 1] = [0, 1, 2].filter((p) => p !== lac);
  const rssi = (rssiHits[b] ?? 0) >= (rssiHits[a] ?? 0) ? b : a;
  for (let i = 0; i < triples; i++) {
    const hex = parseHex(values[i * 3 + lac]);
    if (hex !== null && hex === servingLac) lacMatches++;
    if (hex !== null && hex === servingCid) cidMatches++;
  }
  return { lac, rssi, cid: rssi === a ? b : a, servingSwapped: lacMatches === 0 && cidMatches > 0 };
}

function isUnused(n: number): boolean {
  return n === 0 || n === 0xffff;
}

function isRssi(v: string): boolean {
  if (v.charCodeAt(0) === 45) return v.length <= 4 && isDigits(v.slice(1));
  return v.length > 0 && v.length <= 2 && isDigits(v);
}
