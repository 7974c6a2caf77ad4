import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { FITTER, RFC_ADMIN, shoot, signIn } from './support.ts';

// ---------------------------------------------------------------------------------------------------------------
// Small real PNG images (the server sniffs the bytes), generated here rather than kept as binary fixtures.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 48×32 RGB PNG: a colour gradient with a band, so each image looks different. */
function png(red: number, green: number, blue: number): Buffer {
  const width = 48;
  const height = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > 12 && y < 20 ? 255 : 0;
      raw.set([(red + x * 3) & 255, (green + y * 5) & 255, band || blue], row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const image = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(...rgb),
});

// ---------------------------------------------------------------------------------------------------------------

/** The signed-in vendor's wallet balance (paise), through the wallet API with the console's own session. */
async function walletBalancePaise(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('cf.session.accessToken') ?? '{}') as { token?: string })
      .token;
    const userId = JSON.parse(localStorage.getItem('cf.session.userId') ?? 'null') as string | null;
    const response = await fetch(`/v1/wallet?userId=${userId ?? ''}`, {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const body = (await response.json()) as { data: Array<{ balancePaise: number }> };
    const [wallet] = body.data;
    if (!wallet) throw new Error('the vendor has no wallet');
    return wallet.balancePaise;
  });
}

/** Types a dd/MM/yyyy date into the form kit's date picker, section by section. */
async function typeDate(page: Page, label: RegExp, ddmmyyyy: string): Promise<void> {
  const group = page.getByRole('group', { name: label });
  await group.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(ddmmyyyy);
}

/** What the IMEI picker lists for the signed-in user (GET /v1/fitment/lookup/devices), with the console's session. */
async function fittableDevices(page: Page): Promise<Array<{ imei: string; status: string }>> {
  return page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('cf.session.accessToken') ?? '{}') as { token?: string })
      .token;
    const response = await fetch('/v1/fitment/lookup/devices?limit=20', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const body = (await response.json()) as { data: Array<{ imei: string; status: string }> };
    return body.data;
  });
}

/** Signs the console out by dropping its stored session (the next sign-in starts clean). */
async function dropSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.context().clearCookies();
}

