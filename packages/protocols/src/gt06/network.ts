/**
 * Cell towers and Wi-Fi access points (→ `io.cells`, `io.wifi`) and the "position without a fix" that LBS/Wi-Fi-only
 * frames become: the device's time with no coordinates and `gpsValid: false`, so an indoor or no-fix device still
 * reports (the gateway stores no position row without coordinates but refreshes the device's last packet).
 */
import type { ByteReader } from '../core/byte-reader.ts';
import type { CellTower, NormalisedMessage, WifiAccessPoint } from '../core/message.ts';

/** u64 as a number (exact up to 2^53; LTE cell ids use 28 bits). */
export function u64At(r: ByteReader, at: number): number {
  return r.u32At(at) * 0x1_0000_0000 + r.u32At(at + 4);
}

export function i16At(r: ByteReader, at: number): number {
  return (r.u16At(at) << 16) >> 16;
}

export function i32At(r: ByteReader, at: number): number {
  return r.u32At(at) | 0;
}

const HEX2: string[] = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));

/** Six bytes as `aa:bb:cc:dd:ee:ff`. */
export function macAt(r: ByteReader, at: number): string {
  r.hexAt(at, at + 6, 'mac'); // bounds check (throws TruncatedError)
  const b = r.source;
  return `${HEX2[b[at] ?? 0]}:${HEX2[b[at + 1] ?? 0]}:${HEX2[b[at + 2] ?? 0]}:${HEX2[b[at + 3] ?? 0]}:${HEX2[b[at + 4] ?? 0]}:${HEX2[b[at + 5] ?? 0]}`;
}

/**
 * Signal byte → dBm. Most firmwares send −dBm as a positive number (0x3C = −60 dBm); some 4G firmwares send the
 * dBm as a signed byte (0xD7 = −41 dBm). 0 means "not measured".
 */
export function dbm(raw: number): number | null {
  if (raw === 0) return null;
  return raw >= 0x80 ? raw - 0x100 : -raw;
}

export function setCells(msg: NormalisedMessage, cells: CellTower[]): void {
  const real = cells.filter((c) => c.lac > 0 || c.cellId > 0);
  if (real.length > 0) msg.io.cells = real;
}

export function setWifi(msg: NormalisedMessage, points: WifiAccessPoint[]): void {
  const real = points.filter((p) => p.mac !== '00:00:00:00:00:00');
  if (real.length > 0) msg.io.wifi = real;
}

/** The serving cell of single-cell frames, under the io keys the location frames already use. */
export function setServingCell(msg: NormalisedMessage, cell: CellTower): void {
  msg.io.mcc = cell.mcc;
  msg.io.mnc = cell.mnc;
  msg.io.lac = cell.lac;
  msg.io.cellId = cell.cellId;
}

/** No GNSS fix: the frame's time, no coordinates. */
export function markNoFix(msg: NormalisedMessage, time: string | null): void {
  msg.fixTime = time;
  msg.lat = null;
  msg.lon = null;
  msg.gpsValid = false;
}

/** Reads `count` access points of mac(6) + rssi(1) from `at`; returns the offset after them. */
export function readWifiList(r: ByteReader, at: number, count: number, out: WifiAccessPoint[]): number {
  let p = at;
  for (let i = 0; i < count; i++) {
    out.push({ mac: macAt(r, p), rssi: dbm(r.u8At(p + 6)) });
    p += 7;
  }
  return p;
}
