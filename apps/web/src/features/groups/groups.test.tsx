import type { Group, GroupSummary, Organisation, Vehicle } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const org = { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' };

const north: Group = {
  id: '12',
  organisationId: '7',
  name: 'North zone tippers',
  description: 'Door-to-door collection, zone 1',
  vehicleCount: 2,
  createdAt: '2026-10-01T04:30:00.000Z',
  updatedAt: '2026-10-01T04:30:00.000Z',
};

const summary: GroupSummary = {
  groupId: '12',
  vehicleCount: 2,
  linked: 1,
  unlinked: 1,
  onlineNow: 1,
  vehicles: [
    { id: '31', registrationNumber: 'MP09AB1234', imei: '864000000000001', isOnline: true },
    { id: '32', registrationNumber: 'MP09AB5678', imei: null, isOnline: false },
  ],
};

const vehicle = (id: string, registrationNumber: string, groupId: string | null): Vehicle => ({
  id,
  organisation: org,
  category: null,
  registrationNumber,
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
  groupId,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: null,
  wardName: null,
  lastUpdateAt: null,
});

const palasia: Organisation = {
  id: '8',
  parentId: '7',
  kind: 'MUNICIPAL',
  tradeName: 'Palasia Ward',
  brandName: null,
  contact: null,
  email: null,
  address: { country: 'India', landmark: '', pin: '', city: '', state: '' },
  logo: null,
  gst: null,
  isOnboarded: true,
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const manager = {
  roleName: 'ADMIN',
  permissions: [
    'groups',
    'groups:add-group',
    'groups:edit-group-result-table',
    'groups:delete-group-result-table',
    'vehicle',
  ],
  user: { id: '1', organisation: org },
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('groups', () => {
  it('lists groups and shows the summary, with no add, edit or delete without permission', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /group': page([north]), 'GET /group/12/summary': ok(summary) });
    renderApp('/management/groups', { roleName: 'ADMIN', permissions: ['groups'] });
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
    const row = await rowOf('North zone tippers');
    expect(within(row).getByText('Door-to-door collection, zone 1')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add group' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Actions for North zone tippers' }));
    for (const name of ['Edit', 'Delete'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Summary' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Summary of North zone tippers' }));
    expect(await dialog.findByText('MP09AB1234')).toBeInTheDocument();
    const countOf = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(countOf('Vehicles')).toBe('2');
    expect(countOf('With a device')).toBe('1');
    expect(countOf('Without a device')).toBe('1');
    expect(countOf('Online now')).toBe('1');
    expect(dialog.getByText('864000000000001')).toBeInTheDocument();
    expect(dialog.getByText('Not linked')).toBeInTheDocument();
    expect(dialog.getByText('Online')).toBeInTheDocument();
    expect(dialog.getByText('Offline')).toBeInTheDocument();
  });

  it('deletes a group after confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /group': page([north]), 'DELETE /group/12': ok(null) });
    renderApp('/management/groups', manager);
    const row = await rowOf('North zone tippers');
    expect(screen.getByRole('link', { name: 'Add group' })).toHaveAttribute('href', '/management/groups/add');
    await user.click(within(row).getByRole('button', { name: 'Actions for North zone tippers' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText("You won't be able to revert after deletion")).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    await waitFor(() => expect(network.callsTo('DELETE /group/12')).toHaveLength(1));
  });

  it('validates, picks vehicles by server search, maps server errors to fields, then creates', async () => {
    const user = userEvent.setup();
    const taken = 'A group with this name already exists';
    const unknown = 'Unknown vehicles for this group’s organisation: 33';
    const network = stubFetch({
      'GET /vehicle': (call) =>
        call.query.get('search') === 'MP09'
          ? page([vehicle('31', 'MP09AB1234', null), vehicle('33', 'MP09CD0001', '40')])
          : page([vehicle('31', 'MP09AB1234', null)]),
      'POST /group': [
        fail(409, taken, { name: taken }),
        fail(400, unknown, { vehicleIds: unknown }),
        ok(north),
      ],
      'GET /group': page([north]),
    });
    renderApp('/management/groups/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add group' });
    await user.click(submit);
    expect(await screen.findByText('The name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Group name/), 'North zone tippers');
    const picker = screen.getByRole('combobox', { name: 'Vehicles in the group' });
    await user.type(picker, 'MP09');
    await waitFor(() => expect(network.callsTo('GET /vehicle').at(-1)?.query.get('search')).toBe('MP09'));
    const lastQuery = network.callsTo('GET /vehicle').at(-1)?.query;
    expect(lastQuery?.get('organisationId')).toBe('7');
    await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
    await user.type(picker, 'MP09');
    const moved = await screen.findByRole('option', { name: /MP09CD0001/ });
    expect(within(moved).getByText('in another group')).toBeInTheDocument();
    await user.click(moved);
    expect(screen.getByText(/2 chosen/)).toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Group name/)).toHaveAttribute('aria-invalid', 'true');
    expect(network.callsTo('POST /group')[0]?.body).toEqual({
      name: 'North zone tippers',
      description: null,
      vehicleIds: ['31', '33'],
    });

    await user.click(submit);
    expect(await screen.findAllByText(unknown)).not.toHaveLength(0);
    expect(picker).toHaveAttribute('aria-invalid', 'true');

    await user.click(submit);
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Groups' })).toBeInTheDocument();
  });

  it('creates a group for a chosen organisation: its vehicles only, members cleared on a change', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /organisation': page([palasia]),
      'GET /vehicle': (call) =>
        call.query.get('organisationId') === '8'
          ? page([vehicle('41', 'MP09PW0001', null)])
          : page([vehicle('31', 'MP09AB1234', null)]),
      'POST /group': ok({ ...north, organisationId: '8' }),
      'GET /group': page([north]),
    });
    renderApp('/management/groups/add', {
      ...manager,
      permissions: [...manager.permissions, 'organisation'],
    });
    const picker = await screen.findByRole('combobox', { name: 'Vehicles in the group' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'MP09AB1234' }));
    expect(screen.getByText(/1 chosen/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Organisation' }));
    await user.click(await screen.findByRole('option', { name: 'Palasia Ward' }));
    expect(await screen.findByText(/0 chosen/)).toBeInTheDocument();
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'MP09PW0001' }));
    expect(network.callsTo('GET /vehicle').at(-1)?.query.get('organisationId')).toBe('8');
    await user.type(screen.getByLabelText(/^Group name/), 'Palasia tippers');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    expect(network.callsTo('POST /group')[0]?.body).toEqual({
      organisationId: '8',
      name: 'Palasia tippers',
      description: null,
      vehicleIds: ['41'],
    });
  });

  it('edits the members of a group, and is read-only without the edit permission', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /group/12': ok(north),
      'GET /group/12/summary': ok(summary),
      'GET /vehicle': page([]),
      'PUT /group/12': ok({ ...north, vehicleCount: 1 }),
      'GET /group': page([north]),
    });
    const view = renderApp('/management/groups/edit/12', manager);
    expect(await screen.findByLabelText(/^Group name/)).toHaveValue('North zone tippers');
    expect(screen.getByText('Online now')).toBeInTheDocument();
    const chip = screen.getByRole('button', { name: 'MP09AB5678' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /group/12')[0]?.body).toEqual({
      name: 'North zone tippers',
      description: 'Door-to-door collection, zone 1',
      vehicleIds: ['31'],
    });
    view.unmount();

    renderApp('/management/groups/edit/12', { roleName: 'ADMIN', permissions: ['groups'] });
    expect(await screen.findByText('You can view this record but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Group name/)).toBeDisabled();
    expect(screen.getByText('You need access to vehicles to choose the members.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
