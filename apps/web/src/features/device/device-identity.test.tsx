/**
 * Device identity in the console (docs/security.md "Device identity"): the conflict and clone-suspected marks on the
 * list and the details page, and the allowed source networks on the device form (inherit / any address / a list,
 * always sent; a bad network's server message on the field).
 */
import { CIDR_MESSAGE, type Device, type DeviceDetails } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const device = (over: Partial<Device> = {}): Device => ({
  id: '31',
  imei: '862000000000007',
  uid: null,
  iccid: null,
  sim1: null,
  sim2: null,
  eSimProvider: null,
  status: 'INSTALLED',
  model: 'GT06N',
  organisation: { id: '2', tradeName: 'Indore Municipal Corporation', brandName: null },
  panicButtonCount: 0,
  firmware: null,
  protocol: 'gt06',
  strictChecksum: false,
  lastSeenAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  targetFirmware: null,
  expiresAt: null,
  allowedNetworks: null,
  identityConflictAt: null,
  identityConflicts: 0,
  cloneSuspectedAt: null,
  vehicle: { id: '5', registrationNumber: 'MP09AB1234' },
  ...over,
});
const cloned = device({
  identityConflictAt: '2026-12-01T10:00:00.000Z',
  identityConflicts: 3,
  cloneSuspectedAt: '2026-12-01T10:05:00.000Z',
});
const admin = {
  roleName: 'ADMIN',
  permissions: ['device', 'device:edit-device-result-table', 'device-details'],
  user: { id: '1', organisation: { id: '2', tradeName: 'Indore Municipal Corporation', brandName: null } },
};
const details = (d: Device): DeviceDetails => ({
  device: d,
  latest: null,
  health: {
    mainPower: null,
    mainVoltageV: null,
    batteryVoltageV: null,
    gsmSignal: null,
    satellites: null,
    gpsValid: null,
    lastPacketAt: null,
  },
  rawPackets: [],
});

describe('device identity', () => {
  it('marks a device with an identity conflict and a suspected clone in the list and on its details', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /device': ok({
        items: [cloned, device({ id: '32', imei: '862000000000013' })],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
      'GET /device/details/862000000000007': ok(details(cloned)),
    });
    const { unmount } = renderApp('/management/device', admin);
    const cell = (await screen.findByText('862000000000007', undefined, { timeout: 10_000 })).closest('tr');
    if (!cell) throw new Error('no row');
    expect(within(cell).getByText('Identity conflict')).toBeInTheDocument();
    expect(within(cell).getByText('Clone suspected')).toBeInTheDocument();
    const clean = screen.getByText('862000000000013').closest('tr') as HTMLElement;
    expect(within(clean).queryByText('Identity conflict')).not.toBeInTheDocument();
    expect(within(clean).queryByText('Clone suspected')).not.toBeInTheDocument();
    unmount();

    renderApp('/device-details/862000000000007', admin);
    const chip = await screen.findByText(
      'Identity conflict',
      { selector: '.MuiChip-label' },
      { timeout: 10_000 },
    );
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '3 takeovers from another address, the last at 01/12/2026 15:30:00',
    );
    expect(screen.getByText('Clone suspected')).toBeInTheDocument();
    expect(screen.getByText('Identity conflict', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '3 takeovers, last at 01/12/2026 15:30:00',
    );
    expect(screen.getByText('Allowed networks').nextSibling).toHaveTextContent(
      'Its organisation’s (inherited)',
    );
  });

  it('edits the allowed networks: a list, the server’s message for a bad one on the field, then any address', async () => {
    const user = userEvent.setup();
    const saved = device({ allowedNetworks: [] });
    const network = stubFetch({
      'GET /device/31': ok(device({ allowedNetworks: ['10.64.0.0/16'] })),
      'GET /organisation': ok({ items: [], total: 0, page: 1, pageSize: 100 }),
      'PUT /device/31': [fail(400, CIDR_MESSAGE, { 'allowedNetworks.1': CIDR_MESSAGE }), ok(saved)],
      'GET /device': ok({ items: [saved], total: 1, page: 1, pageSize: 10 }),
    });
    renderApp('/management/device/edit/31', admin);
    const networks = await screen.findByRole('textbox', { name: /^Networks/ }, { timeout: 10_000 });
    expect(networks).toHaveValue('10.64.0.0/16');
    expect(
      screen.getByText('Frames from any other address are refused and the connection is closed.'),
    ).toBeInTheDocument();

    await user.type(networks, '{Enter}10.0.0.0/33');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(CIDR_MESSAGE)).not.toHaveLength(0);
    expect(networks).toHaveAccessibleDescription(CIDR_MESSAGE);
    expect(network.callsTo('PUT /device/31')[0]?.body).toMatchObject({
      allowedNetworks: ['10.64.0.0/16', '10.0.0.0/33'],
    });

    // An empty list is refused here: "any address" must be chosen, and says what it means.
    await user.clear(networks);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter at least one network, or choose Any address')).toBeInTheDocument();
    expect(network.callsTo('PUT /device/31')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: /Allowed source networks/ }));
    await user.click(await screen.findByRole('option', { name: 'Any address (no restriction)' }));
    expect(screen.queryByRole('textbox', { name: /^Networks/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'The device’s frames are accepted from any IP address, even if its organisation restricts them.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('PUT /device/31')).toHaveLength(2));
    expect(network.callsTo('PUT /device/31')[1]?.body).toMatchObject({
      imei: '862000000000007',
      allowedNetworks: [],
    });
  });

  it('keeps a device on its organisation’s networks by sending null, and says so', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /device/31': ok(device()),
      'GET /organisation': ok({ items: [], total: 0, page: 1, pageSize: 100 }),
      'PUT /device/31': ok(device()),
      'GET /device': ok({ items: [device()], total: 1, page: 1, pageSize: 10 }),
    });
    renderApp('/management/device/edit/31', admin);
    expect(
      await screen.findByText(/follows the allowed networks of its organisation/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Allowed source networks/ })).toHaveTextContent(
      'Inherit from the organisation',
    );
    await user.type(screen.getByLabelText(/^Model/), 'X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.callsTo('PUT /device/31')).toHaveLength(1));
    expect(network.callsTo('PUT /device/31')[0]?.body).toMatchObject({ allowedNetworks: null });
  });
});
