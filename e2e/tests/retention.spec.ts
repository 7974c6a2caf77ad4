/**
 * Data retention (docs/retention.md): an organisation admin edits the "Data retention" section of the organisation
 * settings page, sees the bounds and the "summaries at least as long as positions" rule refused in the form, saves,
 * and finds the saved value in effect after a reload. Screenshots in light and dark mode.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, apiCall, shoot, signIn } from './support.ts';

test('edit and save the data retention of an organisation', async ({ page }) => {
  await signIn(page, ADMIN);
  const found = await apiCall<{ items: Array<{ id: string; tradeName: string }> }>(
    page,
    'GET',
    '/organisation?search=Indore%20Municipal',
  );
  const organisationId =
    found.data.items.find((o) => o.tradeName === 'Indore Municipal Corporation')?.id ?? '';
  expect(organisationId).toMatch(/^\d+$/);
  // Start from what the platform gives (another run may have stored something).
  expect((await apiCall(page, 'PUT', `/organisation/retention-settings/${organisationId}`, {})).status).toBe(
    200,
  );

  await page.goto(`/management/settings/${organisationId}`);
  const section = page.getByRole('table', { name: 'Data retention' });
  await expect(section).toBeVisible();
  const rawRow = section.getByRole('row', { name: /Raw device frames/ });
  await expect(rawRow.getByText('90 days').first()).toBeVisible();
  await expect(rawRow.getByText('from default')).toBeVisible();
  const form = page.locator('form').filter({ has: section });

  const raw = page.getByRole('textbox', { name: 'Raw device frames' });
  await raw.fill('3');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a whole number of days from 7 to 3650')).toBeVisible();

  await raw.fill('30');
  await page.getByRole('textbox', { name: 'Positions (track points)' }).fill('2000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Keep summaries at least as long as positions (2000 days)')).toBeVisible();
  await shoot(page, 'retention-validation');

  await page.getByRole('button', { name: 'Reset to inherited: Positions (track points)' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Raw device frames' })).toHaveValue('30');
  const saved = page
    .getByRole('table', { name: 'Data retention' })
    .getByRole('row', { name: /Raw device frames/ });
  await expect(saved.getByText('30 days')).toBeVisible();
  await expect(saved.getByText('from this organisation')).toBeVisible();
  await page.getByRole('table', { name: 'Data retention' }).scrollIntoViewIfNeeded();
  await shoot(page, 'retention-saved');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shoot(page, 'retention-saved-dark');

  expect((await apiCall(page, 'PUT', `/organisation/retention-settings/${organisationId}`, {})).status).toBe(
    200,
  );
});
