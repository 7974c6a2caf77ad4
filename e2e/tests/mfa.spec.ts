/**
 * Two-step verification (TOTP, ASVS 2.3.2 / 4.3.1) and the first sign-in with the brand's default password (2.3.1).
 * Each journey uses a user the ADMIN creates through the API, so the demo accounts other journeys sign in with stay
 * without a second factor. The TOTP codes are computed here from the secret the page shows (otpauth, RFC 6238).
 */
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, apiCall, shoot, signIn } from './support.ts';

const STRONG_PASSWORD = 'Narmada-Ghat-Sweep-2026';

/** The ADMIN (signed in on `page`) creates an ADMIN of the same organisation; without `password`: the default one. */
async function createAdmin(page: Page, email: string, password?: string): Promise<void> {
  const userId = await page.evaluate(() => localStorage.getItem('cf.session.userId'));
  const me = await apiCall<{ role: { id: string }; organisation: { id: string } }>(
    page,
    'GET',
    `/auth/logged-in-user/${userId ?? ''}`,
  );
  const created = await apiCall(page, 'POST', '/users', {
    firstName: 'Meera',
    lastName: 'Iyer',
    email,
    roleId: me.data.role.id,
    organisationId: me.data.organisation.id,
    ...(password ? { password } : {}),
  });
  expect(created.status).toBe(200);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

async function typeCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email or Phone Number').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('enrols in two-step verification, signs out, and signs in again with a code', async ({ page }) => {
  const email = `mfa.${Date.now()}@imcindore.org`;
  await signIn(page, ADMIN);
  await createAdmin(page, email, STRONG_PASSWORD);
  await signOut(page);
  await signIn(page, { email, phone: '', password: STRONG_PASSWORD });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Two-step verification' }).click();
  await expect(page).toHaveURL(/\/account\/two-step$/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('img'),
  ).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await shoot(page, 'mfa-setup');

  // Keyboard: the code field has the focus; a wrong code first, then the right one.
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('The verification code is not correct.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(totp.generate());
  await page.keyboard.press('Enter');
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await shoot(page, 'mfa-recovery-codes');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'mfa-recovery-codes-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  const firstRecoveryCode = (await codes.first().innerText()).trim();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 unused recovery codes left.')).toBeVisible();

  await signOut(page);
  await typeCredentials(page, email, STRONG_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await shoot(page, 'mfa-sign-in-step');
  // The enrolment code's time step is spent (no code is accepted twice): the next step's code (window ±1) works.
  await page.keyboard.type(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByText('Successfully logged in')).toBeVisible();

  // A recovery code works once.
  await signOut(page);
  await typeCredentials(page, email, STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(firstRecoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
  await signOut(page);
  await typeCredentials(page, email, STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(firstRecoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The verification code is not correct.')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'mfa-sign-in-step-dark');
});

test('a user created with the default password must change it before anything else', async ({ page }) => {
  const email = `first.${Date.now()}@imcindore.org`;
  await signIn(page, ADMIN);
  await createAdmin(page, email);
  await signOut(page);

  await typeCredentials(page, email, 'Welcome@123');
  await expect(page).toHaveURL(/\/auth\/password-required$/);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  // The server refuses everything else meanwhile.
  const users = await apiCall(page, 'GET', '/users');
  expect(users.status).toBe(403);
  await shoot(page, 'password-required');
  // Anywhere else, the console comes back to this screen (the server's 403 names the restriction).
  await page.goto('/vehicle-status');
  await expect(page).toHaveURL(/\/auth\/password-required$/);

  await page.getByLabel('Current (default) password').fill('Welcome@123');
  await page.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm new password').fill(STRONG_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation')).toBeVisible();
  expect((await apiCall(page, 'GET', '/users')).status).toBe(200);
});

test('an administrator resets the two-step verification of a user who lost it; the user signs in with the password only', async ({
  page,
  request,
}) => {
  const email = `lost.${Date.now()}@imcindore.org`;
  await signIn(page, ADMIN);
  await createAdmin(page, email, STRONG_PASSWORD);

  // The user turns two-step verification on (through the API, as their own session), then loses the phone.
  const login = await request.post('/v1/auth/login', {
    data: { username: email, password: STRONG_PASSWORD },
  });
  const token = ((await login.json()) as { data: { token: { access: { token: string } } } }).data.token.access
    .token;
  const headers = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/v1/auth/mfa/setup', { headers });
  const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
  const enable = await request.post('/v1/auth/mfa/enable', {
    headers,
    data: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
  });
  expect(enable.status()).toBe(200);

  await page.goto('/management/user');
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'On', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Reset two-step verification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-step verification?' });
  await expect(dialog).toBeVisible();
  // The administrator's own password, not the user's.
  await dialog.getByLabel('Your password').fill(STRONG_PASSWORD);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(ADMIN.password);
  await shoot(page, 'mfa-admin-reset');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Two-step verification reset. 1 session signed out.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: 'Off', exact: true })).toBeVisible();
  // The user's old session ended with the reset.
  expect((await request.get('/v1/auth/mfa', { headers })).status()).toBe(401);

  await signOut(page);
  await typeCredentials(page, email, STRONG_PASSWORD);
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toHaveCount(0);
});
