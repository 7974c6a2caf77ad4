import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { renderWithSession } from '@/session/testing/render-with-session';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => vi.unstubAllGlobals());

const SENT = 'If an account exists for this username, a 6-digit code has been sent to its e-mail address.';

function renderForgot() {
  return renderWithSession(
    [
      { path: '/auth/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/auth/reset-password/:otpToken', element: <h1>Reset page</h1> },
    ],
    { at: '/auth/forgot-password' },
  );
}

describe('ForgotPasswordPage', () => {
  it('sends the username (+91 added), shows the message and opens the reset screen for the otpToken', async () => {
    const user = userEvent.setup();
    const net = stubFetch({ 'POST /auth/forgot-password': ok({ otpToken: '+919876543210' }, SENT) });
    renderForgot();

    await user.type(await screen.findByLabelText('Email or Phone Number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { name: 'Reset page' })).toBeInTheDocument();
    expect(screen.getByText(SENT)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/auth/reset-password/%2B919876543210');
    expect(net.calls[0]?.body).toEqual({ username: '+919876543210' });
  });

  it('requires the username and shows a refusal under the form', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /auth/forgot-password': fail(429, 'Too many sign-in attempts. Try again in a few minutes.'),
    });
    renderForgot();

    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The username field is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email or Phone Number'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in a few minutes.',
    );
  });
});
