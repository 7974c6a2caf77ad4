import type { Geofence, Vehicle } from '@civicfleet/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { createQueryClient } from '@/api/query-client';
import { SessionTestProvider } from '@/session';
import { renderApp } from '@/test/render-app';
import { AssignGeofencesDialog } from './index';

const SQUARE = {
  type: 'Polygon',
  coordinates: [
    [
      [75.85, 22.71],
      [75.86, 22.71],
      [75.86, 22.72],
      [75.85, 22.72],
      [75.85, 22.71],
    ],
  ],
};

const yard: Geofence = {
  id: '41',
  organisationId: '7',
  name: 'Devguradia dump yard',
  kind: 'dump-yard',
  geometry: SQUARE,
  radiusM: null,
  dwellS: 120,
  poiId: null,
  vehicleIds: [],
  createdAt: '2026-11-21T12:35:09Z',
  updatedAt: '2026-11-21T12:35:09Z',
};
const depot: Geofence = {
  ...yard,
  id: '42',
  name: 'Palasia garage',
  kind: 'garage',
  geometry: { type: 'Point', coordinates: [75.8577, 22.7196] },
  radiusM: 300,
  dwellS: null,
  vehicleIds: ['31', '32'],
};

const truck: Vehicle = {
  id: '31',
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
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
  kind: 'TRUCK',
  type: null,
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: null,
};
const tipper: Vehicle = { ...truck, id: '33', registrationNumber: 'MP09CD5678' };

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const ALL = [
  'geofence',
  'geofence:add-geofence',
  'geofence:edit-geofence-result-table',
  'geofence:delete-geofence-result-table',
  'vehicle',
];
const manager = {
  roleName: 'ADMIN',
  permissions: ALL,
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('geofences', () => {
  it('lists fences with their shape, radius, dwell and vehicles, and hides actions without permission', async () => {
    stubFetch({ 'GET /geofence': page([yard, depot]) });
    renderApp('/management/geofence', { roleName: 'ADMIN', permissions: ['geofence'] });
    expect(await screen.findByRole('heading', { name: 'Geofences' })).toBeInTheDocument();
    const row = await rowOf('Devguradia dump yard');
    for (const text of ['Dump yard', 'Polygon', '120 seconds', 'All vehicles', '21/11/2026 18:05:09'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const circle = await rowOf('Palasia garage');
    for (const text of ['Garage', 'Circle', '300 m', 'Organisation default', '2 vehicles'])
      expect(within(circle).getByText(text)).toBeInTheDocument();
    // No WebGL in jsdom: the overview map says so instead of drawing.
    expect(await screen.findByRole('status', { name: 'Map of the geofences' })).toHaveTextContent(
      /needs WebGL/,
    );
    expect(screen.queryByRole('link', { name: 'Add geofence' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation and assigns a fence to vehicles found by the server search', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /geofence': page([yard, depot]),
      'DELETE /geofence/41': ok(null),
      'GET /vehicle': (call) => page(call.query.get('search') === 'CD' ? [tipper] : [truck, tipper]).clone(),
      'GET /vehicle/31': ok(truck),
      'GET /vehicle/32': ok({ ...truck, id: '32', registrationNumber: 'MP09ZZ0001' }),
      'PUT /geofence/42/vehicles': ok({ ...depot, vehicleIds: ['31', '33'] }),
    });
    renderApp('/management/geofence', manager);
    const row = await rowOf('Devguradia dump yard');
    expect(screen.getByRole('link', { name: 'Add geofence' })).toHaveAttribute(
      'href',
      '/management/geofence/add',
    );
    await user.click(within(row).getByRole('button', { name: 'Actions for Devguradia dump yard' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(network.callsTo('DELETE /geofence/41')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Palasia garage' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign vehicles' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Vehicles of Palasia garage' }));
    expect(await dialog.findByRole('button', { name: 'MP09ZZ0001' })).toBeInTheDocument();
    expect(dialog.getByText('This geofence applies to these 2 vehicles only.')).toBeInTheDocument();
    // Removing the vehicle MP09ZZ0001 and adding MP09CD5678 through the search.
    await user.click(within(dialog.getByRole('button', { name: 'MP09ZZ0001' })).getByTestId('CancelIcon'));
    await user.type(dialog.getByRole('combobox', { name: 'Vehicles' }), 'CD');
    await user.click(await screen.findByRole('option', { name: 'MP09CD5678' }));
    expect(network.callsTo('GET /vehicle').at(-1)?.query.get('organisationId')).toBe('7');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vehicles assigned')).toBeInTheDocument();
    expect(network.callsTo('PUT /geofence/42/vehicles')[0]?.body).toEqual({ vehicleIds: ['31', '33'] });
  });

  it('says an empty assignment means all vehicles', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /geofence': page([yard]),
      'GET /vehicle': page([truck]),
      'PUT /geofence/41/vehicles': ok(yard),
    });
    renderApp('/management/geofence', manager);
    await user.click(await screen.findByRole('button', { name: 'Actions for Devguradia dump yard' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Assign vehicles' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('No vehicle chosen: this geofence applies to all vehicles of its organisation.'),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(network.callsTo('PUT /geofence/41/vehicles')[0]?.body).toEqual({ vehicleIds: [] }),
    );
  });

  it('validates the form, maps server errors to fields, then creates a polygon fence', async () => {
    const user = userEvent.setup();
    const ring = 'Each polygon ring must be closed (first position = last) with at least 4 positions';
    const network = stubFetch({
      'GET /geofence': page([depot]),
      'POST /geofence': [
        fail(400, ring, { 'geometry.coordinates.0': ring, name: 'A geofence with this name exists' }),
        ok(yard),
      ],
    });
    renderApp('/management/geofence/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add geofence' });
    await user.click(submit);
    expect(await screen.findByText('The name is required')).toBeInTheDocument();
    expect(screen.getByText('Draw the area on the map, or paste or import its GeoJSON')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Devguradia dump yard');
    await user.click(screen.getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Dump yard' }));
    await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
    await user.click(screen.getByRole('textbox', { name: 'GeoJSON' }));
    await user.paste(JSON.stringify(SQUARE));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Polygon, 4 corners')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Dwell time/), '90000');
    await user.click(submit);
    expect(await screen.findByText('The dwell time must be 0 to 86,400 seconds')).toBeInTheDocument();
    expect(network.callsTo('POST /geofence')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Dwell time/));
    await user.type(screen.getByLabelText(/^Dwell time/), '120');
    await user.click(submit);
    expect(await screen.findByText('A geofence with this name exists')).toBeInTheDocument();
    expect(screen.getAllByText(ring).length).toBeGreaterThan(0);
    expect(network.callsTo('POST /geofence')[0]?.body).toEqual({
      name: 'Devguradia dump yard',
      kind: 'dump-yard',
      geometry: SQUARE,
      radiusM: null,
      dwellS: 120,
    });
    await user.click(submit);
    expect(await screen.findByText('Geofence created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Geofences' })).toBeInTheDocument();
  });

  it('edits a circle fence: the centre as GeoJSON and a radius that must be a whole number', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /geofence/42': ok(depot),
      'GET /geofence': page([yard, depot]),
      'PUT /geofence/42': ok(depot),
    });
    renderApp('/management/geofence/edit/42', manager);
    expect(await screen.findByRole('heading', { name: 'Edit geofence' })).toBeInTheDocument();
    expect(await screen.findByText('Point 22.719600, 75.857700')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Circle' })).toBeChecked();
    const radius = screen.getByLabelText(/^Radius/);
    expect(radius).toHaveValue('300');
    await user.clear(radius);
    await user.type(radius, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A point geofence needs a radius of 10 to 50,000 metres'),
    ).toBeInTheDocument();
    await user.type(radius, 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number')).toBeInTheDocument();

    // Switching to a polygon drops the centre: an area must be drawn instead.
    await user.click(screen.getByRole('radio', { name: 'Polygon' }));
    expect(screen.getByText('Nothing drawn yet')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Radius/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Circle' }));
    await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
    await user.click(screen.getByRole('textbox', { name: 'GeoJSON' }));
    await user.paste('{"type":"Point","coordinates":[75.9,22.75]}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.clear(screen.getByLabelText(/^Radius/));
    await user.type(screen.getByLabelText(/^Radius/), '450');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Geofence updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /geofence/42')[0]?.body).toMatchObject({
      geometry: { type: 'Point', coordinates: [75.9, 22.75] },
      radiusM: 450,
      kind: 'garage',
    });
  });
});

describe('AssignGeofencesDialog', () => {
  it('ticks the fences of one vehicle and says which apply to all vehicles', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /geofence/vehicle/31': ok({
        vehicleId: '31',
        geofences: [
          {
            id: '41',
            name: 'Devguradia dump yard',
            kind: 'dump-yard',
            isAssigned: false,
            isOrganisationWide: true,
          },
          { id: '42', name: 'Palasia garage', kind: 'garage', isAssigned: true, isOrganisationWide: false },
        ],
      }),
      'PUT /geofence/vehicle/31': (call) => ok({ vehicleId: '31', geofences: [], echo: call.body }),
    });
    let closed = 0;
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <SnackbarProvider>
          <SessionTestProvider roleName="ADMIN" permissions={['vehicle-status:assign-geofence']}>
            <Suspense fallback="loading">
              <AssignGeofencesDialog
                vehicle={{ id: '31', registrationNumber: 'MP09AB1234' }}
                onClose={() => (closed += 1)}
              />
            </Suspense>
          </SessionTestProvider>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Geofences of MP09AB1234' }));
    const yardBox = await dialog.findByRole('checkbox', { name: /Devguradia dump yard/ });
    expect(yardBox).not.toBeChecked();
    expect(dialog.getByText('Dump yard · Applies to all vehicles')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: /Palasia garage/ })).toBeChecked();
    await user.click(dialog.getByText('Devguradia dump yard'));
    expect(
      dialog.getByText('Dump yard · Will apply only to the vehicles it is assigned to'),
    ).toBeInTheDocument();
    await user.click(dialog.getByText('Palasia garage'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Geofences assigned')).toBeInTheDocument();
    expect(network.callsTo('PUT /geofence/vehicle/31')[0]?.body).toEqual({ geofenceIds: ['41'] });
    expect(closed).toBe(1);
  });
});
