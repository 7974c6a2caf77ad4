import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAis140Location, buildAis140Login } from '../../tools/simulator/src/packets/ais140.ts';
import type { DeviceReading } from '../../tools/simulator/src/packets/reading.ts';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';

export interface Account {
  email: string;
  phone: string;
  password: string;
}

const DEMO_PASSWORD = 'Demo@12345';
export const SUPER_ADMIN: Account = {
  email: 'superadmin@demo.civicfleet.in',
  phone: '9000000001',
  password: DEMO_PASSWORD,
};
export const ADMIN: Account = {
  email: 'admin@demo.civicfleet.in',
  phone: '9000000002',
  password: DEMO_PASSWORD,
};
export const FITTER: Account = {
  email: 'fitter@demo.civicfleet.in',
  phone: '9000000007',
  password: DEMO_PASSWORD,
};
export const RFC_ADMIN: Account = {
  email: 'rfc_admin@demo.civicfleet.in',
  phone: '9000000006',
  password: DEMO_PASSWORD,
};

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Saves a full-page screenshot to e2e/screenshots/<name>.png for people to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The page in light and then dark mode, at its top, each once `ready` (if given) holds: `<name>-light`, `<name>-dark`. */
export async function shootBoth(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await ready?.();
    await page.waitForTimeout(600);
    await shoot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The Asia/Kolkata day (yyyy-MM-dd) of an instant: the day of the server's rollups, reports and SWM screens. */
export const istDay = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(ms));

/**
 * Where a journey's track of `lookbackMs` (sent now, ending before now) starts so that it lies in one Asia/Kolkata
 * day: `lookbackMs` ago, or, when that would cross midnight, the stretch that ends a minute before midnight. The
 * suite runs at any hour (a CI run once crossed 00:00 IST), and a journey looks up the track's day, `istDay(start)`.
 */
export function trackStartInOneDay(lookbackMs: number, nowMs = Date.now()): number {
  const start = Math.floor((nowMs - lookbackMs) / 1000) * 1000;
  if (istDay(start) === istDay(nowMs + 60_000)) return start;
  const midnight = Date.parse(`${istDay(nowMs + 60_000)}T00:00:00+05:30`);
  return Math.floor((midnight - 60_000 - lookbackMs) / 1000) * 1000;
}

export async function signIn(page: Page, account: Account, at = '/'): Promise<void> {
  await page.goto(at);
  await page.getByLabel('Email or Phone Number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
}

/** `/v1{path}` as the signed-in page's user (its stored access token): the HTTP status and the envelope's data. */
export async function apiCall<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ m, p, b }) => {
      const stored = JSON.parse(localStorage.getItem('cf.session.accessToken') ?? '{}') as { token?: string };
      const response = await fetch(`/v1${p}`, {
        method: m,
        headers: {
          Authorization: `Bearer ${stored.token ?? ''}`,
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
    },
    { m: method, p: path, b: body },
  ) as Promise<{ status: number; data: T }>;
}

/**
 * One tracker's AIS-140 location packets to the e2e gateway: login, then every reading in one burst (history packets
 * when `isHistory`), then a short wait so the gateway has read them before the socket closes.
 */
export async function sendAis140Track(
  identity: { imei: string; vehicleRegNo: string },
  readings: readonly DeviceReading[],
  { isHistory }: { isHistory: boolean },
): Promise<void> {
  const first = readings[0];
  if (!first) throw new Error('no readings');
  const socket = connect(E2E_DEVICE_PORTS.ais140, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(buildAis140Login(identity, first));
  const packets = readings
    .map((r, i) => buildAis140Location(identity, r, { event: 'location', isHistory, frameNumber: i + 1 }))
    .join('');
  await new Promise<void>((resolve, reject) => socket.write(packets, (e) => (e ? reject(e) : resolve())));
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.end();
}

/**
 * A tracker reading for the journeys' tracks: a fix with plausible vitals (ignition on, main power on, good GSM),
 * moving when the speed is above 0; anything else through `overrides`.
 */
export function trackReading(
  fixTimeMs: number,
  lat: number,
  lon: number,
  speedKph: number,
  overrides: Partial<DeviceReading> = {},
): DeviceReading {
  return {
    fixTimeMs,
    lat,
    lon,
    altitudeM: 553,
    speedKph,
    headingDeg: 90,
    satellites: 11,
    hdop: 0.9,
    pdop: 1.6,
    gpsValid: true,
    ignition: true,
    mainPower: true,
    mainVoltageV: 27.6,
    batteryVoltageV: 4.1,
    gsmSignal: 24,
    odometerM: 1_800_000,
    isMoving: speedKph > 0,
    isEmergency: false,
    isTamperOpen: false,
    cell: { operator: 'AIRTEL', mcc: 404, mnc: 93, lac: 0x1a2b, cellId: 0x3c4d },
    ...overrides,
  };
}
