import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { RFC_ADMIN, SUPER_ADMIN, shoot, signIn, type Account } from './support.ts';

const MANUFACTURER: Account = {
  email: 'manufacturer@demo.civicfleet.in',
  phone: '9000000003',
  password: RFC_ADMIN.password,
};
const VENDOR = 'Malwa Auto Electricals';

/** '₹1,23,456.78' → 12345678 paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
    paise / 100,
  );

/** Today in Asia/Kolkata as the date picker's typed digits (ddmmyyyy). */
function todayDigits(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}${part('month')}${part('year')}`;
}

async function typeDate(form: Locator, page: Page, label: string, digits: string) {
  await form
    .getByRole('group', { name: new RegExp(label) })
    .getByRole('spinbutton', { name: 'Day' })
    .click();
  await page.keyboard.type(digits);
}

async function chooseType(form: Locator, page: Page, name: string) {
  await form.getByRole('combobox', { name: 'Transaction Type' }).click();
  await page.getByRole('option', { name }).click();
}

test('a verified payment credited by the platform shows in the vendor wallet, filtered and as CSV; the manufacturer sees the inventory', async ({
  page,
  browser,
}) => {
  // Three sign-ins (platform, vendor, manufacturer), a step-up and a CSV download: more than the default minute on a
  // busy 2-core machine (it once ran out at the last step).
  test.setTimeout(120_000);
  const reference = `UTR${Date.now()}`;

  // 1. The platform credits the vendor's wallet (opening it first on a fresh database).
  await signIn(page, SUPER_ADMIN, '/management/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet Administration', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(VENDOR) });
  await expect(page.getByText('No wallets yet').or(row)).toBeVisible();
  if (!(await row.isVisible())) {
    await page.getByRole('button', { name: 'Open wallet' }).click();
    const open = page.getByRole('dialog', { name: 'Open a wallet' });
    await open.getByRole('combobox', { name: /Organisation/ }).fill('Malwa');
    await page.getByRole('option', { name: new RegExp(VENDOR) }).click();
    await open.getByRole('button', { name: 'Open wallet' }).click();
    await expect(page.getByText('Wallet opened')).toBeVisible();
    await expect(row).toBeVisible();
  }
  const before = paiseOf((await row.getByRole('cell').nth(3).textContent()) ?? '');
  await row.getByRole('button', { name: `Actions for ${VENDOR}` }).click();
  await page.getByRole('menuitem', { name: 'Credit verified payment' }).click();
  const credit = page.getByRole('dialog', { name: 'Credit verified payment' });
  await credit.getByRole('button', { name: 'Credit' }).click();
  await expect(credit.getByText('Enter the bank or UTR reference')).toBeVisible();
  await credit.getByRole('textbox', { name: /Amount/ }).fill('2,500');
  await credit.getByRole('textbox', { name: /Bank \/ UTR reference/ }).fill(reference);
  await credit.getByRole('button', { name: 'Credit' }).click();
  // Moving money asks for the password again (step-up, ASVS 4.3.3): a wrong one stays in the dialog.
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel('Your password').fill('not-the-password');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByText('The current password is not correct.')).toBeVisible();
  await confirm.getByLabel('Your password').fill(SUPER_ADMIN.password);
  await shoot(page, 'step-up-dialog');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Payment credited')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(credit).toBeHidden();
  let after = before + 250000;
  await expect(row.getByRole('cell').nth(3)).toHaveText(rupees(after));
  await shoot(page, 'wallet-management');

  // Within 10 minutes the same session is not asked again.
  let prompts = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/v1/auth/step-up')) prompts += 1;
  });
  await row.getByRole('button', { name: `Actions for ${VENDOR}` }).click();
  await page.getByRole('menuitem', { name: 'Credit verified payment' }).click();
  await credit.getByRole('textbox', { name: /Amount/ }).fill('100');
  await credit.getByRole('textbox', { name: /Bank \/ UTR reference/ }).fill(`${reference}-2`);
  await credit.getByRole('button', { name: 'Credit' }).click();
  await expect(page.getByText('Payment credited').first()).toBeVisible();
  await expect(credit).toBeHidden();
  after += 10000;
  await expect(row.getByRole('cell').nth(3)).toHaveText(rupees(after));
  await expect(confirm).toHaveCount(0);
  expect(prompts).toBe(0);

  // 2. The vendor's RFC_ADMIN sees the new balance and the CREDIT row.
  const vendorContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const vendor = await vendorContext.newPage();
  await signIn(vendor, RFC_ADMIN, '/account/wallet');
  await expect(vendor.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(vendor.getByText('See your credit balance and transaction history')).toBeVisible();
  await expect(vendor.getByTestId('wallet-balance')).toHaveText(rupees(after));
  const creditRow = vendor.getByRole('row', { name: new RegExp(`bank ref\\. ${reference}\\)`) });
  await expect(creditRow.getByText('+₹2,500.00')).toBeVisible();
  await expect(vendor.getByRole('row', { name: new RegExp(`bank ref\\. ${reference}-2\\)`) })).toBeVisible();
  await shoot(vendor, 'wallet-account');

  // 3. Filters: credits of today keep the row; debits do not show it.
  const form = vendor.getByRole('form', { name: 'Transaction filters' });
  await chooseType(form, vendor, 'Credit');
  await typeDate(form, vendor, 'From Date', todayDigits());
  await typeDate(form, vendor, 'To Date', todayDigits());
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(vendor).toHaveURL(/type=CREDIT&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(creditRow).toBeVisible();
  await expect(vendor.getByTestId('wallet-in-range')).toHaveAttribute('data-trend', 'gain');
  await expect(vendor.getByTestId('wallet-in-range')).toContainText('+₹');

  await chooseType(form, vendor, 'Debit');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(vendor).toHaveURL(/type=DEBIT/);
  await expect(creditRow).toBeHidden();

  // 4. The Transactions CSV of the credit filter.
  await chooseType(form, vendor, 'Credit');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(creditRow).toBeVisible();
  const downloading = vendor.waitForEvent('download');
  await vendor.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Transactions.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Date,Transaction Type,Description,Amount (rupees)');
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2},CREDIT,Wallet recharge \\(bank ref\\. ${reference}\\),2500\\.00$`,
      ),
    ),
  );
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'CREDIT')).toBe(true);

  // 5. Add Money: the bank account to pay into.
  await vendor.getByRole('button', { name: 'Add Money' }).click();
  const addMoney = vendor.getByRole('dialog', { name: 'Add Money to wallet' });
  await expect(addMoney.getByRole('textbox', { name: 'A/C NO' })).not.toHaveValue('');
  await expect(addMoney.getByText(/Wallet Recharge/)).toBeVisible();
  await shoot(vendor, 'wallet-add-money');
  await addMoney.getByRole('button', { name: 'Close' }).click();

  await vendor.emulateMedia({ colorScheme: 'dark' });
  await expect(creditRow).toBeVisible();
  await shoot(vendor, 'wallet-account-dark');
  await vendorContext.close();

  // 6. The manufacturer's devices page carries the inventory panel with stock counts.
  const makerContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const maker = await makerContext.newPage();
  await signIn(maker, MANUFACTURER, '/management/device');
  const totals = maker.getByRole('list', { name: 'Stock totals' });
  await expect(totals).toBeVisible();
  const total = Number(((await totals.getByText(/^Total: \d+$/).textContent()) ?? '').replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  await expect(maker.getByRole('row', { name: /Narmada Telematics/ }).first()).toBeVisible();
  await shoot(maker, 'inventory-panel');
  await maker.getByRole('tab', { name: 'Fitments' }).click();
  await expect(maker.getByRole('combobox', { name: 'Period' })).toBeVisible();
  const imei =
    (await maker
      .getByRole('cell', { name: /^\d{15}$/ })
      .first()
      .textContent()) ?? '';
  await maker.getByRole('tab', { name: 'Find a device' }).click();
  const finder = maker.getByRole('tabpanel');
  await finder.getByRole('textbox', { name: 'IMEI, ICCID, SIM or registration' }).fill(imei);
  await finder.getByRole('button', { name: 'Search' }).click();
  await expect(finder.getByRole('link', { name: imei })).toHaveAttribute(
    'href',
    `/management/device-details/${imei}`,
  );
  await maker.emulateMedia({ colorScheme: 'dark' });
  await shoot(maker, 'inventory-panel-dark');
  await makerContext.close();
});
