import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderApp } from '@/test/render-app';

async function fill(user: ReturnType<typeof userEvent.setup>, host: string, port: string) {
  if (host) await user.type(await screen.findByRole('textbox', { name: 'Host' }), host);
  if (port) await user.type(screen.getByRole('textbox', { name: 'Port' }), port);
  await user.click(screen.getByRole('button', { name: 'Check port' }));
}

describe('port checker', () => {
  it('explains what may be tested and validates the fields before calling the server', async () => {
    const user = userEvent.setup();
    const network = stubFetch({});
    renderApp('/public/port-checker');
    expect(
      await screen.findByText(/only the platform's own device ports or public internet addresses/),
    ).toBeInTheDocument();
    await fill(user, '', '');
    expect(await screen.findByText('The host is required')).toBeInTheDocument();
    expect(screen.getByText('The port is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Host' }), 'gps server');
    await user.type(screen.getByRole('textbox', { name: 'Port' }), '70000');
    await user.click(screen.getByRole('button', { name: 'Check port' }));
    expect(await screen.findByText('Enter a host name or an IP address')).toBeInTheDocument();
    expect(screen.getByText('Ports run from 1 to 65535')).toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
  });

  it('shows an open port with its latency', async () => {
    const user = userEvent.setup();
    const network = stubFetch({
      'GET /check-port': ok({
        host: 'gps.civicfleet.in',
        address: '203.0.113.7',
        port: 5023,
        open: true,
        latencyMs: 41.6,
        error: null,
      }),
    });
    renderApp('/public/port-checker');
    await fill(user, 'gps.civicfleet.in', '5023');
    expect(
      await screen.findByText('Port 5023 on gps.civicfleet.in (203.0.113.7) is open'),
    ).toBeInTheDocument();
    expect(screen.getByText('The connection was accepted in 42 ms.')).toBeInTheDocument();
    const query = network.callsTo('GET /check-port')[0]?.query;
    expect([query?.get('host'), query?.get('port')]).toEqual(['gps.civicfleet.in', '5023']);
  });

  it('shows a closed port with the reason, and a refused check with the server message', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /check-port': [
        ok({
          host: 'gps.civicfleet.in',
          address: '203.0.113.7',
          port: 9000,
          open: false,
          latencyMs: null,
          error: 'ECONNREFUSED',
        }),
        fail(403, 'Only public addresses can be checked'),
      ],
    });
    renderApp('/public/port-checker');
    await fill(user, 'gps.civicfleet.in', '9000');
    expect(
      await screen.findByText('Port 9000 on gps.civicfleet.in (203.0.113.7) is closed or unreachable'),
    ).toBeInTheDocument();
    expect(screen.getByText('Reason: ECONNREFUSED')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check port' }));
    expect(await screen.findByText('Only public addresses can be checked')).toBeInTheDocument();
  });
});
