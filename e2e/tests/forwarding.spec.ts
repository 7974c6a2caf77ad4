/**
 * Forwarding (docs/forwarding.md): an organisation admin adds a webhook target pointing to a receiver this test runs
 * on loopback, sends a test, then a demo AIS-140 tracker drives: the receiver refuses (400), the positions become dead
 * letters; the receiver accepts again, "Retry all" delivers them. Screenshots in light and dark mode.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { demoFleet } from '@civicfleet/simulator';
import type { ForwardTarget } from '@civicfleet/shared';
import { ADMIN, apiCall, sendAis140Track, shootBoth, signIn, trackReading } from './support.ts';

// demoFleet(50, seed 1) as the e2e server seeds it; multiples of 3 speak AIS-140; 30 is used by no other spec.
const vehicle = demoFleet(50, 1)[30];

interface Received {
  items: Array<{ type: string; imei?: string; registrationNumber?: string | null }>;
}

test.use({ viewport: { width: 1440, height: 900 } });

test('add a webhook, send a test, see dead letters and retry them', async ({ page }) => {
  test.setTimeout(180_000);
  if (!vehicle) throw new Error('no demo vehicle');
  let refuse = false;
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received;
      if (refuse && body.items.some((i) => i.type !== 'test')) {
        res.writeHead(400).end('unknown vehicle');
        return;
      }
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/civicfleet`;
  const name = `E2E receiver ${Date.now()}`;

  try {
    await signIn(page, ADMIN);
    await page.goto('/management/forwarding');
    await expect(page.getByRole('heading', { name: 'Forwarding', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add forwarding target' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(url);
    await dialog.getByLabel('Signing secret').fill('e2e-signing-secret-0001');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} saved`)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Delivering')).toBeVisible();

    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText(/The receiver accepted the test \(200, \d+ ms\)/)).toBeVisible();
    expect(received.some((r) => r.items[0]?.type === 'test')).toBe(true);
    await shootBoth(page, 'forwarding-targets');

    // The receiver refuses data: the tracker's positions become dead letters (4xx is not retried).
    refuse = true;
    const startMs = Math.floor((Date.now() - 5 * 60_000) / 1000) * 1000;
    const readings = [0, 1, 2].map((i) => trackReading(startMs + i * 20_000, 22.72, 75.86 + i * 0.001, 25));
    await sendAis140Track({ imei: vehicle.imei, vehicleRegNo: vehicle.registrationNumber }, readings, {
      isHistory: false,
    });
    const targets = await apiCall<ForwardTarget[]>(page, 'GET', '/forwarding/targets');
    const id = targets.data.find((t) => t.name === name)?.id ?? '';
    await expect
      .poll(
        async () => (await apiCall<ForwardTarget>(page, 'GET', `/forwarding/targets/${id}`)).data.stats.dead,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(3);
    await page.reload();
    await expect(row.getByText('Has dead letters')).toBeVisible();
    await row.getByRole('button', { name: 'Dead letters' }).click();
    const letters = page.getByRole('dialog', { name: `Dead letters: ${name}` });
    await expect(letters.getByText('HTTP 400: unknown vehicle').first()).toBeVisible();
    await shootBoth(page, 'forwarding-dead-letters');

    // The receiver accepts again: retry all delivers them.
    refuse = false;
    await letters.getByRole('button', { name: 'Retry all' }).click();
    await expect(page.getByText(/dead letters? queued again/)).toBeVisible();
    await letters.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(() => received.flatMap((r) => r.items).filter((i) => i.type === 'position').length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(3);
    const position = received.flatMap((r) => r.items).find((i) => i.type === 'position');
    expect(position).toMatchObject({ imei: vehicle.imei, registrationNumber: vehicle.registrationNumber });
    await page.reload();
    await expect(row.getByText('Delivering')).toBeVisible();
    await shootBoth(page, 'forwarding-delivered');
    expect((await apiCall(page, 'DELETE', `/forwarding/targets/${id}`)).status).toBe(200);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
