import { LIVE_CLOSE, type LivePosition, type VehicleStatusRow } from '@civicfleet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { ok, stubFetch } from '@/api/testing/fetch-stub';
import { setAlarmMuted } from '@/lib/alarm';
import { renderApp } from '@/test/render-app';
import { countByStatus, filterVehicles, fleetBounds, toMapVehicles } from './live-vehicles';

/** The network's WebSocket for /v1/live: the test plays the server. */
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
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}
const liveSocket = () => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no live socket');
  return socket;
};

const NOW = Date.now();
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

const row = (over: Partial<VehicleStatusRow>): VehicleStatusRow => ({
  vehicleId: '31',
  registrationNumber: 'MP09GA1234',
  organisationId: '7',
  deviceId: '90',
  imei: '869123400000012',
  status: 'moving',
  statusSince: ago(600),
  lastPacketAt: ago(60),
  fixTime: ago(60),
  lat: 22.7196,
  lon: 75.8577,
  speedKph: 31.6,
  ignition: true,
  kind: 'TRUCK',
  type: 'tipper',
  groupName: 'North tippers',
  wardName: 'Ward 12 Palasia',
  ...over,
});
const moving = row({});
const never = row({
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
});

const position = (over: Partial<LivePosition>): LivePosition => ({
  deviceId: '90',
  vehicleId: '31',
  organisationId: '7',
  fixTime: ago(30),
  serverTime: ago(29),
  lat: 22.72,
  lon: 75.858,
  speedKph: 32,
  headingDeg: 90,
  gpsValid: true,
  ignition: true,
  mainPower: true,
  batteryVoltageV: 4.1,
  gsmSignal: 24,
  odometerM: 1200,
  status: 'moving',
  statusSince: ago(600),
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  seedSession(tokenPair(15, 2880));
});

