import type { Group, Organisation, User, Vehicle } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const truck: Vehicle = {
  id: '31',
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  category: 'Goods',
  registrationNumber: 'MP09AB1234',
  engineNo: null,
  chassisNo: null,
  rto: 'Indore',
  rtoCode: 'MP_09',
  make: 'Tata',
  model: 'Ace',
  regDate: '2024-04-01',
  rcImages: [],
  kind: 'TRUCK',
  type: 'Tipper',
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: '5',
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: 40,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: null,
  wardName: 'Ward 12 Palasia',
  lastUpdateAt: '2026-11-21T12:35:09Z',
};

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const org = (id: string, tradeName: string, brandName: string | null = null): Organisation => ({
  id,
  parentId: null,
  kind: 'MUNICIPAL',
  tradeName,
  brandName,
  contact: null,
  email: null,
  address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
  logo: null,
  gst: null,
  isOnboarded: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const organisations = page([org('7', 'Indore Municipal Corporation', 'IMC'), org('8', 'Palasia Ward')]);
const group = (id: string, organisationId: string, name: string): Group => ({
  id,
  organisationId,
  name,
  description: null,
  vehicleCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const asha: User = {
  id: '21',
  firstName: 'Asha',
  lastName: 'Verma',
  avatar: null,
  email: 'asha@palasia.in',
  phone: null,
  isEnabled: true,
  role: { id: '4', name: 'LIMITED_USER' },
  organisation: { id: '8', tradeName: 'Palasia Ward', brandName: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ALL = [
  'vehicle',
  'vehicle:add-vehicle',
  'vehicle:edit-vehicle-result-table',
  'vehicle:delete-vehicle-result-table',
  'vehicle:send-mail-item',
  'vehicle:activated-tracking',
  'vehicle:deActivated-tracking',
  'vehicle:link-unlink-device',
  'admin-division',
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

describe('vehicles', () => {
  it('lists vehicles from the server with their columns and hides actions without permission', async () => {
    const network = stubFetch({ 'GET /vehicle': page([truck]) });
    renderApp('/management/vehicle', {
      roleName: 'ADMIN',
      permissions: ['vehicle', 'vehicle:send-mail-item'],
    });
    expect(await screen.findByRole('heading', { name: 'Vehicles' })).toBeInTheDocument();
    const row = await rowOf('MP09AB1234');
    expect(within(row).getByText('Truck')).toBeInTheDocument();
    expect(within(row).getByText('Tipper')).toBeInTheDocument();
    expect(within(row).getByText('Not linked')).toBeInTheDocument();
    expect(within(row).getByText('Ward 12 Palasia')).toBeInTheDocument();
    expect(within(row).getByText('21/11/2026 18:05:09')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add vehicle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bulk upload' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /MP09AB1234/ }));
    expect(await screen.findByRole('menuitem', { name: 'Send mail' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Deactivate tracking', 'Link or unlink device'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
    expect(network.callsTo('GET /vehicle')[0]?.query.get('pageSize')).toBe('10');
  });

  it('runs the row actions: deactivate, delete after confirmation, link a device', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /vehicle': page([truck]),
      'POST /vehicle/deactivate-tracking/31': ok({ ...truck, isTrackingActivated: false }),
      'DELETE /vehicle/31': ok(null),
      'GET /vehicle/linkable-devices/31': ok([{ id: '90', imei: '864000000000001', model: 'AIS140' }]),
      'PUT /vehicle/device/31/90': ok({ ...truck, device: { id: '90', imei: '864000000000001' } }),
    });
    renderApp('/management/vehicle', manager);
    const row = await rowOf('MP09AB1234');
    expect(screen.getByRole('link', { name: 'Add vehicle' })).toHaveAttribute(
      'href',
      '/management/vehicle/add',
    );
    await user.click(within(row).getByRole('button', { name: 'Actions for MP09AB1234' }));
    expect(screen.queryByRole('menuitem', { name: 'Activate tracking' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate tracking' }));
    expect(await screen.findByText('Tracking deactivated')).toBeInTheDocument();
    expect(network.callsTo('POST /vehicle/deactivate-tracking/31')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Actions for MP09AB1234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Link or unlink device' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Device of MP09AB1234' }));
    await user.click(dialog.getByRole('combobox', { name: 'Device to link' }));
    await user.click(await screen.findByRole('option', { name: '864000000000001 (AIS140)' }));
    await user.click(dialog.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Device linked')).toBeInTheDocument();
    expect(network.callsTo('PUT /vehicle/device/31/90')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Actions for MP09AB1234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(network.callsTo('DELETE /vehicle/31')).toHaveLength(1));
  });

  it('validates the form, maps server errors to fields, then creates and returns to the list', async () => {
    const user = userEvent.setup();
    const taken = 'A vehicle with this registration number already exists in this organisation.';
    const network = stubFetch({
      'GET /admin-divisions': ok([
        { id: '5', organisationId: '7', type: 'WARD', name: 'Ward 12 Palasia', code: null, parentId: '2' },
      ]),
      'GET /organisation': organisations,
      'POST /vehicle': [fail(409, taken, { registrationNumber: taken }), ok(truck)],
      'GET /vehicle': page([truck]),
    });
    renderApp('/management/vehicle/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add vehicle' });
    await user.click(submit);
    expect(await screen.findByText('Registration number is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Registration number/), 'mp 09 ab 1234');
    await user.type(screen.getByLabelText(/^RTO code/), 'MP09');
    await user.type(screen.getByLabelText(/^Speed limit/), '900');
    await user.click(submit);
    expect(await screen.findByText('RTO code must look like MP_09')).toBeInTheDocument();
    expect(screen.getByText('Speed limit must be between 5 and 200 km/h')).toBeInTheDocument();
    expect(network.callsTo('POST /vehicle')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^RTO code/));
    await user.type(screen.getByLabelText(/^RTO code/), 'mp_09');
    await user.clear(screen.getByLabelText(/^Speed limit/));
    await user.type(screen.getByLabelText(/^Speed limit/), '40');
    await user.click(screen.getByRole('combobox', { name: /^Ward/ }));
    await user.click(await screen.findByRole('option', { name: 'Ward 12 Palasia' }));
    await user.click(submit);
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    expect(network.callsTo('POST /vehicle')[0]?.body).toMatchObject({
      registrationNumber: 'MP09AB1234',
      rtoCode: 'MP_09',
      speedLimitKph: 40,
      wardId: '5',
      kind: null,
      rcImages: [],
      organisationId: '7',
      groupId: null,
      ownerUserId: null,
    });
    await user.click(submit);
    expect(await screen.findByText('Vehicle created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Vehicles' })).toBeInTheDocument();
  });

  it('picks the organisation, a group of that organisation and an owner', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /admin-divisions': ok([]),
      'GET /organisation': organisations,
      'GET /group': (call) =>
        call.query.get('organisationId') === '8'
          ? page([group('3', '8', 'Palasia tippers')])
          : page([group('2', '7', 'Indore north')]),
      'GET /users': page([asha]),
      'POST /vehicle': ok(truck),
      'GET /vehicle': page([truck]),
    });
    renderApp('/management/vehicle/add', {
      ...manager,
      permissions: [...ALL, 'groups', 'user'],
    });
    const organisation = await screen.findByRole('combobox', { name: /^Organisation/ });
    expect(organisation).toHaveValue('Indore Municipal Corporation (IMC)');
    await user.type(screen.getByLabelText(/^Registration number/), 'MP09CD0001');

    // A group of the first organisation, dropped when another organisation is picked.
    await user.click(screen.getByRole('combobox', { name: /^Group/ }));
    await user.click(await screen.findByRole('option', { name: 'Indore north' }));
    await user.click(organisation);
    await user.click(await screen.findByRole('option', { name: 'Palasia Ward' }));
    const groupBox = screen.getByRole('combobox', { name: /^Group/ });
    expect(groupBox).toHaveValue('');
    await user.click(groupBox);
    await user.click(await screen.findByRole('option', { name: 'Palasia tippers' }));
    expect(network.callsTo('GET /group').at(-1)?.query.get('organisationId')).toBe('8');

    const owner = screen.getByRole('combobox', { name: /^Owner/ });
    await user.type(owner, 'asha');
    await user.click(await screen.findByRole('option', { name: 'Asha Verma (asha@palasia.in)' }));
    await waitFor(() =>
      expect(network.callsTo('GET /users').map((c) => c.query.get('search'))).toContain('asha'),
    );

    await user.click(screen.getByRole('button', { name: 'Add vehicle' }));
    expect(await screen.findByText('Vehicle created')).toBeInTheDocument();
    expect(network.callsTo('POST /vehicle')[0]?.body).toMatchObject({
      registrationNumber: 'MP09CD0001',
      organisationId: '8',
      groupId: '3',
      ownerUserId: '21',
    });
  });

  it('keeps the group and owner of a vehicle it may not list, and shows a server refusal on the group', async () => {
    const user = userEvent.setup();
    const refused = "Choose a group of the vehicle's organisation.";
    const owned = { ...truck, groupId: '2', ownerUserId: '21' };
    const network = stubFetch({
      'GET /vehicle/31': ok(owned),
      'GET /admin-divisions': ok([]),
      'GET /organisation': organisations,
      'PUT /vehicle/31': [fail(400, refused, { groupId: refused }), ok(owned)],
    });
    renderApp('/management/vehicle/edit/31', manager);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('combobox', { name: /^Group/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Owner/ })).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(network.callsTo('PUT /vehicle/31')[0]?.body).toMatchObject({
      organisationId: '7',
      groupId: '2',
      ownerUserId: '21',
    });
  });
});
