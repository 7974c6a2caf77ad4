import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportRun } from '@civicfleet/shared';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SWM_PAGES } from '../swm';
import { D2dCoverageView, coverageGroups } from './D2dCoverageView';
import { OnlyMissedFilter, ViolationTypesFilter } from './filters';

const rows = [
  {
    sr: 1,
    ward: 'Ward 12',
    route: 'Beat A',
    point: 'P1',
    lat: '22.7255',
    lon: '75.8628',
    planned: 2,
    served: 2,
    missed: 0,
  },
  {
    sr: 2,
    ward: 'Ward 12',
    route: 'Beat A',
    point: 'P2',
    lat: '22.7325',
    lon: '75.8705',
    planned: 2,
    served: 1,
    missed: 1,
  },
  {
    sr: 3,
    ward: null,
    route: 'Beat B',
    point: 'P9',
    lat: '22.7400',
    lon: '75.8800',
    planned: 1,
    served: 0,
    missed: 1,
  },
];
const run: ReportRun = { rows, total: 3, truncated: false, generatedAt: '2026-11-25T00:00:00.000Z' };

describe('SWM report pages', () => {
  it('sums coverage per ward and route from the rows', () => {
    expect(coverageGroups(rows)).toEqual([
      { ward: 'Ward 12', route: 'Beat A', planned: 4, served: 3 },
      { ward: null, route: 'Beat B', planned: 1, served: 0 },
    ]);
  });

  it('shows the coverage table and, without WebGL, says the points are in the table', async () => {
    render(
      <Suspense fallback={null}>
        <D2dCoverageView run={run} filter={{}} />
      </Suspense>,
    );
    const table = await screen.findByRole('table', { name: 'Coverage per ward and route' });
    const cells = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(cells).toEqual(['WardRoutePlannedServedCoverage', 'Ward 12Beat A4375.0%', '-Beat B100.0%']);
    expect(screen.getByRole('status', { name: 'Map of collection points' })).toHaveTextContent(
      'Every point is listed in the table.',
    );
  });

  it('chooses violation types from the keyboard and toggles only-missed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <Suspense fallback={null}>
        <ViolationTypesFilter value={{ violationTypes: [] }} onChange={onChange} />
        <OnlyMissedFilter value={{ onlyMissed: false }} onChange={onChange} />
      </Suspense>,
    );
    await user.click(await screen.findByRole('combobox', { name: 'Violation types' }));
    await user.click(screen.getByRole('option', { name: 'Route corridor exit' }));
    expect(onChange).toHaveBeenLastCalledWith({ violationTypes: ['corridorExit'] });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Only points missed' }));
    expect(onChange).toHaveBeenLastCalledWith({ onlyMissed: true });
    expect(SWM_PAGES['route-violation']?.defaults).toEqual({ violationTypes: [] });
  });
});
