import { expect, test } from '@playwright/test';
import { signIn, SUPER_ADMIN } from './support.ts';

// Keys of apps/web/src/api/token-store.ts.
const REFRESH_KEY = 'cf.session.refreshToken';
const ACCESS_KEY = 'cf.session.accessToken';

test('an expired refresh token shows "Session expired! Login again." and signs out', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  await page.evaluate(
    (keys) => {
      const past = new Date(Date.now() - 60_000).toISOString();
      for (const key of keys) {
        const raw = window.localStorage.getItem(key);
        if (raw === null) throw new Error(`no ${key}`);
        window.localStorage.setItem(key, JSON.stringify({ ...JSON.parse(raw), expires: past }));
      }
    },
    [REFRESH_KEY, ACCESS_KEY],
  );
  await page.reload();
  await expect(page.getByText('Session expired! Login again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), REFRESH_KEY)).toBeNull();
});

test('an expired access token with a valid refresh token is refreshed silently', async ({ page }) => {
  await signIn(page, SUPER_ADMIN);
  const before = await page.evaluate((key) => window.localStorage.getItem(key), REFRESH_KEY);
  await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    if (raw === null) throw new Error('no access token');
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...JSON.parse(raw), expires: new Date(Date.now() - 1000).toISOString() }),
    );
  }, ACCESS_KEY);
  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  const after = await page.evaluate((key) => window.localStorage.getItem(key), REFRESH_KEY);
  expect(after).not.toEqual(before); // rotated
});
