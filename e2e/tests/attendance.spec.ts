import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import {
  buildGt06DriverId,
  buildGt06Location,
  buildGt06Login,
} from '../../tools/simulator/src/packets/gt06.ts';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { demoFleet } from '@civicfleet/simulator';
import { ADMIN, istDay, shoot, signIn } from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; vehicle 22 speaks GT06 and is no other spec's.
const OWN_TRACKER = demoFleet(50, 1)[22];

/** Screenshots people look at. */
const SHOTS = '/tmp/shots';

interface DeviceRow {
  imei: string;
  protocol: string | null;
  vehicle: { id: string; registrationNumber: string } | null;
}

async function token(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('cf.session.accessToken');
    return raw ? (JSON.parse(raw) as { token: string }).token : '';
  });
}

/** The API as the signed-in page sees it. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers = { Authorization: `Bearer ${await token(page)}` };
  const response =
    method === 'GET'
      ? await page.request.get(`/v1${path}`, { headers })
      : await page.request.post(`/v1${path}`, { headers, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A fix near Rajwada, Indore, ignition on. */
function reading(at: number): DeviceReading {
  return {
    fixTimeMs: at,
    lat: 22.7186,
    lon: 75.8553,
    altitudeM: 550,
    speedKph: 12,
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

/** A unique 8-digit upper-case hex card number (what an RFID reader reports). */
const cardNumber = (salt: number) =>
  (0x10000000 + ((Date.now() * 7 + salt * 7919) % 0x6fffffff)).toString(16).toUpperCase();

test.use({ viewport: { width: 1400, height: 900 } });

test('staff, allocation and attendance: a supervisor marks someone absent; a driver-id read marks a driver present', async ({
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  page.on('pageerror', (error) => console.log('PAGE ERROR', error.message));
  const suffix = Date.now().toString(36).slice(-4).toUpperCase();
  const helperName = `E2E Helper ${suffix}`;
  const driverName = `E2E Driver ${suffix}`;
  const driverTag = cardNumber(1);

  // 1. Create a staff member on the form.
  await signIn(page, ADMIN, '/swm/staff/add');
  await expect(page.getByRole('heading', { name: 'Add staff member' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(helperName);
  await page.getByLabel(/^Phone/).fill('9826000001');
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'Helper' }).click();
  await page.getByLabel(/^RFID/).fill(cardNumber(2).toLowerCase());
  await shoot(page, 'attendance-1-staff-form');
  await page.getByRole('button', { name: 'Add staff' }).click();
  await expect(page.getByText('Staff member added')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await page.getByPlaceholder('Search name, phone or tag').fill(helperName);
  await expect(page.getByRole('row', { name: new RegExp(helperName) })).toBeVisible();
  await shoot(page, 'attendance-2-staff-list');

  // 2. Allocate them to a demo vehicle for today's shift.
  const devices = await api<{ items: DeviceRow[] }>(page, 'GET', '/device?pageSize=100');
  // Demo vehicle 22 (GT06): live.spec.ts takes the first GT06 tracker of the list and expects it never connected.
  const tracker = devices.items.find((d) => d.imei === OWN_TRACKER?.imei && d.vehicle !== null);
  if (!tracker?.vehicle) throw new Error('No GT06 demo tracker on a vehicle');
  const registration = tracker.vehicle.registrationNumber;
  await page.goto('/swm/vehicle-allocation');
  await expect(page.getByRole('heading', { name: 'Vehicle allocation' })).toBeVisible();
  await page.getByRole('link', { name: 'Allocate' }).click();
  await expect(page.getByRole('heading', { name: 'Allocate staff to a vehicle' })).toBeVisible();
  await page.getByRole('combobox', { name: /^Vehicle/ }).fill(registration);
  await page.getByRole('option', { name: registration, exact: true }).click();
  await page.getByRole('combobox', { name: /^Staff member/ }).fill(helperName);
  await page.getByRole('option', { name: new RegExp(helperName) }).click();
  await page.getByRole('button', { name: 'Allocate' }).click();
  await expect(page.getByText('Allocated', { exact: true })).toBeVisible();
  const allocationRow = page.getByRole('row', { name: new RegExp(helperName) });
  await expect(allocationRow).toContainText(registration);
  await expect(allocationRow).toContainText('On duty');
  await shoot(page, 'attendance-3-allocation');

  // 3. Mark them ABSENT with a reason; the board shows it with its source.
  await page.goto('/swm/attendance');
  await expect(page.getByRole('heading', { name: 'Attendance' })).toBeVisible();
  await page.getByPlaceholder('Search name, phone or tag').fill(helperName);
  const helperRow = page.getByRole('row', { name: new RegExp(helperName) });
  await expect(helperRow).toContainText('Not marked');
  await helperRow.getByRole('button', { name: `Actions for ${helperName}` }).click();
  await page.getByRole('menuitem', { name: 'Mark attendance' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Absent' }).check();
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(dialog.getByText('A reason is required to mark someone absent')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('Medical leave');
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await expect(page.getByText(`Attendance of ${helperName} saved`)).toBeVisible();
  await expect(helperRow).toContainText('Absent');
  await expect(helperRow).toContainText('Supervisor');
  await expect(helperRow).toContainText('Medical leave');
  await shoot(page, 'attendance-4-absent');

  // 4. A driver's card is read by the tracker: within the attendance job's minute they are PRESENT (driver-id).
  await api(page, 'POST', '/staff', {
    name: driverName,
    role: 'driver',
    tagId: driverTag,
    licenceNo: 'MP09E2E',
  });
  const socket = net.connect(E2E_DEVICE_PORTS.gt06, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  try {
    const acked = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(buildGt06Login(tracker.imei, 1));
    await acked;
    socket.on('data', () => undefined);
    const sentAt = Date.now();
    socket.write(buildGt06Location(reading(sentAt - 2_000), { serial: 2, isReupload: false }));
    socket.write(buildGt06DriverId(driverTag, 3));
    // The board of the read's day (the run may pass midnight while it waits).
    const readDay = istDay(sentAt);
    const driverRow = page.getByRole('row', { name: new RegExp(driverName) });
    await expect
      .poll(
        async () => {
          await page.goto(`/swm/attendance?day=${readDay}`);
          await page.getByPlaceholder('Search name, phone or tag').fill(driverName);
          await expect(driverRow).toBeVisible();
          return (await driverRow.textContent()) ?? '';
        },
        { timeout: 100_000, intervals: [5_000] },
      )
      .toContain('Driver ID');
    await expect(driverRow).toContainText('Present');
    await expect(driverRow).toContainText(registration);
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await shoot(page, 'attendance-5-driver-id');
    await page.screenshot({ path: `${SHOTS}/attendance-driver-id.png` });

    // The read also allocated the driver to that vehicle (source driver-id).
    await page.goto('/swm/vehicle-allocation');
    await page.getByPlaceholder('Search vehicle, name or tag').fill(driverName);
    const allocated = page.getByRole('row', { name: new RegExp(driverName) });
    await expect(allocated).toContainText(registration);
    await expect(allocated).toContainText('Driver ID');
    await shoot(page, 'attendance-6-driver-id-allocation');
  } finally {
    socket.destroy();
  }
});
