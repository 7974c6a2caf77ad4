import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STEP_UP_MESSAGES } from '@civicfleet/shared';
import { ApiError, apiRequest, isStepUpRequired, onSessionExpired, setStepUpPrompt } from './client';
import { seedSession, tokenPair } from './testing/auth-fixtures';
import { deferred, fail, jsonResponse, ok, stubFetch } from './testing/fetch-stub';
import { readAccessToken, readRefreshToken, readUserId } from './token-store';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('calls /v1 with the bearer token and JSON, and returns the parsed data', async () => {
    seedSession(tokenPair(15, 2880));
    const net = stubFetch({ 'POST /vehicle/bulk': ok({ created: 2 }) });

    const data = await apiRequest({
      method: 'POST',
      path: '/vehicle/bulk',
      query: { dryRun: false, zone: ['Z1', 'Z2'], skipped: undefined },
      body: { rows: [] },
      schema: z.object({ created: z.number() }),
    });

    expect(data).toEqual({ created: 2 });
    const [call] = net.calls;
    expect(call?.headers.get('Authorization')).toBe('Bearer access-a');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.query.toString()).toBe('dryRun=false&zone=Z1&zone=Z2');
    expect(call?.body).toEqual({ rows: [] });
  });

  it('sends no JSON content type without a body (Fastify refuses an empty JSON body)', async () => {
    const net = stubFetch({ 'POST /vehicle/activate-tracking/9': ok(null) });
    await apiRequest({ method: 'POST', path: '/vehicle/activate-tracking/9' });
    expect(net.calls[0]?.headers.has('Content-Type')).toBe(false);
    expect(net.calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it("rejects with the server's message, status and field errors", async () => {
    stubFetch({
      'POST /users': fail(400, 'The first name is required', { firstName: 'The first name is required' }),
    });
    const error = await apiRequest({ method: 'POST', path: '/users', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The first name is required',
      hasServerMessage: true,
      errors: { firstName: 'The first name is required' },
    });
  });

  it('rejects with "There is an error!" when the answer has no message', async () => {
    stubFetch({
      'GET /vehicle': new Response('<html>Bad gateway</html>', { status: 502 }),
      'GET /device': jsonResponse(500, {}),
    });
    await expect(apiRequest({ method: 'GET', path: '/vehicle' })).rejects.toMatchObject({
      status: 502,
      message: 'There is an error!',
      hasServerMessage: false,
    });
    await expect(apiRequest({ method: 'GET', path: '/device' })).rejects.toMatchObject({
      message: 'There is an error!',
    });
  });

  it('treats an envelope with success false as a failure even on 200', async () => {
    stubFetch({ 'GET /vehicle': jsonResponse(200, { success: false, message: 'Nope' }) });
    await expect(apiRequest({ method: 'GET', path: '/vehicle' })).rejects.toMatchObject({
      status: 200,
      message: 'Nope',
    });
  });

  it('ignores a malformed envelope, keeping only the HTTP status', async () => {
    stubFetch({
      'GET /vehicle': jsonResponse(409, { success: false, message: 42, errors: { name: 'Taken' } }),
      'GET /device': jsonResponse(422, { success: false, message: 'Bad', errors: { name: 7 } }),
      'GET /sim': jsonResponse(200, [{ success: true }]),
    });
    await expect(apiRequest({ method: 'GET', path: '/vehicle' })).rejects.toMatchObject({
      status: 409,
      message: 'There is an error!',
      errors: undefined,
    });
    await expect(apiRequest({ method: 'GET', path: '/device' })).rejects.toMatchObject({
      status: 422,
      message: 'There is an error!',
    });
    await expect(apiRequest({ method: 'GET', path: '/sim' })).resolves.toBeUndefined();
  });

  it('parses data with a schema given as a loader, and rejects data that does not match it', async () => {
    const schema = z.object({ created: z.number() });
    const load = vi.fn(() => Promise.resolve(schema));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ 'POST /vehicle/bulk': [ok({ created: 2, extra: true }), ok({ created: 'two' })] });
    try {
      await expect(apiRequest({ method: 'POST', path: '/vehicle/bulk', schema: load })).resolves.toEqual({
        created: 2,
      });
      await expect(apiRequest({ method: 'POST', path: '/vehicle/bulk', schema: load })).rejects.toMatchObject(
        {
          status: 200,
          message: 'There is an error!',
        },
      );
      expect(load).toHaveBeenCalledTimes(2);
      expect(consoleError).toHaveBeenCalledWith(
        'Unexpected answer from POST /vehicle/bulk',
        expect.any(Array),
      );
    } finally {
      consoleError.mockRestore();
    }
  });

  it('fails the call when its schema cannot be loaded', async () => {
    stubFetch({ 'GET /vehicle': ok({ id: '1' }) });
    const chunkError = new TypeError('Failed to fetch dynamically imported module');
    await expect(
      apiRequest({ method: 'GET', path: '/vehicle', schema: () => Promise.reject(chunkError) }),
    ).rejects.toMatchObject({ status: 200, message: 'There is an error!', cause: chunkError });
  });
});

