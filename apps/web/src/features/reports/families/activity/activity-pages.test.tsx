/**
 * The activity reports' own page parts, acting like a user on the kit page: the monthly grid (month field instead of
 * the range, today's month by default, a cell per day with distance and run hours) and the categorisation band cards
 * (a card filters the run to its band and back).
 */
import type { ReportRun } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { currentMonth } from './filters';

const runOf = (rows: ReportRun['rows'], extra: Partial<ReportRun> = {}): ReportRun => ({
  rows,
  total: rows.length,
  truncated: false,
  generatedAt: '2026-11-20T06:30:00.000Z',
  ...extra,
});
const vehicle = { zone: 'Zone East', ward: 'Ward 100', model: 'Tipper', regNo: 'MP09AB0001', vehicleId: '7' };

describe('activity report pages', () => {
  it('monthly summary: a month instead of the range, a grid of days with km and run hours', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      'GET /admin-divisions': ok([]),
      'GET /report/vehicle-models': ok([]),
      'POST /report/monthly-summary/run': ok(
        runOf([{ sr: 1, ...vehicle, d20: 22_000, r20: 2630, d21: 10_000, r21: 1200, total: 32_000 }], {
          meta: { month: '2025-02', days: 28 },
          columns: ['sr', 'zone', 'ward', 'model', 'regNo', 'total'],
        }),
      ),
    });
    renderApp('/reports/monthly-summary?organisationId=1', {
      roleName: 'ADMIN',
      permissions: ['report-monthly-summary'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly Summary' })).toBeInTheDocument();
    expect(screen.queryByLabelText('From Time')).toBeNull();
    const month = screen.getByTestId('report-month');
    expect(month).toHaveValue(currentMonth());
    await waitFor(() => expect(month).toBeEnabled());
    await user.clear(month);
    await user.type(month, '2025-02');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const grid = await screen.findByRole('region', { name: /Distance by day/ });
    const row = within(grid).getByRole('row', { name: /MP09AB0001/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(28 + 1);
    expect(cells[19]).toHaveTextContent('22.00');
    expect(cells[19]).toHaveTextContent('0.7 h');
    expect(cells[28]).toHaveTextContent('32.00');
    expect(calls.callsTo('POST /report/monthly-summary/run').at(-1)?.body).toMatchObject({
      month: '2025-02',
    });
  });

  it('vehicle categorisation: band cards with counts; a card filters to its band', async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      'GET /admin-divisions': ok([]),
      'GET /report/vehicle-models': ok([]),
      'POST /report/vehicle-categorization/run': ok(
        runOf([{ sr: 1, ...vehicle, band: 'Idle', bandKey: 'idle', daysWithData: 1, distance: 0, runS: 0 }], {
          meta: { activeMinDailyDistanceKm: 20, days: 2, active: 3, underUsed: 2, idle: 1, offline: 4 },
        }),
      ),
    });
    renderApp('/reports/vehicle-categorization?from=2026-11-20&to=2026-11-21', {
      roleName: 'ADMIN',
      permissions: ['report-vehicle-categorization'],
    });
    const cards = await screen.findByRole('group', { name: 'Vehicles per band' });
    const idle = within(cards).getByRole('button', { name: /^Idle: 1 vehicles/ });
    expect(within(cards).getByRole('button', { name: /^Offline: 4 vehicles/ })).toBeInTheDocument();
    await user.click(idle);
    const pressed = await screen.findByRole('button', { name: /^Idle:/, pressed: true }, { timeout: 5000 });
    expect(pressed).toBeInTheDocument();
    expect(calls.callsTo('POST /report/vehicle-categorization/run').at(-1)?.body).toMatchObject({
      band: 'idle',
    });
  });
});
