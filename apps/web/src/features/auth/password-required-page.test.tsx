/** First sign-in with the brand's default password: the stand-alone change screen (ASVS 2.3.1). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenPair } from '@/api/testing/auth-fixtures';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { MFA_MESSAGES } from '@civicfleet/shared';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

describe('PasswordRequiredPage', () => {
  it('changes the default password, shows a refusal, then reloads into the console', async () => {
    const user = userEvent.setup();
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('location', { ...window.location, assign });
    const net = stubFetch({
      'POST /auth/change-password': [
        fail(400, 'The current password is not correct.'),
        ok({ token: tokenPair(15, 720, 'b') }, 'Your password has been changed.'),
      ],
    });
    renderApp('/auth/password-required', { roleName: 'LIMITED_USER', user: { email: 'neha@imc.in' } });
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is required')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Current (default) password'), 'Welcome@123');
    await user.type(screen.getByLabelText('New password'), 'Indore-Ward-42-Recycling');
    await user.type(screen.getByLabelText('Confirm new password'), 'Indore-Ward-42-Recycling{Enter}');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(net.callsTo('POST /auth/change-password').at(-1)?.body).toEqual({
      username: 'neha@imc.in',
      password: 'Welcome@123',
      newpassword: 'Indore-Ward-42-Recycling',
    });
  });

  it('is where any screen goes when the server says the password must be changed first', async () => {
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch({ 'GET /auth/sessions': fail(403, MFA_MESSAGES.passwordChangeRequired) });
    renderApp('/account/sessions', { roleName: 'LIMITED_USER', user: { email: 'neha@imc.in' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/password-required'));
  });

  it('sends an administrator who must enrol to the enrolment screen from anywhere', async () => {
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch({ 'GET /auth/sessions': fail(403, MFA_MESSAGES.enrolmentRequired) });
    renderApp('/account/sessions', { roleName: 'ADMIN', user: { email: 'asha@imc.in' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/two-step-required'));
  });
});
