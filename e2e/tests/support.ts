import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export async function signIn(page: Page, account: Account, at = '/'): Promise<void> {
  await page.goto(at);
  await page.getByLabel('Email or Phone Number').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
}
