/** Tests only: PDFs read back with poppler (pdftotext, pdfinfo, pdftoppm), as a person would see them. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cf-cert-'));
  try {
    const file = path.join(dir, 'certificate.pdf');
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page count and the text of every page (layout order). */
export function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  return withPdf(pdf, async (file) => {
    const info = await run('pdfinfo', [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1] ?? 0);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return { pages, text: stdout };
  });
}

export interface RenderedPage {
  /** 1-based. */
  page: number;
  /** Share of pixels darker than light grey (0–1): a blank page is ~0. */
  ink: number;
}

/** Share of dark pixels of a binary PGM (P5, 8-bit) image. */
function inkOf(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const value of pixels) if (value < 200) dark += 1;
  return dark / pixels.length;
}

/**
 * Renders every page with pdftoppm; measures ink on a grey rendering and, when `pngDir` is given, also writes
 * `page-<n>.png` there to look at.
 */
export function renderPages(pdf: Buffer, pngDir?: string): Promise<RenderedPage[]> {
  return withPdf(pdf, async (file, dir) => {
    await run('pdftoppm', ['-gray', '-r', '40', file, path.join(dir, 'g')]);
    if (pngDir) await run('pdftoppm', ['-png', '-r', '70', file, path.join(pngDir, 'page')]);
    const names = (await readdir(dir)).filter((n) => n.endsWith('.pgm')).sort();
    return Promise.all(
      names.map(async (name, i) => ({ page: i + 1, ink: inkOf(await readFile(path.join(dir, name))) })),
    );
  });
}
