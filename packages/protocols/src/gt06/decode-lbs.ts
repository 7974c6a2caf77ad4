/**
 * LBS/Wi-Fi-only frames (no GNSS fix): the device's time plus the cells and access points it sees, decoded as a
 * position without a fix (`network.ts`). Layouts follow the Concox/GT06 family as Traccar reads them (§8.2):
 *
 * - cell lists 0x18, 0x24, 0x28, 0x2C, 0x2E, 0xA1, 0xA2: time(6) MCC(2) MNC(1, 2 when MCC bit 15) then 7 cells of
 *   LAC + cell id + signal(1), a timing-advance byte, and (0x18, 0x2C, 0xA2) a Wi-Fi count + mac(6) signal(1) each.
 *   0xA1/0xA2 (4G) carry LAC(4) + cell id(8); the others LAC(2) + cell id(3). WANWAY S20 0x24 (length 0x31) puts the
 *   timing advance first and a cell count before the cells.
 * - 0x19 of length ≥ 0x17 (SPACE10X "multi-LBS"): time(6) MCC MNC count [LAC(2) cell id(3) signal(1)]×count.
 * - Wi-Fi 0x17/0x69 (length byte = access-point count, no serial/CRC, `terminator.ts`): time(6, **BCD**), the access
 *   points, cell count, MCC(2) MNC(1), [LAC(2) cell id(2) signal(1)]×count.
 * - 0xF3: time(6), count, [2 reserved bytes + mac(6)]×count.
 */
import * as mbyte_reader from '../core/byte-reader.ts';
import type { CellTower, NormalisedMessage, WifiAccessPoint } from '../core/message.ts';
import * as mdate_time from './date-time.ts';
import type { ParsedFrame } from './frame-parser.ts';
import * as mdecode_location from './decode-location.ts';
import * as mnetwork from './network.ts';

// Imported functions read once (a getter call per use under tsx/esbuild; see constants in framer.ts).
const { ByteReader } = mbyte_reader;
type ByteReader = InstanceType<typeof ByteReader>;
const { readDateTime } = mdate_time;
const { GPS_BYTES, readGps } = mdecode_location;
const { dbm, macAt, markNoFix, readWifiList, setCells, setWifi, u64At } = mnetwork;

const WIDE_CELL_TYPES: ReadonlySet<number> = new Set([0xa1, 0xa2]);
const WIFI_LIST_TYPES: ReadonlySet<number> = new Set([0x18, 0x1e, 0x2c, 0xa2]);
/** Content size of the WANWAY S20 0x24 (frame length 0x31). */
const WANWAY_S20_CONTENT = 0x31 - 5;

/** Cells of one MCC/MNC: `count` × (LAC, cell id, signal). Returns the offset after them. */
function readCells(
  r: ByteReader,
  at: number,
  count: number,
  wide: boolean,
  mccField: number,
  mnc: number,
  out: CellTower[],
): number {
  let p = at;
  const mcc = mccField & 0x7fff;
  for (let i = 0; i < count; i++) {
    const lac = wide ? r.u32At(p) : r.u16At(p);
    p += wide ? 4 : 2;
    const cellId = wide ? u64At(r, p) : r.u24At(p);
    p += wide ? 8 : 3;
    out.push({ mcc, mnc, lac, cellId, rssi: dbm(r.u8At(p)) });
    p += 1;
  }
  return p;
}

/** The list after the time (or after the GPS block of 0x1E). */
function readCellList(
  r: ByteReader,
  at: number,
  end: number,
  type: number,
  wanway: boolean,
  msg: NormalisedMessage,
) {
  let p = at;
  if (wanway) p += 1; // timing advance first
  const mccField = r.u16At(p);
  p += 2;
  const wideMnc = (mccField & 0x8000) !== 0;
  const mnc = wideMnc ? r.u16At(p) : r.u8At(p);
  p += wideMnc ? 2 : 1;
  const count = wanway ? r.u8At(p++) : 7;
  const cells: CellTower[] = [];
  p = readCells(r, p, count, WIDE_CELL_TYPES.has(type), mccField, mnc, cells);
  if (!wanway) p += 1; // timing advance
  const wifi: WifiAccessPoint[] = [];
  if (WIFI_LIST_TYPES.has(type) && p < end) {
    const n = r.u8At(p);
    if (p + 1 + 7 * n <= end) p = readWifiList(r, p + 1, n, wifi);
  }
  setCells(msg, cells);
  setWifi(msg, wifi);
}

