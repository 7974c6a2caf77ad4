/**
 * The vehicle status board against the real server: counters over the whole demo fleet, a tracker's first packet
 * (sent over real TCP to the e2e gateway) turning its row from "Never connected" to "Moving" live, and the row action
 * that opens live tracking for that vehicle.
 */
import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { demoFleet } from '@civicfleet/simulator';
import { buildAis140Location, buildAis140Login } from '../../tools/simulator/src/packets/ais140.ts';
import { sampleReading } from '../../tools/simulator/src/packets/reading.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, shoot, signIn } from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; vehicles 0, 3, 6 … speak AIS-140. 0 is playback.spec's.
const vehicle = demoFleet(50, 1)[3];

async function sendLivePacket(): Promise<void> {
  if (!vehicle) throw new Error('no demo vehicle');
  const identity = { imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber };
  const reading = sampleReading({ fixTimeMs: Date.now() - 2000, speedKph: 27, ignition: true });
  const socket = connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(buildAis140Login(identity, reading));
  socket.write(
    buildAis140Location(identity, reading, { event: 'location', isHistory: false, frameNumber: 1 }),
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.end();
}

const count = async (text: string | null) => Number(/(\d+)\s*$/.exec(text ?? '')?.[1] ?? NaN);

test('counters cover the fleet, a first packet shows live, and a row opens live tracking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const registration = vehicle?.registrationNumber ?? '';
  await signIn(page, ADMIN, '/vehicle-status');
  await expect(page.getByRole('heading', { name: 'Vehicle status' })).toBeVisible();
  const counters = page.getByRole('group', { name: 'Filter by status' });
  const all = counters.getByRole('button', { name: /^All \d+$/ });
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  const total = await count(await all.textContent());
  expect(total).toBeGreaterThanOrEqual(50);
  let sum = 0;
  for (const status of ['Moving', 'Idle', 'Stopped', 'Offline', 'Never connected'])
    sum += await count(
      await counters.getByRole('button', { name: new RegExp(`^${status} \\d+$`) }).textContent(),
    );
  expect(sum).toBe(total);

  await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
  const row = page.getByRole('row', { name: new RegExp(registration) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Never connected')).toBeVisible();

  // The tracker reports: the row changes in place from the live feed.
  await sendLivePacket();
  await expect(row.getByText('Moving')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('27 km/h')).toBeVisible();
  await expect(row.getByLabel('Connected')).toBeVisible();
  await shoot(page, 'vehicle-status');

  await page.getByRole('button', { name: /^Never connected \d+$/ }).click();
  await expect(page).toHaveURL(/status=never-connected/);
  await expect(page.getByRole('button', { name: /^Never connected \d+$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: /^All \d+$/ }).click();
  await expect(page.getByRole('button', { name: /^All \d+$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(/status=/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(registration);
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: `Actions for ${registration}` }).click();
  await page.getByRole('menuitem', { name: 'See live tracking' }).click();
  await expect(page).toHaveURL(/\/view-operations\/live-tracking\?vehicleId=\d+$/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/vehicle-status');
  await expect(page.getByRole('group', { name: 'Filter by status' })).toBeVisible();
  await shoot(page, 'vehicle-status-dark');
});
