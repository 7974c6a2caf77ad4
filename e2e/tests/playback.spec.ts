/**
 * Route playback end to end: a demo AIS-140 tracker sends a recorded stretch as history packets over real TCP to the
 * e2e gateway (drive, a ten-minute stop with the ignition off, drive again); the playback screen loads it, plays it,
 * shows the totals, and exports GPX. Nothing is mocked.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { demoFleet, type DemoVehicle } from '@civicfleet/simulator';
import { buildAis140Location, buildAis140Login } from '../../tools/simulator/src/packets/ais140.ts';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { ADMIN, shoot, signIn } from './support.ts';

// The e2e server seeds demoFleet(50, seed 1); vehicles 0, 3, 6 … speak AIS-140 (3 is vehicle-status.spec's).
const fleet = demoFleet(50, 1);
const demo = fleet[0];
const dayVehicle = fleet[6];
const INTERVAL_S = 5;
const MINUTE_MS = 60_000;

interface Leg {
  minutes: number;
  speedKph: number;
  ignition: boolean;
}
const LEGS: Leg[] = [
  { minutes: 20, speedKph: 30, ignition: true },
  { minutes: 10, speedKph: 0, ignition: false },
  { minutes: 15, speedKph: 45, ignition: true },
];

function reading(
  fixTimeMs: number,
  at: { lat: number; lon: number; headingDeg: number },
  leg: Leg,
  odometerM: number,
): DeviceReading {
  return {
    fixTimeMs,
    lat: at.lat,
    lon: at.lon,
    altitudeM: 553,
    speedKph: leg.speedKph,
    headingDeg: at.headingDeg,
    satellites: 11,
    hdop: 0.9,
    pdop: 1.6,
    gpsValid: true,
    ignition: leg.ignition,
    mainPower: true,
    mainVoltageV: 27.6,
    batteryVoltageV: 4.1,
    gsmSignal: 24,
    odometerM,
    isMoving: leg.speedKph > 0,
    isEmergency: false,
    isTamperOpen: false,
    cell: { operator: 'AIRTEL', mcc: 404, mnc: 93, lac: 0x1a2b, cellId: 0x3c4d },
  };
}

/** Fixes every 5 s along the legs, heading north-east from central Indore. */
function recordedStretch(startMs: number): DeviceReading[] {
  const readings: DeviceReading[] = [];
  let lat = 22.7196;
  let lon = 75.8577;
  let odometerM = 1_000_000;
  let t = startMs;
  for (const leg of LEGS) {
    const steps = (leg.minutes * 60) / INTERVAL_S;
    for (let i = 0; i < steps; i++) {
      const stepM = (leg.speedKph / 3.6) * INTERVAL_S;
      lat += (stepM * Math.SQRT1_2) / 111_320;
      lon += (stepM * Math.SQRT1_2) / (111_320 * Math.cos((lat * Math.PI) / 180));
      odometerM += stepM;
      readings.push(reading(t, { lat, lon, headingDeg: 45 }, leg, odometerM));
      t += INTERVAL_S * 1000;
    }
  }
  return readings;
}

/** A whole day at 5 s (17,280 fixes): hourly cycles of driving, idling and stopping round a 3 km circle. */
function recordedDay(startMs: number): DeviceReading[] {
  const cycle: Leg[] = [
    { minutes: 20, speedKph: 25, ignition: true },
    { minutes: 5, speedKph: 0, ignition: true },
    { minutes: 20, speedKph: 40, ignition: true },
    { minutes: 15, speedKph: 0, ignition: false },
  ];
  const radiusM = 3000;
  const readings: DeviceReading[] = [];
  let theta = 0;
  let odometerM = 2_000_000;
  let t = startMs;
  for (let hour = 0; hour < 24; hour++) {
    for (const leg of cycle) {
      for (let i = 0; i < (leg.minutes * 60) / INTERVAL_S; i++) {
        const stepM = (leg.speedKph / 3.6) * INTERVAL_S;
        theta += stepM / radiusM;
        odometerM += stepM;
        const lat = 22.7196 + (radiusM * Math.cos(theta)) / 111_320;
        const lon = 75.8577 + (radiusM * Math.sin(theta)) / (111_320 * Math.cos((22.72 * Math.PI) / 180));
        const headingDeg = ((((theta * 180) / Math.PI + 90) % 360) + 360) % 360;
        readings.push(reading(t, { lat, lon, headingDeg }, leg, odometerM));
        t += INTERVAL_S * 1000;
      }
    }
  }
  return readings;
}

