import type { ListPage, ListQuery } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { ResultsTable } from './ResultsTable';
import { makeVehicles, renderWithProviders, type Vehicle } from './test-utils';
import type { ResultsTableColumn, RowAction } from './types';

const columns: ResultsTableColumn<Vehicle>[] = [
  { key: 'registrationNumber', header: 'Vehicle Number', sortable: true },
  { key: 'city', header: 'City', sortable: true },
  { key: 'distanceKm', header: 'Distance (km)', sortable: true, align: 'right', filterable: false },
];

beforeAll(async () => {
  await loadNamespaces('table');
});

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('ResultsTable (client data)', () => {
  it('shows 10 rows by default and narrows them with a case-insensitive search', async () => {
    const user = userEvent.setup();
    renderWithProviders(() => <ResultsTable title="Vehicles" columns={columns} rows={makeVehicles(12)} />);
    expect(screen.getByRole('heading', { name: 'Vehicles' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bHoPaL');
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
    expect(firstCells()).toEqual(['MP09GF1002', 'MP09GF1005', 'MP09GF1008', 'MP09GF1011']);

    // Distance is not filterable: "1.5" finds nothing.
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '1.5');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('offers 5/10/25/50/100 rows per page by default, or the options given, and pages through', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(() => (
      <ResultsTable title="Vehicles" columns={columns} rows={makeVehicles(12)} />
    ));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '5' }));
    expect(bodyRows()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getByText('6–10 of 12')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('MP09GF1006');
    await user.click(screen.getByRole('button', { name: 'Go to last page' }));
    expect(firstCells()).toEqual(['MP09GF1011', 'MP09GF1012']);
    unmount();

    renderWithProviders(() => (
      <ResultsTable
        title="Vehicles"
        columns={columns}
        rows={makeVehicles(12)}
        pageSizeOptions={[5, 10, 15]}
      />
    ));
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '15']);
  });

  it('sorts by a column, ascending then descending, numbers by value', async () => {
    const user = userEvent.setup();
    renderWithProviders(() => <ResultsTable title="Vehicles" columns={columns} rows={makeVehicles(12)} />);
    await user.click(screen.getByRole('button', { name: 'Distance (km)' }));
    expect(screen.getByRole('columnheader', { name: /Distance/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()[0]).toBe('MP09GF1001');
    await user.click(screen.getByRole('button', { name: /Distance \(km\)/ }));
    expect(screen.getByRole('columnheader', { name: /Distance/ })).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('MP09GF1012');
    await user.click(screen.getByRole('button', { name: 'City' }));
    expect(within(bodyRows()[0] ?? document.body).getByText('Bhopal')).toBeInTheDocument();
  });

  it('shows the configurable empty message', () => {
    renderWithProviders(() => (
      <ResultsTable
        title="Cumulative Distance Report"
        columns={columns}
        rows={[]}
        emptyMessage="We could not find summary data in your search"
      />
    ));
    expect(screen.getByText('We could not find summary data in your search')).toBeInTheDocument();
  });

  it('shows a loading skeleton, then an error with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(() => (
      <ResultsTable title="Vehicles" columns={columns} rows={[]} isLoading />
    ));
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
    rerender(<></>);
    renderWithProviders(() => (
      <ResultsTable
        title="Vehicles"
        columns={columns}
        rows={[]}
        error={new Error('boom')}
        onRetry={onRetry}
      />
    ));
    expect(screen.getByText('The rows could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('ResultsTable row actions and bulk actions', () => {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const actions: RowAction<Vehicle>[] = [
    {
      id: 'edit',
      label: 'Edit',
      onSelect: onEdit,
      permission: { module: 'vehicle', action: 'edit-vehicle-result-table' },
    },
    {
      id: 'delete',
      label: 'Delete',
      onSelect: onDelete,
      permission: { module: 'vehicle', action: 'delete-vehicle-result-table' },
      // Only inactive vehicles may be deleted.
      visible: (row) => !row.isActive,
      isDestructive: true,
    },
  ];

  it('shows only the permitted actions, and only for the rows they apply to, by keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      (can) => (
        <ResultsTable
          title="Vehicles"
          columns={columns}
          rows={makeVehicles(3)}
          rowActions={actions}
          can={can}
          getRowLabel={(row) => row.registrationNumber}
        />
      ),
      { permissions: ['vehicle', 'vehicle:edit-vehicle-result-table'] },
    );
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Actions for MP09GF1002' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Actions for MP09GF1002' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.keyboard(' ');
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ registrationNumber: 'MP09GF1002' }));
  });

  it('applies each action’s row predicate and hides the column when nothing is permitted', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      (can) => (
        <ResultsTable
          title="Vehicles"
          columns={columns}
          rows={makeVehicles(2)}
          rowActions={actions}
          can={can}
        />
      ),
      { roleName: 'SUPER_ADMIN' },
    );
    await user.click(screen.getByRole('button', { name: 'Actions for 1' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for 2' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
    unmount();

    // No `can` at all: actions that need a permission are hidden (fail closed), so is the column.
    renderWithProviders(() => (
      <ResultsTable title="Vehicles" columns={columns} rows={makeVehicles(2)} rowActions={actions} />
    ));
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for/ })).not.toBeInTheDocument();
  });

  it('shows selection and bulk actions only with a permitted bulk action and a selection', async () => {
    const user = userEvent.setup();
    const onBulk = vi.fn();
    const bulk = [
      {
        id: 'rollback',
        label: 'Roll back',
        onSelect: onBulk,
        permission: { module: 'device', action: 'rollback-device-bulk' },
      },
    ];
    const { unmount } = renderWithProviders(
      (can) => (
        <ResultsTable title="Devices" columns={columns} rows={makeVehicles(3)} bulkActions={bulk} can={can} />
      ),
      { permissions: ['device'] },
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      (can) => (
        <ResultsTable
          title="Devices"
          columns={columns}
          rows={makeVehicles(3)}
          bulkActions={bulk}
          can={can}
          getRowLabel={(row) => row.registrationNumber}
        />
      ),
      { permissions: ['device', 'device:rollback-device-bulk'] },
    );
    expect(screen.queryByRole('button', { name: 'Roll back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select MP09GF1003' }));
    expect(screen.getByText('1 row selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('3 rows selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Roll back' }));
    expect(onBulk).toHaveBeenCalledWith(expect.arrayContaining([expect.objectContaining({ id: '3' })]));
    expect(onBulk.mock.calls[0]?.[0]).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });
});

