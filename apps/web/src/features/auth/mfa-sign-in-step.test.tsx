/** The second sign-in step (two-step verification) and the restricted-session redirects of the sign-in page. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginResult } from '@/api/testing/auth-fixtures';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { readAccessToken } from '@/api/token-store';
import { i18n } from '@/lib/i18n';
import { renderWithSession } from '@/session/testing/render-with-session';
import { LoginPage } from './login-page';

const assign = vi.fn<(url: string) => void>();
const challenge = { mfaRequired: true, challenge: 'challenge-1', expires: '2026-11-26T10:05:00.000Z' };

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  renderWithSession([{ path: '/auth/login', element: <LoginPage /> }], { at: '/auth/login' });
  await user.type(await screen.findByLabelText('Email or Phone Number'), 'asha@example.in');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in with two-step verification', () => {
  it('asks for the 6-digit code, shows a wrong code, and signs in with the right one (Enter submits)', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/login': ok(challenge, 'Successfully logged in'),
      'POST /auth/login/mfa': [fail(400, 'The verification code is not correct.'), ok(loginResult())],
    });
    await signInWithPassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(readAccessToken()).toBeNull();

    await user.type(code, '12ab{Enter}');
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    expect(net.callsTo('POST /auth/login/mfa')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '111111{Enter}');
    expect(await screen.findByText('The verification code is not correct.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(readAccessToken()?.token).toBe('access-a');
    expect(net.callsTo('POST /auth/login/mfa').map((c) => c.body)).toEqual([
      { challenge: 'challenge-1', code: '111111' },
      { challenge: 'challenge-1', code: '654321' },
    ]);
  });

  it('switches to a recovery code, and back to the sign-in form', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/login': ok(challenge),
      'POST /auth/login/mfa': ok(loginResult()),
    });
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, '123{Enter}');
    expect(await screen.findByText(/A recovery code has 10 letters and digits/)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '7kq2m-x9d4t');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(net.callsTo('POST /auth/login/mfa')[0]?.body).toEqual({
      challenge: 'challenge-1',
      recoveryCode: '7kq2m-x9d4t',
    });
  });

  it('goes back to the password form', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': ok(challenge) });
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends a restricted session to the one screen it may use', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': ok({ ...loginResult(), mustChangePassword: true }) });
    await signInWithPassword(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/password-required'));
  });

  it('sends an administrator who must enrol to the enrolment screen', async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': ok({ ...loginResult(), mfaEnrolmentRequired: true }) });
    await signInWithPassword(user);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/two-step-required'));
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/login': ok(challenge) });
    renderWithSession([{ path: '/auth/login', element: <LoginPage /> }], { at: '/auth/login' });
    await user.type(await screen.findByLabelText('ईमेल या फ़ोन नंबर'), 'asha@example.in');
    await user.type(screen.getByLabelText('पासवर्ड'), 'secret-pass');
    await user.click(screen.getByRole('checkbox'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'दो-चरणीय सत्यापन' })).toBeInTheDocument();
    expect(screen.getByLabelText('6 अंकों का कोड')).toBeInTheDocument();
  });
});
