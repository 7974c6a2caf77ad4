/**
 * Fonts for toPdf. pdfmake reads font files by name from its virtual file system, so a font set is file bytes plus
 * the family table that names them. Where the bytes come from depends on the environment, so it is a loader:
 * - `loadBundledPdfFonts` (default, here): Roboto from pdfmake's vfs build, a plain JS module that loads the same way
 *   in Node and in the browser (no fs, no fetch);
 * - `loadNodePdfFonts` (`@civicfleet/exporters/pdf-fonts-node`): Roboto's TTF files and Noto Sans Devanagari from disk;
 * - the console adds Noto Sans Devanagari fetched from its own assets (`withDevanagari`).
 */
export interface PdfFontFamily {
  normal: string;
  bold: string;
  italics: string;
  bolditalics: string;
}

export interface PdfFonts {
  /** File name → bytes (TTF, OTF, WOFF or WOFF2: pdfkit reads them with fontkit). */
  files: Record<string, Uint8Array>;
  /** Family → its file names. `Roboto` is the default family and must be present. */
  families: Record<string, PdfFontFamily>;
  /**
   * Family used for runs of Devanagari (pdfmake does no per-glyph fallback and Roboto has no Devanagari). Without
   * it Hindi prints as empty boxes.
   */
  devanagariFamily?: string;
}

export type PdfFontLoader = () => Promise<PdfFonts>;

export const DEFAULT_FONT_FAMILY = 'Roboto';
export const DEVANAGARI_FONT_FAMILY = 'NotoSansDevanagari';

const ROBOTO: PdfFontFamily = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};

/** Base64 → bytes with `atob`, which Node (≥16) and browsers both have. */
export function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Roboto from pdfmake's vfs build (about 1 MB of base64, loaded only when a PDF is made). */
export const loadBundledPdfFonts: PdfFontLoader = async () => {
  const mod = (await import('pdfmake/build/vfs_fonts.js')) as unknown as {
    default?: Record<string, string>;
  } & Record<string, unknown>;
  const vfs = mod.default ?? (mod as Record<string, string>);
  const files: Record<string, Uint8Array> = {};
  for (const name of Object.values(ROBOTO)) {
    const base64 = vfs[name];
    if (typeof base64 !== 'string') throw new Error(`pdfmake's vfs build has no ${name}`);
    files[name] = decodeBase64(base64);
  }
  return { files, families: { [DEFAULT_FONT_FAMILY]: ROBOTO } };
};

/** Adds Noto Sans Devanagari (regular and bold files, e.g. @fontsource's woff) to a font set. */
export function withDevanagari(fonts: PdfFonts, regular: Uint8Array, bold: Uint8Array = regular): PdfFonts {
  const normal = 'NotoSansDevanagari-Regular.woff';
  const boldName = 'NotoSansDevanagari-Bold.woff';
  return {
    files: { ...fonts.files, [normal]: regular, [boldName]: bold },
    families: {
      ...fonts.families,
      [DEVANAGARI_FONT_FAMILY]: { normal, bold: boldName, italics: normal, bolditalics: boldName },
    },
    devanagariFamily: DEVANAGARI_FONT_FAMILY,
  };
}

/**
 * Devanagari letters, signs and digits with the joiners; spaces inside a run stay in it so a Hindi phrase is one
 * run (its shaping needs the whole word). Punctuation stays in Roboto: the Devanagari subset lacks it.
 */
const DEVANAGARI_RUN =
  /[\p{Script_Extensions=Devanagari}\u200C\u200D]+(?:\s+[\p{Script_Extensions=Devanagari}\u200C\u200D]+)*/gu;

export interface TextRun {
  text: string;
  isDevanagari: boolean;
}

/** Splits text into Latin and Devanagari runs so each can be set in a font that has its glyphs. */
export function splitScripts(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(DEVANAGARI_RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), isDevanagari: false });
    runs.push({ text: match[0], isDevanagari: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), isDevanagari: false });
  return runs;
}
