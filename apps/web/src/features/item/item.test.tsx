import type { Item, Vehicle } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const onTruck: Item = {
  id: '3',
  organisationId: '7',
  code: 'RFID-0001',
  kind: 'RFID',
  description: 'Windscreen tag',
  vehicle: { id: '31', registrationNumber: 'MP09AB1234' },
  poi: null,
  createdAt: '2026-11-21T12:35:09Z',
  updatedAt: '2026-11-21T12:35:09Z',
};
const atHouse: Item = {
  ...onTruck,
  id: '4',
  code: 'QR-7',
  kind: 'QR',
  description: null,
  vehicle: null,
  poi: { id: '12', name: 'House 14, Palasia' },
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

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const ALL = [
  'item',
  'item:add-item',
  'item:edit-item-result-table',
  'item:delete-item-result-table',
  'item:see-attached-vehicle',
  'vehicle',
  'vehicle:edit-vehicle-result-table',
  'poi',
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

describe('items', () => {
  it('lists tags from the server and hides the actions without permission', async () => {
    stubFetch({ 'GET /item': page([onTruck, atHouse]) });
    renderApp('/management/item', {
      roleName: 'ADMIN',
      permissions: ['item', 'item:edit-item-result-table'],
    });
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeInTheDocument();
    const row = await rowOf('RFID-0001');
    expect(within(row).getByText('RFID tag')).toBeInTheDocument();
    expect(within(row).getByText('Windscreen tag')).toBeInTheDocument();
    expect(within(row).getByText('MP09AB1234')).toBeInTheDocument();
    expect(within(await rowOf('QR-7')).getByText('House 14, Palasia')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add item' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Actions for RFID-0001' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    for (const name of ['Delete', 'See attached vehicle'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
  });

  it('opens the attached vehicle, only for tags on a vehicle, and deletes after confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /item': page([onTruck, atHouse]),
      'DELETE /item/4': ok(null),
      'GET /vehicle/31': ok(truck),
    });
    const { router } = renderApp('/management/item', manager);
    const houseRow = await rowOf('QR-7');
    expect(screen.getByRole('link', { name: 'Add item' })).toHaveAttribute('href', '/management/item/add');
    await user.click(within(houseRow).getByRole('button', { name: 'Actions for QR-7' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'See attached vehicle' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('You successfully deleted the item')).toBeInTheDocument();
    expect(network.callsTo('DELETE /item/4')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(await rowOf('RFID-0001')).getByRole('button', { name: 'Actions for RFID-0001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'See attached vehicle' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/management/vehicle/edit/31'));
  });

  it('validates the form, maps server errors to fields, then creates and returns to the list', async () => {
    const user = userEvent.setup();
    const taken = 'A tag with this code already exists';
    const network = stubFetch({
      'GET /vehicle': page([truck]),
      'POST /item': [fail(409, taken, { code: taken }), ok(onTruck)],
      'GET /item': page([onTruck]),
    });
    renderApp('/management/item/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add item' });
    await user.type(screen.getByLabelText(/^Tag code/), 'RFID 0001');
    await user.click(screen.getByRole('radio', { name: 'A vehicle' }));
    await user.click(submit);
    expect(
      await screen.findByText('The code must be 1 to 64 letters, digits, "-", "_" or ":"'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose a vehicle')).toBeInTheDocument();
    expect(network.callsTo('POST /item')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Tag code/));
    await user.type(screen.getByLabelText(/^Tag code/), 'RFID-0001');
    await user.type(screen.getByRole('combobox', { name: /^Vehicle/ }), 'MP09');
    await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
    await waitFor(() => expect(network.callsTo('GET /vehicle').at(-1)?.query.get('search')).toBe('MP09'));
    expect(network.callsTo('GET /vehicle')[0]?.query.get('organisationId')).toBe('7');
    await user.click(submit);
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    expect(network.callsTo('POST /item')[0]?.body).toEqual({
      code: 'RFID-0001',
      kind: 'RFID',
      description: null,
      vehicleId: '31',
      poiId: null,
    });
    await user.click(submit);
    expect(await screen.findByText('Item created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Items' })).toBeInTheDocument();
  });

  it('edits a tag on a POI: shows the POI before the options load and can detach it', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /item/4': ok(atHouse),
      'GET /poi': page([]),
      'PUT /item/4': ok({ ...atHouse, poi: null }),
      'GET /item': page([atHouse]),
    });
    renderApp('/management/item/edit/4', manager);
    expect(await screen.findByRole('combobox', { name: /^POI/ })).toHaveValue('House 14, Palasia');
    await user.click(screen.getByRole('radio', { name: 'Nothing yet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /item/4')[0]?.body).toMatchObject({
      code: 'QR-7',
      poiId: null,
      vehicleId: null,
    });
  });
});
