import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const results = {
  Vehicles: [
    {
      id: '11',
      name: 'Tipper 7',
      registrationNumber: 'MP09GF1234',
      imei: '861234567890123',
      isTrackingActivated: true,
      owner: { firstName: 'Ravi', lastName: 'Patel' },
      organisation: { brandName: 'Indore Municipal Corporation' },
    },
  ],
  Devices: [],
  Users: [],
};

async function openSearch(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/vehicle-status');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Search' });
}

describe('global search', () => {
  it('goes from the idle hint to a spinner to results grouped by kind, with the empty messages', async () => {
    const user = userEvent.setup();
    const answer = deferred(() => ok(results));
    const network = stubFetch({ 'GET /search': answer.reply });
    const dialog = within(await openSearch(user));
    expect(dialog.getByText('Start typing to see the search results...')).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Search for' }), 'mp09{Enter}');
    expect(await dialog.findByRole('progressbar', { name: 'Searching…' })).toBeInTheDocument();
    answer.release();

    const vehicles = within(await dialog.findByRole('region', { name: 'Vehicles' }));
    const row = vehicles.getByRole('link', { name: /MP09GF1234/ });
    expect(row).toHaveAttribute('href', '/management/vehicle/edit/11');
    expect(row).toHaveTextContent('Ravi Patel · IMEI 861234567890123 · Indore Municipal Corporation');
    expect(
      within(dialog.getByRole('region', { name: 'Devices' })).getByText('No devices for the query'),
    ).toBeInTheDocument();
    expect(
      within(dialog.getByRole('region', { name: 'Users' })).getByText('No Users for the query'),
    ).toBeInTheDocument();
    expect(network.callsTo('GET /search')[0]?.query.get('query')).toBe('mp09');
  });

  it('submits an empty query and the chosen type filter, showing only that kind', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /search': ok({ Vehicles: [], Devices: [], Users: [] }) });
    const dialog = within(await openSearch(user));
    await user.click(dialog.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Users' }));
    await user.type(dialog.getByRole('textbox', { name: 'Search for' }), '{Enter}');

    expect(await dialog.findByText('No Users for the query')).toBeInTheDocument();
    expect(dialog.queryByText('No Vehicles for the query')).not.toBeInTheDocument();
    const query = network.callsTo('GET /search')[0]?.query;
    expect(query?.get('query')).toBe('');
    expect(query?.get('type')).toBe('Users');
  });

  it('shows the server message in an error toast when the search fails', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /search': fail(500, 'Search index unavailable') });
    const dialog = within(await openSearch(user));
    await user.type(dialog.getByRole('textbox', { name: 'Search for' }), 'x{Enter}');
    expect(await screen.findByText('Search index unavailable')).toBeInTheDocument();
    expect(dialog.getByText('Start typing to see the search results...')).toBeInTheDocument();
  });

  it('falls back to "Something went wrong" when the failure has no message', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /search': fail(502) });
    const dialog = within(await openSearch(user));
    await user.type(dialog.getByRole('textbox', { name: 'Search for' }), 'x{Enter}');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('opens from the header button and with "/"', async () => {
    const user = userEvent.setup();
    renderApp('/vehicle-status');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.keyboard('/');
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Search' })[0] ?? document.body);
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });
});
