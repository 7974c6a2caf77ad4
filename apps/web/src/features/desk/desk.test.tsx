import type { AlertDeskDetail, AlertDeskItem, AlertDeskPage } from '@civicfleet/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { ok, stubFetch, type RecordedCall } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';
import { setAlarmMuted } from './alarm';

/** The /v1/live socket: the test plays the server's messages. */
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

/** WebAudio stand-in: counts the beeps (two tones each). */
let tones = 0;
class FakeAudioContext {
  currentTime = 0;
  destination = {};
  resume = () => Promise.resolve();
  createOscillator() {
    tones += 1;
    return { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const gain = {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (n: unknown) => n,
    };
    return gain;
  }
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const sos: AlertDeskItem = {
  id: '5',
  type: 'sos',
  vehicleId: '31',
  vehicleRegistration: 'MP09GA1234',
  deviceId: '90',
  deviceImei: '869123400000012',
  deviceProtocol: 'ais140',
  organisationId: '7',
  organisationName: 'Indore Municipal Corporation',
  startedAt: minutesAgo(3),
  lastAt: minutesAgo(2),
  repeatCount: 2,
  endedAt: null,
  lat: 22.7196,
  lon: 75.8577,
  late: false,
  unverified: false,
  identity: null,
  deskStatus: 'new',
  acknowledgedBy: null,
  acknowledgedAt: null,
  assignedTo: null,
  assignedAt: null,
  escalationLevel: 1,
  escalatedAt: minutesAgo(1),
  closedBy: null,
  closedAt: null,
  resolution: null,
};
const tamper: AlertDeskItem = {
  ...sos,
  id: '6',
  type: 'tamper',
  vehicleId: '32',
  vehicleRegistration: 'MP09GA5678',
  deviceProtocol: 'gt06',
  deskStatus: 'acknowledged',
  escalationLevel: 0,
  escalatedAt: null,
  assignedTo: { id: '3', name: 'Kavita Rathore' },
};
const rakesh = { id: '2', name: 'Rakesh Verma' };
const detail = (item: AlertDeskItem, timeline: AlertDeskDetail['timeline'] = []): AlertDeskDetail => ({
  ...item,
  timeline,
});
const sosDetail = detail(sos, [
  { id: '100', action: 'escalate', user: null, assignee: null, note: null, at: minutesAgo(1) },
]);
const page = (items: AlertDeskItem[], counts = { new: 1, acknowledged: 1 }): Response =>
  ok({ items, total: items.length, page: 1, pageSize: 25, counts } satisfies AlertDeskPage);

const operator = {
  roleName: 'ADMIN',
  permissions: [
    'sos-desk',
    'sos-desk:acknowledge-alert',
    'sos-desk:assign-alert',
    'sos-desk:close-alert',
    'sos-desk:emergency-off',
    'live-tracking',
  ],
};

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  seedSession(tokenPair(15, 2880));
  setAlarmMuted(false);
  tones = 0;
});

async function openAlert(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const list = await screen.findByRole('list', { name: 'Alerts' });
  await user.click(within(list).getByRole('button', { name }));
  return screen.findByRole('region', { name: /^Alert of / });
}

