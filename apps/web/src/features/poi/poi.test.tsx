import type { Poi } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const dumpYard: Poi = {
  id: '12',
  organisationId: '7',
  name: 'Devguradiya dump yard',
  kind: 'dump-yard',
  lat: 22.6581,
  lon: 75.9062,
  radiusM: 150,
  address: 'Devguradiya, Indore',
  wardId: null,
  geofenceId: '40',
  createdAt: '2026-11-21T12:35:09Z',
  updatedAt: '2026-11-21T12:35:09Z',
};

const page = (items: Poi[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const manager = {
  roleName: 'ADMIN',
  permissions: ['poi', 'poi:add-poi', 'poi:edit-poi-result-table', 'poi:delete-poi-result-table'],
  user: { id: '1', organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' } },
};

/** Replaces a text field's value (paste: one change instead of a keystroke each). */
const fill = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) => {
  await user.clear(screen.getByLabelText(label));
  await user.paste(value);
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('points of interest', () => {
  it('lists POIs from the server and hides add, edit and delete without permission', async () => {
    const network = stubFetch({ 'GET /poi': page([dumpYard]) });
    renderApp('/management/POI', { roleName: 'ADMIN', permissions: ['poi'] });
    expect(await screen.findByRole('heading', { name: 'Points of interest' })).toBeInTheDocument();
    const row = await rowOf('Devguradiya dump yard');
    expect(within(row).getByText('Dump yard')).toBeInTheDocument();
    expect(within(row).getByText('22.658100, 75.906200')).toBeInTheDocument();
    expect(within(row).getByText('150 m')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2026 18:05:09')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add POI' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'RFID / QR tags' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
    expect(network.callsTo('GET /poi')[0]?.query.get('pageSize')).toBe('10');
  });

  it('filters by kind through the URL and deletes after the confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /poi': page([dumpYard]), 'DELETE /poi/12': ok(null) });
    const { router } = renderApp('/management/POI', {
      ...manager,
      permissions: [...manager.permissions, 'item'],
    });
    const row = await rowOf('Devguradiya dump yard');
    expect(screen.getByRole('link', { name: 'Add POI' })).toHaveAttribute('href', '/management/POI/add');
    expect(screen.getByRole('link', { name: 'RFID / QR tags' })).toHaveAttribute('href', '/management/item');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Dump yard' }));
    await waitFor(() => expect(network.callsTo('GET /poi').at(-1)?.query.get('kind')).toBe('dump-yard'));
    expect(router.state.location.search).toBe('?kind=dump-yard');

    await user.click(within(row).getByRole('button', { name: 'Actions for Devguradiya dump yard' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    expect(confirm.getByText("You won't be able to revert after deletion")).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('You successfully deleted the item')).toBeInTheDocument();
    expect(network.callsTo('DELETE /poi/12')).toHaveLength(1);
  });

  it('shows the contract rules: required fields, coordinates inside India, numbers, radius', async () => {
    const user = userEvent.setup();
    const network = stubFetch({});
    renderApp('/management/POI/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add POI' });
    await user.click(submit);
    expect(await screen.findByText('The name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a kind')).toBeInTheDocument();
    expect(screen.getByText('The latitude is required')).toBeInTheDocument();
    expect(screen.getByText('The longitude is required')).toBeInTheDocument();

    await fill(user, /^Latitude/, '51.5');
    await fill(user, /^Longitude/, 'abc');
    await fill(user, /^Radius/, '5');
    await user.click(submit);
    expect(await screen.findByText('The latitude must be inside India (6 to 38)')).toBeInTheDocument();
    expect(screen.getByText('Enter a number')).toBeInTheDocument();
    expect(screen.getByText('The radius must be 10 to 50,000 metres')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('maps server errors to fields, then creates the POI and returns to the list', async () => {
    const user = userEvent.setup();
    const wardError = "The ward must be a ward of the POI's organisation";
    const network = stubFetch({
      'GET /admin-divisions': ok([
        { id: '5', organisationId: '7', type: 'WARD', name: 'Ward 12 Palasia', code: null, parentId: '2' },
      ]),
      'POST /poi': [fail(400, wardError, { wardId: wardError }), ok(dumpYard)],
      'GET /poi': page([dumpYard]),
    });
    renderApp('/management/POI/add', {
      ...manager,
      permissions: [...manager.permissions, 'admin-division'],
    });
    const submit = await screen.findByRole('button', { name: 'Add POI' });
    await fill(user, /^Name/, 'Devguradiya dump yard');
    await user.click(screen.getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Dump yard' }));
    await fill(user, /^Latitude/, '22.6581');
    await fill(user, /^Longitude/, '75.9062');
    await fill(user, /^Radius/, '150');
    await user.click(screen.getByRole('combobox', { name: /^Ward/ }));
    await user.click(await screen.findByRole('option', { name: 'Ward 12 Palasia' }));
    await user.click(submit);
    expect(await screen.findAllByText(wardError)).not.toHaveLength(0);
    expect(network.callsTo('POST /poi')[0]?.body).toEqual({
      name: 'Devguradiya dump yard',
      kind: 'dump-yard',
      lat: 22.6581,
      lon: 75.9062,
      radiusM: 150,
      address: null,
      wardId: '5',
    });
    await user.click(submit);
    expect(await screen.findByText('POI created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Points of interest' })).toBeInTheDocument();
  });

  it('loads the POI to edit and saves it with PUT', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /poi/12': ok(dumpYard),
      'PUT /poi/12': ok({ ...dumpYard, radiusM: 200 }),
      'GET /poi': page([dumpYard]),
    });
    renderApp('/management/POI/edit/12', manager);
    const radius = await screen.findByLabelText(/^Radius/);
    expect(radius).toHaveValue('150');
    await user.clear(radius);
    await user.type(radius, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('POI updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /poi/12')[0]?.body).toMatchObject({ radiusM: 200, kind: 'dump-yard' });
  });

  it('places the POI with the map picker and fills the coordinates', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /poi/12': ok(dumpYard), 'GET /poi': page([dumpYard]) });
    renderApp('/management/POI/edit/12', manager);
    expect(await screen.findByText('Place on the map')).toBeInTheDocument();
    // Without WebGL (jsdom) the picker takes the point as GeoJSON: the typed coordinates follow it.
    await user.click(screen.getByRole('button', { name: 'Edit as GeoJSON' }));
    const box = screen.getByRole('textbox', { name: 'GeoJSON' });
    await user.clear(box);
    await user.click(box);
    await user.paste('{"type":"Point","coordinates":[75.8123456,22.7012344]}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText(/^Latitude/)).toHaveValue('22.701234');
    expect(screen.getByLabelText(/^Longitude/)).toHaveValue('75.812346');
  });

  it('shows the POI read-only to a user who may not edit it', async () => {
    stubFetch({ 'GET /poi/12': ok(dumpYard), 'GET /poi': page([dumpYard]) });
    renderApp('/management/POI/edit/12', { roleName: 'ADMIN', permissions: ['poi'] });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Devguradiya dump yard');
    expect(screen.getByText('You can view this POI but not save changes to it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to list' })).toHaveAttribute('href', '/management/POI');
  });
});
