import { expect, test, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RFC_ADMIN, shoot } from './support.ts';

/** PNGs of the downloaded PDF, for people to look at. */
const SHOTS = '/tmp/shots';

interface FitmentRow {
  fitmentDate: string;
  activationStatus: 'PENDING' | 'APPROVED';
  vehicle: { registrationNumber: string };
  device: { imei: string };
}

/** A seeded fitment of the demo vendor, through its API (approved ones first). */
async function seededFitment(request: APIRequestContext): Promise<FitmentRow> {
  const login = await request.post('/v1/auth/login', {
    data: { username: RFC_ADMIN.email, password: RFC_ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: { access: { token: string } } } }).data.token.access
    .token;
  const list = await request.get('/v1/fitment?activationStatus=APPROVED', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  const [row] = ((await list.json()) as { data: { items: FitmentRow[] } }).data.items;
  expect(row, 'the demo seed has approved fitments').toBeDefined();
  return row as FitmentRow;
}

/** Share of dark pixels of page 1 rendered in grey (pdftoppm), and a PNG of it in SHOTS. */
function renderFirstPage(pdfFile: string): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-e2e-cert-'));
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-gray', '-r', '40', pdfFile, path.join(dir, 'p')]);
  mkdirSync(SHOTS, { recursive: true });
  execFileSync('pdftoppm', [
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    '-r',
    '70',
    '-singlefile',
    pdfFile,
    `${SHOTS}/certificate-pdf-page1`,
  ]);
  const pgm = readFileSync(path.join(dir, readdirSync(dir)[0] ?? ''));
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const value of pixels) if (value < 200) dark += 1;
  return dark / pixels.length;
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the public certificate opens signed out, shows its status, and its PDF downloads and renders', async ({
  page,
  request,
}) => {
  const fitment = await seededFitment(request);
  const { imei } = fitment.device;
  const registration = fitment.vehicle.registrationNumber;

  // Signed out: the page context has no session.
  await page.goto(`/certificate/${imei}`);
  await expect(page.getByTestId('certificate-status')).toHaveText('Tracking active');
  const fitmentPage = page.getByRole('region', { name: 'VLTD Fitment Certificate' });
  for (const section of [
    'Vehicle Details',
    'Device Details',
    'Fitment Details',
    'Owner Details',
    'Disclaimer',
  ])
    await expect(fitmentPage.getByRole('heading', { name: section })).toBeVisible();
  await expect(fitmentPage.getByRole('row').filter({ hasText: 'Registration No.' }).first()).toContainText(
    registration,
  );
  await expect(fitmentPage.getByRole('img', { name: /QR code/ }).locator('img')).toHaveAttribute(
    'src',
    /^data:image\/png/,
  );
  await expect(page.getByRole('region', { name: "Warranty Certificate: Customer's copy" })).toBeVisible();
  await expect(page.getByRole('region', { name: "Warranty Certificate: Department's copy" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Warranty Exclusions' })).toBeVisible();
  await shoot(page, 'certificate-public');

  // Print view: only the document (no app bar, buttons or banner).
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('certificate-status')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/certificate-print.png` });
  await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
  await page.waitForTimeout(500); // let MUI's colour transitions finish
  await page.screenshot({ path: `${SHOTS}/certificate-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const [y, m, d] = fitment.fitmentDate.split('-');
  expect(download.suggestedFilename()).toBe(
    `${registration.replace(/[^A-Za-z0-9]/g, '')}-VLTD_Certificate-${d}-${m}-${y}.pdf`,
  );
  const pdfFile = path.join(mkdtempSync(path.join(tmpdir(), 'cf-e2e-pdf-')), 'certificate.pdf');
  await download.saveAs(pdfFile);
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  expect(renderFirstPage(pdfFile)).toBeGreaterThan(0.01);

  // The search finds it by registration number, however it is typed.
  await page.goto('/management/certificate');
  await page.getByRole('radio', { name: 'Registration number' }).check();
  await page.getByRole('textbox', { name: 'Registration number' }).fill(registration.toLowerCase());
  await page.getByRole('button', { name: 'Open certificate' }).click();
  await expect(page).toHaveURL(new RegExp(`/certificate/${imei}$`));
  await expect(page.getByTestId('certificate-status')).toBeVisible();

  // An IMEI without a certificate.
  await page.goto('/certificate/000000000000000');
  await expect(page.getByRole('heading', { name: 'No certificate found' })).toBeVisible();
});