describe('live tracking page', () => {
  it('lists the live fleet with counts and search, opens a card that follows the stream', async () => {
    const network = stubFetch({
      'GET /vehicle/statuses': ok({
        counts: { total: 2, moving: 1, idle: 0, stopped: 0, offline: 0, 'never-connected': 1 },
        rows: [moving, never],
        total: 2,
      }),
      'GET /geocode/reverse': ok({
        address: 'near Dump Yard Devguradia, Ward 12, Zone 3',
        source: 'own-data',
      }),
      'POST /command': ok({
        id: '1',
        deviceId: '90',
        type: 'getInfo',
        text: 'GET INFO',
        status: 'queued',
        createdBy: '1',
        createdAt: ago(0),
        sentAt: null,
        answeredAt: null,
        expiresAt: ago(-3600),
        response: null,
      }),
    });
    const user = userEvent.setup();
    renderApp('/view-operations/live-tracking', {
      roleName: 'ADMIN',
      permissions: ['live-tracking', 'live-tracking:send-command', 'route-playback'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Live tracking' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // jsdom has no WebGL: the map says so, the list still works.
    expect(await screen.findByText(/The vehicle list still works/)).toBeInTheDocument();

    await waitFor(() => expect(liveSocket().sent.length).toBeGreaterThan(0));
    expect(JSON.parse(liveSocket().sent[0] ?? '{}')).toMatchObject({ type: 'auth' });
    liveSocket().receive({ type: 'snapshot', positions: [position({})] });
    await waitFor(() => expect(network.callsTo('GET /vehicle/statuses')).toHaveLength(1));
    expect(network.callsTo('GET /vehicle/statuses')[0]?.query.get('pageSize')).toBe('5000');

    const filters = await screen.findByRole('group', { name: 'Filter by status' });
    expect(await within(filters).findByRole('button', { name: 'All 2' })).toBeInTheDocument();
    expect(within(filters).getByRole('button', { name: 'Never connected 1' })).toBeInTheDocument();

    // Search by registration number narrows the list.
    const list = () => screen.getByRole('list', { name: /vehicle/ });
    await user.type(screen.getByLabelText('Search registration or IMEI'), 'gb22');
    await waitFor(() => expect(within(list()).queryByText('MP09GA1234')).not.toBeInTheDocument());
    expect(within(list()).getByText('MP09GB2222')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search registration or IMEI'));
    // … and by IMEI.
    await user.type(screen.getByLabelText('Search registration or IMEI'), '8691234');
    await waitFor(() => expect(within(list()).queryByText('MP09GB2222')).not.toBeInTheDocument());

    await user.click(within(list()).getByText('MP09GA1234'));
    const card = await screen.findByRole('region', { name: 'Vehicle MP09GA1234' });
    expect(within(card).getByText('32 km/h')).toBeInTheDocument();
    expect(within(card).getByText('North tippers')).toBeInTheDocument();
    expect(await within(card).findByText('near Dump Yard Devguradia, Ward 12, Zone 3')).toBeInTheDocument();
    expect(within(card).getByLabelText('Follow')).not.toBeChecked();
    expect(within(card).getByRole('link', { name: 'Route playback' })).toHaveAttribute(
      'href',
      '/view-operations/route-playback?vehicleId=31',
    );
    const before = within(card).getByText('Last update').nextSibling?.textContent;

    // A delta moves the vehicle: the card follows.
    liveSocket().receive({
      type: 'delta',
      positions: [position({ speedKph: 47.4, fixTime: ago(2), serverTime: ago(1), lat: 22.73 })],
      alerts: [],
    });
    expect(await within(card).findByText('47 km/h')).toBeInTheDocument();
    expect(within(card).getByText('Last update').nextSibling?.textContent).not.toBe(before);

    // Send command (live-tracking:send-command).
    await user.click(within(card).getByRole('button', { name: 'Send command' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send command' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(network.callsTo('POST /command')).toHaveLength(1));
    expect(network.callsTo('POST /command')[0]?.body).toEqual({
      deviceId: '90',
      type: 'getInfo',
      params: {},
    });
  }, 30_000);

  it('pops up an SOS from the stream with the vehicle name', async () => {
    stubFetch({
      'GET /vehicle/statuses': ok({
        counts: { total: 1, moving: 1, idle: 0, stopped: 0, offline: 0, 'never-connected': 0 },
        rows: [moving],
        total: 1,
      }),
    });
    setAlarmMuted(true);
    renderApp('/view-operations/live-tracking?vehicleId=31', {
      roleName: 'ADMIN',
      permissions: ['live-tracking'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Live tracking' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    liveSocket().receive({ type: 'snapshot', positions: [position({})] });
    const card = await screen.findByRole('region', { name: /Vehicle/ });
    // Preselected from the URL: followed.
    expect(within(card).getByLabelText('Follow')).toBeChecked();
    expect(within(card).queryByRole('button', { name: 'Send command' })).not.toBeInTheDocument();
    liveSocket().receive({
      type: 'delta',
      positions: [],
      alerts: [
        {
          id: 'e1',
          deviceId: '90',
          vehicleId: '31',
          organisationId: '7',
          type: 'sos',
          at: ago(1),
          lat: 22.72,
          lon: 75.85,
          late: false,
        },
        {
          id: 'e2',
          deviceId: '90',
          vehicleId: '31',
          organisationId: '7',
          type: 'overspeed',
          at: ago(1),
          lat: 22.72,
          lon: 75.85,
          late: false,
        },
      ],
    });
    const popup = await screen.findByRole('alert');
    expect(within(popup).getByText(/SOS — MP09GA1234/)).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Unmute alert sound' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(popup).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    // The alert stream beside the map keeps every type, newest first.
    const stream = within(screen.getByRole('region', { name: 'Alert stream' }));
    expect(stream.getByText('SOS — MP09GA1234')).toBeInTheDocument();
    expect(stream.getByText('Overspeed — MP09GA1234')).toBeInTheDocument();
    setAlarmMuted(false);
  }, 30_000);
  it('says so, shows nothing and does not reconnect when the feed is refused to the role (4403)', async () => {
    stubFetch({
      'GET /vehicle/statuses': ok({
        counts: { total: 1, moving: 1, idle: 0, stopped: 0, offline: 0, 'never-connected': 0 },
        rows: [moving],
        total: 1,
      }),
    });
    renderApp('/view-operations/live-tracking', { roleName: 'CUSTOM', permissions: ['live-tracking'] });
    expect(
      await screen.findByRole('heading', { name: 'Live tracking' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(liveSocket().sent.length).toBeGreaterThan(0));
    const socket = liveSocket();
    const opened = FakeSocket.all.length;
    socket.receive({ type: 'error', message: 'Your role does not include the live feed.' });
    act(() => socket.onclose?.({ code: LIVE_CLOSE.forbidden }));
    expect(
      await screen.findByText(/Your role does not include the live feed\. Ask an administrator/),
    ).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(FakeSocket.all).toHaveLength(opened);
  }, 30_000);
});

describe('live vehicle helpers', () => {
  const a = {
    id: '1',
    vehicleId: '1',
    deviceId: '9',
    organisationId: '1',
    registrationNumber: 'MP09AA0001',
    imei: '861',
    kind: 'tipper',
    groupName: null,
    wardName: null,
    lat: 22,
    lon: 75,
    fixTime: null,
    serverTime: null,
    speedKph: 3,
    headingDeg: null,
    gpsValid: null,
    ignition: null,
    mainPower: null,
    batteryVoltageV: null,
    gsmSignal: null,
    odometerM: null,
    status: 'idle' as const,
    statusSince: null,
  };
  const b = {
    ...a,
    id: '2',
    registrationNumber: 'MP09AA0002',
    imei: '862',
    lat: null,
    lon: null,
    status: 'never-connected' as const,
  };

  it('counts, filters, bounds and maps vehicles', () => {
    expect(countByStatus([a, b])).toMatchObject({ all: 2, idle: 1, 'never-connected': 1, moving: 0 });
    expect(filterVehicles([b, a], 'all', '').map((v) => v.id)).toEqual(['1', '2']);
    expect(filterVehicles([a, b], 'idle', '').map((v) => v.id)).toEqual(['1']);
    expect(filterVehicles([a, b], 'all', 'aa 0002').map((v) => v.id)).toEqual(['2']);
    expect(filterVehicles([a, b], 'all', '861').map((v) => v.id)).toEqual(['1']);
    expect(fleetBounds([a, b])).toEqual([
      [75, 22],
      [75, 22],
    ]);
    expect(fleetBounds([b])).toBeNull();
    expect(toMapVehicles([a, b])).toEqual([
      { id: '1', lat: 22, lon: 75, headingDeg: null, status: 'idle', kind: 'tipper', label: 'MP09AA0001' },
    ]);
  });
});