describe('401 handling', () => {
  it('refreshes once, stores the new tokens and retries with the new access token', async () => {
    seedSession(tokenPair(15, 2880, 'old'));
    const net = stubFetch({
      'GET /vehicle': (call) =>
        call.headers.get('Authorization') === 'Bearer access-new'
          ? ok([{ id: '1' }])
          : fail(401, 'Invalid auth token.'),
      'POST /auth/refresh-tokens': ok(tokenPair(15, 2880, 'new')),
    });

    await expect(apiRequest({ method: 'GET', path: '/vehicle' })).resolves.toEqual([{ id: '1' }]);

    const refreshes = net.callsTo('POST /auth/refresh-tokens');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-old' });
    expect(refreshes[0]?.headers.has('Authorization')).toBe(false);
    expect(net.callsTo('GET /vehicle')).toHaveLength(2);
    expect(readAccessToken()?.token).toBe('access-new');
    expect(readRefreshToken()?.token).toBe('refresh-new');
  });

  it('shares one refresh between concurrent 401s', async () => {
    seedSession(tokenPair(15, 2880, 'old'));
    const refresh = deferred(() => ok(tokenPair(15, 2880, 'new')));
    const byToken = (call: { headers: Headers }) =>
      call.headers.get('Authorization') === 'Bearer access-new'
        ? ok('fresh')
        : fail(401, 'Invalid auth token.');
    const net = stubFetch({
      'GET /vehicle': byToken,
      'GET /device': byToken,
      'GET /users': byToken,
      'POST /auth/refresh-tokens': refresh.reply,
    });

    const results = Promise.all([
      apiRequest({ method: 'GET', path: '/vehicle' }),
      apiRequest({ method: 'GET', path: '/device' }),
      apiRequest({ method: 'GET', path: '/users' }),
    ]);
    await vi.waitFor(() => expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(1));
    refresh.release();

    await expect(results).resolves.toEqual(['fresh', 'fresh', 'fresh']);
    expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused', async () => {
    seedSession(tokenPair(15, 2880, 'old'));
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    const net = stubFetch({
      'GET /vehicle': fail(401, 'Invalid auth token.'),
      'GET /device': fail(401, 'Invalid auth token.'),
      'POST /auth/refresh-tokens': fail(401, 'Session expired! Login again.'),
    });

    const outcomes = await Promise.allSettled([
      apiRequest({ method: 'GET', path: '/vehicle' }),
      apiRequest({ method: 'GET', path: '/device' }),
    ]);
    unsubscribe();

    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(net.callsTo('POST /auth/refresh-tokens')).toHaveLength(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(readUserId()).toBeNull();
  });

  it('keeps the session when the refresh fails for a network reason', async () => {
    seedSession(tokenPair(15, 2880, 'old'));
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    stubFetch({ 'GET /vehicle': fail(401), 'POST /auth/refresh-tokens': fail(503) });

    await expect(apiRequest({ method: 'GET', path: '/vehicle' })).rejects.toMatchObject({ status: 503 });
    unsubscribe();

    expect(expired).not.toHaveBeenCalled();
    expect(readRefreshToken()?.token).toBe('refresh-old');
  });

  it('does not refresh for public calls', async () => {
    seedSession(tokenPair(15, 2880));
    const net = stubFetch({
      'POST /auth/login': fail(401, 'Verify that your email and password are correct.'),
    });
    await expect(
      apiRequest({
        method: 'POST',
        path: '/auth/login',
        body: { username: 'x', password: 'y' },
        anonymous: true,
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(net.calls).toHaveLength(1);
    expect(net.calls[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('step-up (a 403 asking for the password again)', () => {
  const STEP_UP_403 = () => fail(403, STEP_UP_MESSAGES.required, { password: 'Enter your password' });
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('asks once for calls failing together, then retries each call once', async () => {
    seedSession(tokenPair(15, 2880));
    const gate = deferred(() => ok({ done: 'add' }));
    const net = stubFetch({
      'PUT /wallet/add/1': [STEP_UP_403(), gate.reply],
      'PUT /wallet/deduct/1': [STEP_UP_403(), ok({ done: 'deduct' })],
    });
    let confirm: (confirmed: boolean) => void = () => undefined;
    const prompt = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          confirm = resolve;
        }),
    );
    uninstall = setStepUpPrompt(prompt);

    const add = apiRequest({ method: 'PUT', path: '/wallet/add/1', body: { amountPaise: 100 } });
    const deduct = apiRequest({ method: 'PUT', path: '/wallet/deduct/1', body: { amountPaise: 5 } });
    await vi.waitFor(() => expect(net.calls).toHaveLength(2));
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
    expect(prompt).toHaveBeenCalledWith({ needsCode: false });
    confirm(true);
    gate.release();
    await expect(add).resolves.toEqual({ done: 'add' });
    await expect(deduct).resolves.toEqual({ done: 'deduct' });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(net.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'PUT /wallet/add/1',
      'PUT /wallet/add/1',
      'PUT /wallet/deduct/1',
      'PUT /wallet/deduct/1',
    ]);
    expect(net.calls.at(-1)?.body).toEqual({ amountPaise: 5 });
  });

  it("rejects with the 403's ApiError when the user cancels", async () => {
    seedSession(tokenPair(15, 2880));
    const net = stubFetch({ 'PUT /wallet/add/1': STEP_UP_403() });
    uninstall = setStepUpPrompt(() => Promise.resolve(false));
    const error = await apiRequest({ method: 'PUT', path: '/wallet/add/1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: STEP_UP_MESSAGES.required });
    expect(isStepUpRequired(error)).toBe(true);
    expect(net.calls).toHaveLength(1);
  });

  it('tells the prompt when a code will be needed, and retries only once', async () => {
    seedSession(tokenPair(15, 2880));
    const net = stubFetch({
      'PUT /wallet/add/1': fail(403, STEP_UP_MESSAGES.required, { password: 'x', code: 'y' }),
    });
    const prompt = vi.fn(() => Promise.resolve(true));
    uninstall = setStepUpPrompt(prompt);
    await expect(apiRequest({ method: 'PUT', path: '/wallet/add/1' })).rejects.toMatchObject({ status: 403 });
    expect(prompt).toHaveBeenCalledWith({ needsCode: true });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(net.calls).toHaveLength(2);
  });

  it('leaves other 403s and calls without an installed prompt alone', async () => {
    seedSession(tokenPair(15, 2880));
    stubFetch({
      'PUT /wallet/add/1': fail(403, 'You do not have permission to do this.'),
      'PUT /wallet/add/2': STEP_UP_403(),
    });
    const prompt = vi.fn(() => Promise.resolve(true));
    uninstall = setStepUpPrompt(prompt);
    await expect(apiRequest({ method: 'PUT', path: '/wallet/add/1' })).rejects.toMatchObject({ status: 403 });
    expect(prompt).not.toHaveBeenCalled();
    uninstall();
    await expect(apiRequest({ method: 'PUT', path: '/wallet/add/2' })).rejects.toMatchObject({
      message: STEP_UP_MESSAGES.required,
    });
    expect(prompt).not.toHaveBeenCalled();
  });
});
