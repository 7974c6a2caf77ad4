import type { DeviceModel } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const vltd: DeviceModel = {
  id: '4',
  organisationId: '1',
  name: 'VLTD-4G',
  manufacturer: 'iTriangle',
  protocol: 'ais140',
  firmwareVersions: ['1.0.4', '1.1.0'],
  panicButtonCount: 2,
  tacNumber: 'ARAI/AIS140/2023/0417',
  createdAt: '2026-11-01T06:30:00.000Z',
  updatedAt: '2026-11-01T06:30:00.000Z',
};

const page = (items: DeviceModel[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const manager = {
  roleName: 'ADMIN',
  permissions: [
    'device-model',
    'device-model:add-device-model',
    'device-model:edit-device-model-result-table',
    'device-model:delete-device-model-result-table',
  ],
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('device models', () => {
  it('lists models with their columns and hides every action without permission', async () => {
    stubFetch({ 'GET /device-model': page([vltd]) });
    renderApp('/management/device-model', { roleName: 'ADMIN', permissions: ['device-model'] });
    expect(await screen.findByRole('heading', { name: 'Device models' })).toBeInTheDocument();
    const row = await rowOf('VLTD-4G');
    expect(within(row).getByText('iTriangle')).toBeInTheDocument();
    expect(within(row).getByText('AIS-140')).toBeInTheDocument();
    expect(within(row).getByText('1.0.4, 1.1.0')).toBeInTheDocument();
    expect(within(row).getByText('01/11/2026 12:00:00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add device model' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('filters by protocol on the server and deletes after confirmation', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /device-model': page([vltd]),
      'DELETE /device-model/4': ok(null),
    });
    renderApp('/management/device-model', manager);
    const row = await rowOf('VLTD-4G');
    expect(screen.getByRole('link', { name: 'Add device model' })).toHaveAttribute(
      'href',
      '/management/device-model/add',
    );
    await user.click(screen.getByRole('combobox', { name: 'Protocol' }));
    await user.click(await screen.findByRole('option', { name: 'GT06' }));
    await waitFor(() =>
      expect(network.callsTo('GET /device-model').at(-1)?.query.get('protocol')).toBe('gt06'),
    );

    await user.click(within(row).getByRole('button', { name: 'Actions for VLTD-4G' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText('Do you really want to delete this product?')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('You successfully deleted the item')).toBeInTheDocument();
    expect(network.callsTo('DELETE /device-model/4')).toHaveLength(1);
  });

  it('validates the form, maps the server field error, then creates and returns to the list', async () => {
    const user = userEvent.setup();
    const taken = 'A device model with this name already exists';
    const network = stubFetch({
      'POST /device-model': [fail(409, taken, { name: taken }), ok(vltd)],
      'GET /device-model': page([vltd]),
    });
    renderApp('/management/device-model/add', manager);
    const submit = await screen.findByRole('button', { name: 'Add device model' });
    await user.click(submit);
    expect(await screen.findByText('The name is required')).toBeInTheDocument();
    expect(screen.getByText('The manufacturer is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a protocol')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Model name/), 'VLTD-4G');
    await user.type(screen.getByLabelText(/^Manufacturer/), 'iTriangle');
    await user.click(screen.getByRole('combobox', { name: /^Protocol/ }));
    await user.click(await screen.findByRole('option', { name: 'AIS-140' }));
    await user.clear(screen.getByLabelText(/^Panic buttons/));
    await user.type(screen.getByLabelText(/^Panic buttons/), '9');
    await user.type(screen.getByLabelText(/^Firmware versions/), '1.0.4, 1.1.0, 1.0.4');
    await user.type(screen.getByLabelText(/^TAC number/), 'TAC#1');
    await user.click(submit);
    expect(
      await screen.findByText('The panic button count must be a whole number from 0 to 4'),
    ).toBeInTheDocument();
    expect(screen.getByText('Use letters, digits, spaces and . / - _ only')).toBeInTheDocument();
    expect(network.callsTo('POST /device-model')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Panic buttons/));
    await user.type(screen.getByLabelText(/^Panic buttons/), '2');
    await user.clear(screen.getByLabelText(/^TAC number/));
    await user.type(screen.getByLabelText(/^TAC number/), ' ARAI/AIS140/2023/0417 ');
    await user.click(submit);
    expect(await screen.findAllByText(taken)).not.toHaveLength(0);
    expect(screen.getByLabelText(/^Model name/)).toHaveAttribute('aria-invalid', 'true');
    expect(network.callsTo('POST /device-model')[0]?.body).toEqual({
      name: 'VLTD-4G',
      manufacturer: 'iTriangle',
      protocol: 'ais140',
      firmwareVersions: ['1.0.4', '1.1.0'],
      panicButtonCount: 2,
      tacNumber: 'ARAI/AIS140/2023/0417',
    });
    await user.click(submit);
    expect(await screen.findByText('Device model created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Device models' })).toBeInTheDocument();
  });

  it('edits a model, and shows it read-only without the edit permission', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /device-model/4': ok(vltd),
      'PUT /device-model/4': ok({ ...vltd, manufacturer: 'iTriangle Infotech' }),
      'GET /device-model': page([vltd]),
    });
    const view = renderApp('/management/device-model/edit/4', manager);
    const manufacturer = await screen.findByLabelText(/^Manufacturer/);
    expect(manufacturer).toHaveValue('iTriangle');
    expect(screen.getByLabelText(/^Firmware versions/)).toHaveValue('1.0.4, 1.1.0');
    expect(screen.getByLabelText(/^TAC number/)).toHaveValue('ARAI/AIS140/2023/0417');
    await user.type(manufacturer, ' Infotech');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device model updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /device-model/4')[0]?.body).toMatchObject({
      manufacturer: 'iTriangle Infotech',
      panicButtonCount: 2,
      tacNumber: 'ARAI/AIS140/2023/0417',
    });
    view.unmount();

    renderApp('/management/device-model/edit/4', { roleName: 'ADMIN', permissions: ['device-model'] });
    expect(await screen.findByText('You can view this record but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Manufacturer/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeInTheDocument();
  });
});