describe('SOS desk', () => {
  it('lists open alerts with type, age, escalation and a map link, rings until muted, and acknowledges with a note', async () => {
    const user = userEvent.setup();
    const acknowledged = detail(
      { ...sos, deskStatus: 'acknowledged', acknowledgedBy: rakesh, acknowledgedAt: minutesAgo(0) },
      [
        ...sosDetail.timeline,
        {
          id: '101',
          action: 'acknowledge',
          user: rakesh,
          assignee: null,
          note: 'Calling the driver',
          at: minutesAgo(0),
        },
      ],
    );
    let isAcknowledged = false;
    const network = stubFetch({
      'GET /alert-desk': () =>
        isAcknowledged
          ? page([{ ...sos, deskStatus: 'acknowledged' }, tamper], { new: 0, acknowledged: 2 })
          : page([sos, tamper]),
      'GET /alert-desk/5': ok(sosDetail),
      'POST /alert-desk/5/acknowledge': () => {
        isAcknowledged = true;
        return ok(acknowledged);
      },
    });
    renderApp('/view-operations/sos-desk', operator);
    expect(await screen.findByRole('heading', { name: 'SOS Desk' }, { timeout: 15_000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Alerts' });
    const row = within(list).getByRole('button', { name: 'SOS alert of MP09GA1234' });
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByText('Escalated · level 1')).toBeInTheDocument();
    expect(within(row).getByText(/^3 min \d+ s ago$/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Show MP09GA1234 on the live map' })).toHaveAttribute(
      'href',
      '/view-operations/live-tracking?vehicleId=31',
    );
    expect(within(list).getByText('Assigned to Kavita Rathore')).toBeInTheDocument();
    // The alarm: a status that names the new alerts, and the beep, until muted.
    expect(screen.getAllByRole('status').some((s) => s.textContent === '1 new alert')).toBe(true);
    await waitFor(() => expect(tones).toBeGreaterThan(0));
    await user.click(screen.getAllByRole('button', { name: 'Mute the alarm' })[0] as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Unmute the alarm' })[0]).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    setAlarmMuted(false);

    const region = within(await openAlert(user, /SOS alert of MP09GA1234/));
    expect(await region.findByRole('heading', { name: 'MP09GA1234' })).toBeInTheDocument();
    expect(region.getByText('Alert raised')).toBeInTheDocument();
    expect(region.getByText('Escalated')).toBeInTheDocument();
    expect(region.getByText(/System/)).toBeInTheDocument();
    expect(region.getByText('2 times, last at', { exact: false })).toBeInTheDocument();
    for (const name of ['Acknowledge', 'Assign', 'Add note', 'Close alert', 'Send emergency off'])
      expect(region.getByRole('button', { name })).toBeInTheDocument();

    await user.click(region.getByRole('button', { name: 'Acknowledge' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Acknowledge the alert' }));
    await user.type(dialog.getByLabelText('Note'), 'Calling the driver');
    await user.click(dialog.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(network.callsTo('POST /alert-desk/5/acknowledge')).toHaveLength(1));
    expect(network.callsTo('POST /alert-desk/5/acknowledge')[0]?.body).toEqual({
      note: 'Calling the driver',
    });
    expect(await screen.findByText('Alert acknowledged')).toBeInTheDocument();
    const after = within(await screen.findByRole('region', { name: /^Alert of / }));
    expect(await after.findByText('Calling the driver')).toBeInTheDocument();
    expect(after.getByText('Rakesh Verma', { exact: false })).toBeInTheDocument();
    expect(after.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    // The lists were asked again: the alarm calms down.
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent === 'No new alerts')).toBe(true),
    );
  });

  it('requires a resolution to close, assigns through the user picker, and reopens', async () => {
    const user = userEvent.setup();
    const closed = detail(
      { ...sos, deskStatus: 'closed', closedBy: rakesh, closedAt: minutesAgo(0), resolution: 'False alarm' },
      [{ id: '102', action: 'close', user: rakesh, assignee: null, note: 'False alarm', at: minutesAgo(0) }],
    );
    const network = stubFetch({
      'GET /alert-desk': page([sos]),
      'GET /alert-desk/5': ok(sosDetail),
      'GET /alert-desk/assignees': (call: RecordedCall) =>
        ok(
          [
            { id: '3', name: 'Kavita Rathore', organisationName: 'IMC', roleName: 'LIMITED_USER' },
            { id: '4', name: 'Vikas Chouhan', organisationName: 'IMC', roleName: 'CUSTOM' },
          ].filter((u) => !call.query.get('search') || u.name.includes(call.query.get('search') ?? '')),
        ),
      'POST /alert-desk/5/assign': ok(detail({ ...sos, assignedTo: { id: '4', name: 'Vikas Chouhan' } })),
      'POST /alert-desk/5/close': ok(closed),
      'POST /alert-desk/5/reopen': ok(
        detail({ ...sos, deskStatus: 'acknowledged' }, [
          ...closed.timeline,
          { id: '103', action: 'reopen', user: rakesh, assignee: null, note: null, at: minutesAgo(0) },
        ]),
      ),
    });
    renderApp('/view-operations/sos-desk?alert=5', operator);
    const region = within(await screen.findByRole('region', { name: /^Alert of / }, { timeout: 15_000 }));

    await user.click(await region.findByRole('button', { name: 'Assign' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Assign the alert' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await dialog.findByText('Choose the user to assign the alert to')).toBeInTheDocument();
    await user.type(dialog.getByRole('combobox', { name: 'User' }), 'Vikas');
    await user.click(await screen.findByRole('option', { name: 'Vikas Chouhan (IMC)' }));
    await user.click(dialog.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(network.callsTo('POST /alert-desk/5/assign')).toHaveLength(1));
    expect(network.callsTo('POST /alert-desk/5/assign')[0]?.body).toEqual({ userId: '4' });
    expect(await screen.findByText('Alert assigned')).toBeInTheDocument();

    await user.click(await region.findByRole('button', { name: 'Close alert' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Close the alert' }));
    await user.click(dialog.getByRole('button', { name: 'Close alert' }));
    expect(await dialog.findByText('A resolution is required to close the alert')).toBeInTheDocument();
    expect(network.callsTo('POST /alert-desk/5/close')).toHaveLength(0);
    await user.type(dialog.getByLabelText(/Resolution/), 'False alarm');
    await user.click(dialog.getByRole('button', { name: 'Close alert' }));
    await waitFor(() => expect(network.callsTo('POST /alert-desk/5/close')).toHaveLength(1));
    expect(network.callsTo('POST /alert-desk/5/close')[0]?.body).toEqual({ resolution: 'False alarm' });
    const after = within(await screen.findByRole('region', { name: /^Alert of / }));
    expect(await after.findByText('Closed', { selector: 'span' })).toBeInTheDocument();
    expect(after.getAllByText('False alarm').length).toBeGreaterThan(0);
    expect(after.queryByRole('button', { name: 'Close alert' })).not.toBeInTheDocument();

    await user.click(after.getByRole('button', { name: 'Reopen' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Reopen the alert' }));
    await user.click(dialog.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(network.callsTo('POST /alert-desk/5/reopen')).toHaveLength(1));
    expect(network.callsTo('POST /alert-desk/5/reopen')[0]?.body).toEqual({});
    expect(await screen.findByText('Alert reopened')).toBeInTheDocument();
    expect(await after.findByText('Reopened')).toBeInTheDocument();
  });

  it('sends emergency off after confirmation, only to AIS-140 trackers, and shows the server message on refusal', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /alert-desk': page([sos, tamper]),
      'GET /alert-desk/6': ok(detail(tamper)),
      'GET /alert-desk/5': ok(sosDetail),
      'POST /alert-desk/5/emergency-off': [
        new Response(JSON.stringify({ success: false, message: 'The device is not connected.' }), {
          status: 409,
        }),
      ],
    });
    renderApp('/view-operations/sos-desk', operator);
    let region = within(await openAlert(user, /Tamper alert of MP09GA5678/));
    expect(await region.findByRole('button', { name: 'Close alert' })).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Send emergency off' })).not.toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();

    region = within(await openAlert(user, /SOS alert of MP09GA1234/));
    await user.click(await region.findByRole('button', { name: 'Send emergency off' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send emergency off?' }));
    expect(dialog.getByText(/AIS-140 SET EO/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send emergency off' }));
    expect(await dialog.findByText('The device is not connected.')).toBeInTheDocument();
    expect(network.callsTo('POST /alert-desk/5/emergency-off')[0]?.body).toEqual({ confirm: true });
  });

  it('explains an identity conflict (both addresses, clone suspected) and marks an unverified SOS with a tooltip', async () => {
    const user = userEvent.setup();
    const conflict: AlertDeskItem = {
      ...tamper,
      id: '7',
      type: 'identityConflict',
      vehicleId: '33',
      vehicleRegistration: 'MP09GA9999',
      deskStatus: 'new',
      assignedTo: null,
      identity: {
        previousAddress: '10.64.1.20',
        newAddress: '203.0.113.7',
        conflicts: 3,
        cloneSuspected: true,
      },
    };
    const unverifiedSos: AlertDeskItem = { ...sos, unverified: true, escalationLevel: 0 };
    stubFetch({
      'GET /alert-desk': page([unverifiedSos, conflict], { new: 2, acknowledged: 0 }),
      'GET /alert-desk/5': ok(detail(unverifiedSos)),
      'GET /alert-desk/7': ok(detail(conflict)),
    });
    renderApp('/view-operations/sos-desk', operator);
    const list = await screen.findByRole('list', { name: 'Alerts' }, { timeout: 15_000 });
    const conflictRow = within(list).getByRole('button', {
      name: 'Device identity conflict alert of MP09GA9999',
    });
    expect(within(conflictRow).getByText('Clone suspected')).toBeInTheDocument();
    expect(within(conflictRow).getByText('10.64.1.20 → 203.0.113.7')).toBeInTheDocument();
    const sosRow = within(list).getByRole('button', { name: 'SOS alert of MP09GA1234' });
    expect(within(conflictRow).queryByText('Unverified')).not.toBeInTheDocument();
    const chip = within(sosRow).getByText('Unverified');
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      /has not yet sent a position near the device's last known place/,
    );

    const region = within(await openAlert(user, /Device identity conflict alert of MP09GA9999/));
    expect(await region.findByText('Another connection took over', { exact: false })).toBeInTheDocument();
    expect(region.getByText('Previous address').nextSibling).toHaveTextContent('10.64.1.20');
    expect(region.getByText('New address').nextSibling).toHaveTextContent('203.0.113.7');
    expect(region.getByText('Takeovers so far').nextSibling).toHaveTextContent('3');
    expect(region.getByText(/a cloned IMEI is suspected/)).toBeInTheDocument();
    expect(region.getByText(/Closing this alert clears/)).toBeInTheDocument();
    expect(region.getByRole('button', { name: 'Close alert' })).toBeInTheDocument();

    await user.click(sosRow);
    const sosRegion = within(await screen.findByRole('region', { name: 'Alert of MP09GA1234' }));
    expect(await sosRegion.findByRole('alert')).toHaveTextContent(
      /^Unverified: this SOS came from a connection/,
    );
    expect(sosRegion.queryByText('Previous address')).not.toBeInTheDocument();
  });

  it('shows only the note action to a user without the desk actions, and the empty state', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /alert-desk': (call: RecordedCall) =>
        call.query.get('status') === 'closed' ? page([], { new: 1, acknowledged: 0 }) : page([sos]),
      'GET /alert-desk/5': ok(sosDetail),
    });
    renderApp('/view-operations/sos-desk', { roleName: 'LIMITED_USER', permissions: ['sos-desk'] });
    const region = within(await openAlert(user, /SOS alert of MP09GA1234/));
    expect(await region.findByRole('button', { name: 'Add note' })).toBeInTheDocument();
    for (const name of ['Acknowledge', 'Assign', 'Close alert', 'Send emergency off'])
      expect(region.queryByRole('button', { name })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(await screen.findByText('No closed alerts yet.')).toBeInTheDocument();
  });

  it("asks again as soon as the live feed brings a desk alert or another operator's step", async () => {
    const network = stubFetch({
      'GET /alert-desk': page([]),
      'GET /vehicle/statuses': ok({ items: [], total: 0, page: 1, pageSize: 5000, counts: {} }),
    });
    renderApp('/view-operations/sos-desk', operator);
    expect(
      await screen.findByText('No open alerts. All clear.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const before = network.callsTo('GET /alert-desk').length;
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no live socket');
    act(() => {
      socket.receive({ type: 'snapshot', positions: [] });
      socket.receive({
        type: 'delta',
        positions: [],
        alerts: [
          {
            id: '77',
            deviceId: '90',
            vehicleId: '31',
            organisationId: '7',
            type: 'sos',
            at: minutesAgo(0),
            lat: null,
            lon: null,
            late: false,
          },
        ],
      });
    });
    await waitFor(() => expect(network.callsTo('GET /alert-desk').length).toBeGreaterThan(before));

    // Another operator acknowledges it: the server's `desk` message refreshes this desk too.
    const afterAlert = network.callsTo('GET /alert-desk').length;
    act(() => {
      socket.receive({
        type: 'desk',
        changes: [
          {
            id: '77',
            organisationId: '7',
            type: 'sos',
            deskStatus: 'acknowledged',
            action: 'acknowledge',
            at: minutesAgo(0),
          },
        ],
      });
    });
    await waitFor(() => expect(network.callsTo('GET /alert-desk').length).toBeGreaterThan(afterAlert));
  });
});

describe('SOS desk indicator in the app bar', () => {
  it('shows the count of new alerts to users with the desk, linking to it', async () => {
    stubFetch({ 'GET /alert-desk': page([sos, tamper], { new: 2, acknowledged: 1 }) });
    renderApp('/change-password', { roleName: 'ADMIN', permissions: ['sos-desk'] });
    const link = await screen.findByRole(
      'link',
      { name: '2 new SOS and critical alerts' },
      { timeout: 15_000 },
    );
    expect(link).toHaveAttribute('href', '/view-operations/sos-desk');
  });

  it('is not there without the sos-desk module', async () => {
    const network = stubFetch({});
    renderApp('/change-password', { roleName: 'ADMIN', permissions: [] });
    expect(
      await screen.findByRole('heading', { name: 'Change Password' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /SOS desk/ })).not.toBeInTheDocument();
    expect(network.callsTo('GET /alert-desk')).toHaveLength(0);
  });
});
