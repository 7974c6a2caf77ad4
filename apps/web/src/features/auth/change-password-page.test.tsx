import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/api/query-client';
import { seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { readRefreshToken } from '@/api/token-store';
import { SessionTestProvider } from '@/session';
import { ChangePasswordPage } from './change-password-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage(user: { email: string | null; phone: string | null }) {
  seedSession(tokenPair(15, 2880));
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={['/change-password']}>
          <SessionTestProvider user={user}>
            <ChangePasswordPage />
          </SessionTestProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  if (current !== '') await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordPage', () => {
  it("sends the user's e-mail with the current and new password, keeps the new tokens and clears the form", async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/change-password': ok(
        { token: tokenPair(15, 2880, 'rotated') },
        'Your password has been changed.',
      ),
    });
    renderPage({ email: 'asha@example.in', phone: '+919876543210' });

    await fill(user, 'old-secret', 'new-secret-1');

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(net.calls[0]?.body).toEqual({
      username: 'asha@example.in',
      password: 'old-secret',
      newpassword: 'new-secret-1',
    });
    expect(net.calls[0]?.headers.get('Authorization')).toBe('Bearer access-a');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    // The server ends the other sessions and answers new tokens for this one.
    expect(readRefreshToken()?.token).toBe('refresh-rotated');
  });

  it('uses the phone when the user has no e-mail, and shows a refusal', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'POST /auth/change-password': fail(400, 'The current password is not correct.'),
    });
    renderPage({ email: null, phone: '+919876543210' });

    await fill(user, 'wrong', 'new-secret-1');

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(net.calls[0]?.body).toMatchObject({ username: '+919876543210' });
  });

  it('checks the new password rules before calling the server', async () => {
    const user = userEvent.setup();
    const net = stubFetch({});
    renderPage({ email: 'asha@example.in', phone: null });

    await fill(user, '', 'short', 'other');

    expect(await screen.findByText('The current password is required')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 12 characters long')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it("shows the strength meter with the server's rules, the user's own e-mail included (ASVS 2.1.8)", async () => {
    const user = userEvent.setup();
    stubFetch({});
    renderPage({ email: 'asha.verma@example.in', phone: '+919876543210' });
    await user.type(screen.getByLabelText('New password'), 'asha.verma-2026!');
    expect(screen.getByText('Password strength: Weak')).toBeInTheDocument();
    expect(
      screen.getByText('The password must not contain your e-mail address or phone number.'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Brisk7Lantern#Ward42');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
  });
});
