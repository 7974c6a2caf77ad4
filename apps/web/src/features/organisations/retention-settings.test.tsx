import type { OrganisationRetentionSettings, RetentionSettingsValues } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const defaults: RetentionSettingsValues = {
  positionsDays: 400,
  rawLogsDays: 90,
  eventsDays: 730,
  rollupsDays: 1825,
};
/** A parent stores eventsDays 1000; the organisation stores `stored`. */
const retention = (stored: Partial<RetentionSettingsValues>): OrganisationRetentionSettings => {
  const inherited = { ...defaults, eventsDays: 1000 };
  return { organisationId: '7', stored, effective: { ...inherited, ...stored }, inherited, defaults };
};

function stub(extra: Record<string, Response | Response[]> = {}) {
  return stubFetch({
    'GET /organisation/7': ok({
      id: '7',
      parentId: '1',
      parentName: 'CivicFleet',
      kind: 'MUNICIPAL',
      tradeName: 'Indore Municipal Corporation',
      brandName: null,
      contact: null,
      email: null,
      address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
      logo: null,
      gst: null,
      isOnboarded: true,
      deleted: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    }),
    'GET /organisation/settings/7': ok({ city: 'Indore', retention: { positionsDays: 500 } }),
    'GET /organisation/derive-settings/7': fail(500),
    'GET /organisation/retention-settings/7': ok(retention({ positionsDays: 500 })),
    'GET /organisation/device-network-settings/7': ok({
      organisationId: '7',
      stored: {},
      effective: { allowedNetworks: [] },
      defaults: { allowedNetworks: [] },
    }),
    ...extra,
  });
}

const saveOf = () =>
  within(screen.getByRole('table', { name: 'Data retention' }).closest('form') as HTMLElement).getByRole(
    'button',
    { name: 'Save' },
  );

describe('organisation data retention', () => {
  it('shows stored, effective (with where it comes from) and default days, and saves a change', async () => {
    const user = userEvent.setup();
    const network = stub({
      'PUT /organisation/retention-settings/7': ok(retention({ positionsDays: 500, rawLogsDays: 30 })),
    });
    renderApp('/management/settings/7');
    const positions = await screen.findByRole(
      'textbox',
      { name: 'Positions (track points)' },
      { timeout: 10_000 },
    );
    expect(positions).toHaveValue('500');
    const ownRow = screen.getByRole('row', { name: /Positions/ });
    expect(within(ownRow).getByText('500 days')).toBeInTheDocument();
    expect(within(ownRow).getByText('from this organisation')).toBeInTheDocument();
    expect(within(ownRow).getByText('400 days')).toBeInTheDocument();
    const alerts = screen.getByRole('row', { name: /Alerts/ });
    expect(within(alerts).getByText('1000 days')).toBeInTheDocument();
    expect(within(alerts).getByText('from a parent')).toBeInTheDocument();
    const raw = screen.getByRole('row', { name: /Raw device frames/ });
    expect(within(raw).getByText('from default')).toBeInTheDocument();
    // The general settings JSON does not show the retention section (it has its own form).
    expect(screen.getByRole('textbox', { name: /Settings \(JSON\)/ })).toHaveValue(
      '{\n  "city": "Indore"\n}',
    );

    await user.type(screen.getByRole('textbox', { name: 'Raw device frames' }), '30');
    await user.click(saveOf());
    await waitFor(() => expect(network.callsTo('PUT /organisation/retention-settings/7')).toHaveLength(1));
    expect(network.callsTo('PUT /organisation/retention-settings/7')[0]?.body).toEqual({
      positionsDays: 500,
      rawLogsDays: 30,
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('refuses days outside the bounds and summaries shorter than positions, without saving', async () => {
    const user = userEvent.setup();
    const network = stub();
    renderApp('/management/settings/7');
    const raw = await screen.findByRole('textbox', { name: 'Raw device frames' }, { timeout: 10_000 });
    await user.type(raw, '3');
    await user.click(saveOf());
    expect(await screen.findByText('Enter a whole number of days from 7 to 3650')).toBeInTheDocument();

    await user.clear(raw);
    await user.type(screen.getByRole('textbox', { name: 'Summaries' }), '450');
    const positions = screen.getByRole('textbox', { name: 'Positions (track points)' });
    await user.clear(positions);
    await user.type(positions, '600');
    await user.click(saveOf());
    expect(
      await screen.findByText('Keep summaries at least as long as positions (600 days)'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /organisation/retention-settings/7')).toHaveLength(0);
  });

  it('resets a field to inherited and shows the server message on its field', async () => {
    const user = userEvent.setup();
    const message = 'rollupsDays must be at least positionsDays (rollups outlive raw positions)';
    const network = stub({
      'PUT /organisation/retention-settings/7': fail(400, message, { rollupsDays: message }),
    });
    renderApp('/management/settings/7');
    const positions = await screen.findByRole(
      'textbox',
      { name: 'Positions (track points)' },
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Reset to inherited: Positions (track points)' }));
    expect(positions).toHaveValue('');
    await user.click(saveOf());
    await waitFor(() => expect(network.callsTo('PUT /organisation/retention-settings/7')).toHaveLength(1));
    expect(network.callsTo('PUT /organisation/retention-settings/7')[0]?.body).toEqual({});
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
  });

  it('shows an error when the settings cannot be loaded', async () => {
    stub({ 'GET /organisation/retention-settings/7': fail(500) });
    renderApp('/management/settings/7');
    // Both the derive and the retention sections failed (derive is stubbed to fail in every test here).
    await waitFor(() => expect(screen.getAllByText('Could not load the data.')).toHaveLength(2));
  });
});
