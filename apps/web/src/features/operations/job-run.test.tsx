import type { JobRun } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { FIRST_RENDER, ORG } from './test-session';

const run: JobRun = {
  jobId: '8',
  jobName: 'Ward 12 morning collection',
  day: '2026-11-20',
  organisationId: ORG.id,
  vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
  route: { id: '4', name: 'Palasia loop' },
  windowStart: '2026-11-20T00:30:00Z',
  windowEnd: '2026-11-20T05:00:00Z',
  status: 'finished',
  startedAt: '2026-11-20T00:41:00Z',
  finishedAt: '2026-11-20T05:00:00Z',
  checkpointsTotal: 2,
  checkpointsMet: 1,
  checkpoints: [
    { name: 'Sarafa Bazaar', lat: 22.7193, lon: 75.85815, reachedAt: '2026-11-20T01:10:00Z' },
    { name: 'Malharganj Sabzi Mandi', lat: 22.723, lon: 75.84305, reachedAt: null },
  ],
  expectedTrips: 2,
  gpsTrips: 1,
  score: 0.5,
  evaluatedAt: '2026-11-20T05:05:00Z',
};
const missed: JobRun = {
  ...run,
  jobId: '9',
  jobName: 'Market night sweep',
  status: 'missed',
  startedAt: null,
  finishedAt: null,
  checkpointsMet: 0,
  gpsTrips: 0,
  score: 0,
};

describe('Vehicle jobs', () => {
  it('shows the runs of the day in the URL, filters by status, expands the checkpoints and links to playback', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /operations/job-runs': ok([run, missed]) });
    const { router } = renderApp('/swm/job-run?day=2026-11-20', {
      roleName: 'ADMIN',
      permissions: ['job-run', 'route-playback'],
      user: { organisation: ORG },
    });
    const table = await screen.findByRole('table', { name: 'Vehicle Jobs' }, FIRST_RENDER);
    expect(await within(table).findByText('Ward 12 morning collection')).toBeInTheDocument();
    expect(network.callsTo('GET /operations/job-runs')[0]?.query.get('day')).toBe('2026-11-20');
    const row = within(table).getByText('Ward 12 morning collection').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Finished')).toBeInTheDocument();
    expect(within(row).getByText('06:00–10:30')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Route playback of MP09AB1234' })).toHaveAttribute(
      'href',
      '/view-operations/route-playback?vehicleId=31&from=2026-11-20T06%3A00%3A00%2B05%3A30&to=2026-11-20T10%3A30%3A00%2B05%3A30',
    );

    await user.click(within(row).getByRole('button', { name: 'Checkpoints of Ward 12 morning collection' }));
    const checkpoints = await screen.findByRole('table', {
      name: 'Checkpoints of Ward 12 morning collection',
    });
    expect(within(checkpoints).getByText('06:40')).toBeInTheDocument();
    expect(within(checkpoints).getByText('Missed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Missed 1' }));
    await waitFor(() =>
      expect(within(table).queryByText('Ward 12 morning collection')).not.toBeInTheDocument(),
    );
    expect(within(table).getByText('Market night sweep')).toBeInTheDocument();
    expect(router.state.location.search).toContain('status=missed');
  });
});
