/**
 * The activity reports end to end: a demo AIS-140 tracker drives 30 minutes over real TCP; the Monthly Summary shows
 * its distance in its day's cell of the month grid (range hidden, month chosen), and Vehicle Categorization shows the
 * band cards — a card filters the table to its band through the URL. Screenshots in light and dark mode.
 */
import { expect, test } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import type { ReportRun } from '@civicfleet/shared';
import {
  ADMIN,
  apiCall,
  istDay,
  sendAis140Track,
  shoot,
  shootBoth,
  signIn,
  trackReading,
  trackStartInOneDay,
} from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; multiples of 3 speak AIS-140 (0–22 are other specs').
const vehicle = demoFleet(50, 1)[33];
const MINUTE_MS = 60_000;
const START = { lat: 22.7186, lon: 75.8551 };

function reading(fixTimeMs: number, lat: number, lon: number, speedKph: number): DeviceReading {
  return trackReading(fixTimeMs, lat, lon, speedKph);
}

/** 30 minutes east at 30 km/h (15 km), a fix every 20 s. */
function drive(startMs: number): DeviceReading[] {
  const out: DeviceReading[] = [];
  const stepS = 20;
  const n = (30 * 60) / stepS;
  const degPerStep = ((30 / 3.6) * stepS) / (111_320 * Math.cos((START.lat * Math.PI) / 180));
  for (let i = 0; i <= n; i++)
    out.push(reading(startMs + i * stepS * 1000, START.lat, START.lon + i * degPerStep, 30));
  return out;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('monthly summary grid and vehicle categorisation band cards from a tracked drive', async ({ page }) => {
  test.setTimeout(240_000);
  if (!vehicle) throw new Error('no demo vehicle');
  const startMs = trackStartInOneDay(40 * MINUTE_MS);
  // Two bursts: the first connects the tracker (the gateway loads its organisation's settings), the rest follows.
  const readings = drive(startMs);
  const identity = { imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber };
  await sendAis140Track(identity, readings.slice(0, 5), { isHistory: false });
  await page.waitForTimeout(3000);
  await sendAis140Track(identity, readings.slice(5), { isHistory: false });
  // The drive's day (today, or yesterday when the run is just past midnight).
  const day = istDay(startMs);
  const dayOfMonth = Number(day.slice(8, 10));

  // The drive is derived at ingest: wait until the day's rollup is there (and learn the vehicle's id).
  await signIn(page, ADMIN, '/reports/monthly-summary');
  let vehicleId = '';
  await expect
    .poll(
      async () => {
        const answer = await apiCall<ReportRun>(page, 'POST', '/report/daily-run-summary/run', {
          from: `${day}T00:00:00+05:30`,
          to: `${day}T23:59:59.999+05:30`,
        });
        const row = answer.data.rows.find((r) => r.regNo === vehicle.registrationNumber);
        vehicleId = typeof row?.vehicleId === 'string' ? row.vehicleId : '';
        return Number(row?.distance ?? 0) > 5000;
      },
      { timeout: 90_000, intervals: [2000, 5000] },
    )
    .toBe(true);

  // Monthly Summary: no range fields, the month filled in.
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly Summary' })).toBeVisible();
  await expect(page.getByLabel('From Time')).toHaveCount(0);
  await expect(page.getByTestId('report-month')).toHaveValue(istDay(Date.now()).slice(0, 7));
  await shoot(page, 'report-monthly-summary-empty');
  await page.goto(`/reports/monthly-summary?month=${day.slice(0, 7)}&vehicleId=${vehicleId}`);
  const grid = page.getByRole('region', { name: /Distance by day/ });
  await expect(grid).toBeVisible({ timeout: 60_000 });
  const row = grid.getByRole('row', { name: new RegExp(vehicle.registrationNumber) });
  await expect(row).toBeVisible();
  // Today's cell: about 15 km (the distance stage may trim a few metres), a run time on the second line.
  const cell = row.getByRole('cell').nth(dayOfMonth - 1);
  await expect(cell).toContainText(/1[45]\.\d\d/);
  await expect(cell).toContainText(/0\.\d h/);
  await shootBoth(page, 'report-monthly-summary');

  // Vehicle Categorization over the drive's day: band cards; the Offline card filters the table, pressing it again clears.
  await page.goto(`/reports/vehicle-categorization?from=${day}&to=${day}`);
  const cards = page.getByRole('group', { name: 'Vehicles per band' });
  await expect(cards).toBeVisible({ timeout: 60_000 });
  const offline = cards.getByRole('button', { name: /^Offline:/ });
  await expect(offline).toBeVisible();
  await shootBoth(page, 'report-vehicle-categorization');
  await offline.click();
  await expect(page).toHaveURL(/band=offline/);
  await expect(offline).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('table').last();
  await expect(table).toContainText('Offline');
  await expect(table).not.toContainText(vehicle.registrationNumber);
  await shoot(page, 'report-vehicle-categorization-offline');
  await offline.click();
  await expect(page).not.toHaveURL(/band=/);
});
