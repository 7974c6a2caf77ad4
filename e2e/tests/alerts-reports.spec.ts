/**
 * The alert family's reports end to end: a demo AIS-140 tracker drives 15 minutes (an emergency press on the way) and
 * parks; Vehicle Timeline draws the day's band, Alert Summary counts the SOS and leads to the Alert Report, and Raw Logs
 * shows the frames with a packet's decoded JSON. Screenshots in light and dark mode.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import { buildAis140Location, buildAis140Login } from '../../tools/simulator/src/packets/ais140.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import type { ReportRun } from '@civicfleet/shared';
import {
  ADMIN,
  apiCall,
  istDay,
  sendAis140Track,
  shootBoth,
  signIn,
  trackReading,
  trackStartInOneDay,
} from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; multiples of 3 speak AIS-140.
const vehicle = demoFleet(50, 1)[42];
const MINUTE_MS = 60_000;
const START = { lat: 22.7186, lon: 75.8551 };

function reading(fixTimeMs: number, lon: number, speedKph: number, isEmergency: boolean): DeviceReading {
  return trackReading(fixTimeMs, START.lat, lon, speedKph, { ignition: speedKph > 0, isEmergency });
}

/** 15 minutes east at 30 km/h (a fix every 20 s, SOS pressed at minute 5), then 10 minutes parked. */
function track(startMs: number): DeviceReading[] {
  const out: DeviceReading[] = [];
  const stepS = 20;
  const degPerStep = ((30 / 3.6) * stepS) / (111_320 * Math.cos((START.lat * Math.PI) / 180));
  let lon = START.lon;
  for (let i = 0; i <= 45; i++) {
    lon = START.lon + i * degPerStep;
    out.push(reading(startMs + i * stepS * 1000, lon, 30, i === 15));
  }
  for (let i = 1; i <= 30; i++) out.push(reading(startMs + (45 + i) * stepS * 1000, lon, 0, false));
  return out;
}

/** One SOS (emergency) packet, as a tracker sends it when the button is pressed. */
async function sendSos(identity: { imei: string; vehicleRegNo: string }, at: DeviceReading): Promise<void> {
  const socket = connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const frames =
    buildAis140Login(identity, at) +
    buildAis140Location(identity, at, { event: 'sos', isHistory: false, frameNumber: 1 });
  await new Promise<void>((resolve, reject) => socket.write(frames, (e) => (e ? reject(e) : resolve())));
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.end();
}

test.use({ viewport: { width: 1440, height: 900 } });

test('vehicle timeline, alert summary drill-down and raw logs from a tracked drive', async ({ page }) => {
  test.setTimeout(240_000);
  if (!vehicle) throw new Error('no demo vehicle');
  const startMs = trackStartInOneDay(40 * MINUTE_MS);
  const identity = { imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber };
  const readings = track(startMs);
  const pressed = readings[15];
  if (!pressed) throw new Error('no reading');
  await sendAis140Track(identity, readings.slice(0, 15), { isHistory: false });
  await sendSos(identity, pressed);
  await sendAis140Track(identity, readings.slice(16), { isHistory: false });
  // The drive's day (today, or yesterday just past midnight) and the day its frames were received (raw logs).
  const day = istDay(startMs);
  const receivedDay = istDay(Date.now());
  const range = { from: `${day}T00:00:00+05:30`, to: `${day}T23:59:59.999+05:30` };

  await signIn(page, ADMIN, '/reports/vehicle-timeline');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicle Timeline Report' })).toBeVisible();
  let vehicleId = '';
  await expect
    .poll(
      async () => {
        const answer = await apiCall<ReportRun>(page, 'POST', '/report/alert-grouped/run', range);
        const row = answer.data.rows.find((r) => r.regNo === vehicle.registrationNumber);
        vehicleId = typeof row?.vehicleId === 'string' ? row.vehicleId : '';
        console.log(`alert-grouped: ${answer.status} ${JSON.stringify(row ?? null)}`);
        return Number(row?.sos ?? 0);
      },
      { timeout: 90_000, intervals: [2000, 5000] },
    )
    .toBeGreaterThan(0);

  // Vehicle Timeline: the day's band with the drive and the stop, hover/focus describes a span.
  await page.goto(`/reports/vehicle-timeline?from=${day}&to=${day}&vehicleId=${vehicleId}`);
  const chart = page.getByRole('img', { name: 'Timeline by day' });
  await expect(chart).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table').last()).toContainText('Moving');
  await chart.locator('rect[tabindex="0"]').first().focus();
  await expect(
    page.getByRole('paragraph').filter({ hasText: /^(Moving|Stopped|Idle|Offline): / }),
  ).toBeVisible();
  await shootBoth(page, 'report-vehicle-timeline');

  // Alert Summary: one count column per type present; the vehicle's row leads to its alerts.
  await page.goto(`/reports/alert-grouped?from=${day}&to=${day}&vehicleId=${vehicleId}`);
  const table = page.getByRole('table').last();
  await expect(table).toContainText(vehicle.registrationNumber, { timeout: 60_000 });
  await expect(page.getByRole('columnheader', { name: 'SOS' })).toBeVisible();
  await shootBoth(page, 'report-alert-grouped');
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reports\/alert\?/);
  await expect(page.getByRole('table').last()).toContainText('SOS', { timeout: 60_000 });
  await shootBoth(page, 'report-alert');

  // Raw Logs: the frames of the vehicle received today, a packet's decoded JSON.
  await page.goto(`/reports/raw-logs?from=${receivedDay}&to=${receivedDay}&vehicleId=${vehicleId}`);
  await expect(page.getByRole('table').last()).toContainText(vehicle.imei, { timeout: 60_000 });
  await expect(page.getByText('Decoded packet')).toBeVisible();
  await shootBoth(page, 'report-raw-logs');

  // Leave the SOS desk as the other journeys expect it: the SOS this drive raised is closed.
  const desk = await apiCall<{ items: Array<{ id: string; vehicleId: string | null }> }>(
    page,
    'GET',
    '/alert-desk?status=open&pageSize=100',
  );
  for (const alert of desk.data.items.filter((a) => a.vehicleId === vehicleId)) {
    const closed = await apiCall(page, 'POST', `/alert-desk/${alert.id}/close`, {
      resolution: 'Test drive of the alert reports',
    });
    expect(closed.status).toBe(200);
  }
});
