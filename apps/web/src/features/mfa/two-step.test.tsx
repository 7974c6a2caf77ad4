/** The Two-step verification page (user menu) and the enrolment the platform requires. */
import type { MfaStatus } from '@civicfleet/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch } from '@/api/testing/fetch-stub';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const off: MfaStatus = {
  enabled: false,
  enabledAt: null,
  pendingSetup: false,
  recoveryCodesLeft: 0,
  required: false,
};
const on: MfaStatus = {
  enabled: true,
  enabledAt: '2026-11-26T04:30:00.000Z',
  pendingSetup: false,
  recoveryCodesLeft: 10,
  required: false,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const setup = { secret: SECRET, uri: `otpauth://totp/CivicFleet:asha%40example.in?secret=${SECRET}` };
const codes = Array.from({ length: 10 }, (_, i) => `7KQ2M-X9D${i}T`);
const signedIn = { roleName: 'ADMIN', user: { email: 'asha@example.in' } };

describe('Two-step verification page', () => {
  it('enrols: QR and key, a wrong code is shown, the right one answers the recovery codes once', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /auth/mfa': [ok(off), ok(on)],
      'POST /auth/mfa/setup': ok(setup),
      'POST /auth/mfa/enable': [
        fail(400, 'The verification code is not correct.'),
        ok({ recoveryCodes: codes }, 'Two-step verification is on.'),
      ],
    });
    renderApp('/account/two-step', signedIn);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '12{Enter}');
    expect(await screen.findByText('The code must be 6 digits')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '111111{Enter}');
    expect(await screen.findByText('The verification code is not correct.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '222222{Enter}');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(screen.getByText(/They are shown only once/)).toBeInTheDocument();
    expect(net.callsTo('POST /auth/mfa/enable').map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '222222' },
    ]);
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('10 unused recovery codes left.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns it off with the password and a code', async () => {
    const user = userEvent.setup();
    const net = stubFetch({
      'GET /auth/mfa': [ok(on), ok(off)],
      'POST /auth/mfa/disable': [fail(400, 'The current password is not correct.'), ok(null)],
    });
    renderApp('/account/two-step', signedIn);
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The password field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a 6-digit code or a recovery code')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await user.type(within(dialog).getByLabelText('Code'), '123456{Enter}');
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'Brisk7Lantern#Ward{Enter}');
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(net.callsTo('POST /auth/mfa/disable').at(-1)?.body).toEqual({
      password: 'Brisk7Lantern#Ward',
      code: '123456',
    });
  });

  it('shows the error state with a retry, and the requirement notice', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /auth/mfa': [fail(500, 'Internal error'), ok({ ...off, required: true })] });
    renderApp('/account/two-step', signedIn);
    expect(await screen.findByText('Two-step verification could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/requires two-step verification for administrators/)).toBeInTheDocument();
  });

  it('is in the user menu', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /auth/mfa': ok(off) });
    renderApp('/account/two-step', signedIn);
    await screen.findByRole('heading', { name: 'Two-step verification' });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(await screen.findByRole('menuitem', { name: 'Two-step verification' })).toHaveAttribute(
      'href',
      '/account/two-step',
    );
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    stubFetch({ 'GET /auth/mfa': ok(on) });
    renderApp('/account/two-step', signedIn);
    expect(await screen.findByRole('heading', { name: 'दो-चरणीय सत्यापन' })).toBeInTheDocument();
    expect(await screen.findByText('चालू')).toBeInTheDocument();
  });
});

describe('Enrolment the platform requires', () => {
  it('stands alone and reloads into the console once the codes are kept', async () => {
    const user = userEvent.setup();
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch({
      'POST /auth/mfa/setup': ok(setup),
      'POST /auth/mfa/enable': ok({ recoveryCodes: codes }),
    });
    renderApp('/auth/two-step-required', signedIn);
    expect(await screen.findByRole('heading', { name: 'Set up two-step verification' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
    await user.type(await screen.findByLabelText('6-digit code'), '222222{Enter}');
    await user.click(await screen.findByRole('button', { name: 'I have saved my codes' }));
    expect(assign).toHaveBeenCalledWith('/');
  });
});
