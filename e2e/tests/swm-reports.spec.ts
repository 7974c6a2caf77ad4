/**
 * The SWM report pages in Chromium on the e2e server's demo data: D2D Collection with "only points missed" from the
 * URL (the coverage table and map when there are runs, else the empty message), Route Violation with its violation
 * types filter from the URL, the Duty Report opened with only a group (today, as Vehicle Status links it).
 * Screenshots in light and dark mode. The report rows themselves are covered by the server's golden tests.
 */
import { expect, test } from '@playwright/test';
import type { ReportRun } from '@civicfleet/shared';
import { ADMIN, apiCall, istDay, shootBoth, signIn } from './support.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('SWM report pages: filters, empty states and the duty report opened with only a group', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const today = istDay(Date.now());
  const yesterday = istDay(Date.now() - 86_400_000);
  // The same filter as the page's URL, asked before the page runs it: the simulator only adds visits, so rows found
  // here are found by the page; with none here the page may already find some (either view is right).
  await signIn(page, ADMIN, '/');
  const d2d = await apiCall<ReportRun>(page, 'POST', '/report/d2d-collection/run', {
    from: `${yesterday}T00:00:00+05:30`,
    to: `${today}T23:59:59.999+05:30`,
    onlyMissed: true,
  });
  expect(d2d.status).toBe(200);
  await page.goto(`/reports/d2d-collection?from=${yesterday}&to=${today}&onlyMissed=true`);
  await expect(page.getByRole('heading', { level: 1, name: 'D2D Collection' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Only points missed' })).toBeChecked();
  const table = page.getByRole('table', { name: 'Coverage per ward and route' });
  const empty = page.getByText('We could not find collection points in your search');
  await expect(d2d.data.total > 0 ? table : table.or(empty)).toBeVisible({ timeout: 60_000 });
  await shootBoth(page, 'report-d2d-collection');

  await page.goto(`/reports/route-violation?from=${yesterday}&to=${today}&violationTypes=missedCheckpoint`);
  await expect(page.getByRole('heading', { level: 1, name: 'Route Violation' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Violation types' })).toContainText('Missed checkpoint');
  await page.waitForTimeout(2000);
  await shootBoth(page, 'report-route-violation');

  const groups = await apiCall<{ items?: Array<{ id: string }> } | Array<{ id: string }>>(
    page,
    'GET',
    '/group',
  );
  const list = Array.isArray(groups.data) ? groups.data : (groups.data?.items ?? []);
  const group = list[0];
  await page.goto(
    group ? `/reports/duty-report?groupId=${group.id}` : `/reports/duty-report?from=${today}&to=${today}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Summary Duty' })).toBeVisible();
  await page.waitForTimeout(3000);
  await shootBoth(page, 'report-duty-report');
});
