import type { DumpYardEntry, Geofence } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { FIRST_RENDER, ORG, operator } from './test-session';

const fence = (id: string, name: string, kind: Geofence['kind']): Geofence => ({
  id,
  organisationId: ORG.id,
  name,
  kind,
  geometry: { type: 'Point', coordinates: [75.89, 22.66] },
  radiusM: 120,
  dwellS: 300,
  poiId: null,
  vehicleIds: [],
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});
const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 100 });
const vehicle = {
  id: '31',
  organisation: { id: ORG.id, tradeName: ORG.tradeName, brandName: ORG.brandName },
  category: null,
  registrationNumber: 'MP09AB1234',
  engineNo: null,
  chassisNo: null,
  rto: null,
  rtoCode: null,
  make: null,
  model: null,
  regDate: null,
  rcImages: [],
  kind: null,
  type: null,
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-11-01T00:00:00Z',
  device: null,
};
const saved: DumpYardEntry = {
  id: '91',
  organisationId: ORG.id,
  geofence: { id: '3', name: 'Devguradia Trenching Ground', kind: 'dump-yard' },
  vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
  enteredAt: new Date().toISOString(),
  exitedAt: null,
  grossKg: 12450,
  tareKg: 8200,
  netKg: 4250,
  ticketNo: 'T-118',
  source: 'operator',
  note: null,
  gpsConfirmed: false,
  recordedBy: 'Rakesh Verma',
  createdAt: new Date().toISOString(),
};

function entryNetwork(post = ok(saved)) {
  return stubFetch({
    'GET /geofence': (call) =>
      call.query.get('kind') === 'dump-yard'
        ? page([fence('3', 'Devguradia Trenching Ground', 'dump-yard')])
        : page([fence('4', 'Chandan Nagar Garbage Transfer Station', 'transfer-station')]),
    'GET /vehicle': page([vehicle]),
    'GET /operations/dump-yard-entry': [page([]), page([saved])],
    'POST /operations/dump-yard-entry': post,
  });
}

describe('Dump-yard entry screen', () => {
  // Much typing on a shared 2-core machine: more time than the default.
  it(
    'validates the yard, vehicle and weights, shows the net and stays ready for the next truck',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      const network = entryNetwork();
      renderApp('/swm/dump-yard/add', operator);
      expect(
        await screen.findByRole('heading', { name: 'Record dump-yard trip' }, FIRST_RENDER),
      ).toBeInTheDocument();
      expect(await screen.findByText('Nothing recorded in this shift yet.')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Save trip' }));
      expect(await screen.findByText('Choose the yard')).toBeInTheDocument();
      expect(screen.getByText('Choose the vehicle')).toBeInTheDocument();

      const gross = screen.getByRole('textbox', { name: 'Gross weight' });
      const tare = screen.getByRole('textbox', { name: 'Tare weight' });
      await user.type(gross, '8200');
      await user.type(tare, '12450');
      await user.click(screen.getByRole('button', { name: 'Save trip' }));
      expect(await screen.findByText('The tare weight cannot exceed the gross weight')).toBeInTheDocument();
      await user.clear(gross);
      await user.type(gross, '12,4x');
      await user.click(screen.getByRole('button', { name: 'Save trip' }));
      expect(await screen.findByText('Enter a weight in kg, e.g. 12450')).toBeInTheDocument();
      expect(network.callsTo('POST /operations/dump-yard-entry')).toHaveLength(0);

      await user.clear(gross);
      await user.type(gross, '12450');
      await user.clear(tare);
      await user.type(tare, '8200');
      expect(screen.getByRole('status', { name: 'Net weight' })).toHaveTextContent('4,250 kg');

      await user.click(screen.getByRole('combobox', { name: /^Yard/ }));
      await user.click(await screen.findByRole('option', { name: /Devguradia Trenching Ground/ }));
      await user.type(screen.getByRole('combobox', { name: /^Vehicle/ }), 'MP09');
      await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
      await user.type(screen.getByRole('textbox', { name: 'Ticket number' }), 'T-118{Enter}');

      await waitFor(() => expect(network.callsTo('POST /operations/dump-yard-entry')).toHaveLength(1));
      const body = network.callsTo('POST /operations/dump-yard-entry')[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({
        geofenceId: '3',
        vehicleId: '31',
        grossKg: 12450,
        tareKg: 8200,
        ticketNo: 'T-118',
        exitedAt: null,
        source: 'operator',
      });
      expect(String(body.enteredAt)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+05:30$/);
      expect(await screen.findByText('Trip of MP09AB1234 recorded')).toBeInTheDocument();

      // Cleared for the next truck; the yard stays, the shift list shows the new entry.
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Gross weight' })).toHaveValue(''));
      expect(screen.getByRole('combobox', { name: /^Vehicle/ })).toHaveValue('');
      await waitFor(() => expect(screen.getByRole('combobox', { name: /^Vehicle/ })).toHaveFocus());
      expect(screen.getByRole('combobox', { name: /^Yard/ })).toHaveTextContent(
        'Devguradia Trenching Ground',
      );
      const shift = within(screen.getByRole('region', { name: /Entries of this shift/ }));
      expect(await shift.findByText('MP09AB1234')).toBeInTheDocument();
      expect(shift.getByText('Unconfirmed')).toBeInTheDocument();
    },
  );

  it("shows the server's message on a refused save", async () => {
    const user = userEvent.setup();
    entryNetwork(fail(400, 'The place must be a dump yard or transfer station of the organisation'));
    renderApp('/swm/dump-yard/add', operator);
    await user.click(await screen.findByRole('combobox', { name: /^Yard/ }));
    await user.click(await screen.findByRole('option', { name: /Chandan Nagar/ }));
    await user.type(screen.getByRole('combobox', { name: /^Vehicle/ }), 'MP');
    await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
    await user.click(screen.getByRole('button', { name: 'Save trip' }));
    expect(
      await screen.findByText('The yard must be a dump yard or transfer station of your organisation'),
    ).toBeInTheDocument();
  });
  it('lists the yards from the presence answer when the role may not list geofences', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /geofence': fail(403, 'You do not have permission to perform this action'),
      'GET /operations/dump-yard-presence': ok({
        asOf: new Date().toISOString(),
        yards: [
          {
            geofenceId: '4',
            name: 'Chandan Nagar Garbage Transfer Station',
            kind: 'transfer-station',
            organisationId: ORG.id,
            vehicles: [],
          },
          {
            geofenceId: '3',
            name: 'Devguradia Trenching Ground',
            kind: 'dump-yard',
            organisationId: ORG.id,
            vehicles: [],
          },
        ],
      }),
      'GET /operations/dump-yard-entry': page([]),
    });
    renderApp('/swm/dump-yard/add', {
      ...operator,
      permissions: ['dump-yard', 'dump-yard:add-dump-yard-entry'],
    });
    await user.click(await screen.findByRole('combobox', { name: /^Yard/ }, FIRST_RENDER));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Devguradia Trenching Ground · Dump yard',
      'Chandan Nagar Garbage Transfer Station · Transfer station',
    ]);
  });
});
