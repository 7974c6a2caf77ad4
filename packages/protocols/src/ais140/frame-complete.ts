/**
 * Frames some devices send with no terminator at all (protocols.md §2.6, §5.1): if the framer waited for the
 * next `$`, a device that waits for its login reply would never get it. At the end of a read the framer asks
 * whether the open frame is already complete:
 *   - `$,LGN,` / `$LGN,` / ATL `$,,` login ending in `lat,N|S,lon,E|W` (iStartek, ATL);
 *   - numeric-header login `$,01,<vendor>,<fw>,<imei>,<vehicle>,` (exactly six commas) and health `$,02,...,`
 *     (exactly fourteen commas, the XYZ123 layout);
 *   - numeric-header frame ending in `,<8 hex>,` whose CRC-32/MPEG-2 verifies (XYZ123);
 *   - CTPL literal login once `$LastValidLocation - ...E|W` has arrived.
 * Each test only succeeds when the last byte of the frame has arrived, so byte-by-byte delivery frames the same.
 */
import { crc32Mpeg2 } from '../core/crc32.ts';
import { toLatin1 } from './envelope.ts';
import { isHexCode } from './fields.ts';

const MAX_LOGIN_COMMAS = 11;
const HEALTH_COMMAS = 14;
const LOGIN_END = /,\d+(?:\.\d+)?,[NS],\d+(?:\.\d+)?,[EW]$/;

export function looksComplete(data: Uint8Array, start: number, end: number): boolean {
  const b1 = data[start + 1];
  const b2 = data[start + 2];
  const last = data[end - 1];
  if (last === 0x45 || last === 0x57) return isUnterminatedLogin(data, start, end); // E / W
  if (last !== 0x2c || b1 !== 0x2c || b2 !== 0x30) return false; // `$,0...,`
  if (data[start + 4] === 0x2c && data[start + 3] === 0x31) return countCommas(data, start, end) === 6;
  if (data[start + 4] === 0x2c && data[start + 3] === 0x32)
    return countCommas(data, start, end) === HEALTH_COMMAS;
  return hasMpeg2Tail(data, start, end);
}

function isUnterminatedLogin(data: Uint8Array, start: number, end: number): boolean {
  const text = toLatin1(data.subarray(start, end));
  if (text.startsWith('$DeviceName - '))
    return text.includes('$LastValidLocation - ') && /\d[EW]$/.test(text);
  const isLogin = text.startsWith('$,LGN,') || text.startsWith('$LGN,') || text.startsWith('$,,');
  return isLogin && countCommas(data, start, end) <= MAX_LOGIN_COMMAS && LOGIN_END.test(text);
}

function countCommas(data: Uint8Array, start: number, end: number): number {
  let commas = 0;
  for (let i = start; i < end; i++) if (data[i] === 0x2c) commas++;
  return commas;
}

function hasMpeg2Tail(data: Uint8Array, start: number, end: number): boolean {
  const hexFrom = end - 9;
  if (hexFrom - 1 <= start || data[hexFrom - 1] !== 0x2c) return false;
  for (let i = hexFrom; i < end - 1; i++) if (!isHexCode(data[i] ?? 0)) return false;
  const expected = parseInt(toLatin1(data.subarray(hexFrom, hexFrom + 8)), 16);
  return crc32Mpeg2(data, start, hexFrom) === expected;
}
