import type { LivePosition, VehicleStatusRow, VehicleStatuses } from '@civicfleet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { formatAgo, gsmBars, statusView } from './status-view';

/** The network's WebSocket for /v1/live: the test plays the server's messages. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
const liveSocket = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no live socket');
  return socket;
};

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const moving: VehicleStatusRow = {
  vehicleId: '31',
  registrationNumber: 'MP09GA1234',
  organisationId: '7',
  deviceId: '90',
  imei: '869123400000012',
  status: 'moving',
  statusSince: ago(12),
  lastPacketAt: ago(1),
  fixTime: ago(1),
  lat: 22.7196,
  lon: 75.8577,
  speedKph: 31.6,
  ignition: true,
  mainPower: true,
  batteryVoltageV: 4.1,
  gsmSignal: 24,
  groupId: '5',
  groupName: 'North tippers',
  wardName: 'Ward 12 Palasia',
};
const never: VehicleStatusRow = {
  ...moving,
  vehicleId: '32',
  registrationNumber: 'MP09GB2222',
  deviceId: null,
  imei: null,
  status: 'never-connected',
  statusSince: null,
  lastPacketAt: null,
  fixTime: null,
  lat: null,
  lon: null,
  speedKph: null,
  ignition: null,
  mainPower: null,
  batteryVoltageV: null,
  gsmSignal: null,
  groupId: null,
  groupName: null,
  wardName: null,
};
const counts: VehicleStatuses['counts'] = {
  total: 120,
  moving: 40,
  idle: 20,
  stopped: 30,
  offline: 25,
  'never-connected': 5,
};

const statuses = (call: RecordedCall) => {
  const status = call.query.get('status');
  const rows = [moving, never].filter((r) => status === null || r.status === status);
  return ok({ counts, rows, total: rows.length });
};

const ALL_ACTIONS = [
  'vehicle-status',
  'vehicle-status:see-live-tracking',
  'vehicle-status:see-route-playback',
  'vehicle-status:assign-geofence',
  'vehicle-status:view-report',
  'vehicle-status:generate-certificate',
  'vehicle-status:edit-certificate',
  'vehicle-status:view-certificate',
  'live-tracking',
  'route-playback',
  'report-duty-report',
];

const listCalls = (network: ReturnType<typeof stubFetch>) =>
  network.callsTo('GET /vehicle/statuses').filter((c) => c.query.get('pageSize') === '10');

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

// The tab's live store outlives a test (one socket per tab): the latest socket is the one in use.
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  seedSession(tokenPair(15, 2880));
});

describe('vehicle status board', () => {
  it('shows every column, the counters over the whole scope and place names fetched in one batch', async () => {
    const network = stubFetch({
      'GET /vehicle/statuses': statuses,
      'POST /geocode/reverse-batch': ok({ addresses: ['near Dump Yard Devguradia, Ward 12, Zone 3'] }),
    });
    renderApp('/vehicle-status', { roleName: 'ADMIN', permissions: ['vehicle-status'] });
    expect(
      await screen.findByRole('heading', { name: 'Vehicle status' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const counters = await screen.findByRole('group', { name: 'Filter by status' });
    expect(within(counters).getByRole('button', { name: 'All 120' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(counters).getByRole('button', { name: 'Offline 25' })).toBeInTheDocument();
    expect(within(counters).getByRole('button', { name: 'Never connected 5' })).toBeInTheDocument();

    const row = await rowOf('MP09GA1234');
    expect(within(row).getByLabelText('Connected')).toBeInTheDocument();
    for (const text of ['Moving', '32 km/h', '4.1 V', 'North tippers', 'Ward 12 Palasia', '12 minutes ago'])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByLabelText('Signal 4 of 4 (24/31)')).toBeInTheDocument();
    expect(await within(row).findByText('near Dump Yard Devguradia, Ward 12, Zone 3')).toBeInTheDocument();
    const geocodes = network.callsTo('POST /geocode/reverse-batch');
    expect(geocodes).toHaveLength(1);
    expect(geocodes[0]?.body).toEqual({ points: [{ lat: 22.72, lon: 75.858 }] });

    const neverRow = await rowOf('MP09GB2222');
    expect(within(neverRow).getByText('Never connected')).toBeInTheDocument();
    // Without the action permissions there is no Actions menu.
    expect(within(neverRow).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
  });

  it('filters by a counter, with the filter in the URL', async () => {
    const network = stubFetch({
      'GET /vehicle/statuses': statuses,
      'POST /geocode/reverse-batch': ok({ addresses: [null] }),
    });
    const { router } = renderApp('/vehicle-status', { roleName: 'ADMIN', permissions: ['vehicle-status'] });
    await rowOf('MP09GA1234');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Never connected 5' }));
    await waitFor(() => expect(screen.queryByText('MP09GA1234')).not.toBeInTheDocument());
    expect(screen.getByText('MP09GB2222')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Never connected 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?status=never-connected');
    expect(listCalls(network).at(-1)?.query.get('status')).toBe('never-connected');
    expect(listCalls(network).at(-1)?.query.get('page')).toBe('0');
  });

  it('updates status, speed and power in place from the live feed without reloading the list', async () => {
    const network = stubFetch({
      'GET /vehicle/statuses': statuses,
      'POST /geocode/reverse-batch': ok({ addresses: ['Palasia'] }),
    });
    renderApp('/vehicle-status', { roleName: 'ADMIN', permissions: ['vehicle-status'] });
    const row = await rowOf('MP09GA1234');
    await waitFor(() => expect(liveSocket().sent.some((m) => m.includes('"auth"'))).toBe(true));
    const update: LivePosition = {
      deviceId: '90',
      vehicleId: '31',
      organisationId: '7',
      fixTime: new Date().toISOString(),
      serverTime: new Date().toISOString(),
      lat: 22.7196,
      lon: 75.8577,
      speedKph: 0,
      headingDeg: 90,
      gpsValid: true,
      ignition: true,
      mainPower: false,
      batteryVoltageV: 3.5,
      gsmSignal: 6,
      odometerM: 1000,
      status: 'idle',
      statusSince: new Date().toISOString(),
    };
    const before = listCalls(network).length;
    act(() => liveSocket().receive({ type: 'snapshot', positions: [update] }));
    expect(await within(row).findByText('Idle')).toBeInTheDocument();
    expect(within(row).getByText('0 km/h')).toBeInTheDocument();
    expect(within(row).getByLabelText('Cut')).toBeInTheDocument();
    expect(within(row).getByLabelText('Low battery')).toBeInTheDocument();
    expect(listCalls(network)).toHaveLength(before);
  });

  it('offers only the permitted row actions, and they go where the spec says', async () => {
    stubFetch({
      'GET /vehicle/statuses': statuses,
      'POST /geocode/reverse-batch': ok({ addresses: [null] }),
      'GET /geofence/vehicle/31': ok({ vehicleId: '31', geofences: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/vehicle-status', { roleName: 'ADMIN', permissions: ALL_ACTIONS });
    const row = await rowOf('MP09GA1234');
    await user.click(within(row).getByRole('button', { name: 'Actions for MP09GA1234' }));
    const names = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    expect(names).toEqual([
      'See live tracking',
      'See route playback',
      'Assign geofence',
      'View report',
      'Generate certificate',
      'Edit certificate',
      'View certificate',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'View report' }));
    // The report page's chunk loads before the router moves.
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports/duty-report'), {
      timeout: 10_000,
    });
    expect(router.state.location.search).toBe('?groupId=5');

    await act(() => router.navigate('/vehicle-status'));
    const again = await rowOf('MP09GA1234');
    await user.click(within(again).getByRole('button', { name: 'Actions for MP09GA1234' }));
    await user.click(await screen.findByRole('menuitem', { name: 'See live tracking' }));
    // The live page is a lazy route: the location changes once its chunk has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/view-operations/live-tracking'), {
      timeout: 15_000,
    });
    expect(router.state.location.search).toBe('?vehicleId=31');

    await act(() => router.navigate('/vehicle-status'));
    const neverRow = await rowOf('MP09GB2222');
    await user.click(within(neverRow).getByRole('button', { name: 'Actions for MP09GB2222' }));
    const forNever = (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
    // No group: no duty report; no tracker: no certificate to view or edit.
    expect(forNever).toEqual([
      'See live tracking',
      'See route playback',
      'Assign geofence',
      'Generate certificate',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Assign geofence' }));
    expect(await screen.findByRole('dialog', { name: /MP09GB2222/ })).toBeInTheDocument();
  });

  it('hides live tracking and playback when the target screens are not permitted', async () => {
    stubFetch({
      'GET /vehicle/statuses': statuses,
      'POST /geocode/reverse-batch': ok({ addresses: [null] }),
    });
    const user = userEvent.setup();
    renderApp('/vehicle-status', {
      roleName: 'ADMIN',
      permissions: ['vehicle-status', 'vehicle-status:see-live-tracking', 'vehicle-status:view-certificate'],
    });
    const row = await rowOf('MP09GA1234');
    await user.click(within(row).getByRole('button', { name: 'Actions for MP09GA1234' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['View certificate']);
  });
});

describe('status view helpers', () => {
  it('takes live values only when they are at least as recent as the row', () => {
    const live = {
      status: 'idle' as const,
      statusSince: ago(0),
      serverTime: ago(5),
      lat: 1,
      lon: 2,
      speedKph: 0,
      ignition: false,
      mainPower: true,
      batteryVoltageV: 4,
      gsmSignal: 10,
    };
    expect(statusView(moving, live).status).toBe('moving');
    expect(statusView(moving, { ...live, serverTime: ago(0) })).toMatchObject({
      status: 'idle',
      lat: 1,
      lon: 2,
    });
    expect(statusView(never, { ...live, lat: null, lon: null, serverTime: ago(0) })).toMatchObject({
      lat: null,
    });
  });

  it('formats ages and signal bars', () => {
    expect(formatAgo(ago(90), NOW, 'en')).toBe('1 hour ago');
    expect(formatAgo(ago(0), NOW, 'en')).toBe('now');
    expect(formatAgo(null, NOW, 'en')).toBe('');
    expect([null, 0, 1, 8, 16, 31, 99].map(gsmBars)).toEqual([null, 0, 1, 2, 3, 4, 4]);
  });
});