/** A server holding `all`: case-insensitive search on the registration number, sort, pages. */
function fakeServer(all: Vehicle[]) {
  return vi.fn(async (query: ListQuery): Promise<ListPage<Vehicle>> => {
    const needle = query.search?.toLowerCase() ?? '';
    let items = all.filter((v) => v.registrationNumber.toLowerCase().includes(needle));
    if (query.sortBy === 'distanceKm')
      items = [...items].sort(
        (a, b) => (a.distanceKm - b.distanceKm) * (query.sortOrder === 'desc' ? -1 : 1),
      );
    const start = (query.page - 1) * query.pageSize;
    return {
      items: items.slice(start, start + query.pageSize),
      total: items.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

describe('ResultsTable (server data)', () => {
  it('asks the query for each page, search and sort, and shows the total', async () => {
    const user = userEvent.setup();
    const query = fakeServer(makeVehicles(42));
    renderWithProviders(() => (
      <ResultsTable title="Vehicles" columns={columns} query={query} queryKey={['vehicles', { org: '1' }]} />
    ));
    expect(await screen.findByText('1–10 of 42')).toBeInTheDocument();
    expect(query).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sortOrder: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 42')).toBeInTheDocument();
    expect(query).toHaveBeenLastCalledWith({ page: 2, pageSize: 10, sortOrder: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Distance (km)' }));
    await waitFor(() =>
      expect(query).toHaveBeenLastCalledWith({
        page: 1,
        pageSize: 10,
        sortBy: 'distanceKm',
        sortOrder: 'asc',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Distance \(km\)/ }));
    await waitFor(() => expect(firstCells()[0]).toBe('MP09GF1042'));

    const calls = query.mock.calls.length;
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'GF102');
    expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
    // Debounced: one request for the whole word, not one per key.
    expect(query.mock.calls.length).toBe(calls + 1);
    expect(query).toHaveBeenLastCalledWith({
      page: 1,
      pageSize: 10,
      search: 'GF102',
      sortBy: 'distanceKm',
      sortOrder: 'desc',
    });
  });
});

describe('ResultsTable export', () => {
  /** Captures what would be downloaded: the Blob and the file name. */
  function captureDownloads() {
    const files: { blob: Blob; name: string }[] = [];
    let pending: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      pending = blob as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (pending) files.push({ blob: pending, name: this.download });
    });
    return files;
  }

  it('writes the matching rows of client data to CSV, sorted as shown', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    renderWithProviders(() => (
      <ResultsTable
        title="Cumulative Distance Report"
        columns={columns}
        rows={makeVehicles(12)}
        exportRange={{ from: new Date('2026-10-31T18:30:00Z'), to: new Date('2026-11-30T18:29:59Z') }}
      />
    ));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ujjain');
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Distance (km)' }));
    await user.click(screen.getByRole('button', { name: /Distance \(km\)/ }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('Cumulative_Distance_Report_01-11-2026_00-00-00_to_30-11-2026_23-59-59.csv');
    expect(files[0]?.blob.type).toBe('text/csv;charset=utf-8');
    // UTF-8 byte order mark first (Blob.text() decodes it away), so Excel reads Hindi.
    const bytes = new Uint8Array((await files[0]?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await files[0]?.blob.text()).toBe(
      'Vehicle Number,City,Distance (km)\r\n' +
        'MP09GF1012,Ujjain,18\r\nMP09GF1009,Ujjain,13.5\r\nMP09GF1006,Ujjain,9\r\nMP09GF1003,Ujjain,4.5\r\n',
    );
  });

  it('pages through the server query for every matching row', async () => {
    const user = userEvent.setup();
    const files = captureDownloads();
    const query = fakeServer(makeVehicles(150));
    renderWithProviders(() => (
      <ResultsTable title="Vehicles" columns={columns} query={query} queryKey={['vehicles']} />
    ));
    await screen.findByText('1–10 of 150');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(query).toHaveBeenCalledWith({ page: 1, pageSize: 100, sortOrder: 'asc' });
    expect(query).toHaveBeenCalledWith({ page: 2, pageSize: 100, sortOrder: 'asc' });
    const lines = (await files[0]?.blob.text())?.trimEnd().split('\r\n') ?? [];
    expect(lines).toHaveLength(151);
    expect(files[0]?.name).toBe('Vehicles.csv');
  });
});

describe('ResultsTable in Hindi', () => {
  it('translates its own texts', async () => {
    await i18n.changeLanguage('hi');
    renderWithProviders(() => <ResultsTable title="वाहन" columns={columns} rows={[]} />);
    expect(await screen.findByRole('button', { name: 'निर्यात करें' })).toBeInTheDocument();
    expect(screen.getByText('कोई परिणाम नहीं मिला')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'प्रति पृष्ठ पंक्तियाँ:' })).toBeInTheDocument();
  });
});
