import { expect, test } from '@playwright/test';
import { E2E_DEVICE_PORTS } from '../playwright.config.ts';
import { SUPER_ADMIN } from './support.ts';

test('forgot password: the OTP from the outbox resets the password', async ({ page, request }) => {
  const username = 'custom@demo.civicfleet.in';
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email or Phone Number').fill(username);
  await page.getByRole('button', { name: /send|reset|code/i }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password\//);

  // No SMTP is configured, so the mail is kept in the outbox that the super admin can read.
  const login = await request.post('/v1/auth/login', {
    data: { username: SUPER_ADMIN.email, password: SUPER_ADMIN.password },
  });
  const token = ((await login.json()) as { data: { token: { access: { token: string } } } }).data.token.access
    .token;
  const outbox = await request.get('/v1/outbox', { headers: { authorization: `Bearer ${token}` } });
  const mails = ((await outbox.json()) as { data: Array<{ to: string; text: string }> }).data;
  const mail = mails.find((m) => m.to === username);
  const otp = mail?.text.match(/\b(\d{6})\b/)?.[1];
  expect(otp).toBeDefined();

  await page.getByLabel(/code/i).fill(otp ?? '');
  await page.getByLabel(/^New password/i).fill('Fresh@Pass123');
  await page.getByLabel(/Confirm/i).fill('Fresh@Pass123');
  await page.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const fresh = await request.post('/v1/auth/login', { data: { username, password: 'Fresh@Pass123' } });
  expect(fresh.status()).toBe(200);
});

test('the port checker reports the gateway device port as open and refuses private networks', async ({
  page,
}) => {
  // The e2e server's gateway listens for GT06 trackers on this port (playwright.config.ts).
  await page.goto('/public/port-checker');
  await page.getByLabel(/host/i).fill('127.0.0.1');
  await page.getByLabel(/port/i).fill(String(E2E_DEVICE_PORTS.gt06));
  await page.getByRole('button', { name: /check/i }).click();
  await expect(page.getByText(/open/i).first()).toBeVisible();

  await page.getByLabel(/host/i).fill('10.0.0.1');
  await page.getByLabel(/port/i).fill('80');
  await page.getByRole('button', { name: /check/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
});
