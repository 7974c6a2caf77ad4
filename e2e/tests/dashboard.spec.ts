/**
 * The dashboards end to end: a demo AIS-140 tracker reads a driver's RFID card (a staff member created through the
 * API) and drives a past track into the Devguradia trenching ground, dwells six minutes and leaves, over real TCP.
 * /dashboard then shows a disposal trip and the driver present (the attendance worker job runs every 60 s); the trips
 * number opens the trip list behind it; /dashboardv2 drills into a zone; /fleet-dashboard renders. Screenshots of all
 * three in light and dark mode. Nothing is mocked.
 */
import { expect, test } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import type { CityDashboard } from '@civicfleet/shared';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
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

// demoFleet(50, seed 1) as the e2e server seeds it; vehicles 0, 3, 6 … speak AIS-140 (0, 3, 6 and 12 are other
// specs').
const vehicle = demoFleet(50, 1)[15];
/** Outside the yard on the approach road, and its weighbridge inside (seed/indore-geofences.ts). */
const APPROACH = { lat: 22.675, lon: 75.875 };
const YARD = { lat: 22.66, lon: 75.89 };
const MINUTE_MS = 60_000;
const TAG = `D5${String(Date.now() % 1_000_000).padStart(6, '0')}`;

function reading(
  fixTimeMs: number,
  lat: number,
  lon: number,
  speedKph: number,
  driverTag?: string,
): DeviceReading {
  return trackReading(fixTimeMs, lat, lon, speedKph, {
    headingDeg: 135,
    ...(driverTag ? { driverTag } : {}),
  });
}

/**
 * Fixes every 20 s, strictly increasing, all in the last hour: the driver's card read at the start, 10 min driving
 * in, 6 min standing at the weighbridge, 10 min driving back out.
 */
function track(startMs: number): DeviceReading[] {
  const out: DeviceReading[] = [];
  let t = startMs;
  const step = 20_000;
  const leg = (from: typeof APPROACH, to: typeof APPROACH, minutes: number, speedKph: number) => {
    const n = (minutes * MINUTE_MS) / step;
    for (let i = 0; i < n; i++) {
      const f = i / n;
      out.push(
        reading(
          t,
          from.lat + (to.lat - from.lat) * f,
          from.lon + (to.lon - from.lon) * f,
          speedKph,
          out.length === 0 ? TAG : undefined,
        ),
      );
      t += step;
    }
  };
  leg(APPROACH, YARD, 10, 25);
  leg(YARD, YARD, 6, 0);
  leg(YARD, APPROACH, 10, 25);
  return out;
}

test.use({ viewport: { width: 1366, height: 900 } });

test('the dashboards show the trip and attendance a tracker produced, drill down and link to the lists', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, ADMIN);
  const staff = await apiCall<{ id: string }>(page, 'POST', '/staff', {
    name: `Dashboard driver ${TAG.slice(-4)}`,
    role: 'driver',
    tagId: TAG,
  });
  expect(staff.status).toBe(200);

  const startMs = trackStartInOneDay(45 * MINUTE_MS);
  // The track's day: today, or yesterday when the run is just past midnight.
  const day = istDay(startMs);
  if (!vehicle) throw new Error('no demo vehicle');
  await sendAis140Track({ imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber }, track(startMs), {
    isHistory: false,
  });

  // The visit is derived at ingest; attendance by the worker's job (every 60 s).
  await expect
    .poll(
      async () => {
        const city = (await apiCall<CityDashboard>(page, 'GET', `/dashboard/city?from=${day}&to=${day}`))
          .data;
        return city.disposalTrips.total >= 1 && city.attendance.present >= 1;
      },
      { timeout: 180_000, intervals: [2000, 5000] },
    )
    .toBe(true);

  await page.goto(`/dashboard?from=${day}&to=${day}`);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  const trips = page.getByRole('region', { name: 'Disposal trips' });
  const tripsLink = trips.getByRole('link', { name: /disposal trips: open the list/ });
  await expect(tripsLink).toBeVisible();
  expect(Number((await tripsLink.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  const attendance = page.getByRole('region', { name: /^Attendance/ });
  const present = attendance.getByRole('link', { name: /present$/ });
  expect(Number((await present.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  await shootBoth(page, 'dashboard-city', async () => {
    await expect(tripsLink).toBeVisible();
  });

  await tripsLink.click();
  await expect(page).toHaveURL(/\/swm\/dump-yard\?tab=trips&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('heading', { name: 'Disposal trips' })).toBeVisible();
  await expect(
    page.getByRole('row', { name: new RegExp(vehicle?.registrationNumber ?? '-') }).first(),
  ).toBeVisible();

  // The drill-down: zones → one zone (URL state), its map and chart.
  await page.goto('/dashboardv2');
  await expect(page.getByRole('heading', { name: 'Dashboard V2' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Figures by division' });
  const firstZone = table.getByRole('button').first();
  await expect(firstZone).toBeVisible();
  const zoneName = (await firstZone.textContent()) ?? '';
  await firstZone.click();
  await expect(page).toHaveURL(/zoneId=\d+/);
  await expect(page.getByRole('navigation', { name: 'Drill-down' })).toContainText(zoneName);
  await expect(page.getByRole('heading', { name: `Inside ${zoneName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Distance (km)' }).click();
  await expect(page).toHaveURL(/metric=distance/);
  await shootBoth(page, 'dashboard-divisions', async () => {
    await expect(page.getByRole('heading', { name: 'Distance (km) per day' })).toBeVisible();
  });

  // Fleet.
  await page.goto('/fleet-dashboard');
  await expect(page.getByRole('heading', { name: 'Fleet dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Utilisation', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fuel', exact: true })).toContainText('No fuel sensor data');
  await shootBoth(page, 'dashboard-fleet', async () => {
    await expect(page.getByRole('region', { name: 'Driver performance' })).toBeVisible();
  });

  // Hindi.
  await page.evaluate(() => localStorage.setItem('cf.language', 'hi'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'डैशबोर्ड', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'निपटान ट्रिप' }).getByRole('link').first()).toBeVisible();
  await page.waitForTimeout(600);
  await shoot(page, 'dashboard-city-hi');
  await page.evaluate(() => localStorage.setItem('cf.language', 'en'));

  // The live-tracking dashboard: status counters and the alert stream beside the map.
  await page.goto('/view-operations/live-tracking');
  await expect(page.getByRole('region', { name: 'Alert stream' })).toBeVisible();
  await page.waitForTimeout(1500);
  await shoot(page, 'dashboard-live-tracking');
});
