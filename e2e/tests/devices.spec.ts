import { expect, test } from '@playwright/test';
import { ADMIN, shoot, signIn } from './support.ts';

/** A 15-digit IMEI with a valid Luhn check digit, new on every run (the form and the server check both). */
function freshImei(): string {
  const body = `35${String(Date.now()).slice(-12)}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // From the right of the body: every other digit (starting with the last) is doubled.
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test('a device added in the console is linked to a vehicle, shown on both sides and found by global search', async ({
  page,
}) => {
  const imei = freshImei();
  const registration = `MP09DV${imei.slice(-4)}`;

  // 1. The device, in the signed-in admin's organisation (the picker's default).
  await signIn(page, ADMIN, '/management/device/add');
  await page.getByRole('textbox', { name: /^IMEI/ }).fill(imei);
  await expect(page.getByRole('combobox', { name: /^Organisation/ })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Add device' }).click();
  await expect(page.getByText('Device added')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/device$/);

  // 2. A vehicle of the same organisation.
  await page.goto('/management/vehicle/add');
  await page.getByLabel('Registration number').fill(registration);
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  await expect(page.getByText('Vehicle created')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/vehicle$/);

  // 3. Link them from the vehicle list.
  await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
  const row = page.getByRole('row', { name: new RegExp(registration) });
  await expect(row.getByText('Not linked')).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${registration}` }).click();
  await page.getByRole('menuitem', { name: 'Link or unlink device' }).click();
  const dialog = page.getByRole('dialog', { name: `Device of ${registration}` });
  await dialog.getByRole('combobox', { name: 'Device to link' }).fill(imei.slice(-6));
  await page.getByRole('option', { name: new RegExp(`^${imei}`) }).click();
  await dialog.getByRole('button', { name: 'Link' }).click();
  await expect(page.getByText('Device linked')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 4. The list shows the IMEI on the vehicle's row.
  await expect(row.getByText(imei)).toBeVisible();
  await expect(row.getByText('Not linked')).toBeHidden();

  // 5. Global search finds the device; its details page names the vehicle.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog');
  await search.getByLabel('Search for').fill(imei);
  await search.getByLabel('Search for').press('Enter');
  const found = search.getByRole('link', { name: new RegExp(imei) }).filter({ hasNotText: registration });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/device-details/${imei}$`));
  await expect(page.locator('#main-content').getByText(registration)).toBeVisible();
  await shoot(page, 'device-details-linked');
});
