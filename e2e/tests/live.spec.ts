import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { buildGt06Location, buildGt06Login } from '../../tools/simulator/src/packets/gt06.ts';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, shoot, signIn } from './support.ts';

/** Screenshots people look at. */
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

/** A reading near Rajwada, Indore; `eastM` metres further east. */
function reading(at: number, speedKph: number, eastM: number): DeviceReading {
  return {
    fixTimeMs: at,
    lat: 22.7186,
    lon: 75.8553 + eastM / (111_320 * Math.cos((22.7186 * Math.PI) / 180)),
    altitudeM: 550,
    speedKph,
    headingDeg: 90,
    satellites: 11,
    hdop: 0.9,
    pdop: 1.4,
    gpsValid: true,
    ignition: true,
    mainPower: true,
    mainVoltageV: 12.6,
    batteryVoltageV: 4.1,
    gsmSignal: 22,
    odometerM: 12_000,
    isMoving: true,
    isEmergency: false,
    isTamperOpen: false,
    cell: { operator: 'Jio', mcc: 405, mnc: 874, lac: 1201, cellId: 33001 },
  };
}

/** A GT06 tracker on the e2e gateway: logs in (and waits for the server's ack), then sends what it is given. */
async function connectGt06(imei: string) {
  const socket = net.connect(E2E_DEVICE_PORTS.gt06, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const acked = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(buildGt06Login(imei, 1));
  await acked;
  socket.on('data', () => undefined);
  let serial = 2;
  return {
    send: (r: DeviceReading) =>
      new Promise<void>((resolve, reject) =>
        socket.write(buildGt06Location(r, { serial: serial++, isReupload: false }), (e) =>
          e ? reject(e) : resolve(),
        ),
      ),
    close: () => socket.destroy(),
  };
}

test.use({ viewport: { width: 1400, height: 900 } });

test('a tracker reports over TCP: the vehicle appears on the live map, then moves', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  page.on('pageerror', (error) => console.log('PAGE ERROR', error.message));
  await signIn(page, ADMIN, '/view-operations/live-tracking');
  await expect(page.getByRole('heading', { name: 'Live tracking' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 20_000 });
  const map = page.getByRole('region', { name: 'Live map' });
  await expect(map.locator('canvas')).toBeVisible();
  // No vehicle has a position yet: the offline base map shows India with its states.
  await page.waitForTimeout(1500);
  await map.screenshot({ path: `${SHOTS}/live-0-india.png` });

  const devices = await api<{ items: DeviceRow[] }>(page, '/device?pageSize=100');
  const tracker = devices.items.find((d) => d.protocol === 'gt06' && d.vehicle !== null);
  if (!tracker?.vehicle) throw new Error('No GT06 demo tracker on a vehicle');
  const registration = tracker.vehicle.registrationNumber;

  // The demo fleet is registered but silent (SIMULATOR off): the vehicle is listed as never connected.
  const search = page.getByLabel('Search registration or IMEI');
  await search.fill(registration);
  const list = page.getByRole('list', { name: /vehicle/ });
  await expect(list.getByRole('button', { name: new RegExp(registration) })).toContainText('Never connected');

  const device = await connectGt06(tracker.imei);
  try {
    await device.send(reading(Date.now() - 4_000, 24, 0));
    // It appears: the list row turns Moving and the map fits the first vehicle that has a position.
    await expect(list.getByRole('button', { name: new RegExp(registration) })).toContainText('Moving', {
      timeout: 20_000,
    });
    await list.getByRole('button', { name: new RegExp(registration) }).click();
    const card = page.getByRole('region', { name: `Vehicle ${registration}` });
    await expect(card.getByText('24 km/h')).toBeVisible();
    const lastUpdate = card
      .locator('dt', { hasText: 'Last update' })
      .locator('xpath=following-sibling::dd[1]');
    const firstUpdate = await lastUpdate.textContent();
    // Follow zooms to the vehicle; then stop following so that the next fix moves it across the view.
    await card.getByLabel('Follow').check();
    await page.waitForTimeout(1500);
    await card.getByLabel('Follow').uncheck();
    await page.waitForTimeout(800);
    const before = await map.screenshot({ path: `${SHOTS}/live-1-appeared.png` });
    await shoot(page, 'live-1-appeared');

    await device.send(reading(Date.now() - 1_000, 38, 250));
    await expect(card.getByText('38 km/h')).toBeVisible({ timeout: 20_000 });
    await expect(lastUpdate).not.toHaveText(firstUpdate ?? '');
    await page.waitForTimeout(1000);
    const after = await map.screenshot({ path: `${SHOTS}/live-2-moved.png` });
    await shoot(page, 'live-2-moved');
    expect(after.equals(before)).toBe(false);

    // The trail of the last 15 minutes is drawn from GET /vehicle/position/track.
    const trailResponse = page.waitForResponse((r) => r.url().includes('/v1/vehicle/position/track'));
    await card.getByLabel('Trail').click();
    await page.getByRole('option', { name: 'Last 15 minutes' }).click();
    expect((await trailResponse).ok()).toBe(true);
    await page.waitForTimeout(800);
    await map.screenshot({ path: `${SHOTS}/live-3-trail.png` });
  } finally {
    device.close();
  }
});

test('the wallboard fills the window without the console chrome', async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, ADMIN, '/view-operations/fs-tracking');
  const board = page.getByRole('region', { name: 'Fullscreen tracking' });
  await expect(board).toBeVisible();
  await expect(board.getByRole('status', { name: 'Vehicles by status' })).toContainText('Never connected');
  const box = await board.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 1400, height: 900 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/live-4-wallboard.png` });
});
