import type { Playback, Vehicle } from '@civicfleet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const T0 = Date.parse('2026-11-25T04:00:00Z'); // 09:30 IST
const n = 120;
const playback: Playback = {
  vehicle: { id: '31', registrationNumber: 'MP09GA1234', kind: 'TRUCK' },
  from: '2026-11-24T18:30:00.000Z',
  to: '2026-11-25T18:29:00.000Z',
  points: {
    t: Array.from({ length: n }, (_, i) => T0 + i * 5000),
    lat: Array.from({ length: n }, (_, i) => 22.72 + i * 1e-4),
    lon: Array.from({ length: n }, () => 75.86),
    speedKph: Array.from({ length: n }, (_, i) => (i < 60 ? 24 : 0)),
    headingDeg: Array.from({ length: n }, () => 0),
    ignition: Array.from({ length: n }, () => true),
  },
  stops: [
    {
      kind: 'stop',
      from: new Date(T0 + 300_000).toISOString(),
      to: new Date(T0 + 595_000).toISOString(),
      durationS: 295,
      lat: 22.726,
      lon: 75.86,
      address: 'near Dump Yard Devguradia, Ward 12, Zone 3',
    },
  ],
  trips: [
    {
      startAt: new Date(T0).toISOString(),
      endAt: new Date(T0 + 300_000).toISOString(),
      distanceM: 6543,
      durationS: 300,
      maxSpeedKph: 31,
      startLat: 22.72,
      startLon: 75.86,
      endLat: 22.726,
      endLon: 75.86,
      startAddress: 'Palasia depot',
      endAddress: 'Dump Yard Devguradia',
    },
  ],
  alerts: [{ id: '9', type: 'sos', at: new Date(T0 + 60_000).toISOString(), lat: 22.7212, lon: 75.86 }],
  totals: {
    distanceM: 6543,
    runS: 3900,
    idleS: 600,
    stopS: 295,
    offlineS: 0,
    maxSpeedKph: 31,
    avgMovingSpeedKph: 19.6,
  },
};

const vehicle: Vehicle = {
  id: '31',
  organisation: { id: '7', tradeName: 'Indore Municipal Corporation', brandName: 'IMC' },
  category: null,
  registrationNumber: 'MP09GA1234',
  engineNo: null,
  chassisNo: null,
  rto: null,
  rtoCode: null,
  make: null,
  model: null,
  regDate: null,
  rcImages: [],
  kind: 'TRUCK',
  type: 'tipper',
  groupId: null,
  zoneId: null,
  circleId: null,
  wardId: null,
  ownerUserId: null,
  isTrackingActivated: true,
  speedLimitKph: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  device: { id: '90', imei: '869123400000012' },
};

const FROM = '2026-11-25T00:00:00+05:30';
const TO = '2026-11-25T23:59:00+05:30';
const at = `/view-operations/route-playback?vehicleId=31&from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`;
const session = { roleName: 'ADMIN', permissions: ['route-playback'] };

const timeText = () => screen.getByTestId('playback-time').textContent ?? '';

