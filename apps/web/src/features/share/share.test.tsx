import { LIST_PAGE_SIZES, type CreatedShare, type PublicShare, type Share } from '@civicfleet/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { fail, ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { loadNamespaces } from '@/lib/i18n';
import { SessionTestProvider } from '@/session';
import { renderApp } from '@/test/render-app';
import { ShareButton, SharesButton } from './ShareButtons';

/** The /v1/live socket of a share link: the test plays the server's messages. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send() {}
  close() {}
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const GONE = 'This link has expired or was revoked.';
const admin = { id: '2', name: 'Rakesh Verma' };
const share = (overrides: Partial<Share>): Share => ({
  id: '9',
  kind: 'live',
  label: 'For the ward officer',
  vehicle: { id: '31', registrationNumber: 'MP09GA1234' },
  group: null,
  from: null,
  to: null,
  collection: null,
  expiresAt: '2026-11-26T10:30:00.000Z',
  revokedAt: null,
  createdBy: admin,
  createdAt: '2026-11-25T10:30:00.000Z',
  status: 'active',
  ...overrides,
});
const active = share({});
const revoked = share({ id: '8', label: null, status: 'revoked', revokedAt: '2026-11-25T11:00:00.000Z' });
const pageOf = (items: Share[]) => ok({ items, total: items.length, page: 1, pageSize: 20 });
const sharer = [
  'live-tracking',
  'live-tracking:share-live-tracking',
  'route-playback',
  'route-playback:share-playback',
];

function renderWidget(ui: React.ReactNode, permissions = sharer) {
  return render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SnackbarProvider>
        <MemoryRouter>
          <SessionTestProvider roleName="ADMIN" permissions={permissions}>
            {ui}
          </SessionTestProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => loadNamespaces('share'));
beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
});

describe('share dialog', () => {
  it('creates a live link with a chosen expiry and label, shows it once with Copy, and lists the existing links', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created: CreatedShare = {
      ...share({ id: '10', expiresAt: '2026-11-25T18:30:00.000Z' }),
      url: 'https://fleet.example.in/public/share/live-tracking?token=tok-123',
      path: '/public/share/live-tracking?token=tok-123',
    };
    const network = stubFetch({ 'GET /share': pageOf([active, revoked]), 'POST /share': ok(created) });
    renderWidget(<ShareButton kind="live" vehicleId="31" subject="MP09GA1234" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Share live tracking/ }));
    const existing = within(await dialog.findByRole('list', { name: 'Links already shared' }));
    expect(existing.getByText('Active')).toBeInTheDocument();
    expect(existing.getByText('Revoked')).toBeInTheDocument();
    expect(existing.getByText('Expires 26/11/2026 16:00:00 · by Rakesh Verma')).toBeInTheDocument();
    expect(existing.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
    expect(network.callsTo('GET /share')[0]?.query.get('vehicleId')).toBe('31');
    expect(network.callsTo('GET /share')[0]?.query.get('kind')).toBe('live');
    expect(LIST_PAGE_SIZES).toContain(Number(network.callsTo('GET /share')[0]?.query.get('pageSize')));

    expect(dialog.getByRole('button', { name: '24 hours' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(dialog.getByRole('button', { name: '8 hours' }));
    await user.type(dialog.getByLabelText('Label'), 'Control room');
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(network.callsTo('POST /share')).toHaveLength(1));
    expect(network.callsTo('POST /share')[0]?.body).toEqual({
      kind: 'live',
      vehicleId: '31',
      expiresInMinutes: 480,
      label: 'Control room',
    });
    const link = await dialog.findByLabelText('Link');
    expect(link).toHaveValue(`${window.location.origin}/public/share/live-tracking?token=tok-123`);
    expect(dialog.getByText('Link created. It works until 26/11/2026 00:00:00.')).toBeInTheDocument();
    expect(dialog.getByText('Copy it now: the link is shown only once.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/public/share/live-tracking?token=tok-123`,
    );
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('checks a custom expiry, shares a group, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /share': pageOf([
        share({ id: '12', vehicle: null, group: { id: '5', name: 'North tippers' } }),
        active,
      ]),
      'POST /share': fail(403, 'You do not have permission to share live tracking.'),
    });
    renderWidget(<ShareButton kind="live" groupId="5" subject="North tippers" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Share live tracking/ }));
    // A group's links are picked out of the kind's list.
    expect(await dialog.findAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Custom' }));
    const amount = dialog.getByRole('spinbutton', { name: 'Expires after' });
    await user.clear(amount);
    await user.type(amount, '45');
    expect(dialog.getByText('Between 15 minutes and 30 days')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create link' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '3');
    expect(dialog.getByRole('button', { name: 'Create link' })).toBeEnabled();
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText('You do not have permission to share live tracking.')).toBeInTheDocument();
    expect(network.callsTo('POST /share')[0]?.body).toEqual({
      kind: 'live',
      groupId: '5',
      expiresInMinutes: 3 * 24 * 60,
    });
  });

  it('shares a playback window and revokes a link after confirmation', async () => {
    const user = userEvent.setup();
    let isRevoked = false;
    const network = stubFetch({
      'GET /share': () =>
        pageOf([
          isRevoked
            ? share({ kind: 'playback', status: 'revoked', revokedAt: '2026-11-25T12:00:00.000Z' })
            : share({ kind: 'playback' }),
        ]),
      'DELETE /share/9': () => {
        isRevoked = true;
        return ok(share({ status: 'revoked' }), 'Share link revoked');
      },
    });
    renderWidget(
      <ShareButton
        kind="playback"
        vehicleId="31"
        from="2026-11-24T18:30:00.000Z"
        to="2026-11-25T18:29:59.000Z"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Share playback/ }));
    expect(dialog.getByText('From 25/11/2026 00:00:00 to 25/11/2026 23:59:59')).toBeInTheDocument();
    await user.click(await dialog.findByRole('button', { name: 'Revoke' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke this link?' }));
    expect(confirm.getByText(/Whoever has the link to MP09GA1234/)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(network.callsTo('DELETE /share/9')).toHaveLength(1));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(await dialog.findByText('Revoked')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('offers Share only with the kind’s share permission, and lists every link under Shares', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /share': (call: RecordedCall) =>
        pageOf(call.query.get('status') === 'active' ? [active] : [active, revoked]),
    });
    const { unmount } = renderWidget(<ShareButton kind="playback" vehicleId="31" />, [
      'live-tracking',
      'live-tracking:share-live-tracking',
    ]);
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    unmount();
    renderWidget(<SharesButton />, ['live-tracking', 'live-tracking:share-live-tracking']);
    await user.click(screen.getByRole('button', { name: 'Shares' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share links' }));
    const table = within(await dialog.findByRole('table', { name: 'Share links' }));
    expect(table.getByText('MP09GA1234')).toBeInTheDocument();
    expect(table.getByText('Live tracking')).toBeInTheDocument();
    expect(table.getAllByRole('row')).toHaveLength(2);
    await user.click(dialog.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(3));
    expect(network.callsTo('GET /share').at(-1)?.query.get('status')).toBeNull();
  });
});

const liveShare: PublicShare = {
  kind: 'live',
  label: null,
  expiresAt: '2026-11-26T10:30:00.000Z',
  groupName: null,
  vehicles: [{ id: '31', registrationNumber: 'MP09GA1234', kind: 'tipper' }],
  positions: [
    {
      vehicleId: '31',
      fixTime: '2026-11-25T10:00:00.000Z',
      lat: 22.7196,
      lon: 75.8577,
      speedKph: 31.6,
      headingDeg: 90,
      ignition: true,
      status: 'moving',
      statusSince: '2026-11-25T09:50:00.000Z',
    },
  ],
};

describe('public share pages', () => {
  it('show the shared vehicle signed out, without the console, and follow the live feed', async () => {
    let isRevoked = false;
    stubFetch({ 'GET /public/share': () => (isRevoked ? fail(404, GONE) : ok(liveShare)) });
    renderApp('/public/share/live-tracking?token=tok-123', { roleName: 'ANONYMOUS', permissions: [] });
    expect(
      await screen.findByRole('heading', { name: 'MP09GA1234' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const vehicles = within(screen.getByRole('region', { name: 'Vehicles' }));
    expect(vehicles.getByText('Moving')).toBeInTheDocument();
    expect(vehicles.getByText('32 km/h')).toBeInTheDocument();
    expect(vehicles.getByText('Last update 25/11/2026 15:30:00')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /home|sign in/i })).not.toBeInTheDocument();

    const socket = FakeSocket.all.at(-1);
    expect(socket?.url).toContain('share=tok-123');
    act(() =>
      socket?.receive({
        type: 'snapshot',
        positions: [
          { ...liveShare.positions[0], fixTime: '2026-11-25T10:05:00.000Z', speedKph: 0, status: 'stopped' },
        ],
      }),
    );
    expect(await vehicles.findByText('Stopped')).toBeInTheDocument();
    expect(vehicles.getByText('0 km/h')).toBeInTheDocument();
    expect(vehicles.getByText('Last update 25/11/2026 15:35:00')).toBeInTheDocument();

    // Revoked: the server closes the feed (4410); the page reads the link again and says only that it is gone.
    isRevoked = true;
    act(() => {
      socket?.receive({ type: 'error', message: GONE });
      socket?.onclose?.({ code: 4410 });
    });
    expect(await screen.findByRole('heading', { name: GONE })).toBeInTheDocument();
    expect(screen.queryByText('MP09GA1234')).not.toBeInTheDocument();
  });

  it('show a shared collection view: the ward and its vehicles', async () => {
    const network = stubFetch({
      'GET /public/share': ok({
        kind: 'collection',
        label: null,
        expiresAt: '2026-11-26T10:30:00.000Z',
        collection: {
          context: 'ward',
          id: '12',
          name: 'Ward 12 Palasia',
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [75.85, 22.71],
                [75.87, 22.71],
                [75.87, 22.73],
                [75.85, 22.71],
              ],
            ],
          },
          checkpoints: [],
        },
        vehicles: [...liveShare.vehicles, { id: '32', registrationNumber: 'MP09GA5678', kind: null }],
        positions: liveShare.positions,
      } satisfies PublicShare),
    });
    renderApp('/public/ward/share/12?token=tok-c', { roleName: 'ANONYMOUS', permissions: [] });
    expect(
      await screen.findByRole('heading', { name: 'Ward 12 Palasia' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Collection view · Link valid until 26\/11\/2026 16:00:00$/),
    ).toBeInTheDocument();
    const vehicles = within(screen.getByRole('region', { name: 'Vehicles' }));
    expect(vehicles.getByText('MP09GA1234')).toBeInTheDocument();
    expect(vehicles.getByText('Never connected')).toBeInTheDocument();
    expect(vehicles.getByText('No position yet')).toBeInTheDocument();
    expect(network.callsTo('GET /public/share')[0]?.query.get('token')).toBe('tok-c');
  });

  it('say only that the link expired or was revoked', async () => {
    const network = stubFetch({ 'GET /public/share': fail(404, GONE) });
    renderApp('/public/share/playback?token=old', { roleName: 'ANONYMOUS', permissions: [] });
    expect(await screen.findByRole('heading', { name: GONE }, { timeout: 15_000 })).toBeInTheDocument();
    expect(network.callsTo('GET /public/share')[0]?.query.get('token')).toBe('old');
    expect(network.callsTo('GET /public/share')[0]?.headers.get('Authorization')).toBeNull();
  });

  it('play back a shared window', async () => {
    const user = userEvent.setup();
    const t0 = Date.parse('2026-11-25T04:30:00.000Z');
    stubFetch({
      'GET /public/share': ok({
        kind: 'playback',
        label: 'Morning shift',
        expiresAt: '2026-11-26T10:30:00.000Z',
        vehicle: { id: '31', registrationNumber: 'MP09GA1234', kind: 'tipper' },
        from: '2026-11-25T04:30:00.000Z',
        to: '2026-11-25T05:30:00.000Z',
        playback: {
          vehicle: { id: '31', registrationNumber: 'MP09GA1234', kind: 'tipper' },
          from: '2026-11-25T04:30:00.000Z',
          to: '2026-11-25T05:30:00.000Z',
          points: {
            t: [t0, t0 + 60_000, t0 + 120_000],
            lat: [22.71, 22.72, 22.73],
            lon: [75.85, 75.86, 75.87],
            speedKph: [0, 24, 40],
            headingDeg: [0, 45, 45],
            ignition: [true, true, true],
          },
          stops: [],
          trips: [],
          alerts: [],
          totals: {
            distanceM: 2450,
            runS: 120,
            idleS: 0,
            stopS: 0,
            offlineS: 0,
            maxSpeedKph: 40,
            avgMovingSpeedKph: 32,
          },
        },
      }),
    });
    renderApp('/public/share/playback?token=tok-9', { roleName: 'ANONYMOUS', permissions: [] });
    expect(
      await screen.findByRole('heading', { name: 'Morning shift' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Distance 2.5 km')).toBeInTheDocument();
    expect(screen.getByText('Top speed 40 km/h')).toBeInTheDocument();
    expect(screen.getByText('At 25/11/2026 10:00:00')).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Playback time' });
    slider.focus();
    await user.keyboard('{End}');
    expect(await screen.findByText('At 25/11/2026 10:02:00')).toBeInTheDocument();
    expect(screen.getByText('40 km/h')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });
});
