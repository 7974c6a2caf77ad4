import type { Device, State } from '@civicfleet/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const IMEI = '864000000000123';
const temporary: Device = {
  id: '501',
  imei: IMEI,
  uid: null,
  iccid: null,
  sim1: null,
  sim2: null,
  eSimProvider: null,
  status: 'NEW',
  model: 'TEMPORARY',
  organisation: { id: '1', tradeName: 'Test Municipal Corporation', brandName: null },
  panicButtonCount: 1,
  firmware: null,
  protocol: 'gt06',
  strictChecksum: false,
  lastSeenAt: null,
  createdAt: '2026-11-22T04:00:00.000Z',
  targetFirmware: null,
  expiresAt: '2099-11-22T10:00:00.000Z',
  allowedNetworks: null,
  identityConflictAt: null,
  identityConflicts: 0,
  cloneSuspectedAt: null,
  vehicle: null,
};

const states: State[] = [
  { code: 'GJ', name: 'Gujarat', kind: 'STATE' },
  { code: 'MP', name: 'Madhya Pradesh', kind: 'STATE' },
];

const tester = {
  roleName: 'ADMIN',
  permissions: ['debug', 'debug:add-temporary-device', 'device-details'],
};

describe('debug page', () => {
  it('adds a temporary device: validation, server field error, then the device and where to point it', async () => {
    const user = userEvent.setup();
    const taken = 'A device with this IMEI is already registered.';
    const network = stubFetch({
      'POST /device/temporary': [fail(409, taken, { imei: 'Already registered' }), ok(temporary)],
      'GET /device/temporary': [ok([]), ok([temporary])],
      'GET /device/gateway': ok({ host: 'localhost', ports: { ais140: 5010, gt06: 5023, teltonika: 5027 } }),
    });
    renderApp('/management/debug', tester);
    expect(await screen.findByRole('heading', { name: 'Debug' })).toBeInTheDocument();
    expect(await screen.findByText('No active temporary devices in your organisations.')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Add temporary device' });
    await user.click(submit);
    expect(await screen.findByText('The IMEI must be 15 digits')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^IMEI/), IMEI);
    await user.click(screen.getByRole('combobox', { name: /^Protocol/ }));
    await user.click(await screen.findByRole('option', { name: 'GT06' }));
    await user.click(screen.getByRole('combobox', { name: /^Expires after/ }));
    await user.click(await screen.findByRole('option', { name: '6 hours' }));
    await user.click(submit);
    expect(await screen.findByText('Already registered')).toBeInTheDocument();
    expect(screen.getByLabelText(/^IMEI/)).toHaveAttribute('aria-invalid', 'true');
    expect(network.callsTo('POST /device/temporary')[0]?.body).toEqual({
      imei: IMEI,
      protocol: 'gt06',
      expiresInMinutes: 360,
    });

    await user.click(submit);
    expect(await screen.findByText('Temporary device added')).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: `Temporary device ${IMEI}` }));
    expect(card.getByText('Active')).toBeInTheDocument();
    expect(card.getByText('22/11/2099 15:30:00')).toBeInTheDocument();
    expect(await card.findByText('GT06: localhost port 5023 (TCP)')).toBeInTheDocument();
    expect(card.queryByText(/AIS-140:/)).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open device details' })).toHaveAttribute(
      'href',
      `/management/device-details/${IMEI}`,
    );
    // The form is ready for the next device.
    expect(screen.getByLabelText(/^IMEI/)).toHaveValue('');
  });

  it('lists every gateway port for a device left on any protocol, and hides what the role may not do', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /device/temporary': ok({ ...temporary, protocol: null }),
      'GET /device/temporary': [ok([]), ok([{ ...temporary, protocol: null }])],
      'GET /device/gateway': ok({ host: 'gw.example.in', ports: { ais140: 5010, gt06: 0, teltonika: 5027 } }),
    });
    const view = renderApp('/management/debug', {
      roleName: 'ADMIN',
      permissions: ['debug', 'debug:add-temporary-device'],
    });
    await user.type(await screen.findByLabelText(/^IMEI/), IMEI);
    await user.click(screen.getByRole('button', { name: 'Add temporary device' }));
    const card = within(await screen.findByRole('article', { name: `Temporary device ${IMEI}` }));
    expect(await card.findByText('AIS-140: gw.example.in port 5010 (TCP)')).toBeInTheDocument();
    expect(card.getByText('Teltonika: gw.example.in port 5027 (TCP)')).toBeInTheDocument();
    // The GT06 listener is off on this server: not offered.
    expect(card.queryByText(/GT06:/)).not.toBeInTheDocument();
    expect(card.queryByRole('link', { name: 'Open device details' })).not.toBeInTheDocument();
    view.unmount();

    renderApp('/management/debug', { roleName: 'ADMIN', permissions: ['debug'] });
    expect(
      await screen.findByText('You do not have permission to add temporary devices.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add temporary device' })).not.toBeInTheDocument();
  });

  it('browses the RTOs of a state, without the import for anyone but SUPER_ADMIN', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /rto/states': ok(states),
      'GET /rto': (call) =>
        call.query.get('state') === 'GJ'
          ? ok({ GJ: { no: { '01': 'Ahmedabad' } } })
          : ok({ MP: { no: { '09': 'Indore', '04': 'Bhopal' } } }),
    });
    renderApp('/management/debug?tab=rto', { roleName: 'ADMIN', permissions: ['debug'] });
    const row = (await screen.findByText('Indore')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('MP_09')).toBeInTheDocument();
    expect(screen.getByText('Bhopal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Gujarat (GJ)' }));
    expect(await screen.findByText('Ahmedabad')).toBeInTheDocument();
    expect(network.callsTo('GET /rto').at(-1)?.query.get('state')).toBe('GJ');
  });

  it('lets SUPER_ADMIN import RTOs from a CSV and shows the refused lines', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /rto/states': ok(states),
      'GET /rto': ok({ MP: { no: { '09': 'Indore' } } }),
      'POST /rto/import': ok({
        inserted: 1,
        updated: 1,
        errors: [{ line: 4, message: 'Unknown state XX' }],
      }),
    });
    renderApp('/management/debug?tab=rto', { roleName: 'SUPER_ADMIN' });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import RTOs from a CSV' }));
    const csv = 'state,code,name\nMP,09,Indore\nMP,20,Jabalpur\nXX,01,Nowhere';
    fireEvent.change(dialog.getByLabelText('CSV'), { target: { value: csv } });
    await user.click(dialog.getByRole('button', { name: 'Import' }));
    expect(await dialog.findByText('1 added, 1 updated, 1 refused')).toBeInTheDocument();
    expect(dialog.getByText('Line 4')).toBeInTheDocument();
    expect(dialog.getByText('Unknown state XX')).toBeInTheDocument();
    expect(network.callsTo('POST /rto/import')[0]?.body).toEqual({ csv });
    await waitFor(() => expect(network.callsTo('GET /rto').length).toBeGreaterThan(1));
  });
});