describe('route playback', () => {
  it('loads the range from the URL and shows totals, trips, stops and alerts', async () => {
    const network = stubFetch({
      'GET /vehicle/31': ok(vehicle),
      'GET /vehicle/position/playback': ok(playback),
    });
    renderApp(at, session);
    expect(
      await screen.findByRole('heading', { name: 'Route playback' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    for (const text of ['6.54 km', '1 h 05 min', '10 min', '4 min', '31 km/h', '19.6 km/h'])
      expect(within(totals).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Trips (1)' })).toHaveTextContent(
      '25/11/2026 09:30:00–09:35:00 · 6.54 km · 5 min',
    );
    expect(screen.getByRole('region', { name: 'Stops (1)' })).toHaveTextContent(
      'near Dump Yard Devguradia, Ward 12, Zone 3',
    );
    expect(screen.getByRole('region', { name: 'Alerts (1)' })).toHaveTextContent('SOS');
    const call = network.callsTo('GET /vehicle/position/playback')[0];
    expect(call?.query.get('from')).toBe(FROM);
    expect(call?.query.get('to')).toBe(TO);
    expect(await screen.findByDisplayValue('MP09GA1234 (869123400000012)')).toBeInTheDocument();
    expect(timeText()).toBe('25/11/2026 09:30:00');
  });

  it('plays at the chosen speed, pauses with Space and steps with the arrow keys', async () => {
    stubFetch({ 'GET /vehicle/31': ok(vehicle), 'GET /vehicle/position/playback': ok(playback) });
    const user = userEvent.setup();
    renderApp(at, session);
    const play = await screen.findByRole('button', { name: 'Play' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '64 times' }));
    await user.click(play);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await waitFor(() => expect(timeText()).not.toBe('25/11/2026 09:30:00'));
    const slider = screen.getByRole('slider', { name: 'Playback time' });
    expect(Number(slider.getAttribute('aria-valuenow'))).toBeGreaterThan(T0);

    // Space on the region (not on a button) toggles; the arrows then move fix by fix.
    const region = screen.getByRole('region', { name: 'Playback' });
    region.focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('button', { name: 'Play' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Trips|09:30:00–09:35:00/ }));
    expect(timeText()).toBe('25/11/2026 09:30:00');
    region.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(timeText()).toBe('25/11/2026 09:30:10');
    await user.keyboard('{ArrowLeft}');
    expect(timeText()).toBe('25/11/2026 09:30:05');
  });

  it('downloads the GPX export from the server', async () => {
    const network = stubFetch({
      'GET /vehicle/31': ok(vehicle),
      'GET /vehicle/position/playback': ok(playback),
      'GET /vehicle/position/playback/export': new Response('<gpx></gpx>', { status: 200 }),
    });
    seedSession(tokenPair(15, 2880));
    const createObjectURL = vi.fn(() => 'blob:gpx');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp(at, session);
    await user.click(await screen.findByRole('button', { name: 'GPX' }, { timeout: 15_000 }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exportCall = network.callsTo('GET /vehicle/position/playback/export')[0];
    expect(exportCall?.query.get('format')).toBe('gpx');
    expect(exportCall?.query.get('vehicleId')).toBe('31');
    expect(exportCall?.headers.get('Authorization')).toBe('Bearer access-a');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('MP09GA1234_2026-11-25.gpx');
    click.mockRestore();
  });

  it("shows the server's message for a range that is too long, and an empty range plainly", async () => {
    stubFetch({
      'GET /vehicle/31': ok(vehicle),
      'GET /vehicle/position/playback': [
        fail(400, 'Choose a time range of at most 7 days.'),
        ok({ ...playback, points: { t: [], lat: [], lon: [], speedKph: [], headingDeg: [], ignition: [] } }),
      ],
    });
    const user = userEvent.setup();
    const { router } = renderApp(at, session);
    expect(
      await screen.findByText('Choose a time range of at most 7 days.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await act(() => router.navigate(`${at}&again=1`));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('MP09GA1234 recorded no positions in this time range.'),
    ).toBeInTheDocument();
  });

  it('asks for a vehicle and a range first, and checks their order', async () => {
    stubFetch({
      'GET /vehicle': ok({ items: [vehicle], total: 1, page: 1, pageSize: 25 }),
      'GET /vehicle/position/playback': ok(playback),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/view-operations/route-playback', session);
    expect(
      await screen.findByText('Choose a vehicle and a time range, then press Show.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Choose a vehicle.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Vehicle' }));
    await user.click(await screen.findByRole('option', { name: 'MP09GA1234 (869123400000012)' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText('Choose a start and an end time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByText('Choose a start and an end time.')).not.toBeInTheDocument();
    expect(router.state.location.search).toMatch(
      /^\?vehicleId=31&from=.+%2B05%3A30&to=.+T23%3A59%3A59%2B05%3A30$/,
    );
  });
});
