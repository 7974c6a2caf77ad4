import type { SimActivationOrder } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const MANUFACTURER_ORG = {
  id: '2',
  tradeName: 'Narmada Telematics Pvt Ltd',
  brandName: 'Narmada Telematics',
};
const VENDOR_ORG = { id: '3', tradeName: 'Malwa Auto Electricals', brandName: 'Malwa Auto' };

const initiated: SimActivationOrder = {
  id: '5',
  deviceId: '41',
  imei: '356938035643801',
  uid: '89910356938035643801',
  status: 'INITIATED',
  durationInDays: 365,
  ips: ['103.21.58.10:5010'],
  numbers: ['+919826012345', '+919425067890'],
  organisation: { id: VENDOR_ORG.id, name: VENDOR_ORG.tradeName },
  manufacturer: { id: MANUFACTURER_ORG.id, name: MANUFACTURER_ORG.tradeName },
  simDetails: {},
  isSimActivated: false,
  simActivationApprovedBy: null,
  simActivationDate: null,
  createdAt: '2026-03-09T06:30:00.000Z',
  updatedAt: '2026-03-09T06:30:00.000Z',
};
const rejected: SimActivationOrder = { ...initiated, id: '6', imei: '356938035643802', status: 'REJECTED' };

const page = <T,>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });
const plans = ok([
  { id: '1', name: '1 year', durationInDays: 365, pricePaise: 150000 },
  { id: '2', name: '2 year', durationInDays: 730, pricePaise: 270000 },
]);

