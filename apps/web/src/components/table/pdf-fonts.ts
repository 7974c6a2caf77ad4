/**
 * Browser fonts for PDF exports: Roboto from pdfmake's vfs build plus Noto Sans Devanagari, the same woff files the
 * console already serves for its Hindi text (main.tsx), so Hindi prints and the fetch is usually a cache hit.
 * Imported lazily by the export menu only.
 */
import type { PdfFonts } from '@civicfleet/exporters';
import regularUrl from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import boldUrl from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff?url';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadBrowserPdfFonts(): Promise<PdfFonts> {
  const { loadBundledPdfFonts, withDevanagari } = await import('@civicfleet/exporters');
  const base = await loadBundledPdfFonts();
  try {
    const [regular, bold] = await Promise.all([fetchBytes(regularUrl), fetchBytes(boldUrl)]);
    return withDevanagari(base, regular, bold);
  } catch (error) {
    // Still export: Latin text prints, Hindi shows as boxes.
    console.warn('Devanagari font for the PDF could not be loaded', error);
    return base;
  }
}