test('a fitter fits a tracker with images; the vendor admin approves its activation from the wallet and opens the certificate', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const registration = `MP09FT${stamp.slice(-4)}`;
  const customerPhone = `97${stamp}11`.slice(0, 10);

  // The demo fitter works for Malwa Auto, the vendor that holds the seeded stock (demo-accounts.ts, demo-business.ts);
  // without the user and device lists, the form's lookups are the fitment module's own.
  await signIn(page, FITTER, '/fitment/add');
  await expect(page.getByRole('heading', { name: 'Add fitment', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Upload' })).toHaveCount(0);

  // Vehicle Details.
  const vehicle = page.getByRole('region', { name: 'Vehicle Details' });
  await vehicle.getByRole('textbox', { name: /^Category/ }).fill('Goods');
  await vehicle.getByRole('textbox', { name: /^Registration number/ }).fill(registration);
  await vehicle.getByRole('textbox', { name: /^Engine no/ }).fill(`EN${stamp}`);
  await vehicle.getByRole('textbox', { name: /^Chassis no/ }).fill(`CH${stamp}`);
  await typeDate(page, /Registration date/, '01042024');
  await expect(vehicle.getByRole('combobox', { name: /^RTO/ })).toHaveAttribute('aria-disabled', 'true');
  await vehicle.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'Madhya Pradesh (MP)' }).click();
  await vehicle.getByRole('combobox', { name: /^RTO/ }).click();
  await page.getByRole('option', { name: /\(MP_09\)/ }).click();
  await vehicle.getByRole('textbox', { name: /^Make/ }).fill('Tata Motors');
  await vehicle.getByRole('textbox', { name: /^Model/ }).fill('Ace Gold');
  await page
    .getByLabel('RC images', { exact: true })
    .setInputFiles([image('rc-front.png', [200, 40, 40]), image('rc-back.png', [40, 200, 40])]);

  // Device Details: a device of the vendor's stock that is not installed.
  const device = page.getByRole('region', { name: 'Device Details' });
  const fittable = await fittableDevices(page);
  expect(fittable.length, 'the fitter sees the vendor stock').toBeGreaterThan(0);
  expect(fittable.every((d) => d.status === 'ALLOCATED' || d.status === 'NEW')).toBe(true);
  await device.getByRole('combobox', { name: /^IMEI/ }).click();
  const firstDevice = page.getByRole('option').first();
  const imei = ((await firstDevice.textContent()) ?? '').slice(0, 15);
  expect(imei).toMatch(/^\d{15}$/);
  await firstDevice.click();
  await page
    .getByLabel('Device images', { exact: true })
    .setInputFiles([image('device-1.png', [40, 40, 200]), image('device-2.png', [200, 200, 40])]);

  // Customer Details: the municipal admin's number is not a customer's (and names nobody); then a new customer's.
  const customer = page.getByRole('region', { name: 'Customer Details' });
  await customer.getByRole('textbox', { name: /^Phone number/ }).fill('9000000002');
  await customer.getByRole('button', { name: 'Find customer' }).click();
  await expect(customer.getByText("This is not a customer's number")).toBeVisible();
  await expect(customer.getByRole('textbox', { name: /^First name/ })).toHaveValue('');
  await customer.getByRole('textbox', { name: /^Phone number/ }).fill(customerPhone);
  await customer.getByRole('button', { name: 'Find customer' }).click();
  await expect(
    customer.getByText('No customer with this number: a new customer will be created.'),
  ).toBeVisible();
  await customer.getByRole('textbox', { name: /^First name/ }).fill('Meena');
  await customer.getByRole('textbox', { name: /^Last name/ }).fill('Solanki');
  await customer.getByRole('textbox', { name: /^E-mail/ }).fill(`meena.${stamp}@example.in`);
  await customer.getByRole('textbox', { name: /^Address/ }).fill('14 Vijay Nagar, Indore');
  await page
    .getByLabel('Aadhaar images', { exact: true })
    .setInputFiles([image('aadhaar.png', [90, 90, 90])]);
  await page.getByLabel('PAN images', { exact: true }).setInputFiles([image('pan.png', [150, 90, 30])]);

  // Fitter Details: the fitter themself, found by phone and locked until Edit.
  const fitterSection = page.getByRole('region', { name: 'Fitter Details' });
  await fitterSection.getByRole('textbox', { name: /^Phone number/ }).fill('9000000007');
  await fitterSection.getByRole('button', { name: 'Find fitter' }).click();
  await expect(fitterSection.getByText('Fitter found: name and e-mail filled in.')).toBeVisible();
  await expect(fitterSection.getByRole('textbox', { name: /^First name/ })).toHaveValue('Ramesh');
  await expect(fitterSection.getByRole('textbox', { name: /^First name/ })).toBeDisabled();
  await fitterSection.screenshot({
    path: fileURLToPath(new URL('../screenshots/fitment-fitter-lookup.png', import.meta.url)),
  });

  // Fitment Date (today) and Activation Duration (1 year).
  await expect(page.getByRole('combobox', { name: /^Activation duration/ })).toContainText(
    '1 year – ₹1,500.00',
  );
  await page.getByLabel(/Activate device/).check();

  // Every upload done before saving (thumbnails, no progress left).
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await shoot(page, 'fitment-form');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'fitment-form-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Add fitment' }).click();
  await expect(page.getByText('Fitment created')).toBeVisible();
  await expect(page).toHaveURL(/\/fitment$/);

  // The fitter sees the new row, pending, without the approval.
  await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
  const fitterRow = page.getByRole('row', { name: new RegExp(registration) });
  await expect(fitterRow.getByText('Pending')).toBeVisible();
  await fitterRow.getByRole('button', { name: `Actions for ${registration}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Approve activation' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The vendor's admin approves it.
  await dropSession(page);
  await signIn(page, RFC_ADMIN, '/fitment');
  await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
  const row = page.getByRole('row', { name: new RegExp(registration) });
  await expect(row.getByText(imei)).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Meena Solanki')).toBeVisible();
  await expect(row.getByText('Ramesh Yadav')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await shoot(page, 'fitment-list');

  // Approve: the plan price leaves the vendor's wallet.
  const before = await walletBalancePaise(page);
  await row.getByRole('button', { name: `Actions for ${registration}` }).click();
  await page.getByRole('menuitem', { name: 'Approve activation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve activation?' });
  await expect(dialog.getByText('Plan price: ₹1,500.00')).toBeVisible();
  await shoot(page, 'fitment-approve');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Activation approved\. Wallet balance:/)).toBeVisible();
  await expect(row.getByText('Approved')).toBeVisible();
  expect(await walletBalancePaise(page)).toBe(before - 150_000);

  // Download certificate: the PDF, named after the vehicle.
  await row.getByRole('button', { name: `Actions for ${registration}` }).click();
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download certificate' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${registration}-VLTD_Certificate-.+\\.pdf$`));

  // View certificate: the public page in a new tab.
  await row.getByRole('button', { name: `Actions for ${registration}` }).click();
  const [certificate] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: 'View certificate' }).click(),
  ]);
  await certificate.waitForLoadState();
  await expect(certificate).toHaveURL(new RegExp(`/certificate/${imei}$`));
  await expect(certificate.getByText('VLTD Fitment Certificate').first()).toBeVisible();
  await expect(certificate.getByText(registration).first()).toBeVisible();
});