const manufacturer = {
  roleName: 'MANUFACTURER',
  permissions: [
    'sim-activation-order',
    'sim-activation-order:change-status-result-table',
    'sim-activation-order:edit-sim-activation-order-result-table',
  ],
  user: { organisation: MANUFACTURER_ORG },
};
const vendor = {
  roleName: 'RFC_ADMIN',
  permissions: [
    'sim-activation-order',
    'sim-activation-order:raise-sim-activation',
    'sim-activation-order:edit-sim-activation-order-result-table',
    'device',
  ],
  user: { organisation: VENDOR_ORG },
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('SIM activation orders', () => {
  it('opens on INITIATED orders; the manufacturer may edit and change status except on locked rows', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /sim-activation': page([initiated, rejected]),
      'GET /activation-plans': plans,
    });
    const { router } = renderApp('/sim-activation-order', manufacturer);
    expect(await screen.findByRole('heading', { name: 'SIM Activation Orders' })).toBeInTheDocument();
    const row = await rowOf(initiated.imei);
    expect(within(row).getByText('+919826012345, +919425067890')).toBeInTheDocument();
    expect(within(row).getByText('1 year')).toBeInTheDocument();
    expect(network.callsTo('GET /sim-activation')[0]?.query.get('simStatus')).toBe('INITIATED');
    // The filter panel shows on a large screen and holds the default status.
    const panel = within(screen.getByRole('form', { name: 'Filters' }));
    expect(panel.getByRole('combobox', { name: 'Status' })).toHaveTextContent('INITIATED');
    expect(screen.queryByRole('link', { name: 'Raise SIM activation' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Actions for ${initiated.imei}` }));
    expect(await screen.findByRole('menuitem', { name: 'Change Status' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sim-activation-order/edit/5'));
  });

  it('never offers the actions on COMPLETED/REJECTED rows, nor to a vendor', async () => {
    stubFetch({ 'GET /sim-activation': page([rejected]), 'GET /activation-plans': plans });
    renderApp('/sim-activation-order?simStatus=REJECTED', manufacturer);
    const row = await rowOf(rejected.imei);
    expect(
      within(row).queryByRole('button', { name: `Actions for ${rejected.imei}` }),
    ).not.toBeInTheDocument();
  });

  it('hides Change Status and Edit from the vendor that raised the order', async () => {
    stubFetch({ 'GET /sim-activation': page([initiated]), 'GET /activation-plans': plans });
    renderApp('/sim-activation-order', vendor);
    const row = await rowOf(initiated.imei);
    expect(
      within(row).queryByRole('button', { name: `Actions for ${initiated.imei}` }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Raise SIM activation' })).toHaveAttribute(
      'href',
      '/sim-activation-order/add',
    );
  });

  it('shows the empty states word for word', async () => {
    const user = userEvent.setup();
    const network = stubFetch({ 'GET /sim-activation': page([]), 'GET /activation-plans': plans });
    renderApp('/sim-activation-order?imei=999', manufacturer);
    expect(await screen.findByText('No Plans data for the applied filters...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Apply filters to see the results')).toBeInTheDocument();
    const calls = network.callsTo('GET /sim-activation').length;
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'APPROVED' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(network.callsTo('GET /sim-activation')).toHaveLength(calls + 1));
    expect(network.callsTo('GET /sim-activation').at(-1)?.query.get('simStatus')).toBe('APPROVED');
  });

  it('validates the change-status dialog and sends the DONE details', async () => {
    const user = userEvent.setup();
    const done = { ...initiated, status: 'DONE' as const, isSimActivated: true };
    const network = stubFetch({
      'GET /sim-activation': page([initiated]),
      'GET /activation-plans': plans,
      'PUT /sim-activation/5': [fail(409, 'This order is COMPLETED and can no longer be changed'), ok(done)],
    });
    renderApp('/sim-activation-order', manufacturer);
    await user.click(
      within(await rowOf(initiated.imei)).getByRole('button', { name: `Actions for ${initiated.imei}` }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Change Status' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Status is required')).toBeInTheDocument();

    await user.click(dialog.getByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'DONE' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('SIM OPERATORs,E-SIM Provider and MSISDNs are required'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /sim-activation/5')).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: /^SIM 1 MSISDN/ }), '5754210000101');
    await user.type(dialog.getByRole('textbox', { name: /^SIM 2 MSISDN/ }), '5754210000102');
    await user.type(dialog.getByRole('combobox', { name: /^SIM 1 Operator/ }), 'Airtel');
    await user.type(dialog.getByRole('combobox', { name: /^SIM 2 Operator/ }), 'BSNL');
    await user.click(dialog.getByRole('combobox', { name: /^E-SIM Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'TAISYS' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('This order is COMPLETED and can no longer be changed'),
    ).toBeInTheDocument();
    expect(network.callsTo('PUT /sim-activation/5')[0]?.body).toEqual({
      status: 'DONE',
      sim1: '5754210000101',
      sim2: '5754210000102',
      sim1_operator: 'Airtel',
      sim2_operator: 'BSNL',
      eSimProvider: 'TAISYS',
    });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Status updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('raises an order: list rules, +91 added, empty entries dropped, toast and back', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /activation-plans': plans,
      'GET /device': page([]),
      'POST /sim-activation': ok(initiated),
      'GET /sim-activation': page([initiated]),
    });
    const { router } = renderApp('/sim-activation-order/add', vendor);
    const submit = await screen.findByRole('button', { name: 'Raise SIM activation' });

    // The last entry cannot go.
    await user.click(screen.getByRole('button', { name: 'Remove IP 1' }));
    expect(await screen.findByText('Atleast one ips is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove phone number 1' }));
    expect(await screen.findByText('Atleast one Phone Number is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'IP 1' })).toBeInTheDocument();

    // Up to 4 entries: the add button hides at 4.
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Add IP' }));
    expect(screen.getByRole('textbox', { name: 'IP 4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add IP' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove IP 4' }));
    expect(screen.getByRole('button', { name: 'Add IP' })).toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByText('The IMEI must be 15 digits')).toBeInTheDocument();
    expect(screen.getByText('Choose an activation duration')).toBeInTheDocument();
    expect(network.callsTo('POST /sim-activation')).toHaveLength(0);

    await user.type(screen.getByRole('combobox', { name: /^IMEI/ }), initiated.imei);
    await user.type(screen.getByRole('textbox', { name: 'IP 2' }), '103.21.58.10:5010');
    const phone = screen.getByRole('textbox', { name: 'Phone number 1' });
    expect(phone).toHaveAttribute('maxLength', '10');
    await user.type(phone, '98260-12345');
    expect(phone).toHaveValue('9826012345');
    await user.click(screen.getByRole('button', { name: 'Add phone number' }));
    await user.click(screen.getByRole('combobox', { name: /^Activation Duration/ }));
    await user.click(await screen.findByRole('option', { name: '2 year' }));
    await user.click(submit);

    expect(await screen.findByText('Sim Activation created')).toBeInTheDocument();
    expect(network.callsTo('POST /sim-activation')[0]?.body).toEqual({
      imei: initiated.imei,
      ips: ['103.21.58.10:5010'],
      numbers: ['+919826012345'],
      durationInDays: 730,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sim-activation-order'));
  });

  it('edits an order: +91 removed on load, a failed save shows the message, then updates', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /sim-activation': page([initiated]),
      'GET /activation-plans': plans,
      'PUT /sim-activation/5': [
        fail(403, "Only the device's manufacturer or a super admin can change this order"),
        ok(initiated),
      ],
    });
    renderApp('/sim-activation-order/edit/5', manufacturer);
    const first = await screen.findByRole('textbox', { name: 'Phone number 1' });
    expect(first).toHaveValue('9826012345');
    expect(screen.getByRole('textbox', { name: 'Phone number 2' })).toHaveValue('9425067890');
    expect(network.callsTo('GET /sim-activation')[0]?.query.get('_id')).toBe('5');
    expect(screen.getByRole('combobox', { name: /^IMEI/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findAllByText("Only the device's manufacturer or a super admin can change this order"),
    ).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sim Activation updated')).toBeInTheDocument();
    expect(network.callsTo('PUT /sim-activation/5')[1]?.body).toEqual({
      imei: initiated.imei,
      ips: initiated.ips,
      numbers: initiated.numbers,
      durationInDays: 365,
    });
  });
});
