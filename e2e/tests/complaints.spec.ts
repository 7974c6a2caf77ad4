/**
 * Complaints end to end: the municipal admin raises a complaint at Rajwada, a demo AIS-140 tracker then drives past it
 * over real TCP, the complaint is assigned to a staff member, and the Resolve dialog shows the GPS evidence (the
 * tracker's vehicle, its closest approach) before the closure; the resolved complaint keeps the evidence.
 */
import { expect, test } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import { ADMIN, apiCall, sendAis140Track, shoot, signIn, trackReading } from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; vehicles 0, 3, 6 … speak AIS-140 (0 and 6 are playback.spec's,
// 3 vehicle-status.spec's).
const vehicle = demoFleet(50, 1)[12];
/** Rajwada, Ward 15 Sarafa of the seeded Indore wards. */
const RAJWADA = { lat: 22.7186, lon: 75.8553 };
const M_PER_DEG_LAT = 111_320;

function reading(fixTimeMs: number, lat: number, lon: number): DeviceReading {
  return trackReading(fixTimeMs, lat, lon, 18, { headingDeg: 0, odometerM: 1_500_000 });
}

const STEP_S = 4;
const STEPS = 13;

/**
 * Thirteen fixes 4 s apart driving north past the point at 18 km/h (20 m a step: slower than the gateway's jump
 * filter), 15 m east of it at the closest.
 */
function drivePast(startMs: number): DeviceReading[] {
  const eastDeg = 15 / (M_PER_DEG_LAT * Math.cos((RAJWADA.lat * Math.PI) / 180));
  return Array.from({ length: STEPS }, (_, i) => {
    const northM = (i - 6) * 20;
    return reading(startMs + i * STEP_S * 1000, RAJWADA.lat + northM / M_PER_DEG_LAT, RAJWADA.lon + eastDeg);
  });
}

test('a complaint is raised, assigned and resolved with the GPS evidence of a passing vehicle', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);
  const staffName = `Ravi Solanki ${Date.now() % 10_000}`;
  const staff = await apiCall<{ id: string }>(page, 'POST', '/staff', {
    name: staffName,
    role: 'supervisor',
  });
  expect(staff.status).toBe(200);

  // Raise it on the form.
  await page.goto('/swm/complaint/add');
  await expect(page.getByRole('heading', { name: 'Raise complaint' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: /^Garbage not collected/ }).click();
  await page.getByLabel('Description').fill('Garbage heap at the Rajwada gate since morning');
  await page.getByLabel('Latitude').fill(String(RAJWADA.lat));
  await page.getByLabel('Longitude').fill(String(RAJWADA.lon));
  await page.getByLabel("Citizen's name").fill('Sunita Jain');
  await page.getByLabel("Citizen's phone").fill('9826012345');
  await shoot(page, 'complaints-raise');
  const raisedAt = Date.now();
  await page.getByRole('button', { name: 'Raise complaint' }).click();
  await expect(page).toHaveURL(/\/swm\/complaint\/edit\/\d+$/);
  const id = /edit\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { name: `Complaint #${id}` })).toBeVisible();
  await expect(page.getByText('Ward 15 Sarafa').first()).toBeVisible();
  await expect(page.getByText(/due in \d+ h/)).toBeVisible();

  // The tracker drives past after the complaint was raised; wait until the gateway has stored the fixes.
  // (The fixes must lie between the raising and now: wait until the last one is in the past.)
  await page.waitForTimeout(Math.max(0, raisedAt + 3000 + STEPS * STEP_S * 1000 - Date.now()));
  if (!vehicle) throw new Error('no demo vehicle');
  await sendAis140Track(
    { imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber },
    drivePast(raisedAt + 1500),
    { isHistory: true },
  );
  await expect
    .poll(
      async () =>
        (await apiCall<{ vehicles: unknown[] }>(page, 'GET', `/complaint/${id}/evidence`)).data.vehicles
          .length,
      { timeout: 30_000 },
    )
    .toBe(1);

  // Assign it.
  await page.getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog', { name: `Assign complaint #${id}` });
  await assign.getByRole('combobox', { name: 'Staff member' }).fill(staffName.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(staffName) }).click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Assigned', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(staffName).first()).toBeVisible();

  // Resolve: the evidence comes first.
  await page.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('dialog', { name: `Resolve complaint #${id}` });
  await expect(resolve.getByTestId('evidence-summary')).toContainText('1 vehicle(s) passed within 100 m');
  const row = resolve.getByRole('table', { name: 'Vehicles that passed' }).getByRole('row', {
    name: new RegExp(vehicle?.registrationNumber ?? 'none'),
  });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/1[45] m/);
  await expect(resolve.getByRole('region', { name: /Map of the complaint location/ })).toBeVisible();
  await page.waitForTimeout(1500); // the map's tiles and overlays settle before the screenshot
  await shoot(page, 'complaints-resolve-evidence');
  await resolve.getByLabel('Resolution note').fill('Heap cleared by the tipper; area swept');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toBeHidden();

  // Resolved, with the evidence kept on the complaint.
  await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('resolved in time')).toBeVisible();
  await expect(page.getByTestId('evidence-summary')).toContainText('1 vehicle(s) passed');
  await expect(page.getByText(vehicle?.registrationNumber ?? 'none').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.waitForTimeout(1500);
  await shoot(page, 'complaints-resolved');

  // The list shows it under the Resolved chip.
  await page.goto('/swm/complaint?status=resolved');
  await expect(page.getByRole('link', { name: `#${id}` })).toBeVisible();
  await shoot(page, 'complaints-list');
});