/** 0x18, 0x24 (not SR411), 0x28, 0x2C, 0x2E, 0xA1, 0xA2 (not LW4G): time + cell list (+ Wi-Fi). */
export function decodeLbsList(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e, type } = frame;
  markNoFix(msg, readDateTime(r, s));
  readCellList(r, s + 6, e, type, type === 0x24 && e - s === WANWAY_S20_CONTENT, msg);
  msg.kind = 'position';
  return null;
}

/** 0x1E (JI09): GPS, then the same cell list and Wi-Fi as 0x18. */
export function decodeGpsCellList(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s, contentEnd: e, type } = frame;
  readGps(r, s, msg);
  readCellList(r, s + GPS_BYTES, e, type, false, msg);
  return null;
}

/** 0x19 multi-LBS (SPACE10X): time, MCC, MNC, count, cells. Carries no alarm. */
export function decodeMultiLbs(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  markNoFix(msg, readDateTime(r, s));
  const mccField = r.u16At(s + 6);
  const wideMnc = (mccField & 0x8000) !== 0;
  const mnc = wideMnc ? r.u16At(s + 8) : r.u8At(s + 8);
  const p = s + 8 + (wideMnc ? 2 : 1);
  const cells: CellTower[] = [];
  readCells(r, p + 1, r.u8At(p), false, mccField, mnc, cells);
  setCells(msg, cells);
  msg.kind = 'position';
  return null;
}

function bcd(byte: number): number {
  return (byte >> 4) * 10 + (byte & 0x0f);
}

/** Time of Wi-Fi frames: YY MM DD hh mm ss in BCD (0x19 = 19), rewritten as binary for readDateTime's checks. */
function readBcdDateTime(r: ByteReader, at: number): string | null {
  const binary = new Uint8Array(6);
  for (let i = 0; i < 6; i++) binary[i] = bcd(r.u8At(at + i));
  return readDateTime(new ByteReader(binary), 0);
}

/** Wi-Fi 0x17/0x69 in the Wi-Fi framing: the length byte (frame byte 2) is the access-point count. */
export function decodeWifiFrame(
  r: ByteReader,
  frame: ParsedFrame,
  msg: NormalisedMessage,
  apCount: number,
): string | null {
  const { contentStart: s } = frame;
  markNoFix(msg, readBcdDateTime(r, s));
  const wifi: WifiAccessPoint[] = [];
  let p = readWifiList(r, s + 6, apCount, wifi);
  const cellCount = r.u8At(p);
  const mcc = r.u16At(p + 1);
  const mnc = r.u8At(p + 3);
  p += 4;
  const cells: CellTower[] = [];
  for (let i = 0; i < cellCount; i++, p += 5) {
    cells.push({ mcc, mnc, lac: r.u16At(p), cellId: r.u16At(p + 2), rssi: dbm(r.u8At(p + 4)) });
  }
  setCells(msg, cells);
  setWifi(msg, wifi);
  msg.kind = 'position';
  return null;
}

/** 0xF3: time (binary, as every other GT06 time), count, [reserved(2) mac(6)]×count; no signal levels. */
export function decodeWifiF3(r: ByteReader, frame: ParsedFrame, msg: NormalisedMessage): string | null {
  const { contentStart: s } = frame;
  markNoFix(msg, readDateTime(r, s));
  const count = r.u8At(s + 6);
  const wifi: WifiAccessPoint[] = [];
  for (let i = 0, p = s + 7; i < count; i++, p += 8) wifi.push({ mac: macAt(r, p + 2), rssi: null });
  setWifi(msg, wifi);
  msg.kind = 'position';
  return null;
}
