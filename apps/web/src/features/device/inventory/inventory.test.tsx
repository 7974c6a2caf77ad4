import type { FitmentCounts, InventorySearchResult, StockCounts } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const maker = { id: '2', tradeName: 'Narmada Telematics Pvt Ltd', kind: 'MANUFACTURER' as const };
const vendor = { id: '3', tradeName: 'Malwa Auto Electricals', kind: 'VENDOR' as const };
const counts = (NEW: number, ALLOCATED: number, INSTALLED: number, DEFECTED: number) => ({
  NEW,
  ALLOCATED,
  INSTALLED,
  DEFECTED,
  total: NEW + ALLOCATED + INSTALLED + DEFECTED,
});
const stock: StockCounts = {
  statuses: ['NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED'],
  rows: [
    { organisation: maker, model: 'AIS140-X1', counts: counts(12, 0, 0, 1) },
    { organisation: vendor, model: 'AIS140-X1', counts: counts(0, 5, 7, 0) },
  ],
  totals: counts(12, 5, 7, 1),
};
const fitments: FitmentCounts = {
  fromDate: '2025-12-01',
  toDate: '2026-11-26',
  groupBy: 'month',
  rows: [{ organisation: vendor, period: '2026-11', counts: { approved: 4, pending: 3, total: 7 } }],
  totals: { approved: 4, pending: 3, total: 7 },
};
const found: InventorySearchResult = {
  term: '86200000',
  stock: [
    {
      deviceId: '32',
      imei: '862000000000013',
      iccid: null,
      sim1: null,
      sim2: null,
      status: 'INSTALLED',
      model: 'AIS140-X1',
      organisation: vendor,
      vehicle: { id: '5', registrationNumber: 'MP09AB1234' },
    },
  ],
  fitments: [
    {
      fitmentId: '12',
      imei: '862000000000013',
      registrationNumber: 'MP09AB1234',
      vendor,
      fitmentDate: '2026-11-05',
      activationStatus: 'APPROVED',
      expiresOn: '2027-11-05',
    },
  ],
  simOrders: [],
};
const manufacturer = {
  roleName: 'MANUFACTURER',
  permissions: ['device', 'device-details'],
  user: { id: '4', organisation: { id: '2', tradeName: 'Narmada Telematics Pvt Ltd', brandName: null } },
};
const noDevices = ok({ items: [], total: 0, page: 1, pageSize: 10 });

describe('inventory panel', () => {
  it('shows stock by status, fitments per vendor and period, and finds where a device is', async () => {
    const network = stubFetch({
      'GET /device': noDevices,
      'GET /erp/stock-counts': ok(stock),
      'GET /erp/fitment-counts': ok(fitments),
      'GET /erp/search/86200000': ok(found),
    });
    const user = userEvent.setup();
    renderApp('/management/device', manufacturer);
    // Generous: the page chunk loads lazily on a busy machine.
    const totals = await screen.findByRole('list', { name: 'Stock totals' }, { timeout: 15_000 });
    expect(within(totals).getByText('New: 12')).toBeInTheDocument();
    expect(within(totals).getByText('Installed: 7')).toBeInTheDocument();
    expect(within(totals).getByText('Total: 25')).toBeInTheDocument();
    const row = screen.getByText('Malwa Auto Electricals').closest('tr');
    if (!row) throw new Error('no stock row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Malwa Auto Electricals', 'AIS140-X1', '0', '5', '7', '0', '12']);

    await user.click(screen.getByRole('tab', { name: 'Fitments' }));
    expect(await screen.findByText('Nov 2026')).toBeInTheDocument();
    expect(screen.getByText(/7 fitments: 4 approved, 3 pending/)).toBeInTheDocument();
    expect(network.callsTo('GET /erp/fitment-counts')[0]?.query.get('groupBy')).toBe('month');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days (by day)' }));
    await waitFor(() =>
      expect(network.callsTo('GET /erp/fitment-counts').at(-1)?.query.get('groupBy')).toBe('day'),
    );

    await user.click(screen.getByRole('tab', { name: 'Find a device' }));
    const panel = within(screen.getByRole('tabpanel'));
    const term = panel.getByRole('textbox', { name: 'IMEI, ICCID, SIM or registration' });
    await user.type(term, '86');
    await user.click(panel.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 3 characters to search')).toBeInTheDocument();
    await user.type(term, '200000{Enter}');
    expect(await screen.findByRole('link', { name: '862000000000013' })).toHaveAttribute(
      'href',
      '/management/device-details/862000000000013',
    );
    expect(screen.getByRole('heading', { name: 'Fitments (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'SIM orders (0)' })).toBeInTheDocument();
    expect(screen.getByText('05/11/2027')).toBeInTheDocument();
  });

  it('collapses and stays collapsed; shows a load failure with Retry', async () => {
    stubFetch({
      'GET /device': noDevices,
      'GET /erp/stock-counts': [fail(500, 'Stock service down'), ok(stock)],
    });
    const user = userEvent.setup();
    const first = renderApp('/management/device', manufacturer);
    expect(await screen.findByText('Stock service down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Stock totals' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Inventory/ }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Stock totals' })).not.toBeInTheDocument());
    first.unmount();
    renderApp('/management/device', manufacturer);
    expect(await screen.findByRole('button', { name: /Inventory/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('is not shown to a municipal admin', async () => {
    const network = stubFetch({ 'GET /device': noDevices });
    renderApp('/management/device', { roleName: 'ADMIN', permissions: ['device'] });
    expect(await screen.findByText('No devices for the applied filters')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Inventory/ })).not.toBeInTheDocument();
    expect(network.callsTo('GET /erp/stock-counts')).toHaveLength(0);
  });
});
