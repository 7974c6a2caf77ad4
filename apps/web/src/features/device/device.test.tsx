import type { BulkResult, Device, DeviceDetails } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const device = (over: Partial<Device> = {}): Device => ({
  id: '31',
  imei: '862000000000007',
  uid: null,
  iccid: '8991000000000000001',
  sim1: '9876543210',
  sim2: null,
  eSimProvider: 'TAISYS',
  status: 'NEW',
  model: 'AIS140-X1',
  organisation: { id: '2', tradeName: 'Narmada Telematics Pvt Ltd', brandName: 'Narmada Telematics' },
  panicButtonCount: 1,
  firmware: '1.0.3',
  protocol: 'ais140',
  strictChecksum: false,
  lastSeenAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  targetFirmware: null,
  expiresAt: null,
  allowedNetworks: null,
  identityConflictAt: null,
  identityConflicts: 0,
  cloneSuspectedAt: null,
  vehicle: null,
  ...over,
});
const installed = device({
  id: '32',
  imei: '862000000000013',
  uid: 'NT862000000000013',
  status: 'INSTALLED',
  vehicle: { id: '5', registrationNumber: 'MP09AB1234' },
});
const page = (items: Device[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const org = {
  id: '3',
  parentId: '2',
  kind: 'VENDOR',
  tradeName: 'Malwa Auto Electricals',
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

const ALL = [
  'add-device',
  'edit-device-result-table',
  'delete-device-result-table',
  'send-command',
  'rollback-device',
  'rollback-device-bulk',
  'allocate-device-bulk',
  'update-firmware',
];
const maker = {
  roleName: 'MANUFACTURER',
  permissions: ['device', ...ALL.map((a) => `device:${a}`), 'device-details'],
  user: { id: '1', organisation: { id: '2', tradeName: 'Narmada Telematics Pvt Ltd', brandName: null } },
};

const rowOf = async (text: string) => {
  // Generous: the page chunk and its namespaces load lazily on a busy machine.
  const row = (await screen.findByText(text, undefined, { timeout: 5000 })).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('devices', () => {
  it('lists devices, filters by status chips and shows only permitted actions', async () => {
    const network = stubFetch({ 'GET /device': page([device(), installed]) });
    const user = userEvent.setup();
    renderApp('/management/device', { roleName: 'RFC', permissions: ['device', 'device-details'] });
    expect((await screen.findAllByRole('heading', { name: 'Devices' }))[0]).toBeInTheDocument();
    const row = await rowOf('862000000000013');
    expect(within(row).getByText('MP09AB1234')).toBeInTheDocument();
    expect(within(row).getByText('Installed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add device' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /862000000000013/ }));
    expect(await screen.findByRole('menuitem', { name: 'View details' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Allocate' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Defective' }));
    await waitFor(() => expect(network.callsTo('GET /device').at(-1)?.query.get('status')).toBe('DEFECTED'));
    await user.click(screen.getByRole('button', { name: 'New' }));
    await waitFor(() =>
      expect(network.callsTo('GET /device').at(-1)?.query.get('status')).toBe('DEFECTED,NEW'),
    );
  });

  it('allocates to a vendor picked among the RFC administrators (their organisation is the target)', async () => {
    const network = stubFetch({
      'GET /device': page([device()]),
      'GET /organisation': ok({ items: [org], total: 1, page: 1, pageSize: 100 }),
      'GET /users/rfc/get': ok({
        items: [
          {
            id: '6',
            firstName: 'Pooja',
            lastName: 'Malviya',
            avatar: null,
            email: 'rfc_admin@demo.civicfleet.in',
            phone: '+919000000006',
            role: { id: '5', name: 'RFC_ADMIN' },
            organisation: { id: '3', tradeName: 'Malwa Auto Electricals', brandName: 'Malwa Auto' },
            isEnabled: true,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
      'PUT /device/allocate/31': ok(device({ status: 'ALLOCATED' })),
    });
    const user = userEvent.setup();
    renderApp('/management/device', { ...maker, permissions: [...maker.permissions, 'user'] });
    const row = await rowOf('862000000000007');
    await user.click(within(row).getByRole('button', { name: /862000000000007/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Allocate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Allocate devices' }));
    await user.click(dialog.getByLabelText(/^Vendor \(RFC administrator\)/));
    await user.click(await screen.findByRole('option', { name: 'Malwa Auto (Pooja Malviya)' }));
    await user.click(dialog.getByRole('button', { name: 'Allocate' }));
    expect(await screen.findByText('Device allocated')).toBeInTheDocument();
    expect(network.callsTo('PUT /device/allocate/31')[0]?.body).toEqual({ organisationId: '3' });
  });

  it('allocates a NEW device to an organisation and changes a status with the server’s refusal shown', async () => {
    const network = stubFetch({
      'GET /device': page([device()]),
      'GET /organisation': ok({ items: [org], total: 1, page: 1, pageSize: 100 }),
      'PUT /device/allocate/31': ok(device({ status: 'ALLOCATED' })),
      'PUT /device/status/31': fail(400, 'A device cannot go from NEW to DEFECTED.', {
        status: 'NEW → DEFECTED is not allowed',
      }),
    });
    const user = userEvent.setup();
    renderApp('/management/device', maker);
    const row = await rowOf('862000000000007');
    await user.click(within(row).getByRole('button', { name: /862000000000007/ }));
    expect(screen.queryByRole('menuitem', { name: 'Roll back' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Allocate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Allocate devices' }));
    await user.click(dialog.getByLabelText(/^Allocate to/));
    await user.click(await screen.findByRole('option', { name: 'Malwa Auto Electricals' }));
    await user.click(dialog.getByRole('button', { name: 'Allocate' }));
    expect(await screen.findByText('Device allocated')).toBeInTheDocument();
    expect(network.callsTo('PUT /device/allocate/31')[0]?.body).toEqual({ organisationId: '3' });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await rowOf('862000000000007');
    await user.click(within(again).getByRole('button', { name: /862000000000007/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change status' }));
    const statusDialog = within(await screen.findByRole('dialog', { name: 'Change device status' }));
    await user.click(statusDialog.getByLabelText(/^New status/));
    await user.click(await screen.findByRole('option', { name: 'Defective' }));
    await user.click(statusDialog.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('A device cannot go from NEW to DEFECTED.')).toBeInTheDocument();
    expect(await statusDialog.findByText('NEW → DEFECTED is not allowed')).toBeInTheDocument();
  });

  it('rolls back selected devices in bulk and shows each device’s result', async () => {
    const result: BulkResult = {
      succeeded: 1,
      failed: 1,
      results: [
        { row: 1, key: '31', ok: true, message: 'Done', id: '31' },
        {
          row: 2,
          key: '32',
          ok: false,
          message: '862000000000013 is INSTALLED on a vehicle and cannot be rolled back.',
          id: '32',
        },
      ],
    };
    const network = stubFetch({
      'GET /device': page([device({ status: 'ALLOCATED' }), installed]),
      'POST /device/rollback-bulk': ok(result),
    });
    const user = userEvent.setup();
    renderApp('/management/device', maker);
    await rowOf('862000000000007');
    for (const checkbox of screen.getAllByRole('checkbox').slice(1)) await user.click(checkbox);
    await user.click(await screen.findByRole('button', { name: 'Roll back selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Roll back devices' }));
    await user.click(dialog.getByRole('button', { name: 'Roll back' }));
    expect(await dialog.findByText('1 done, 1 failed')).toBeInTheDocument();
    expect(dialog.getByText(/INSTALLED on a vehicle/)).toBeInTheDocument();
    expect(network.callsTo('POST /device/rollback-bulk')[0]?.body).toEqual({ ids: ['31', '32'] });
  });

  it('adds devices from a CSV with per-row results', async () => {
    const network = stubFetch({
      'GET /device': page([]),
      'POST /device/bulk': ok({
        succeeded: 1,
        failed: 1,
        results: [
          { row: 1, key: '862000000000007', ok: true, message: 'Added', id: '40' },
          { row: 2, key: '123', ok: false, message: 'imei: The IMEI must be 15 digits', id: null },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/management/device', maker);
    await user.click(await screen.findByRole('button', { name: 'Bulk add' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add devices from a CSV' }));
    expect(dialog.getByRole('link', { name: 'Download sample CSV' })).toHaveAttribute(
      'download',
      'devices-sample.csv',
    );
    await user.type(dialog.getByLabelText('CSV'), 'imei{enter}862000000000007{enter}123');
    await user.click(dialog.getByRole('button', { name: 'Add devices' }));
    expect(await dialog.findByText('1 done, 1 failed')).toBeInTheDocument();
    expect(dialog.getByText('imei: The IMEI must be 15 digits')).toBeInTheDocument();
    expect(network.callsTo('POST /device/bulk')[0]?.body).toEqual({ csv: 'imei\n862000000000007\n123' });
  });

  it('validates the form (IMEI check digit), maps server errors to fields and saves', async () => {
    const network = stubFetch({
      'GET /organisation': ok({ items: [org], total: 1, page: 1, pageSize: 100 }),
      'POST /device': [
        fail(409, 'A device with this IMEI is already registered.', { imei: 'Already registered' }),
        ok(device()),
      ],
      'GET /device': page([device()]),
    });
    const user = userEvent.setup();
    renderApp('/management/device/add', maker);
    const imei = await screen.findByLabelText(/^IMEI/);
    await user.type(imei, '862000000000006');
    const uid = screen.getByLabelText(/^UID/);
    await user.type(uid, 'NT 0007!');
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText("This IMEI's check digit is wrong")).toBeInTheDocument();
    expect(screen.getByText('Up to 40 letters, digits, - or /')).toBeInTheDocument();
    await user.clear(imei);
    await user.type(imei, '862000000000007');
    await user.clear(uid);
    await user.type(uid, ' NT/0007 ');
    await user.type(screen.getByLabelText(/^SIM 1/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText('Already registered')).toBeInTheDocument();
    expect(network.callsTo('POST /device')[0]?.body).toMatchObject({
      imei: '862000000000007',
      uid: 'NT/0007',
      sim1: '9876543210',
      sim2: null,
      panicButtonCount: 0,
      organisationId: '2',
    });
    await user.click(screen.getByRole('button', { name: 'Add device' }));
    expect(await screen.findByText('Device added')).toBeInTheDocument();
    expect((await screen.findAllByRole('heading', { name: 'Devices' }))[0]).toBeInTheDocument();
  });

  it('shows a device’s identity, health and decoded packets', async () => {
    const details: DeviceDetails = {
      device: installed,
      latest: {
        fixedAt: '2026-11-20T09:58:00.000Z',
        lastPacketAt: '2026-11-20T09:59:00.000Z',
        lat: 22.7196,
        lon: 75.8577,
        speedKph: 12,
        ignition: true,
        status: 'moving',
      },
      health: {
        mainPower: false,
        mainVoltageV: null,
        batteryVoltageV: 3.95,
        gsmSignal: 21,
        satellites: 9,
        gpsValid: true,
        lastPacketAt: '2026-11-20T09:59:00.000Z',
      },
      rawPackets: [
        {
          id: '9',
          receivedAt: '2026-11-20T09:59:00.000Z',
          imei: installed.imei,
          deviceId: '32',
          protocol: 'gt06',
          remoteAddr: null,
          length: 15,
          hex: '78780a13440604000201baaf540d0a',
          text: 'xx.',
          decodeError: null,
          checksumOk: true,
          decoded: [{ kind: 'heartbeat', gsmSignal: 4 }],
        },
      ],
    };
    const network = stubFetch({ 'GET /device/details/862000000000013': ok(details) });
    renderApp('/device-details/862000000000013', maker);
    expect(await screen.findByText('MP09AB1234')).toBeInTheDocument();
    expect(screen.getByText('NT862000000000013')).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByText('3.95 V')).toBeInTheDocument();
    expect(screen.getByText('78780a13440604000201baaf540d0a')).toBeInTheDocument();
    expect(screen.getByText(/"kind": "heartbeat"/)).toBeInTheDocument();
    expect(network.callsTo('GET /device/details/862000000000013')).toHaveLength(1);
  });

  it('says so when nothing matches the search term', async () => {
    stubFetch({ 'GET /device/details/nothing': fail(404, 'Device not found.') });
    renderApp('/management/device-details/nothing', maker);
    expect(await screen.findByText('No device matches "nothing".')).toBeInTheDocument();
  });
});
