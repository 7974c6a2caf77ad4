import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, shoot, signIn } from './support.ts';

/** Screenshots people look at (see the task report). */
const SHOTS = '/tmp/shots';

interface DeviceRow {
  imei: string;
  protocol: string | null;
  vehicle: { id: string; registrationNumber: string } | null;
}

/** The API as the signed-in page sees it: the session's bearer token from localStorage. */
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

/** An AIS-140 emergency message (`$,EPB,EMR`, the Wetrack140 / MARK format the gateway decodes), time in UTC. */
function emergencyPacket(imei: string, at: Date): string {
  const date = `${two(at.getUTCDate())}${two(at.getUTCMonth() + 1)}${at.getUTCFullYear()}`;
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  return `$,EPB,EMR,${imei},NM,${date}${time},A,22.719600,N,075.857700,E,520.00,0.1,0.0,G,NA00000000,N.A0000000,*\r\n`;
}

/** A tracker on the e2e gateway's AIS-140 port that presses its panic button. */
async function pressPanicButton(imei: string): Promise<net.Socket> {
  const socket = net.connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('data', () => undefined); // acknowledgements and commands: not needed here
  await new Promise<void>((resolve, reject) =>
    socket.write(emergencyPacket(imei, new Date(Date.now() - 5_000)), (e) => (e ? reject(e) : resolve())),
  );
  return socket;
}

async function snap(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test.use({ viewport: { width: 1400, height: 1000 } });

test('an SOS from a tracker appears on the desk with the alarm, is acknowledged with a note and closed', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  page.on('pageerror', (error) => console.log('PAGE ERROR', error.message));
  await signIn(page, ADMIN, '/view-operations/sos-desk');
  await expect(page.getByRole('heading', { name: 'SOS Desk' })).toBeVisible();
  await expect(page.getByText('No open alerts. All clear.')).toBeVisible();

  const devices = await api<{ items: DeviceRow[] }>(page, '/device?pageSize=100');
  const tracker = devices.items.find((d) => d.protocol === 'ais140' && d.vehicle !== null);
  if (!tracker?.vehicle) throw new Error('No AIS-140 demo tracker on a vehicle');
  const registration = tracker.vehicle.registrationNumber;

  const socket = await pressPanicButton(tracker.imei);
  try {
    // The live feed brings the alert at once; the desk also asks every 15 s.
    const row = page.getByRole('button', { name: `SOS alert of ${registration}` });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('New')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 new alert' })).toBeVisible();
    await expect(page.getByRole('link', { name: '1 new SOS or critical alert' })).toBeVisible();
    await snap(page, 'desk-1-new-sos');

    // The live-tracking page's compact desk shows it too, and opens it in place.
    await page.goto('/view-operations/live-tracking');
    const panel = page.getByRole('region', { name: 'SOS and critical alerts' });
    await panel.getByRole('button', { name: `SOS alert of ${registration}` }).click();
    const popup = page.getByRole('dialog', { name: 'Alert details' });
    await expect(popup.getByRole('heading', { name: registration })).toBeVisible();
    await snap(page, 'desk-3-live-panel');
    await popup.getByRole('button', { name: 'Close', exact: true }).click();
    await panel.getByRole('link', { name: 'Open the SOS desk' }).click();
    await expect(page.getByRole('heading', { name: 'SOS Desk' })).toBeVisible();

    await page.getByRole('button', { name: `SOS alert of ${registration}` }).click();
    const detail = page.getByRole('region', { name: `Alert of ${registration}` });
    await expect(detail.getByText('Alert raised')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Send emergency off' })).toBeVisible();

    await detail.getByRole('button', { name: 'Acknowledge' }).click();
    const ack = page.getByRole('dialog', { name: 'Acknowledge the alert' });
    await ack.getByLabel('Note').fill('Called the driver, he pressed it by mistake');
    await ack.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByText('Alert acknowledged')).toBeVisible();
    await expect(detail.getByText('Called the driver, he pressed it by mistake')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'No new alerts' })).toBeVisible({
      timeout: 20_000,
    });

    await detail.getByRole('button', { name: 'Close alert' }).click();
    const close = page.getByRole('dialog', { name: 'Close the alert' });
    await close.getByRole('button', { name: 'Close alert' }).click();
    await expect(close.getByText('A resolution is required to close the alert')).toBeVisible();
    await close.getByLabel(/Resolution/).fill('False alarm: driver confirmed on the phone');
    await close.getByRole('button', { name: 'Close alert' }).click();
    await expect(page.getByText('Alert closed')).toBeVisible();

    // The timeline: raised, acknowledged (with the note), closed (with the resolution), times in IST.
    const timeline = detail.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('Alert raised')).toBeVisible();
    await expect(timeline.getByText(/^Acknowledged/)).toBeVisible();
    await expect(timeline.getByText(/^Closed/)).toBeVisible();
    await expect(timeline.getByText('False alarm: driver confirmed on the phone')).toBeVisible();
    await expect(timeline.locator('time').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await snap(page, 'desk-2-closed-timeline');

    // Gone from the open alerts; listed under Closed.
    await expect(page.getByText('No open alerts. All clear.')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'Closed' }).click();
    await expect(page.getByRole('button', { name: `SOS alert of ${registration}` })).toBeVisible();
    await shoot(page, 'sos-desk');
  } finally {
    socket.destroy();
  }
});
