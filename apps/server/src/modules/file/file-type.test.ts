import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffFileType', () => {
  it('knows JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toEqual({
      contentType: 'image/jpeg',
      extension: 'jpg',
    });
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({
      contentType: 'image/png',
      extension: 'png',
    });
    expect(sniffFileType(Buffer.from('%PDF-1.4\n'))).toEqual({
      contentType: 'application/pdf',
      extension: 'pdf',
    });
  });

  it('refuses everything else, including truncated signatures', () => {
    for (const sample of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('GIF89a'),
      Buffer.from('RIFF\0\0\0\0WEBP'),
      bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a), // PNG signature cut short
      bytes(0xff, 0xd8),
      Buffer.from(' %PDF-1.4'),
      bytes(),
    ]) {
      expect(sniffFileType(sample)).toBeNull();
    }
  });
});
