import { expect, test, type Download } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { ADMIN, shoot, signIn } from './support.ts';

const saved = async (download: Download): Promise<Buffer> => {
  const file = await download.path();
  return readFile(file);
};

test('a vehicle added in the form is found by global search and exported to CSV and XLSX', async ({
  page,
}) => {
  const registration = `MP09E2${String(Date.now()).slice(-4)}`;
  await signIn(page, ADMIN, '/management/vehicle/add');
  await page.getByLabel('Registration number').fill(registration.toLowerCase());
  await page.getByLabel('Type').fill('Compactor');
  await page.getByLabel('Make').fill('Tata');
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page.getByText('Vehicle created')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/vehicle$/);

  // The list searches on the server; the registration number was normalised to upper case.
  await page.getByRole('searchbox', { name: 'Search' }).fill(registration.slice(-6));
  const row = page.getByRole('row', { name: new RegExp(registration) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Not linked')).toBeVisible();
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await shoot(page, 'vehicles-list');

  await page.getByRole('button', { name: 'Export' }).click();
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = (await saved(csv)).toString('utf8');
  expect(csvText.charCodeAt(0)).toBe(0xfeff);
  expect(csvText).toContain(registration);
  expect(csvText.split('\r\n')[0]).toContain('Registration');

  await page.getByRole('button', { name: 'Export' }).click();
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
  ]);
  const book = new ExcelJS.Workbook();
  const bytes = await saved(xlsx);
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  expect(book.worksheets.map((s) => s.name)).toEqual(['Sheet1']);
  const cells = book.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
  expect(cells).toContain(registration);

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search for').fill(registration.slice(-6));
  await dialog.getByLabel('Search for').press('Enter');
  await expect(dialog.getByText(registration)).toBeVisible();
  await shoot(page, 'vehicles-global-search');
});
