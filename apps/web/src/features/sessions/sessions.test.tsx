import type { ActiveSession } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';
import { describeUserAgent } from './user-agent';

afterEach(() => vi.unstubAllGlobals());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const session = (over: Partial<ActiveSession>): ActiveSession => ({
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  startedAt: '2026-11-26T04:30:00.000Z',
  lastActiveAt: '2026-11-26T05:00:00.000Z',
  expiresAt: '2026-11-26T16:30:00.000Z',
  ip: '10.0.0.4',
  userAgent: CHROME_WINDOWS,
  current: false,
  ...over,
});
const here = session({ id: '6f1c2d3e-0000-4000-8000-00000000000a', current: true });
const phone = session({
  id: '6f1c2d3e-0000-4000-8000-00000000000b',
  ip: '49.36.10.20',
  userAgent: SAFARI_IPHONE,
});
const script = session({ id: '6f1c2d3e-0000-4000-8000-00000000000c', ip: null, userAgent: 'curl/8.5.0' });

const signedIn = { roleName: 'LIMITED_USER', user: { email: 'asha@example.in' } };
const rowOf = async (text: string) => {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('describeUserAgent', () => {
  it('names browser and system, and gives up on what it does not know', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome 131', os: 'Windows' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 EdgA/130.0.0.0',
      ),
    ).toEqual({ browser: 'Edge 130', os: 'Android' });
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toEqual({
      browser: 'Firefox 133',
      os: 'Linux',
    });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: 'curl 8', os: null });
    expect(describeUserAgent('SomeBot')).toBeNull();
    expect(describeUserAgent(null)).toBeNull();
  });
});

describe('Active sessions page', () => {
  it('lists the sessions readably, marks this device and signs one out after the password', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /auth/sessions': [ok([here, phone, script]), ok([here, script])],
      'POST /auth/sessions/revoke': [
        fail(400, 'The current password is not correct.', {
          password: 'The current password is not correct.',
        }),
        ok({ revoked: 1 }, 'Sessions signed out'),
      ],
    });
    renderApp('/account/sessions', signedIn);

    expect(await screen.findByRole('heading', { name: 'Active sessions' })).toBeInTheDocument();
    const current = await rowOf('Chrome 131 on Windows');
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /Sign out/ })).toBeNull();
    const iphone = await rowOf('Safari 17 on iOS');
    expect(within(iphone).getByText('49.36.10.20')).toBeInTheDocument();
    expect(within(iphone).getByText('26/11/2026 10:00:00')).toBeInTheDocument(); // started, India time
    expect(within(await rowOf('curl 8')).getByText('Unknown')).toBeInTheDocument(); // no IP

    await user.click(within(iphone).getByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('The password field is required')).toBeInTheDocument();
    expect(net.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'Brisk7Lantern#Ward');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1 session signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(net.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'wrong-password', sessionId: phone.id },
      { password: 'Brisk7Lantern#Ward', sessionId: phone.id },
    ]);
  });

  it('signs out everywhere else with the password; the button is off when this is the only session', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /auth/sessions': [ok([here, phone, script]), ok([here])],
      'POST /auth/sessions/revoke': ok({ revoked: 2 }),
    });
    renderApp('/account/sessions', signedIn);
    await rowOf('Safari 17 on iOS');
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'Brisk7Lantern#Ward');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('2 sessions signed out.')).toBeInTheDocument();
    expect(net.calls.find((c) => c.method === 'POST')?.body).toEqual({ password: 'Brisk7Lantern#Ward' });
    await waitFor(() => expect(screen.queryByText('curl 8')).toBeNull());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows the error state with a retry, then the empty state', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /auth/sessions': [fail(500, 'Internal error'), ok([])] });
    renderApp('/account/sessions', signedIn);
    expect(await screen.findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No active sessions.')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    stubFetch({ 'GET /auth/sessions': ok([here, phone]) });
    renderApp('/account/sessions', signedIn);
    expect(await screen.findByRole('heading', { name: 'सक्रिय सत्र' })).toBeInTheDocument();
    expect(await screen.findByText('Windows पर Chrome 131')).toBeInTheDocument();
    expect(screen.getByText('यह डिवाइस')).toBeInTheDocument();
  });
});
