/**
 * Driver-id tags (RFID cards, iButtons) as the protocols carry them: GT06 sends 4 bytes, Teltonika AVL 78 8 bytes,
 * AIS-140 vendor extras free hex text. One card must read the same whichever tracker saw it, so the canonical form is
 * upper-case hex without leading zero bytes (a 4-byte card in Teltonika's 8-byte field arrives as 00000000XXXXXXXX).
 */
import type { IoValue } from './message.ts';

const HEX_TAG = /^[0-9A-F]+$/;

/** Canonical tag, or null when the value is not hex or is all zeros (no key presented). */
export function normaliseDriverTag(value: IoValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  let tag = value.trim().toUpperCase();
  if (!HEX_TAG.test(tag)) return null;
  if (tag.length % 2 === 1) tag = `0${tag}`;
  let start = 0;
  while (start + 2 < tag.length && tag.startsWith('00', start)) start += 2;
  tag = tag.slice(start);
  return tag === '00' ? null : tag;
}
