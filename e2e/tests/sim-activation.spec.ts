import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { RFC_ADMIN, SUPER_ADMIN, shoot, signIn, type Account } from './support.ts';

const MANUFACTURER: Account = {
  email: 'manufacturer@demo.civicfleet.in',
  phone: '9000000003',
  password: RFC_ADMIN.password,
};
const VENDOR = 'Malwa Auto Electricals';

/** A 15-digit IMEI with a valid Luhn check digit, new on every run. */
function freshImei(): string {
  const body = `86${String(Date.now()).slice(-12)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const login = await request.post('/v1/auth/login', {
    data: { username: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
}

/** A new stock device of the vendor (the platform registers it, as the inventory would). */
async function vendorDevice(request: APIRequestContext, imei: string): Promise<void> {
  const headers = { authorization: `Bearer ${await tokenOf(request, SUPER_ADMIN)}` };
  const orgs = await request.get(`/v1/organisation?search=${encodeURIComponent('Malwa Auto')}`, { headers });
  const body = (await orgs.json()) as {
    data: {
      items?: Array<{ id: string; tradeName: string }>;
      rows?: Array<{ id: string; tradeName: string }>;
    };
  };
  const vendor = (body.data.items ?? body.data.rows ?? []).find((o) => o.tradeName === VENDOR);
  expect(vendor, 'the demo vendor').toBeDefined();
  const created = await request.post('/v1/device', {
    headers,
    data: { imei, iccid: `8991${imei}0`, organisationId: vendor?.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

async function filterByImei(page: Page, imei: string, status: string) {
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status }).click();
  await filters.getByRole('textbox', { name: 'IMEI' }).fill(imei);
  await filters.getByRole('button', { name: 'Apply' }).click();
}

test('a vendor raises a SIM order; the manufacturer takes it from INITIATED through APPROVED to DONE; the device shows the SIMs', async ({
  page,
  browser,
  request,
}) => {
  const imei = freshImei();
  await vendorDevice(request, imei);

  // 1. The vendor raises the order from the orders screen.
  await signIn(page, RFC_ADMIN, '/sim-activation-order');
  await expect(page.getByRole('heading', { name: 'SIM Activation Orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Raise SIM activation' }).click();
  await expect(page).toHaveURL(/\/sim-activation-order\/add$/);
  await page.getByRole('combobox', { name: /^IMEI/ }).fill(imei);
  await page.getByRole('textbox', { name: 'IP 1' }).fill('103.21.58.10:5010');
  await page.getByRole('button', { name: 'Add IP' }).click();
  await page.getByRole('textbox', { name: 'IP 2' }).fill('gw.civicfleet.in:5010');
  await page.getByRole('textbox', { name: 'Phone number 1' }).fill('9826012345');
  await page.getByRole('combobox', { name: /^Activation Duration/ }).click();
  await page.getByRole('option', { name: '1 year' }).click();
  await shoot(page, 'sim-activation-form');
  await page.getByRole('button', { name: 'Raise SIM activation' }).click();
  await expect(page.getByText('Sim Activation created')).toBeVisible();
  await expect(page).toHaveURL(/\/sim-activation-order$/);

  // 2. The vendor sees it, INITIATED, without Edit or Change Status.
  const vendorRow = page.getByRole('row', { name: new RegExp(imei) });
  await expect(vendorRow.getByText('INITIATED')).toBeVisible();
  await expect(vendorRow.getByText('+919826012345')).toBeVisible();
  await expect(vendorRow.getByRole('button', { name: `Actions for ${imei}` })).toHaveCount(0);
  await shoot(page, 'sim-activation-vendor-list');

  // 3. The manufacturer approves it …
  const context = await browser.newContext();
  const mpage = await context.newPage();
  await signIn(mpage, MANUFACTURER, '/sim-activation-order');
  await filterByImei(mpage, imei, 'INITIATED');
  const row = mpage.getByRole('row', { name: new RegExp(imei) });
  await expect(row.getByText(VENDOR)).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${imei}` }).click();
  await mpage.getByRole('menuitem', { name: 'Change Status' }).click();
  let dialog = mpage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Status is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: /^Status/ }).click();
  await mpage.getByRole('option', { name: 'APPROVED' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(mpage.getByText('Status updated').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  // … then records the SIMs (DONE).
  await filterByImei(mpage, imei, 'APPROVED');
  await expect(row.getByText('APPROVED')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${imei}` }).click();
  await mpage.getByRole('menuitem', { name: 'Change Status' }).click();
  dialog = mpage.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /^Status/ }).click();
  await mpage.getByRole('option', { name: 'DONE' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('SIM OPERATORs,E-SIM Provider and MSISDNs are required')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^SIM 1 MSISDN/ }).fill('5754210000901');
  await dialog.getByRole('combobox', { name: /^SIM 1 Operator/ }).fill('Airtel');
  await dialog.getByRole('textbox', { name: /^SIM 2 MSISDN/ }).fill('5754210000902');
  await dialog.getByRole('combobox', { name: /^SIM 2 Operator/ }).fill('BSNL');
  await dialog.getByRole('combobox', { name: /^E-SIM Provider/ }).click();
  await mpage.getByRole('option', { name: 'TAISYS' }).click();
  await shoot(mpage, 'sim-activation-done-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(mpage.getByText('Status updated').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  await filterByImei(mpage, imei, 'DONE');
  await expect(row.getByText('DONE')).toBeVisible();
  await expect(row.getByText(/5754210000901 \(Airtel\)/)).toBeVisible();
  await expect(row.getByText('Sunil Patidar')).toBeVisible();
  await shoot(mpage, 'sim-activation-manufacturer-list');

  // 4. The device now carries the SIMs.
  await mpage.goto(`/device-details/${imei}`);
  await expect(mpage.getByText('5754210000901')).toBeVisible();
  await expect(mpage.getByText('5754210000902')).toBeVisible();
  await expect(mpage.getByText('TAISYS')).toBeVisible();
  await shoot(mpage, 'sim-activation-device-details');
  await context.close();

  // 5. The vendor sees the DONE order, still without the actions.
  await filterByImei(page, imei, 'DONE');
  await expect(vendorRow.getByText('DONE')).toBeVisible();
  await expect(vendorRow.getByRole('button', { name: `Actions for ${imei}` })).toHaveCount(0);

  // 6. On a small screen (dark mode) the filters move into a drawer behind a Filters button.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByRole('form', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filters' }).click();
  const drawer = page.getByRole('form', { name: 'Filters' });
  await expect(drawer.getByRole('textbox', { name: 'IMEI' })).toHaveValue(imei);
  await shoot(page, 'sim-activation-filters-drawer-dark');
  await drawer.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Apply filters to see the results')).toBeVisible();
});
