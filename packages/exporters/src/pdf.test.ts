import { describe, expect, it } from 'vitest';
import { buildPdfDocument, toPdf } from './pdf.ts';
import { loadBundledPdfFonts, splitScripts } from './pdf-fonts.ts';
import { loadNodePdfFonts } from './pdf-fonts-node.ts';
import { sampleTable } from './test-table.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** Page objects (pdfkit writes them uncompressed, one `/Type /Page` each; `/Pages` is the tree root). */
const pageCount = (bytes: Uint8Array) => latin1(bytes).match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('toPdf', () => {
  it('makes a one-page landscape A4 report with the bundled fonts', async () => {
    const bytes = await toPdf(sampleTable());
    expect(latin1(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(pageCount(bytes)).toBe(1);
    expect(latin1(bytes)).toMatch(/\/MediaBox \[0 0 841\.89 595\.28/);
  });

  it('breaks 200 rows over several pages, repeating the header row', async () => {
    const table = sampleTable(200);
    const doc = buildPdfDocument(table, await loadBundledPdfFonts(), {
      generatedAt: 'Generated at',
      page: (p, n) => `Page ${p} of ${n}`,
      empty: 'No rows',
    });
    expect(JSON.stringify(doc.content)).toContain('"headerRows":1');
    const bytes = await toPdf(table, { fonts: loadNodePdfFonts });
    expect(pageCount(bytes)).toBeGreaterThan(1);
  });

  it('embeds Noto Sans Devanagari for Hindi when the font set has it', async () => {
    const bytes = await toPdf(sampleTable(), { fonts: loadNodePdfFonts });
    expect(latin1(bytes)).toMatch(/NotoSansDevanagari/);
  });
});

describe('splitScripts', () => {
  it('separates Devanagari runs (with their inner spaces) from Latin text and punctuation', () => {
    expect(splitScripts('Zone – कचरा गाड़ी, 7')).toEqual([
      { text: 'Zone – ', isDevanagari: false },
      { text: 'कचरा गाड़ी', isDevanagari: true },
      { text: ', 7', isDevanagari: false },
    ]);
    expect(splitScripts('MP09')).toEqual([{ text: 'MP09', isDevanagari: false }]);
  });
});
