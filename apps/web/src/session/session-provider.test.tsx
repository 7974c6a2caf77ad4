import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/api/client';
import { sampleUser, seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { deferred, fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import {
  readAccessToken,
  readPermissions,
  readRefreshToken,
  readUserId,
  SESSION_KEYS,
} from '@/api/token-store';
import { RequireAuth } from './require-auth';
import { useSession } from './session-context';
import { renderWithSession } from './testing/render-with-session';

const EXPIRED_TOAST = 'Session expired! Login again.';

function Protected() {
  const { user, can, logout } = useSession();
  return (
    <div>
      <h1>Protected page</h1>
      <p>Signed in as {user?.firstName}</p>
      <p>can add vehicle: {String(can('vehicle', 'add-vehicle'))}</p>
      <p>can delete vehicle: {String(can('vehicle', 'delete-vehicle-result-table'))}</p>
      <button type="button" onClick={() => void logout()}>
        Sign out
      </button>
    </div>
  );
}

function renderApp(at = '/fitment', strict = false) {
  return renderWithSession(
    [
      {
        path: '*',
        element: (
          <RequireAuth>
            <Protected />
          </RequireAuth>
        ),
      },
    ],
    { at, strict },
  );
}

const signInHeading = () => screen.findByRole('heading', { name: 'Sign in' });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('session start', () => {
  it('shows the login screen in place, without a toast, on a first visit', async () => {
    const net = stubFetch({});
    renderApp('/fitment');

    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/fitment');
    expect(screen.queryByText(EXPIRED_TOAST)).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it('says the session expired when the refresh token has expired, and clears it', async () => {
    seedSession(tokenPair(-120, -5));
    const net = stubFetch({});
    renderApp();

    expect(await screen.findByText(EXPIRED_TOAST)).toBeInTheDocument();
    expect(await signInHeading()).toBeInTheDocument();
    expect(readRefreshToken()).toBeNull();
    expect(readUserId()).toBeNull();
    expect(net.calls).toHaveLength(0);
  });

  it('decides once under StrictMode, whose first mount is thrown away', async () => {
    seedSession(tokenPair(-1, 2880, 'old'));
    const net = stubFetch({
      'POST /auth/refresh-tokens': ok(tokenPair(15, 2880, 'new')),
      'GET /auth/logged-in-user/42': ok(sampleUser),
    });
    renderApp('/fitment', true);

    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
    expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(1);
  });

  it('still says the session expired under StrictMode', async () => {
    seedSession(tokenPair(-120, -5));
    stubFetch({});
    renderApp('/fitment', true);

    expect(await screen.findByText(EXPIRED_TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(EXPIRED_TOAST)).toHaveLength(1);
  });

  it('says the session expired when some of the stored session is missing', async () => {
    window.localStorage.setItem(SESSION_KEYS.userId, '42');
    stubFetch({});
    renderApp();
    expect(await screen.findByText(EXPIRED_TOAST)).toBeInTheDocument();
  });

  it('shows the loader, then loads the user when the access token is valid', async () => {
    seedSession(tokenPair(15, 2880));
    const user = deferred(() => ok(sampleUser));
    const net = stubFetch({ 'GET /auth/logged-in-user/42': user.reply });
    renderApp();

    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    user.release();

    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as Asha')).toBeInTheDocument();
    expect(screen.getByText('can add vehicle: true')).toBeInTheDocument();
    expect(screen.getByText('can delete vehicle: false')).toBeInTheDocument();
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]?.headers.get('Authorization')).toBe('Bearer access-a');
    expect(readPermissions()).toEqual(sampleUser.permissions);
  });

  it('refreshes the tokens first when the access token has expired but the refresh token is valid', async () => {
    seedSession(tokenPair(-1, 2880, 'old'));
    const net = stubFetch({
      'POST /auth/refresh-tokens': ok(tokenPair(15, 2880, 'new')),
      'GET /auth/logged-in-user/42': ok(sampleUser),
    });
    renderApp();

    expect(await screen.findByRole('heading', { name: 'Protected page' })).toBeInTheDocument();
    expect(net.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /auth/refresh-tokens',
      'GET /auth/logged-in-user/42',
    ]);
    expect(net.calls[0]?.body).toEqual({ refreshToken: 'refresh-old' });
    expect(net.calls[1]?.headers.get('Authorization')).toBe('Bearer access-new');
    expect(readAccessToken()?.token).toBe('access-new');
  });

  it('says the session expired when the server refuses the refresh token', async () => {
    seedSession(tokenPair(-1, 2880));
    stubFetch({ 'POST /auth/refresh-tokens': fail(401, 'Session expired! Login again.') });
    renderApp();

    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.getAllByText(EXPIRED_TOAST)).toHaveLength(1);
    expect(readRefreshToken()).toBeNull();
  });

  it('keeps the stored session and shows the error when the server cannot be reached', async () => {
    seedSession(tokenPair(15, 2880));
    stubFetch({ 'GET /auth/logged-in-user/42': fail(503) });
    renderApp();

    expect(await screen.findByText('There is an error!')).toBeInTheDocument();
    expect(await signInHeading()).toBeInTheDocument();
    expect(readRefreshToken()).not.toBeNull();
  });
});

describe('while signed in', () => {
  it('ends the session with the toast when a call meets a refused refresh', async () => {
    seedSession(tokenPair(15, 2880));
    stubFetch({
      'GET /auth/logged-in-user/42': [ok(sampleUser), fail(401, 'Invalid auth token.')],
      'POST /auth/refresh-tokens': fail(401, 'Session expired! Login again.'),
    });
    renderApp('/vehicle-status');
    await screen.findByRole('heading', { name: 'Protected page' });

    await act(() => apiRequest({ method: 'GET', path: '/auth/logged-in-user/42' }).catch(() => undefined));

    expect(await screen.findByText(EXPIRED_TOAST)).toBeInTheDocument();
    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/vehicle-status');
  });

  it('logout tells the server, ignores its error, clears the session and goes to /', async () => {
    const user = userEvent.setup();
    seedSession(tokenPair(15, 2880));
    const net = stubFetch({
      'GET /auth/logged-in-user/42': ok(sampleUser),
      'POST /auth/logout': fail(500, 'Encountered a server error.'),
    });
    renderApp('/fitment');
    await screen.findByRole('heading', { name: 'Protected page' });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Successfully logged out')).toBeInTheDocument();
    expect(net.callsTo('POST /auth/logout')[0]?.body).toEqual({ refreshToken: 'refresh-a' });
    expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(0);
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(readUserId()).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await signInHeading()).toBeInTheDocument();
    expect(screen.queryByText('Encountered a server error.')).not.toBeInTheDocument();
  });

  it('refreshes the tokens shortly before the access token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      seedSession(tokenPair(2, 2880, 'old'));
      const net = stubFetch({
        'GET /auth/logged-in-user/42': ok(sampleUser),
        'POST /auth/refresh-tokens': ok(tokenPair(15, 2880, 'new')),
      });
      renderApp();
      await vi.waitFor(() => expect(screen.getByText('Protected page')).toBeInTheDocument());
      expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(0);

      await act(() => vi.advanceTimersByTimeAsync(61_000));

      expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(1);
      expect(readAccessToken()?.token).toBe('access-new');
    } finally {
      vi.useRealTimers();
    }
  });
});
