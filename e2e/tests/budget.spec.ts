import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

// ARCHITECTURE.md budget: the sign-in route loads at most 250 kB of gzipped JavaScript and never MapLibre.
// (bench/bundle-size.bench.ts records the same figure with the per-script breakdown.)
test('the sign-in route stays within 250 kB of gzipped JavaScript and loads no map code', async ({
  page,
}) => {
  const scripts: Array<{ url: string; gzipBytes: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), gzipBytes: gzipSync(await response.body(), { level: 9 }).length });
  });
  await page.goto('/auth/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(250 * 1024);
  expect(scripts.filter((s) => /maplibre/i.test(s.url))).toEqual([]);
});

test('the console bundle does not carry the default password of new accounts', async ({ page }) => {
  const brand = JSON.parse(
    readFileSync(new URL('../../brands/civicfleet.json', import.meta.url), 'utf8'),
  ) as {
    defaultPassword: string;
  };
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') bodies.push(await response.text());
  });
  await page.goto('/auth/login', { waitUntil: 'networkidle' });
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.some((body) => body.includes(brand.defaultPassword))).toBe(false);
});
