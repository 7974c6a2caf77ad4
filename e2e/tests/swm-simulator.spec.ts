/**
 * The demo simulator itself fills the SWM screens (issue 7 "the simulator produces all of it"): twelve registered
 * demo vehicles replay the last 40 minutes of an on-duty shift over real TCP at 20× (no packet is crafted here): the
 * crews' RFID cards read at the first reports become attendance, the short first rounds end at a transfer station or
 * the dump yard and become disposal trips, and /dashboard shows both. Then the simulator stops at the present.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoFleet, startSimulator } from '@civicfleet/simulator';
import type { CityDashboard } from '@civicfleet/shared';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, apiCall, istDay, shoot, signIn } from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; 36–47 are no other spec's vehicles.
const VEHICLES = demoFleet(50, 1).slice(36, 48);
const REPLAY_MIN = 40;
const SPEEDUP = 20;

async function city(page: Page, from: string, to: string): Promise<CityDashboard> {
  const { status, data } = await apiCall<CityDashboard>(page, 'GET', `/dashboard/city?from=${from}&to=${to}`);
  expect(status).toBe(200);
  return data;
}

test('the demo simulator fills the dashboard: card reads become attendance, unloads become disposal trips', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signIn(page, ADMIN);
  const startMs = Date.now() - REPLAY_MIN * 60_000;
  const from = istDay(startMs);
  const to = istDay(Date.now());
  const before = await city(page, from, to);

  const simulator = startSimulator({
    vehicles: VEHICLES,
    host: '127.0.0.1',
    ports: E2E_DEVICE_PORTS,
    intervalS: 10,
    speedup: SPEEDUP,
    seed: 1,
    startMs,
    schedule: 'on-duty',
    tickMs: 250,
  });
  try {
    // Simulated time = startMs + wall × 20 catches up with the wall clock after 40 min / 19.
    await page.waitForTimeout(Math.ceil((REPLAY_MIN * 60_000) / (SPEEDUP - 1)));
  } finally {
    await simulator.stop();
  }
  expect(simulator.stats().recordsSent).toBeGreaterThan(VEHICLES.length * 100);

  // Trips are written at ingest; attendance by the worker job (every 60 s).
  await expect
    .poll(async () => (await city(page, from, to)).disposalTrips.total - before.disposalTrips.total, {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(1);
  // The crews' cards are read at the first reports, on the replay's first day (or the next, if midnight fell just
  // then). A read from before midnight that arrives after the day close still counts (docs/swm.md "Precedence").
  const readDays = [...new Set([istDay(startMs), istDay(startMs + 5 * 60_000)])];
  const simulated = new Set(VEHICLES.map((v) => v.registrationNumber));
  await expect
    .poll(
      async () => {
        let present = 0;
        for (const day of readDays) {
          const { data } = await apiCall<{
            items: Array<{ source: string | null; vehicle: { registrationNumber: string } | null }>;
          }>(page, 'GET', `/attendance?day=${day}&status=PRESENT&pageSize=100`);
          present += data.items.filter(
            (row) => row.source === 'driver-id' && simulated.has(row.vehicle?.registrationNumber ?? ''),
          ).length;
        }
        return present;
      },
      { timeout: 150_000, intervals: [3000, 5000] },
    )
    .toBeGreaterThanOrEqual(VEHICLES.length);

  const after = await city(page, from, to);
  await page.goto(`/dashboard?from=${from}&to=${to}`);
  const tripsLink = page
    .getByRole('region', { name: 'Disposal trips' })
    .getByRole('link', { name: /disposal trips: open the list/ });
  await expect(tripsLink).toHaveText(new RegExp(`^\\s*${after.disposalTrips.total}\\b`));
  if (readDays.length === 1 && readDays[0] === to) {
    const present = page.getByRole('region', { name: /^Attendance/ }).getByRole('link', { name: /present$/ });
    await expect(present).toHaveText(new RegExp(`^\\s*${after.attendance.present}\\b`));
    expect(after.attendance.present).toBeGreaterThanOrEqual(before.attendance.present + VEHICLES.length);
  }
  await shoot(page, 'swm-simulator-dashboard');
});
