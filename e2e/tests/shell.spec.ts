import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { FITTER, SUPER_ADMIN, shoot, signIn } from './support.ts';

const shellText = (lang: 'en' | 'hi') =>
  JSON.parse(
    readFileSync(
      new URL(`../../apps/web/src/lib/i18n/locales/${lang}/deferred/shell.json`, import.meta.url),
      'utf8',
    ),
  ) as { nav: { vehicleStatus: string; dashboard: string; fitment: string; management: { user: string } } };

test('the sidebar of SUPER_ADMIN holds every group; FITTER sees only its modules', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const nav = page.getByRole('navigation');
  for (const label of ['Vehicle Status', 'Dashboard', 'Live Tracking', 'Fitment', 'SIM Activation Orders']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  // The new and beta dashboards carry their chip in the accessible name.
  await expect(nav.getByRole('link', { name: /^Dashboard V2\s*New$/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Fleet Dashboard\s*Beta$/ })).toBeVisible();
  await nav.getByRole('button', { name: 'Reports' }).click();
  await expect(nav.getByRole('link', { name: 'Cumulative Distance' })).toBeVisible();
  await nav.getByRole('button', { name: 'Management' }).click();
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await shoot(page, 'sidebar-super-admin');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signIn(page, FITTER);
  await expect(nav.getByRole('link', { name: 'Vehicle Status', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Fitment', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await shoot(page, 'sidebar-fitter');

  // A route outside the FITTER's permissions is refused in the console (and on the server).
  await page.goto('/management/user');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
});

test('switching to Hindi translates the console and survives a reload', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const hi = shellText('hi');
  await page.getByRole('button', { name: 'Change language' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: hi.nav.vehicleStatus })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.reload();
  await expect(nav.getByRole('link', { name: hi.nav.vehicleStatus })).toBeVisible();
  await shoot(page, 'hindi');
  await page.getByRole('button', { name: 'भाषा बदलें' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(nav.getByRole('link', { name: shellText('en').nav.vehicleStatus })).toBeVisible();
});

test('unknown paths show the 404 page, signed in or not', async ({ page }) => {
  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  await signIn(page, SUPER_ADMIN);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  await shoot(page, 'not-found');
});

test('dark mode follows the system preference', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, SUPER_ADMIN);
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const brightness = (colour: string) =>
    (colour.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .reduce((a, b) => a + b, 0);
  await expect.poll(async () => brightness(await bodyBackground())).toBeLessThan(200);
  const background = await bodyBackground();
  await shoot(page, 'dark-mode');
  await page.emulateMedia({ colorScheme: 'light' });
  // The theme re-renders on the media change; poll until the body takes the light background.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .not.toEqual(background);
});

test('the footer links open the terms and privacy pages in a new tab', async ({ page, context }) => {
  await signIn(page, SUPER_ADMIN);
  const [terms] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Terms of use' }).click(),
  ]);
  await expect(terms).toHaveURL(/\/public\/term-of-use$/);
  await expect(terms.getByRole('heading', { level: 1 })).toBeVisible();
  await terms.close();
});

test('global search: idle hint, Enter submits, results grouped by kind', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Start typing to see the search results...')).toBeVisible();
  await dialog.getByLabel('Search for').fill('demo.civicfleet.in');
  await dialog.getByLabel('Search for').press('Enter');
  await expect(dialog.getByText(/(^|\s)admin\.bhopal@demo\.civicfleet\.in/)).toBeVisible();
  await expect(dialog.getByText('No Vehicles for the query')).toBeVisible();
  await expect(dialog.getByText('No devices for the query')).toBeVisible();
  await shoot(page, 'global-search');
  await dialog.getByLabel('Search for').fill('zzzz-nobody');
  await dialog.getByLabel('Search for').press('Enter');
  await expect(dialog.getByText('No Users for the query')).toBeVisible();
});
