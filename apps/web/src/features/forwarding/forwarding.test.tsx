import type { ForwardDeadLetter, ForwardTarget } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

const target: ForwardTarget = {
  id: '4',
  organisationId: '7',
  organisationName: 'Indore Municipal Corporation',
  name: 'State backend',
  kind: 'webhook',
  enabled: true,
  url: 'https://backend.example.gov.in/hook',
  secretHint: '••••9876',
  host: null,
  port: null,
  sendPositions: true,
  sendAlerts: true,
  eventTypes: ['sos'],
  batchSize: 100,
  timeoutMs: 10000,
  stats: {
    queued: 12,
    dead: 1,
    deliveredLastHour: 340,
    failedLastHour: 2,
    lastSuccessAt: '2026-11-26T09:05:50.000Z',
    lastErrorAt: '2026-11-26T09:04:00.000Z',
    lastError: 'HTTP 503: maintenance',
    pausedUntil: null,
  },
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

const letter: ForwardDeadLetter = {
  id: '991',
  targetId: '4',
  kind: 'position',
  payload: { type: 'position' },
  attempts: 8,
  lastError: 'fetch failed (ECONNREFUSED)',
  createdAt: '2026-11-26T08:00:00.000Z',
  deadAt: '2026-11-26T09:00:00.000Z',
};

const admin = {
  roleName: 'ADMIN',
  permissions: [
    'forwarding',
    'forwarding:add-forward-target',
    'forwarding:edit-forward-target-result-table',
    'forwarding:delete-forward-target-result-table',
    'forwarding:retry-dead-letter',
  ],
};

const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('forwarding page', () => {
  it('lists targets with their delivery state, sends a test and retries a dead letter', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /forwarding/targets': ok([target]),
      'POST /forwarding/targets/4/test': ok({ ok: true, status: 200, durationMs: 42, detail: 'ok' }),
      'GET /forwarding/targets/4/dead-letters': [ok([letter]), ok([])],
      'POST /forwarding/targets/4/dead-letters/991/retry': ok({ count: 1 }),
    });
    renderApp('/management/forwarding', admin);
    const row = await rowOf('State backend');
    expect(within(row).getByText('https://backend.example.gov.in/hook')).toBeInTheDocument();
    expect(within(row).getByText('340')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 503: maintenance')).toBeInTheDocument();
    expect(within(row).getByText('Has dead letters')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('The receiver accepted the test (200, 42 ms)')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Dead letters' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dead letters: State backend' }));
    expect(await dialog.findByText('fetch failed (ECONNREFUSED)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 dead letter queued again')).toBeInTheDocument();
    expect(network.callsTo('POST /forwarding/targets/4/dead-letters/991/retry')).toHaveLength(1);
  });

  it('adds a webhook target and shows the server message when it is refused', async () => {
    const user = userEvent.setup();
    const refused = 'Put no user name or password in the URL: set a signing secret instead';
    const network = stubFetch({
      'GET /forwarding/targets': ok([]),
      'POST /forwarding/targets': [fail(400, refused), ok({ ...target, name: 'ERP' })],
    });
    renderApp('/management/forwarding', admin);
    expect(
      await screen.findByText('No forwarding targets yet. Add a webhook or an emergency backend.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add target' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add forwarding target' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter an http:// or https:// address')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'ERP');
    await user.type(dialog.getByRole('textbox', { name: /^URL/ }), 'https://erp.example.in/hook');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(refused)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('ERP saved')).toBeInTheDocument();
    await waitFor(() => expect(network.callsTo('POST /forwarding/targets')).toHaveLength(2));
    expect(network.callsTo('POST /forwarding/targets')[1]?.body).toMatchObject({
      name: 'ERP',
      kind: 'webhook',
      url: 'https://erp.example.in/hook',
      host: null,
      sendPositions: true,
    });
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    stubFetch({ 'GET /forwarding/targets': fail(500, 'boom') });
    renderApp('/management/forwarding', admin);
    expect(await screen.findByText('The forwarding targets could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
