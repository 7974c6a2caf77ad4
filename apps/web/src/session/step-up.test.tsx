/** The step-up dialog mounted by SessionProvider: a 403 asking for the password opens it once, then the call retries. */
import { MFA_MESSAGES, STEP_UP_MESSAGES } from '@civicfleet/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, toApiError } from '@/api/client';
import { sampleUser, seedSession, tokenPair } from '@/api/testing/auth-fixtures';
import { fail, ok, stubFetch, type Reply } from '@/api/testing/fetch-stub';
import { renderWithSession } from './testing/render-with-session';

const STEP_UP_403 = (needsCode = false) =>
  fail(403, STEP_UP_MESSAGES.required, {
    password: STEP_UP_MESSAGES.passwordRequired,
    ...(needsCode ? { code: MFA_MESSAGES.codeRequired } : {}),
  });

/** Two money buttons, like a page whose form calls the API; shows each call's outcome. */
function MoneyPage() {
  const [outcome, setOutcome] = useState<string[]>([]);
  const run = (path: string) => {
    apiRequest<{ balance: number }>({ method: 'PUT', path, body: { amountPaise: 100 } }).then(
      (data) => setOutcome((was) => [...was, `${path} ok ${data.balance}`]),
      (error: unknown) => setOutcome((was) => [...was, `${path} failed: ${toApiError(error).message}`]),
    );
  };
  return (
    <div>
      <button type="button" onClick={() => run('/wallet/add/1')}>
        Add money
      </button>
      <button
        type="button"
        onClick={() => {
          run('/wallet/add/1');
          run('/wallet/deduct/1');
        }}
      >
        Both
      </button>
      <ul>
        {outcome.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

function renderSignedIn(routes: Record<string, Reply | Reply[]>) {
  seedSession(tokenPair(15, 2880));
  const net = stubFetch({ 'GET /auth/logged-in-user/42': ok(sampleUser), ...routes });
  renderWithSession([{ path: '*', element: <MoneyPage /> }]);
  return net;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('step-up dialog', () => {
  it('asks for the password once for two calls, confirms it and retries both', async () => {
    const user = userEvent.setup();
    const net = renderSignedIn({
      'PUT /wallet/add/1': [STEP_UP_403(), ok({ balance: 200 })],
      'PUT /wallet/deduct/1': [STEP_UP_403(), ok({ balance: 100 })],
      'POST /auth/step-up': [
        fail(400, 'The current password is not correct.', {
          password: 'The current password is not correct.',
        }),
        ok({ until: '2026-11-26T10:10:00.000Z' }, 'Confirmed'),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Both' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByLabelText('Verification code')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password field is required')).toBeVisible();
    await user.type(screen.getByLabelText('Your password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The current password is not correct.')).toBeVisible();
    expect(dialog).toBeVisible();

    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('/wallet/add/1 ok 200')).toBeVisible();
    expect(await screen.findByText('/wallet/deduct/1 ok 100')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stepUps = net.calls.filter((c) => c.path === '/auth/step-up');
    expect(stepUps.map((c) => c.body)).toEqual([{ password: 'wrong-password' }, { password: 'Demo@12345' }]);
    expect(stepUps[1]?.headers.get('Authorization')).toBe('Bearer access-a');
  });

  it('asks for a code too when two-step verification is on', async () => {
    const user = userEvent.setup();
    const net = renderSignedIn({
      'PUT /wallet/add/1': [STEP_UP_403(true), ok({ balance: 300 })],
      'POST /auth/step-up': ok({ until: '2026-11-26T10:10:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add money' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(screen.getByLabelText('Your password'), 'Demo@12345');
    await user.type(screen.getByLabelText('Verification code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(MFA_MESSAGES.codeRequired)).toBeVisible();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('/wallet/add/1 ok 300')).toBeVisible();
    expect(net.calls.find((c) => c.path === '/auth/step-up')?.body).toEqual({
      password: 'Demo@12345',
      code: '123456',
    });
  });

  it("cancel rejects the call with the 403's message and sends nothing more", async () => {
    const user = userEvent.setup();
    const net = renderSignedIn({ 'PUT /wallet/add/1': STEP_UP_403() });
    await user.click(await screen.findByRole('button', { name: 'Add money' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(`/wallet/add/1 failed: ${STEP_UP_MESSAGES.required}`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.calls.filter((c) => c.path !== '/auth/logged-in-user/42')).toHaveLength(1);
  });
});
