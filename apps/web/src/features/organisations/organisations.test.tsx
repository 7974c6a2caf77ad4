import type { Organisation, OrganisationDeriveSettings } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const org = (id: string, tradeName: string, extra: Partial<Organisation> = {}): Organisation => ({
  id,
  parentId: '1',
  parentName: 'CivicFleet',
  kind: 'MUNICIPAL',
  tradeName,
  brandName: null,
  contact: null,
  email: null,
  address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
  logo: null,
  gst: null,
  isOnboarded: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const page = (items: Organisation[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });

const values = {
  stopMinDurationS: 180,
  stopRadiusM: 100,
  movingMinSpeedKph: 5,
  idleMinDurationS: 300,
  offlineAfterS: 1800,
  minTripDistanceM: 500,
  minTripDurationS: 120,
  visitDwellS: 60,
  visitExitDebounceS: 60,
  gpsGapS: 600,
  maxPlausibleSpeedKph: 180,
  distanceJitterM: 15,
  speedLimitKph: null,
  overspeedMinDurationS: 10,
  sosQuietS: 300,
  alarmDedupS: 60,
  dutyGraceS: 900,
  collectionMinStopS: 30,
  missedPointsAlertLeadS: 1800,
  activeMinDailyDistanceM: 20_000,
  fuelEconomyKmpl: 4,
  timeZone: 'Asia/Kolkata',
};
const derive = (stored: Partial<typeof values>): OrganisationDeriveSettings => ({
  organisationId: '7',
  stored,
  effective: { ...values, offlineAfterS: 900, ...stored },
  defaults: values,
});

describe('organisations', () => {
  it('lists organisations with type and parent, and links to settings', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /organisation': page([org('7', 'Indore Municipal Corporation', { brandName: 'IMC' })]),
    });
    const { router } = renderApp('/management/organisation');
    const row = (await screen.findByText('Indore Municipal Corporation', {}, { timeout: 5000 })).closest(
      'tr',
    );
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Municipal')).toBeInTheDocument();
    expect(within(row).getByText('CivicFleet')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Actions for Indore Municipal Corporation' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/settings/7'));
    expect(network.callsTo('GET /organisation')[0]?.query.get('page')).toBe('1');
  });

  it('creates an organisation and maps server errors to fields', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /organisation': page([org('1', 'Test Municipal Corporation')]),
      'POST /organisation': fail(400, 'Enter a valid 15-character GSTIN', { gst: 'Bad GSTIN' }),
    });
    renderApp('/management/organisation/add');
    await user.click(await screen.findByRole('button', { name: 'Add organisation' }));
    expect(await screen.findByText('The trade name is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Trade name/ }), 'Palasia Ward');
    await user.click(screen.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Customer' }));
    await user.type(screen.getByRole('textbox', { name: /PIN code/ }), '452001');
    await user.click(screen.getByRole('button', { name: 'Add organisation' }));
    expect(await screen.findByText('Bad GSTIN')).toBeInTheDocument();
    expect(network.callsTo('POST /organisation')[0]?.body).toMatchObject({
      parentId: '1',
      kind: 'CUSTOMER',
      tradeName: 'Palasia Ward',
      gst: null,
      address: { pin: '452001', country: 'India' },
    });
  });

  it('shows stored, effective and default thresholds and resets a field to inherited', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /organisation/7': ok(org('7', 'Indore Municipal Corporation')),
      'GET /organisation/settings/7': ok({ city: 'Indore' }),
      'GET /organisation/derive-settings/7': ok(derive({ stopRadiusM: 150 })),
      'PUT /organisation/derive-settings/7': ok(derive({})),
    });
    renderApp('/management/settings/7');
    const radius = await screen.findByRole('textbox', { name: 'Stop radius' });
    expect(radius).toHaveValue('150');
    const offline = screen.getByRole('row', { name: /Offline after/ });
    expect(within(offline).getByText('900 s')).toBeInTheDocument();
    expect(within(offline).getByText('1800 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset to inherited: Stop radius' }));
    expect(radius).toHaveValue('');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0] as HTMLElement);
    await waitFor(() => expect(network.callsTo('PUT /organisation/derive-settings/7')).toHaveLength(1));
    expect(network.callsTo('PUT /organisation/derive-settings/7')[0]?.body).toEqual({});
    expect(screen.getByRole('textbox', { name: /Settings \(JSON\)/ })).toHaveValue(
      '{\n  "city": "Indore"\n}',
    );
  });
});