/** IMEIs of the signed-in vendor's devices that are not installed (the IMEI picker's list), through the API. */
async function freeImeis(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const token = (JSON.parse(localStorage.getItem('cf.session.accessToken') ?? '{}') as { token?: string })
      .token;
    const response = await fetch('/v1/device?statusNotIn=INSTALLED&pageSize=50', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
    });
    const body = (await response.json()) as { data: { items: Array<{ imei: string; status: string }> } };
    return body.data.items.filter((d) => d.status === 'ALLOCATED').map((d) => d.imei);
  });
}

test('Create Multiple Activations: a CSV with a good and a bad row, the results and the failed rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-4);
  await signIn(page, RFC_ADMIN, '/fitment/add');
  const [imei] = (await freeImeis(page)).slice(-1);
  expect(imei, 'the demo vendor has stock devices').toMatch(/^\d{15}$/);
  const header =
    'category,registrationNumber,engineNo,chassisNo,regDate,rto,rtoCode,make,model,imei,panicButtonCount,' +
    'customerFirstName,customerLastName,customerEmail,customerPhone,customerPassword,fitterFirstName,' +
    'fitterLastName,fitterEmail,fitterPhone,fitmentDate,durationInDays,deviceActivate';
  const csv = [
    header,
    `Goods,MP09BU${stamp},,,2024-04-01,Indore,MP_09,Tata,Ace,${imei ?? ''},1,Anil,Jain,anil.${stamp}@example.in,96${stamp}1234,,,,,,,365,true`,
    `Goods,MP09BV${stamp},,,2024-04-01,Indore,MP_09,Tata,Ace,111111111111111,1,Anil,Jain,,96${stamp}1234,,,,,,,365,false`,
  ].join('\n');

  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Multiple Activations' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'activations.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(dialog.getByText('2 rows ready to upload')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
  await expect(dialog.getByText('1 created, 1 failed')).toBeVisible();
  const results = dialog.getByRole('table', { name: 'Results per row' });
  await expect(results.getByRole('row', { name: new RegExp(`MP09BU${stamp}`) })).not.toHaveAttribute(
    'data-failed',
    'true',
  );
  await expect(results.getByRole('row', { name: new RegExp(`MP09BV${stamp}`) })).toHaveAttribute(
    'data-failed',
    'true',
  );
  await shoot(page, 'fitment-bulk-results');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download failed rows (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('activations-failed.csv');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The created row is in the list.
  await page.goto('/fitment');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`MP09BU${stamp}`);
  await expect(page.getByRole('row', { name: new RegExp(`MP09BU${stamp}`) })).toBeVisible();
});
