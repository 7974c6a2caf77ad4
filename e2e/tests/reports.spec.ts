/**
 * The report kit end to end (issue 8): a demo AIS-140 tracker drives a deterministic track over real TCP; the
 * Cumulative Distance Report, filtered in the form (the track's day, that vehicle), shows its row with the distance the engine
 * computed; the filter lands in the URL; CSV, XLSX and PDF made by the server through the Export menu carry the same
 * row. Screenshots in light and dark mode. Nothing is mocked.
 */
import { expect, test, type Download, type Page } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import ExcelJS from 'exceljs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
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

// demoFleet(50, seed 1) as the e2e server seeds it; vehicles 0, 3, 6 … speak AIS-140; 27 is no other spec's.
const vehicle = demoFleet(50, 1)[27];
const REPORT = 'cumulative-distance-report';
const MINUTE_MS = 60_000;
const START = { lat: 22.7, lon: 75.84 };

function reading(fixTimeMs: number, lat: number, lon: number, speedKph: number): DeviceReading {
  return trackReading(fixTimeMs, lat, lon, speedKph, { odometerM: 2_400_000 });
}

/** Fixes every 20 s: 20 min due east at 30 km/h (about 10 km), then 5 min standing with the engine on. */
function track(startMs: number): DeviceReading[] {
  const out: DeviceReading[] = [];
  const step = 20_000;
  const kmPerDegreeLon = 111.32 * Math.cos((START.lat * Math.PI) / 180);
  const degPerStep = (30 * (step / 3_600_000)) / kmPerDegreeLon;
  let t = startMs;
  let lon = START.lon;
  for (let i = 0; i < (20 * MINUTE_MS) / step; i++, t += step, lon += degPerStep) {
    out.push(reading(t, START.lat, lon, 30));
  }
  for (let i = 0; i < (5 * MINUTE_MS) / step; i++, t += step) out.push(reading(t, START.lat, lon, 0));
  return out;
}

async function pickDay(page: Page, field: string, day: string): Promise<void> {
  const [y, m, d] = day.split('-');
  await page.getByRole('group', { name: field }).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(`${d}${m}${y}`);
}

async function exportFile(page: Page, format: 'CSV' | 'Excel (XLSX)' | 'PDF'): Promise<string> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cf-e2e-report-')), download.suggestedFilename());
  await (download as Download).saveAs(file);
  // The next export waits for this one to finish (the menu button is disabled meanwhile).
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
  return file;
}

test.use({ viewport: { width: 1366, height: 900 } });

test('the cumulative distance report shows a tracked vehicle’s distance and exports it as CSV, XLSX and PDF', async ({
  page,
}) => {
  test.setTimeout(300_000);
  if (!vehicle) throw new Error('no demo vehicle');
  await signIn(page, ADMIN);
  const vehicles = await apiCall<{ items: Array<{ id: string }> }>(
    page,
    'GET',
    `/vehicle?search=${vehicle.registrationNumber}`,
  );
  const vehicleId = vehicles.data.items[0]?.id;
  if (!vehicleId) throw new Error('demo vehicle not found');

  const startMs = trackStartInOneDay(35 * MINUTE_MS);
  // The track's day: today, or yesterday when the run is just past midnight.
  const day = istDay(startMs);
  await sendAis140Track({ imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber }, track(startMs), {
    isHistory: false,
  });

  // The daily rollup is derived at ingest; wait until the engine sees it.
  const filter = { from: `${day}T00:00:00+05:30`, to: `${day}T23:59:59.999+05:30`, vehicleId };
  let distanceM = 0;
  await expect
    .poll(
      async () => {
        const run = await apiCall<{ rows: Array<{ distance: number }> }>(
          page,
          'POST',
          `/report/${REPORT}/run`,
          filter,
        );
        distanceM = run.data.rows[0]?.distance ?? 0;
        return distanceM;
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBeGreaterThan(8_000);
  expect(distanceM).toBeLessThan(12_000);
  const km = (distanceM / 1000).toFixed(2);

  // The form: empty filter refused, then the day and the vehicle.
  await page.goto(`/reports/${REPORT}`);
  await expect(page.getByRole('heading', { name: 'Cumulative Distance Report' })).toBeVisible();
  await expect(
    page.getByText('This report shows the cumulative distance travelled by each vehicle on a daily basis.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByText('Atlest one filter is required')).toBeVisible();
  await pickDay(page, 'From Time', day);
  await pickDay(page, 'To Time', day);
  const picker = page.getByRole('combobox', { name: 'Vehicle', exact: true });
  await picker.fill(vehicle.registrationNumber);
  await page.getByRole('option', { name: vehicle.registrationNumber }).click();
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}&vehicleId=${vehicleId}`));

  const row = page.getByRole('row', { name: new RegExp(vehicle.registrationNumber) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: km, exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Vehicle Number' })).toBeVisible();
  await shootBoth(page, 'report-cumulative-distance');

  // A link carrying the filter opens filled in and runs at once.
  await page.goto(`/reports/${REPORT}?from=${day}&to=${day}&vehicleId=${vehicleId}`);
  await expect(page.getByRole('row', { name: new RegExp(vehicle.registrationNumber) })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('combobox', { name: 'Vehicle', exact: true })).toHaveValue(
    vehicle.registrationNumber,
  );

  // The server's files, through the Export menu.
  const csv = readFileSync(await exportFile(page, 'CSV'), 'utf8');
  expect(csv).toContain('Vehicle Number');
  expect(csv).toContain(vehicle.registrationNumber);
  expect(csv).toContain(km);

  const xlsxFile = await exportFile(page, 'Excel (XLSX)');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsxFile);
  const sheet = book.getWorksheet('Sheet1');
  expect(sheet).toBeDefined();
  const cells: string[] = [];
  sheet?.eachRow((r) => r.eachCell((c) => cells.push(String(c.text))));
  expect(cells).toContain(vehicle.registrationNumber);
  expect(cells.some((c) => c === km || c === String(Number(km)))).toBe(true);

  const pdfFile = await exportFile(page, 'PDF');
  expect(readFileSync(pdfFile).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-']).toString();
  expect(text).toContain('Cumulative Distance Report');
  expect(text).toContain(vehicle.registrationNumber);
  expect(text).toContain(km);
});
