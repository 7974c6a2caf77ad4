/**
 * Node only (`@civicfleet/exporters/pdf-fonts-node`): the fonts for toPdf read from disk — pdfmake's own Roboto TTF
 * files and, when installed, Noto Sans Devanagari from @fontsource (the console ships the same files), so Hindi
 * prints. Kept out of the main entry because it uses fs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DEFAULT_FONT_FAMILY, type PdfFontLoader, type PdfFonts, withDevanagari } from './pdf-fonts.ts';

const require = createRequire(import.meta.url);

const ROBOTO_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

const DEVANAGARI = '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari';

async function readPackageFile(specifier: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(require.resolve(specifier)));
  } catch {
    return undefined;
  }
}

let loaded: Promise<PdfFonts> | undefined;

/** Read once per process (the files never change while it runs). */
export const loadNodePdfFonts: PdfFontLoader = () => (loaded ??= readNodePdfFonts());

async function readNodePdfFonts(): Promise<PdfFonts> {
  const files: Record<string, Uint8Array> = {};
  for (const name of Object.values(ROBOTO_FILES)) {
    const bytes = await readPackageFile(`pdfmake/fonts/Roboto/${name}`);
    if (bytes === undefined) throw new Error(`pdfmake's ${name} was not found`);
    files[name] = bytes;
  }
  const fonts: PdfFonts = { files, families: { [DEFAULT_FONT_FAMILY]: { ...ROBOTO_FILES } } };
  const [regular, bold] = await Promise.all([
    readPackageFile(`${DEVANAGARI}-400-normal.woff`),
    readPackageFile(`${DEVANAGARI}-700-normal.woff`),
  ]);
  return regular === undefined ? fonts : withDevanagari(fonts, regular, bold);
}
