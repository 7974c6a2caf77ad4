import type { AdminDivision, ReportExport, ReportRun } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch, type Reply } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const PATH = '/reports/cumulative-distance-report';
const RUN = 'POST /report/cumulative-distance-report/run';
const session = { roleName: 'ADMIN', permissions: ['report-cumulative-distance-report'] };

const division = (id: string, type: AdminDivision['type'], name: string, parentId: string | null) =>
  ({ id, organisationId: '1', type, name, code: null, parentId }) satisfies AdminDivision;
const divisions: AdminDivision[] = [
  division('1', 'ZONE', 'Zone East', null),
  division('2', 'ZONE', 'Zone West', null),
  division('10', 'CIRCLE', 'Circle 10', '1'),
  division('20', 'CIRCLE', 'Circle 20', '2'),
  division('100', 'WARD', 'Ward 100', '10'),
  division('101', 'WARD', 'Ward 101', '10'),
  division('200', 'WARD', 'Ward 200', '20'),
];

const runOf = (rows: ReportRun['rows'], extra: Partial<ReportRun> = {}): ReportRun => ({
  rows,
  total: rows.length,
  truncated: false,
  generatedAt: '2026-11-20T06:30:00.000Z',
  ...extra,
});

const row = {
  sr: 1,
  zone: 'Zone East',
  ward: 'Ward 100',
  model: 'Tipper',
  regNo: 'MP09AB0001',
  day: '2026-11-20',
  distance: 12_345,
  averageSpeed: null,
  fuelConsumed: null,
};

function network(routes: Record<string, Reply | Reply[]> = {}) {
  return stubFetch({
    'GET /admin-divisions': ok(divisions),
    // The exports helper's endpoint may not exist yet: the filter then offers no models.
    'GET /report/vehicle-models': fail(404, 'Not found'),
    ...routes,
  });
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('report page', () => {
  it('refuses to run without a filter (spec 02 §8, word for word)', async () => {
    const user = userEvent.setup();
    const calls = network();
    renderApp(PATH, session);
    expect(await screen.findByRole('heading', { name: 'Cumulative Distance Report' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This report shows the cumulative distance travelled by each vehicle on a daily basis.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Atlest one filter is required')).toBeInTheDocument();
    expect(calls.callsTo(RUN)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
  });

  it('offers Schedule with the permission', async () => {
    network();
    renderApp(PATH, {
      roleName: 'ADMIN',
      permissions: ['report-cumulative-distance-report', 'report-schedule:add-report-schedule'],
    });
    expect(await screen.findByRole('button', { name: 'Schedule' })).toBeEnabled();
  });

  it('opens prefilled from the URL, runs at once and formats every column as the files do', async () => {
    const calls = network({ [RUN]: ok(runOf([row])) });
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20&zoneIds=1`, session);
    const table = await screen.findByRole('table');
    const cells = await within(table).findAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '1',
      'Zone East',
      'Ward 100',
      'Tipper',
      'MP09AB0001',
      '20/11/2026',
      '12.35',
      '-',
      '0',
    ]);
    expect(within(table).getByRole('cell', { name: '12.35' })).toHaveStyle({ textAlign: 'right' });
    expect(calls.callsTo(RUN)[0]?.body).toEqual({
      from: '2026-11-20T00:00:00+05:30',
      to: '2026-11-20T23:59:59.999+05:30',
      zoneIds: ['1'],
    });
    const from = screen.getByRole('group', { name: /From Time/ });
    expect(within(from).getByRole('spinbutton', { name: 'Day' })).toHaveTextContent('20');
    expect(within(from).getByRole('spinbutton', { name: 'Year' })).toHaveTextContent('2026');
    expect(await screen.findByText('Zone East', { selector: '.MuiChip-label' })).toBeInTheDocument();
  });

  it('shows only the columns of the run, its facts, and the empty message', async () => {
    network({ [RUN]: ok(runOf([], { columns: ['sr', 'regNo', 'distance'], meta: { vehicles: 0 } })) });
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20`, session);
    expect(await screen.findByText('We could not find summary data in your search')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Sr', 'Vehicle Number', 'Distance']);
    expect(screen.getByText('vehicles: 0')).toBeInTheDocument();
  });

  it('says when the page shows only the first 10,000 rows', async () => {
    network({ [RUN]: ok(runOf([row], { total: 12_500, truncated: true })) });
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20`, session);
    expect(
      await screen.findByText('Showing the first 1 of 12,500 rows — export for all'),
    ).toBeInTheDocument();
  });

  it('toasts the server message when the run fails', async () => {
    network({ [RUN]: fail(400, 'Choose wards inside the chosen zones') });
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20&wardIds=200&zoneIds=1`, session);
    expect(await screen.findByText('Choose wards inside the chosen zones')).toBeInTheDocument();
  });

  it('exports through the server with progress, then downloads the file', async () => {
    const user = userEvent.setup();
    const job = (status: ReportExport['status'], progress: number): ReportExport => ({
      id: 'e1',
      reportId: 'cumulative-distance-report',
      format: 'csv',
      status,
      progress,
      rowCount: status === 'done' ? 1 : null,
      fileName: status === 'done' ? 'Cumulative_Distance_Report.csv' : null,
      sizeBytes: null,
      error: null,
      createdAt: '2026-11-20T06:30:00.000Z',
      finishedAt: null,
    });
    const calls = network({
      [RUN]: ok(runOf([row])),
      'POST /report/cumulative-distance-report/exports': ok(job('queued', 0)),
      'GET /report/exports/e1': [ok(job('running', 0.5)), ok(job('done', 1))],
      'GET /report/exports/e1/file': new Response('Sr,Zone\n1,Zone East\n', { status: 200 }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20`, session);
    await screen.findByRole('cell', { name: 'MP09AB0001' });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('progressbar', { name: /Preparing file… CSV/ })).toBeInTheDocument();
    expect(await screen.findByText('CSV file downloaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    const request = calls.callsTo('POST /report/cumulative-distance-report/exports')[0]?.body as {
      format: string;
      filter: unknown;
      labels: { title: string; columns: Record<string, string> };
    };
    expect(request.format).toBe('csv');
    expect(request.filter).toEqual({
      from: '2026-11-20T00:00:00+05:30',
      to: '2026-11-20T23:59:59.999+05:30',
    });
    expect(request.labels.title).toBe('Cumulative Distance Report');
    expect(request.labels.columns.regNo).toBe('Vehicle Number');
    expect(calls.callsTo('GET /report/exports/e1/file')).toHaveLength(1);
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  }, 30_000);

  it('offers only the wards of the chosen zones and drops a zone’s wards with it', async () => {
    const user = userEvent.setup();
    network({ [RUN]: ok(runOf([row])) });
    renderApp(`${PATH}?from=2026-11-20&to=2026-11-20&zoneIds=1&wardIds=100`, session);
    const ward = await screen.findByRole('combobox', { name: 'Ward' });
    await screen.findByText('Ward 100', { selector: '.MuiChip-label' });
    await user.click(ward);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Ward 101']);
    await user.keyboard('{Escape}');
    const zoneChip = screen.getByText('Zone East', { selector: '.MuiChip-label' }).closest('.MuiChip-root');
    const remove = zoneChip?.querySelector('.MuiChip-deleteIcon');
    if (!remove) throw new Error('no delete icon on the zone chip');
    await user.click(remove);
    await waitFor(() => expect(screen.queryByText('Ward 100', { selector: '.MuiChip-label' })).toBeNull());
  });
});
