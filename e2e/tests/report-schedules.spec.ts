import { expect, test } from '@playwright/test';
import { ADMIN, SUPER_ADMIN, apiCall, shoot, signIn } from './support.ts';

test.use({ viewport: { width: 1366, height: 900 } });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ fileName: string; contentType: string; sizeBytes: number }>;
}

/** DD/MM/YYYY of yesterday in Asia/Kolkata (the period of a "previous day" run made now). */
function yesterdayInKolkata(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() - 86_400_000));
  return parts;
}

test('schedule the cumulative distance report, run it now and find the mail with its files in the outbox', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Daily distance e2e ${Date.now() % 100_000}`;

  // 1. From the report page: Schedule opens the dialog with the report's title as the name.
  await signIn(page, ADMIN, '/reports/cumulative-distance-report');
  await page.getByRole('button', { name: 'Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule: Cumulative Distance Report' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Cumulative Distance Report');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await dialog.getByRole('combobox', { name: 'Day of the week' }).click();
  await page.getByRole('option', { name: 'Friday' }).click();
  await dialog.getByLabel('Time', { exact: true }).fill('06:30');
  await expect(dialog.getByRole('checkbox', { name: 'XLSX' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'PDF' })).toBeChecked();

  // Saving without a recipient says what is missing.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Choose at least one recipient')).toBeVisible();

  const recipients = dialog.getByRole('combobox', { name: /^Recipients/ });
  await recipients.fill('Rakesh');
  await page.getByRole('option', { name: /admin@demo\.civicfleet\.in/ }).click();
  await shoot(page, 'report-schedules-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Schedule "${name}" saved`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. The list: the schedule with its calendar; run it now.
  await page.goto('/reports/schedules');
  await expect(page.getByRole('heading', { name: 'Scheduled Reports' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Cumulative Distance Report');
  await expect(row).toContainText('Every Friday at 06:30');
  await expect(row).toContainText('Rakesh Verma');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Run now' }).click();
  await expect(page.getByText('Report sent to 1 recipient')).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('Sent');
  await shoot(page, 'report-schedules-list');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'report-schedules-list-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // 3. The outbox (SUPER_ADMIN): the mail to the recipient with the XLSX and PDF attached.
  const context = await browser.newContext();
  const superPage = await context.newPage();
  await signIn(superPage, SUPER_ADMIN);
  const { status, data } = await apiCall<OutboxMail[]>(
    superPage,
    'GET',
    '/outbox?to=admin@demo.civicfleet.in&limit=5',
  );
  expect(status).toBe(200);
  const mail = data.find((m) => m.text.includes(name));
  expect(mail?.subject).toBe(`Cumulative Distance Report — ${yesterdayInKolkata()}`);
  expect(mail?.attachments.map((a) => a.fileName.replace(/_\d.*\./, '_*.'))).toEqual([
    'Cumulative_Distance_Report_*.xlsx',
    'Cumulative_Distance_Report_*.pdf',
  ]);
  for (const attachment of mail?.attachments ?? []) expect(attachment.sizeBytes).toBeGreaterThan(100);
  await context.close();

  // 4. Switch it off, then delete it.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expect(page.getByText(`Schedule "${name}" disabled`)).toBeVisible();
  await expect(row).toContainText('Off');
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