/** Login, then every reading as an `H` (history) NRM packet, over one TCP connection. */
async function sendHistory(vehicle: DemoVehicle | undefined, readings: DeviceReading[]): Promise<void> {
  if (!vehicle) throw new Error('no demo vehicle');
  const identity = { imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber };
  const first = readings[0];
  if (!first) throw new Error('no readings');
  const socket = connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(buildAis140Login(identity, first));
  for (let i = 0; i < readings.length; i += 100) {
    const chunk = readings
      .slice(i, i + 100)
      .map((r, j) =>
        buildAis140Location(identity, r, { event: 'location', isHistory: true, frameNumber: i + j + 1 }),
      )
      .join('');
    await new Promise<void>((resolve, reject) => socket.write(chunk, (e) => (e ? reject(e) : resolve())));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.end();
}

/** GET /v1{path} with the signed-in page's token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const stored = JSON.parse(localStorage.getItem('cf.session.accessToken') ?? '{}') as { token?: string };
    const response = await fetch(`/v1${p}`, { headers: { Authorization: `Bearer ${stored.token ?? ''}` } });
    return ((await response.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

const ist = (ms: number) => new Date(ms + 330 * MINUTE_MS).toISOString().slice(0, 19) + '+05:30';

test('a recorded stretch sent over TCP plays back with totals, and exports as GPX', async ({ page }) => {
  test.setTimeout(180_000);
  const startMs = Math.floor((Date.now() - 3 * 60 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const readings = recordedStretch(startMs);
  const lastMs = readings.at(-1)?.fixTimeMs ?? startMs;
  await sendHistory(demo, readings);

  await signIn(page, ADMIN);
  const vehicles = await apiGet<{ items: Array<{ id: string; registrationNumber: string }> }>(
    page,
    `/vehicle?search=${demo?.registrationNumber ?? ''}`,
  );
  const vehicleId = vehicles.items.find((v) => v.registrationNumber === demo?.registrationNumber)?.id;
  expect(vehicleId).toBeTruthy();
  const from = ist(startMs - 5 * MINUTE_MS);
  const to = ist(lastMs + 5 * MINUTE_MS);
  const query = `vehicleId=${vehicleId ?? ''}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  // The gateway commits in batches: wait until every fix is stored.
  await expect
    .poll(
      async () =>
        (await apiGet<{ points: { t: number[] } }>(page, `/vehicle/position/playback?${query}`)).points.t
          .length,
      { timeout: 30_000 },
    )
    .toBe(readings.length);

  await page.goto(`/view-operations/route-playback?${query}`);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toBeVisible();
  // 20 min at 30 km/h + 15 min at 45 km/h ≈ 21.25 km.
  const distance = Number((await totals.locator('dd').first().textContent())?.replace(/[^\d.]/g, ''));
  expect(distance).toBeGreaterThan(19);
  expect(distance).toBeLessThan(23.5);
  await expect(page.getByRole('region', { name: /^Stops \(/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Trips \(/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Playback map' })).toBeVisible();

  // Response → first drawn track, measured by the page (performance.measure).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('playback:response-to-first-track').length))
    .toBe(1);
  const drawMs = await page.evaluate(
    () => performance.getEntriesByName('playback:response-to-first-track')[0]?.duration ?? -1,
  );
  console.log(`playback: ${readings.length} fixes, response → first drawn track ${drawMs.toFixed(0)} ms`);
  await shoot(page, 'playback-loaded');

  const time = page.getByTestId('playback-time');
  const before = await time.textContent();
  const slider = page.getByRole('slider', { name: 'Playback time' });
  const startValue = Number(await slider.getAttribute('aria-valuenow'));
  await page.getByRole('button', { name: '64 times' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(time).not.toHaveText(before ?? '');
  await page.waitForTimeout(1500);
  expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThan(startValue + 60_000);
  await shoot(page, 'playback-playing');
  await page.getByRole('button', { name: 'Pause' }).click();

  const [gpx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'GPX' }).click(),
  ]);
  expect(gpx.suggestedFilename()).toMatch(/\.gpx$/);
  const text = await readFile(await gpx.path(), 'utf8');
  expect(text).toContain('<gpx');
  expect(text).toContain(demo?.registrationNumber ?? '');
  expect((text.match(/<trkpt /g) ?? []).length).toBe(readings.length);

  // Dark mode once.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('playback:response-to-first-track').length))
    .toBe(1);
  await shoot(page, 'playback-dark');
});

/** The vehicle's id, looked up by registration number with the signed-in page's token. */
async function vehicleIdOf(page: Page, registration: string): Promise<string> {
  const vehicles = await apiGet<{ items: Array<{ id: string; registrationNumber: string }> }>(
    page,
    `/vehicle?search=${registration}`,
  );
  const id = vehicles.items.find((v) => v.registrationNumber === registration)?.id;
  if (!id) throw new Error(`no vehicle ${registration}`);
  return id;
}

const MEASURE = 'playback:response-to-first-track';

test('a full day of 17,280 fixes loads, draws and plays smoothly', async ({ page }) => {
  test.setTimeout(600_000);
  // Yesterday in Asia/Kolkata, 00:00:00 to 23:59:55: what the "Yesterday" preset asks for.
  const todayIst = new Date(Date.now() + 330 * MINUTE_MS).toISOString().slice(0, 10);
  const startMs = Date.parse(`${todayIst}T00:00:00+05:30`) - 24 * 60 * MINUTE_MS;
  const readings = recordedDay(startMs);
  expect(readings).toHaveLength(17_280);
  const sentAt = Date.now();
  await sendHistory(dayVehicle, readings);

  await signIn(page, ADMIN);
  const vehicleId = await vehicleIdOf(page, dayVehicle?.registrationNumber ?? '');
  const day = `vehicleId=${vehicleId}&from=${encodeURIComponent(ist(startMs))}&to=${encodeURIComponent(ist(startMs + 24 * 60 * MINUTE_MS - 1000))}`;
  await expect
    .poll(
      async () =>
        (await apiGet<{ points: { t: number[] } }>(page, `/vehicle/position/playback?${day}`)).points.t
          .length,
      { timeout: 420_000, intervals: [5000] },
    )
    .toBe(readings.length);
  console.log(
    `playback day: ${readings.length} fixes stored ${((Date.now() - sentAt) / 1000).toFixed(0)} s after sending`,
  );

  // First an hour (the map starts cold), then the whole day on the map already shown.
  const hour = `vehicleId=${vehicleId}&from=${encodeURIComponent(ist(startMs))}&to=${encodeURIComponent(ist(startMs + 60 * MINUTE_MS))}`;
  await page.goto(`/view-operations/route-playback?${hour}`);
  await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
  await expect.poll(() => page.evaluate((m) => performance.getEntriesByName(m).length, MEASURE)).toBe(1);
  const coldMs = await page.evaluate((m) => performance.getEntriesByName(m)[0]?.duration ?? -1, MEASURE);

  await page.evaluate((m) => performance.clearMeasures(m), MEASURE);
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/from=.*T00%3A00%3A00%2B05%3A30.*T23%3A59%3A59%2B05%3A30/);
  await expect(page.getByRole('region', { name: /^Trips \((2\d|[3-9]\d)\)$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => page.evaluate((m) => performance.getEntriesByName(m).length, MEASURE)).toBe(1);
  const warmMs = await page.evaluate((m) => performance.getEntriesByName(m)[0]?.duration ?? -1, MEASURE);
  const apiMs = await page.evaluate(() => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/v1/vehicle/position/playback?')) as PerformanceResourceTiming[];
    const last = entries.at(-1);
    return last ? { ms: last.duration, bytes: last.encodedBodySize } : null;
  });

  await page.getByRole('button', { name: '64 times' }).click();
  await page.getByRole('button', { name: 'Play' }).click();
  const slider = page.getByRole('slider', { name: 'Playback time' });
  const before = Number(await slider.getAttribute('aria-valuenow'));
  const fps = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const t0 = performance.now();
        const frame = () => {
          frames++;
          const elapsed = performance.now() - t0;
          if (elapsed < 3000) requestAnimationFrame(frame);
          else resolve((frames * 1000) / elapsed);
        };
        requestAnimationFrame(frame);
      }),
  );
  const after = Number(await slider.getAttribute('aria-valuenow'));
  expect(after - before).toBeGreaterThan(60_000);
  await shoot(page, 'playback-day');
  console.log(
    `playback day: response → first drawn track ${coldMs.toFixed(0)} ms with a cold map, ${warmMs.toFixed(0)} ms on a shown map; ` +
      `API ${apiMs ? `${apiMs.ms.toFixed(0)} ms, ${(apiMs.bytes / 1024).toFixed(0)} kB` : 'n/a'}; ${fps.toFixed(1)} frames/s playing at 64×`,
  );
});
