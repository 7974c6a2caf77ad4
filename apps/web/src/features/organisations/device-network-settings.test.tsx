/** Organisation settings: the allowed device networks section (inherited settings kit, server messages on the field). */
import { CIDR_MESSAGE, type OrganisationDeviceNetworkSettings } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const settings = (
  stored: string[] | undefined,
  effective: string[] = stored ?? [],
): OrganisationDeviceNetworkSettings => ({
  organisationId: '7',
  stored: stored === undefined ? {} : { allowedNetworks: stored },
  effective: { allowedNetworks: effective },
  defaults: { allowedNetworks: [] },
});

function stub(current: OrganisationDeviceNetworkSettings, put: Response | Response[]) {
  return stubFetch({
    'GET /organisation/7': fail(500),
    'GET /organisation/settings/7': ok({}),
    'GET /organisation/derive-settings/7': fail(500),
    'GET /organisation/retention-settings/7': fail(500),
    'GET /organisation/device-network-settings/7': ok(current),
    'PUT /organisation/device-network-settings/7': put,
  });
}

const field = () => screen.findByRole('textbox', { name: 'Allowed networks' }, { timeout: 10_000 });
const saveOf = () =>
  within(
    screen.getByRole('table', { name: 'Allowed device networks' }).closest('form') as HTMLElement,
  ).getByRole('button', { name: 'Save' });

describe('organisation allowed device networks', () => {
  it("shows the parent's networks as inherited, saves its own list and shows a bad network's server message on the field", async () => {
    const user = userEvent.setup();
    const network = stub(settings(undefined, ['10.64.0.0/16']), [
      fail(400, CIDR_MESSAGE, { 'allowedNetworks.1': CIDR_MESSAGE }),
      ok(settings(['100.64.0.0/10', '2001:db8::/32'])),
    ]);
    renderApp('/management/settings/7');
    const input = await field();
    expect(input).toHaveValue('');
    const row = screen.getByRole('row', { name: /Allowed networks/ });
    expect(within(row).getByText('10.64.0.0/16')).toBeInTheDocument();
    expect(within(row).getByText('from a parent')).toBeInTheDocument();
    expect(within(row).getByText('Any address')).toBeInTheDocument();
    expect(
      screen.getByText(/if no organisation sets any, trackers may connect from any address/),
    ).toBeInTheDocument();

    await user.type(input, '100.64.0.0/10, 10.0.0.0/33');
    await user.click(saveOf());
    await waitFor(() => expect(input).toHaveAccessibleDescription(CIDR_MESSAGE));
    expect(network.callsTo('PUT /organisation/device-network-settings/7')[0]?.body).toEqual({
      allowedNetworks: ['100.64.0.0/10', '10.0.0.0/33'],
    });

    await user.clear(input);
    await user.type(input, '100.64.0.0/10 2001:db8::/32');
    await user.click(saveOf());
    await waitFor(() =>
      expect(network.callsTo('PUT /organisation/device-network-settings/7')).toHaveLength(2),
    );
    expect(network.callsTo('PUT /organisation/device-network-settings/7')[1]?.body).toEqual({
      allowedNetworks: ['100.64.0.0/10', '2001:db8::/32'],
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(input).toHaveValue('100.64.0.0/10, 2001:db8::/32');
    expect(
      within(screen.getByRole('row', { name: /Allowed networks/ })).getByText('from this organisation'),
    ).toBeInTheDocument();
  });

  it('resets to inherited by sending no list', async () => {
    const user = userEvent.setup();
    const network = stub(settings(['10.64.0.0/16']), ok(settings(undefined)));
    renderApp('/management/settings/7');
    expect(await field()).toHaveValue('10.64.0.0/16');
    await user.click(screen.getByRole('button', { name: 'Reset to inherited: Allowed networks' }));
    await user.click(saveOf());
    await waitFor(() =>
      expect(network.callsTo('PUT /organisation/device-network-settings/7')).toHaveLength(1),
    );
    expect(network.callsTo('PUT /organisation/device-network-settings/7')[0]?.body).toEqual({});
  });
});
