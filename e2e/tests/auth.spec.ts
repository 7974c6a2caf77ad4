import { expect, test } from '@playwright/test';
import { signIn, SUPER_ADMIN, shoot } from './support.ts';

test('bad then good credentials, and the first requested path is kept', async ({ page }) => {
  await page.goto('/management/user');
  // An unauthenticated visitor sees the login screen at whatever path was asked (spec 01 §2.1).
  await expect(page.getByText('Fill in the fields below to sign into your account.')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/user$/);

  // Validation messages word for word.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The username field is required')).toBeVisible();
  await expect(page.getByText('The password field is required')).toBeVisible();
  await expect(page.getByText('You must agree to our terms and conditions')).toBeVisible();

  await page.getByLabel('Email or Phone Number').fill(SUPER_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Verify that your email and password are correct.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await shoot(page, 'login-error');

  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Successfully logged in')).toBeVisible();
  await expect(page).toHaveURL(/\/management\/user$/);
  await expect(page.getByRole('navigation')).toBeVisible();
});

test('sign in with the 10-digit phone (+91 added) and sign out', async ({ page }) => {
  await signIn(page, { ...SUPER_ADMIN, email: SUPER_ADMIN.phone });
  await expect(page).toHaveURL(/\/vehicle-status$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Successfully logged out')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
