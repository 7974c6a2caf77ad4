import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, shoot, signIn } from './support.ts';

/** PNGs of the downloaded PDF, for people to look at. */
const SHOTS = '/tmp/shots';
const YARD = 'Devguradia Trenching Ground';

test.use({ viewport: { width: 1366, height: 900 } });

test('the dump-yard operator records a trip; it shows under Entries and, with no GPS visit, as unconfirmed under Mismatch; job runs and the scorecard PDF', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 1. The entry screen: yard and vehicle picked, the weights typed with the keyboard only, Enter saves.
  await signIn(page, ADMIN, '/swm/dump-yard/add');
  await expect(page.getByRole('heading', { name: 'Record dump-yard trip' })).toBeVisible();
  await page.getByRole('combobox', { name: /^Yard/ }).click();
  await page.getByRole('option', { name: new RegExp(YARD) }).click();
  const vehiclePicker = page.getByRole('combobox', { name: /^Vehicle/ });
  await vehiclePicker.fill('MP09');
  const firstVehicle = page.getByRole('option').first();
  await expect(firstVehicle).toBeVisible();
  const registration = (await firstVehicle.textContent())?.trim() ?? '';
  expect(registration).toMatch(/^MP09[A-Z]{2}\d{4}$/);
  await firstVehicle.click();

  await page.getByRole('textbox', { name: 'Gross weight' }).focus();
  await page.keyboard.type('12450');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Tare weight' })).toBeFocused();
  await page.keyboard.type('8200');
  await expect(page.getByRole('status', { name: 'Net weight' })).toContainText('4,250 kg');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Ticket number' })).toBeFocused();
  await page.keyboard.type('E2E-118');
  await shoot(page, 'dump-yard-entry-form');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Trip of ${registration} recorded`)).toBeVisible();

  // Ready for the next truck: weights cleared, the yard kept, the trip in the shift's list.
  await expect(page.getByRole('textbox', { name: 'Gross weight' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: /^Yard/ })).toContainText(YARD);
  const shift = page.getByRole('region', { name: /Entries of this shift/ });
  await expect(shift.getByRole('row', { name: new RegExp(registration) })).toContainText('4,250 kg');
  await shoot(page, 'dump-yard-entry-saved');

  // 2. Entries: the operator's record with its net weight, not confirmed by GPS (the simulator is off).
  await page.getByRole('link', { name: 'All entries' }).click();
  await expect(page).toHaveURL(/\/swm\/dump-yard\?tab=entries/);
  await expect(page.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
  const entry = page.getByRole('row', { name: new RegExp(registration) });
  await expect(entry).toContainText('4,250 kg');
  await expect(entry).toContainText('E2E-118');
  await expect(entry).toContainText('Unconfirmed');
  await shoot(page, 'dump-yard-entries');

  // 3. Mismatch: the vehicle's day is flagged, the entry listed as having no GPS presence.
  await page.getByRole('tab', { name: 'Mismatch' }).click();
  await expect(page).toHaveURL(/tab=mismatch/);
  const mismatch = page.getByRole('table', { name: 'Dump mismatch' });
  const flagged = mismatch.getByRole('row', { name: new RegExp(registration) }).first();
  await expect(flagged).toContainText('Unconfirmed entry');
  await expect(mismatch).toContainText(`No GPS presence: ${YARD}`);
  await shoot(page, 'dump-yard-mismatch');

  // Presence and trips render (nothing drives the fleet here).
  await page.getByRole('tab', { name: 'Presence now' }).click();
  await expect(page.getByRole('region', { name: YARD })).toBeVisible();
  await shoot(page, 'dump-yard-presence');
  await page.getByRole('tab', { name: 'Trips' }).click();
  await expect(page.getByRole('heading', { name: 'Disposal trips' })).toBeVisible();

  // 4. Vehicle jobs of today.
  await page.goto('/swm/job-run');
  await expect(page.getByRole('heading', { name: 'Vehicle Jobs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vehicle Jobs' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Vehicle Jobs' }).locator('.MuiSkeleton-root')).toHaveCount(0);
  await shoot(page, 'job-runs');

  // 5. The scorecard, by ward and by contractor, and its PDF.
  await page.goto('/swm/scorecard');
  await expect(page.getByRole('heading', { name: 'Scorecard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Scorecard by Ward' })).toBeVisible();
  await shoot(page, 'scorecard-ward');
  await page.getByRole('button', { name: 'Contractor' }).click();
  await expect(page).toHaveURL(/groupBy=contractor/);
  await expect(page.getByRole('table', { name: 'Scorecard by Contractor' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^Scorecard_contractor_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const pdfFile = path.join(mkdtempSync(path.join(tmpdir(), 'cf-e2e-scorecard-')), 'scorecard.pdf');
  await download.saveAs(pdfFile);
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString();
  expect(text).toContain('Ward and contractor scorecard');
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
    `${SHOTS}/scorecard-pdf`,
  ]);

  // Hindi: the mismatch tab reads in Devanagari.
  await page.evaluate(() => window.localStorage.setItem('cf.language', 'hi'));
  await page.goto('/swm/dump-yard?tab=mismatch');
  await expect(page.getByRole('heading', { name: 'डंप यार्ड', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'डंप अंतर' })).toContainText('अपुष्ट प्रविष्टि');
  await shoot(page, 'dump-yard-mismatch-hi');
  await page.evaluate(() => window.localStorage.setItem('cf.language', 'en'));

  // Dark mode of the entry screen.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/swm/dump-yard/add');
  await expect(page.getByRole('heading', { name: 'Record dump-yard trip' })).toBeVisible();
  await page.waitForTimeout(500);
  await shoot(page, 'dump-yard-entry-dark');
});
