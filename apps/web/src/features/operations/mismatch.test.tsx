import type { DumpMismatchRow } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { FIRST_RENDER, operator } from './test-session';

const okRow: DumpMismatchRow = {
  day: '2026-11-20',
  vehicleId: '31',
  registrationNumber: 'MP09AB1234',
  expectedTrips: 2,
  gpsTrips: 2,
  recordedTrips: 2,
  unconfirmedEntries: [],
  status: 'ok',
  inProgress: true,
};
const shortRow: DumpMismatchRow = {
  ...okRow,
  vehicleId: '32',
  registrationNumber: 'MP09CD5678',
  gpsTrips: 1,
  recordedTrips: 1,
  status: 'fewer-than-expected',
  inProgress: false,
};
const unconfirmedRow: DumpMismatchRow = {
  ...okRow,
  day: '2026-11-21',
  vehicleId: '33',
  registrationNumber: 'MP09EF9012',
  expectedTrips: 1,
  gpsTrips: 0,
  recordedTrips: 1,
  unconfirmedEntries: [
    {
      entryId: '91',
      geofenceId: '3',
      geofenceName: 'Devguradia Trenching Ground',
      enteredAt: '2026-11-21T05:00:00Z',
    },
  ],
  status: 'unconfirmed-entry',
  inProgress: false,
};

describe('Dump mismatch tab', () => {
  it('compares expected, GPS and recorded trips and highlights entries without GPS presence', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /operations/dump-mismatch': ok([okRow, shortRow, unconfirmedRow]) });
    const { router } = renderApp('/swm/dump-yard?tab=mismatch&from=2026-11-20&to=2026-11-21', operator);
    const table = await screen.findByRole('table', { name: 'Dump mismatch' }, FIRST_RENDER);
    await waitFor(() => expect(network.callsTo('GET /operations/dump-mismatch')).toHaveLength(1));
    const query = network.callsTo('GET /operations/dump-mismatch')[0]?.query;
    expect(query?.get('from')).toBe('2026-11-20');
    expect(query?.get('to')).toBe('2026-11-21');
    expect(screen.getByRole('tab', { name: 'Mismatch' })).toHaveAttribute('aria-selected', 'true');

    const rowOf = (text: string) => {
      const row = within(table).getByText(text).closest('tr');
      if (!row) throw new Error(`no row for ${text}`);
      return row;
    };
    expect(within(rowOf('MP09AB1234')).getByText('OK')).toBeInTheDocument();
    expect(within(rowOf('MP09AB1234')).getByText('Day in progress')).toBeInTheDocument();
    expect(within(rowOf('MP09CD5678')).queryByText('Day in progress')).not.toBeInTheDocument();
    expect(within(rowOf('MP09CD5678')).getByText('Fewer trips than expected')).toBeInTheDocument();
    const flagged = rowOf('MP09EF9012');
    expect(within(flagged).getByText('Unconfirmed entry')).toBeInTheDocument();
    expect(flagged).toHaveAttribute('data-unconfirmed', 'true');
    expect(rowOf('MP09AB1234')).not.toHaveAttribute('data-unconfirmed');
    expect(
      within(table).getByText('No GPS presence: Devguradia Trenching Ground, entered 21/11/2026 10:30:00'),
    ).toBeInTheDocument();
    expect(
      within(flagged)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['21/11/2026', 'MP09EF9012', '1', '0', '1', 'Unconfirmed entry']);

    await user.click(screen.getByRole('switch', { name: 'Only mismatches (2)' }));
    await waitFor(() => expect(within(table).queryByText('MP09AB1234')).not.toBeInTheDocument());
    expect(router.state.location.search).toContain('problems=1');
  });

  it('shows the empty and error states', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /operations/dump-mismatch': [fail(500), ok([])] });
    renderApp('/swm/dump-yard?tab=mismatch', operator);
    expect(
      await screen.findByText('Could not load the data. Check your connection and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing to compare in this range.')).toBeInTheDocument();
  });
});
