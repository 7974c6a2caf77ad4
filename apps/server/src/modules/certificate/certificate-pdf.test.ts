/**
 * The certificate PDF rendered to images with pdftoppm: five non-blank A4 pages. The PNGs of the full variant are
 * kept in $CERTIFICATE_PNG_DIR when set, to look at (`CERTIFICATE_PNG_DIR=/tmp/cert npx vitest run …`).
 */
import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fitments, users } from '../../db/schema/index.ts';
import { useTestApp } from '../../../test/helpers.ts';
import { pdfText, renderPages } from './certificate-pdf.testing.ts';
import { seedCertificate } from './certificate.testing.ts';

describe('certificate PDF rendering', () => {
  const t = useTestApp({ clock: () => new Date('2026-11-20T10:00:00Z') });

  it('renders five non-blank pages, public and full', async () => {
    const c = await seedCertificate(t.db, t.env, { n: 5 });
    const pngDir = process.env.CERTIFICATE_PNG_DIR;
    for (const variant of ['public', 'full'] as const) {
      const url = `/v1/certificate/${c.imei}/pdf${variant === 'full' ? '?full=1' : ''}`;
      const res = variant === 'full' ? await t.call('RFC_ADMIN', 'GET', url) : await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      const dir = pngDir ? `${pngDir}/${variant}` : undefined;
      if (dir) await mkdir(dir, { recursive: true });
      const pages = await renderPages(res.rawPayload, dir);
      expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5]);
      for (const page of pages) expect(page.ink, `${variant} page ${page.page}`).toBeGreaterThan(0.01);
      const { text } = await pdfText(res.rawPayload);
      // One title per page, in the spec's order.
      const order = [
        'VLTD Fitment Certificate',
        'Images',
        "Customer's copy",
        "Department's copy",
        'Exclusions',
      ];
      const positions = order.map((title) => text.indexOf(title));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
  }, 60_000);

  it('prints Hindi names with the Devanagari font', async () => {
    const c = await seedCertificate(t.db, t.env, { n: 6, withImages: false });
    const [f] = await t.db.select().from(fitments).where(eq(fitments.id, c.fitmentId));
    await t.db
      .update(users)
      .set({ firstName: 'सुरेश', lastName: 'पटेल' })
      .where(eq(users.id, f?.customerUserId ?? 0n));
    const res = await t.app.inject({ url: `/v1/certificate/${c.imei}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toMatch(/NotoSansDevanagari/);
  }, 60_000);
});
