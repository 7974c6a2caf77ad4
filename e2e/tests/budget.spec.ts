import { expect, test } from '@playwright/test';
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
