import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, signIn } from './support.ts';

/** Screenshots people look at (see the task report). */
const SHOTS = '/tmp/shots';
const GONE = 'This link has expired or was revoked.';

interface DeviceRow {
  imei: string;
  protocol: string | null;
  vehicle: { id: string; registrationNumber: string } | null;
}

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => {
    const raw = window.localStorage.getItem('cf.session.accessToken');
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
  const response = await page.request.get(`/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An AIS-140 normal (NRM) tracking packet of the MARK format the gateway decodes: a fix at Palasia, Indore. */
function trackingPacket(imei: string, at: Date, speedKph: number): string {
  const date = `${two(at.getUTCDate())}${two(at.getUTCMonth() + 1)}${at.getUTCFullYear()}`;
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  return (
    `$,NRM,MARK,V0.0.1,NR,01,L,${imei},000000000,1,${date},${time},22.719700,N,75.857800,E,${speedKph.toFixed(1)},` +
    '90.00,13,211.2,1.4,0.7,IDEA,1,1,12.1,3.7,0,C,20,404,60,A5F,FD3F,A5F,6F88,29,A5F,5855,18,A5F,6F87,18,A5F,FD41,' +
    '14,0000,00,0.1,0,000027,0,0,0,4E9C,*\r\n'
  );
}

async function sendFix(imei: string, speedKph: number): Promise<void> {
  const socket = net.connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('data', () => undefined);
  await new Promise<void>((resolve, reject) =>
    socket.write(trackingPacket(imei, new Date(Date.now() - 2_000), speedKph), (e) =>
      e ? reject(e) : resolve(),
    ),
  );
  // The gateway acknowledges after its batch committed; give it a moment before hanging up.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  socket.destroy();
}

test.use({ viewport: { width: 1400, height: 1000 } });

test('a live share link works signed out and stops working once revoked', async ({ page, browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  page.on('pageerror', (error) => console.log('PAGE ERROR', error.message));
  await signIn(page, ADMIN, '/view-operations/live-tracking');
  const devices = await api<{ items: DeviceRow[] }>(page, '/device?pageSize=100');
  const tracker = devices.items.find((d) => d.protocol === 'ais140' && d.vehicle !== null);
  if (!tracker?.vehicle) throw new Error('No AIS-140 demo tracker on a vehicle');
  const vehicle = tracker.vehicle;
  await sendFix(tracker.imei, 24);

  // The admin opens the vehicle on the live map and shares it for an hour.
  await page.goto(`/view-operations/live-tracking?vehicleId=${vehicle.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Share live tracking/ });
  await dialog.getByRole('button', { name: '1 hour' }).click();
  await dialog.getByLabel('Label').fill('Ward officer, e2e');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: 'Link', exact: true });
  await expect(linkField).toHaveValue(/\/public\/share\/live-tracking\?token=/);
  const link = await linkField.inputValue();
  await expect(
    dialog.getByRole('list', { name: 'Links already shared' }).getByText('Ward officer, e2e'),
  ).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/share-1-dialog.png` });

  // Someone without an account opens it: the vehicle, and nothing of the console.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const publicPage = await visitor.newPage();
  publicPage.on('pageerror', (error) => console.log('PUBLIC PAGE ERROR', error.message));
  await publicPage.goto(link);
  await expect(publicPage.getByRole('heading', { name: 'Ward officer, e2e' })).toBeVisible();
  const card = publicPage.getByRole('region', { name: 'Vehicles' });
  await expect(card.getByText(vehicle.registrationNumber)).toBeVisible();
  await expect(card.getByText('24 km/h')).toBeVisible();
  await expect(card.getByText(/^Last update \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();
  await expect(publicPage.getByRole('navigation')).toHaveCount(0);
  await expect(publicPage.getByRole('link', { name: /Vehicle Status|Sign in/ })).toHaveCount(0);
  // A new fix reaches the open page (the share's live feed; at the latest the page's 15 s re-read of the link).
  await expect(card.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
  await sendFix(tracker.imei, 37);
  await expect(card.getByText('37 km/h')).toBeVisible({ timeout: 25_000 });
  await publicPage.waitForTimeout(1_500); // map tiles and icons settle
  await publicPage.screenshot({ path: `${SHOTS}/share-2-public-live.png` });

  // The admin revokes it from the list of shares.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Shares', exact: true }).click();
  const shares = page.getByRole('dialog', { name: 'Share links' });
  const row = shares.getByRole('row').filter({ hasText: 'Ward officer, e2e' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Link revoked')).toBeVisible();

  // The open public page stops; reloaded, it says only that the link is gone.
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { name: GONE })).toBeVisible();
  await expect(publicPage.getByText(vehicle.registrationNumber)).toHaveCount(0);
  await publicPage.screenshot({ path: `${SHOTS}/share-3-revoked.png` });
  await visitor.close();
});
