import type { ScorecardRow } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { FIRST_RENDER, ORG } from './test-session';

const scoreRow = (key: string | null, label: string): ScorecardRow => ({
  key,
  label,
  vehicles: 4,
  jobRuns: 10,
  checkpointsTotal: 40,
  checkpointsMet: 35,
  coveragePct: 87.5,
  gpsTrips: 9,
  expectedTrips: 10,
  slaCompliance: 0.9,
  slaSamples: 10,
  complaintsRaised: 3,
  complaintsResolved: 2,
  resolutionMedianH: 5.5,
  resolutionMeanH: 6,
  complaintsOverdue: 1,
  tamperingEvents: 0,
});

describe('Scorecard', () => {
  it('shows the period by ward, links numbers to their lists and downloads the PDF with the same filters', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /operations/scorecard': ok({
        from: '2026-11-01',
        to: '2026-11-20',
        generatedAt: '2026-11-20T06:00:00Z',
        wards: [scoreRow('12', 'Ward 12 Bada Ganpati')],
        contractors: [],
        totals: scoreRow(null, 'All'),
      }),
      'GET /operations/scorecard.pdf': new Response('%PDF-1.7', {
        headers: { 'Content-Type': 'application/pdf' },
      }),
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:scorecard');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/swm/scorecard?from=2026-11-01&to=2026-11-20&groupBy=ward', {
      roleName: 'ADMIN',
      permissions: ['scorecard'],
      user: { organisation: ORG },
    });
    const table = await screen.findByRole('table', { name: 'Scorecard by Ward' }, FIRST_RENDER);
    const row = (await within(table).findByText('Ward 12 Bada Ganpati')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('87.5 %')).toBeInTheDocument();
    expect(within(row).getByText('9 / 10')).toBeInTheDocument();
    expect(within(row).getByText('90 %')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/swm/complaint?wardId=12&from=2026-11-01&to=2026-11-20',
    );
    expect(within(row).getByRole('link', { name: '1' })).toHaveAttribute(
      'href',
      '/swm/complaint?wardId=12&from=2026-11-01&to=2026-11-20&overdue=true',
    );
    expect(within(table).getByText('Total')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdfCall = network.callsTo('GET /operations/scorecard.pdf')[0];
    expect(Object.fromEntries(pdfCall?.query ?? [])).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      groupBy: 'ward',
    });
    expect(created).toHaveBeenCalledTimes(1);
    click.mockRestore();
    created.mockRestore();
  });
});
