import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResult, tokenPair } from '@/api/testing/auth-fixtures';
import { deferred, fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { readAccessToken, readPermissions, readRefreshToken, readUserId } from '@/api/token-store';
import { RequireAuth } from '@/session';
import { renderWithSession } from '@/session/testing/render-with-session';
import { LoginPage } from './login-page';

const assign = vi.fn<(url: string) => void>();

beforeEach(() => {
  window.sessionStorage.clear();
  assign.mockReset();
  // jsdom cannot navigate; the page's full reload is observed through location.assign.
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin(at = '/auth/login') {
  return renderWithSession(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/forgot-password', element: <h1>Forgot password page</h1> },
      { path: '*', element: <RequireAuth>{'Protected page'}</RequireAuth> },
    ],
    { at },
  );
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  password = 'secret-pass',
) {
  await user.type(await screen.findByLabelText('Email or Phone Number'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
}

const submitButton = () => screen.getByRole('button', { name: 'Sign in' });

describe('LoginPage', () => {
  it('shows the sign-in card with its texts and links', async () => {
    stubFetch({});
    renderLogin();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Fill in the fields below to sign into your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/public/term-of-use',
    );
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Lost password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderLogin();

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('requires username, password and the terms', async () => {
    const user = userEvent.setup();
    const net = stubFetch({});
    renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The username field is required')).toBeInTheDocument();
    expect(screen.getByText('The password field is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to our terms and conditions')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it('asks for the terms when only the fields are filled', async () => {
    const user = userEvent.setup();
    const net = stubFetch({});
    renderLogin();

    await user.type(await screen.findByLabelText('Email or Phone Number'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(submitButton());

    expect(await screen.findByText('You must agree to our terms and conditions')).toBeInTheDocument();
    expect(screen.queryByText('The username field is required')).not.toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it('adds +91 to a 10-digit phone number', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/login': fail(400, 'Verify that your email and password are correct.'),
    });
    renderLogin();

    await fillForm(user, '9876543210');
    await user.click(submitButton());

    await waitFor(() => expect(net.callsTo('POST /auth/login')).toHaveLength(1));
    expect(net.calls[0]?.body).toEqual({ username: '+919876543210', password: 'secret-pass' });
  });

  it('sends an e-mail address as it is', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/login': fail(400, 'Verify that your email and password are correct.'),
    });
    renderLogin();

    await fillForm(user, 'asha.verma@indore.gov.in');
    await user.click(submitButton());

    await waitFor(() => expect(net.callsTo('POST /auth/login')).toHaveLength(1));
    expect(net.calls[0]?.body).toEqual({ username: 'asha.verma@indore.gov.in', password: 'secret-pass' });
  });

  it("shows the server's message under the form and keeps submit disabled until a field changes", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': fail(400, 'Verify that your email and password are correct.') });
    renderLogin();

    await fillForm(user, '9876543210');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verify that your email and password are correct.',
    );
    expect(submitButton()).toBeDisabled();

    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('shows "Login failed!" when the server gives no message', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': fail(500) });
    renderLogin();

    await fillForm(user, 'asha@example.in');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed!');
    expect(submitButton()).toBeDisabled();
  });

  it('disables the button while signing in', async () => {
    const user = userEvent.setup();
    const answer = deferred(() => fail(400, 'Verify that your email and password are correct.'));
    stubFetch({ 'POST /auth/login': answer.reply });
    renderLogin();

    await fillForm(user, 'asha@example.in');
    await user.click(submitButton());

    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('stores the session, says so and reloads at the path first asked for', async () => {
    const user = userEvent.setup();
    const token = tokenPair(15, 2880, 'signed-in');
    stubFetch({ 'POST /auth/login': ok(loginResult(token), 'Logged in') });
    renderLogin('/reports/alert?group=3');

    await fillForm(user, 'asha.verma@indore.gov.in');
    await user.click(submitButton());

    expect(await screen.findByText('Successfully logged in')).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith('/reports/alert?group=3');
    expect(readAccessToken()).toEqual(token.access);
    expect(readRefreshToken()).toEqual(token.refresh);
    expect(readUserId()).toBe('42');
    expect(readPermissions()).toEqual(['vehicle', 'vehicle:add-vehicle', 'fitment']);
    expect(submitButton()).toBeDisabled();
  });

  it('returns to the remembered path after a detour through /auth/login', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': ok(loginResult()) });
    const first = renderLogin('/fitment/edit/12');
    await screen.findByRole('heading', { name: 'Sign in' });
    first.unmount();

    renderLogin('/auth/login');
    await fillForm(user, 'asha.verma@indore.gov.in');
    await user.click(submitButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fitment/edit/12'));
  });
});
