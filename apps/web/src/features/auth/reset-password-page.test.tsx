import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderWithSession } from '@/session/testing/render-with-session';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderReset(at: string) {
  return renderWithSession(
    [
      { path: '/auth/reset-password/:otpToken', element: <ResetPasswordPage /> },
      { path: '/auth/login', element: <h1>Login page</h1> },
    ],
    { at },
  );
}

describe('ResetPasswordPage', () => {
  it('with a code: sends ?otp= and {otpToken, password}, then goes to sign-in', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/reset-password': ok(null, 'Your password has been reset. Sign in with the new password.'),
    });
    renderReset('/auth/reset-password/%2B919876543210');

    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(
      screen.getByText('Your password has been reset. Sign in with the new password.'),
    ).toBeInTheDocument();
    const [call] = net.calls;
    expect(call?.query.get('otp')).toBe('123456');
    expect(call?.query.has('token')).toBe(false);
    expect(call?.body).toEqual({ otpToken: '+919876543210', password: 'new-secret-1' });
  });

  it('with an e-mailed link: asks only for the password and sends ?token= and {password}', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ 'POST /auth/reset-password': ok(null, 'Your password has been reset.') });
    renderReset('/auth/reset-password/link?token=abc.def');

    await user.type(await screen.findByLabelText('New password'), 'new-secret-1');
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    const [call] = net.calls;
    expect(call?.query.get('token')).toBe('abc.def');
    expect(call?.query.has('otp')).toBe(false);
    expect(call?.body).toEqual({ password: 'new-secret-1' });
  });

  it('checks the code, the length and the confirmation before calling the server', async () => {
    const user = userEvent.setup();
    const net = stubFetch({});
    renderReset('/auth/reset-password/%2B919876543210');

    await user.type(await screen.findByLabelText('6-digit code'), '12a');
    await user.type(screen.getByLabelText('New password'), 'short');
    // The strength meter applies the server's rules before anything is sent (ASVS 2.1.8).
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(screen.getByText('Use at least 12 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm new password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 12 characters long')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it("shows the server's message when the code is refused", async () => {
    const user = userEvent.setup();
    stubFetch({ 'POST /auth/reset-password': fail(400, 'The code is invalid or has expired.') });
    renderReset('/auth/reset-password/%2B919876543210');

    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid or has expired.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset password' })).toBeEnabled());
  });
});
