/**
 * The type of an upload, decided from its first bytes only. The client's file name and declared Content-Type are
 * never trusted: an HTML page named `photo.png` and sent as image/png is still HTML, and is refused.
 */
import type { FileContentType } from '@civicfleet/shared';

export interface SniffedType {
  contentType: FileContentType;
  /** The extension the stored name gets. */
  extension: 'jpg' | 'png' | 'pdf';
}

const SIGNATURES: Array<{ magic: number[]; type: SniffedType }> = [
  // JPEG: SOI marker followed by the first segment's marker byte.
  { magic: [0xff, 0xd8, 0xff], type: { contentType: 'image/jpeg', extension: 'jpg' } },
  // PNG: the 8-byte signature.
  {
    magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    type: { contentType: 'image/png', extension: 'png' },
  },
  // PDF: "%PDF-" at offset 0 (stricter than readers that search the first KiB).
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { contentType: 'application/pdf', extension: 'pdf' } },
];

/** The longest signature: how many leading bytes sniffing needs. */
export const SNIFF_BYTES = 8;

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  for (const { magic, type } of SIGNATURES) {
    if (bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}
