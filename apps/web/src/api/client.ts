/**
 * The one way the console talks to the server (spec 01 §7): base = brand API root + /v1, bearer token when signed
 * in, JSON in and out, the `{ success, message, data }` envelope unwrapped and `data` parsed with the caller's
 * contract schema. A 401 on a signed-in call refreshes the tokens once (shared by every call that fails meanwhile)
 * and retries; a refused refresh ends the session (listeners of `onSessionExpired` show the toast). A 403 asking for
 * a password confirmation (step-up, ASVS 4.3.3) shows the confirmation once (see `setStepUpPrompt`) and retries.
 */
import {
  AUTH_MESSAGES,
  MFA_MESSAGES,
  STEP_UP_MESSAGES,
  type Envelope,
  type TokenPair,
} from '@civicfleet/shared';
import type * as z from 'zod/v4/core';
import { brand } from '@/lib/brand';
import { paths } from '@/lib/paths';
import { ApiError, isAbortError } from './api-error';
import { clearSession, isTokenValid, readAccessToken, readRefreshToken, writeTokens } from './token-store';

export { ApiError, GENERIC_ERROR_MESSAGE, isAbortError, toApiError } from './api-error';

export const API_ROOT = `${brand.apiBase.replace(/\/+$/, '')}/v1`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | Date | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiRequestOptions<T> {
  method: HttpMethod;
  /** Path under /v1, starting with a slash. */
  path: string;
  /** Empty values (undefined, null) are left out; arrays repeat the key. */
  query?: QueryParams;
  /** Sent as JSON; a FormData body is sent as multipart. */
  body?: unknown;
  /**
   * Contract schema for `data` (any zod 4 schema); without it `data` is returned as the server sent it. May be given
   * as a loader (a dynamic import), started with the request and awaited when the answer arrives: calls on the
   * sign-in route do that, because that route must not download zod (bundle budget, see api/auth-contracts.ts).
   */
  schema?: DataSchema<T> | (() => Promise<DataSchema<T>>);
  signal?: AbortSignal;
  /** Public call (sign-in, forgot/reset password, refresh): no Authorization header and no refresh on 401. */
  anonymous?: boolean;
}

/** Validation goes through the schema's Standard Schema interface (`~standard`), so this file needs no zod code. */
export type DataSchema<T> = z.$ZodType<T>;

interface EnvelopeShape {
  success: boolean;
  message?: string | undefined;
  data?: unknown;
  errors?: Record<string, string> | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/**
 * The answer's `{ success, message?, data?, errors? }` envelope, or undefined when the body is not one (proxy page,
 * empty body). Checked by hand rather than with zod: this file is on the sign-in route.
 */
function readEnvelope(payload: unknown): EnvelopeShape | undefined {
  if (!isPlainObject(payload)) return undefined;
  const { success, message, data, errors } = payload;
  if (typeof success !== 'boolean') return undefined;
  if (message !== undefined && typeof message !== 'string') return undefined;
  if (errors !== undefined) {
    if (!isPlainObject(errors) || !Object.values(errors).every((text) => typeof text === 'string')) {
      return undefined;
    }
  }
  return { success, message, data, errors: errors as Record<string, string> | undefined };
}

/** Starts loading the caller's schema (when given as a loader) so that it is ready when the answer arrives. */
function loadSchema<T>(schema: ApiRequestOptions<T>['schema']): Promise<DataSchema<T>> | undefined {
  if (schema === undefined) return undefined;
  const loading = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  // Awaited only once the answer is in; a failed load must not also surface as an unhandled rejection before that.
  loading.catch(() => undefined);
  return loading;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      params.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const search = params.toString();
  return `${API_ROOT}${path}${search === '' ? '' : `?${search}`}`;
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A restricted session (server: http/authenticate.ts) is refused everything but one screen's calls, with these
 * messages; wherever it is (a reload, a typed URL), the console goes to that screen.
 */
const RESTRICTED_SCREENS: Readonly<Record<string, string>> = {
  [MFA_MESSAGES.passwordChangeRequired]: paths.auth.passwordRequired,
  [MFA_MESSAGES.enrolmentRequired]: paths.auth.mfaRequired,
};

function followRestriction(status: number, message: string | undefined): void {
  const screen = status === 403 && message !== undefined ? RESTRICTED_SCREENS[message] : undefined;
  if (screen !== undefined && window.location.pathname !== screen) window.location.assign(screen);
}

/** One HTTP exchange, no retry. Rejects with ApiError, or with the AbortError of a cancelled call. */
async function send<T>(options: ApiRequestOptions<T>, accessToken: string | null): Promise<Envelope<T>> {
  const schemaLoading = loadSchema(options.schema);
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    // Only with a body: Fastify refuses an empty body declared as JSON (e.g. POST /vehicle/activate-tracking/{id}).
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (accessToken !== null) headers.set('Authorization', `Bearer ${accessToken}`);

  let response: Response;
  try {
    response = await fetch(buildUrl(options.path, options.query), {
      method: options.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiError({ status: 0, cause: error });
  }

  const envelope = readEnvelope(await readPayload(response));
  if (!response.ok || envelope?.success === false) {
    followRestriction(response.status, envelope?.message);
    throw new ApiError({
      status: response.status,
      serverMessage: envelope?.message,
      errors: envelope?.errors,
    });
  }
  if (schemaLoading === undefined) {
    return { success: true, message: envelope?.message ?? '', data: envelope?.data as T };
  }
  let schema: DataSchema<T>;
  try {
    schema = await schemaLoading;
  } catch (error) {
    throw new ApiError({ status: response.status, cause: error });
  }
  const result = await schema['~standard'].validate(envelope?.data);
  if (result.issues !== undefined) {
    console.error(`Unexpected answer from ${options.method} ${options.path}`, result.issues);
    throw new ApiError({ status: response.status, cause: result.issues });
  }
  return { success: true, message: envelope?.message ?? '', data: result.value };
}

/** What the step-up prompt is told: whether the server will want a second-factor code with the password. */
export interface StepUpRequest {
  needsCode: boolean;
}

/** Asks the user to confirm it is them (POST /auth/step-up); true once confirmed, false when they cancelled. */
export type StepUpPrompt = (request: StepUpRequest) => Promise<boolean>;

let stepUpPrompt: StepUpPrompt | null = null;
let stepUpInFlight: Promise<boolean> | null = null;

/**
 * Installs the confirmation dialog (session/step-up-provider.tsx, mounted once). Without one, a step-up 403 simply
 * rejects like any other error. Answers the uninstaller.
 */
export function setStepUpPrompt(prompt: StepUpPrompt): () => void {
  stepUpPrompt = prompt;
  return () => {
    if (stepUpPrompt === prompt) stepUpPrompt = null;
  };
}

/** The 403 of a route declared `config.stepUp` on the server, recognised by its exact message. */
export function isStepUpRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.message === STEP_UP_MESSAGES.required;
}

/** Single flight: calls failing while the dialog is open wait for the same answer, so it opens once. */
function confirmStepUpOnce(prompt: StepUpPrompt, error: ApiError): Promise<boolean> {
  stepUpInFlight ??= prompt({ needsCode: error.errors?.code !== undefined }).finally(() => {
    stepUpInFlight = null;
  });
  return stepUpInFlight;
}

/**
 * Like apiRequest, but resolves with the whole envelope (auth screens show the server's `message`). A step-up 403 is
 * retried once after the user confirmed; cancelling rejects with that 403, so the calling form shows its message.
 */
export async function apiEnvelope<T>(options: ApiRequestOptions<T>): Promise<Envelope<T>> {
  if (options.anonymous === true) return send(options, null);
  try {
    return await sendSignedIn(options);
  } catch (error) {
    const prompt = stepUpPrompt;
    if (prompt === null || !isStepUpRequired(error)) throw error;
    if (!(await confirmStepUpOnce(prompt, error))) throw error;
    return sendSignedIn(options);
  }
}

/** A signed-in exchange: a 401 refreshes the tokens once (shared) and retries. */
async function sendSignedIn<T>(options: ApiRequestOptions<T>): Promise<Envelope<T>> {
  const usedToken = readAccessToken()?.token ?? null;
  try {
    return await send(options, usedToken);
  } catch (error) {
    const canRefresh = readRefreshToken() !== null;
    if (!(error instanceof ApiError) || error.status !== 401 || !canRefresh) throw error;
    // A concurrent call (or another tab) may already have replaced the token this call was sent with.
    const currentToken = readAccessToken()?.token ?? null;
    if (currentToken === null || currentToken === usedToken) await refreshSessionOnce();
    return send(options, readAccessToken()?.token ?? null);
  }
}

/** Calls `/v1{path}` and resolves with the envelope's `data` (parsed with `schema` when given). */
export async function apiRequest<T>(options: ApiRequestOptions<T>): Promise<T> {
  return (await apiEnvelope(options)).data;
}

/** POST /auth/refresh-tokens {refreshToken} → new token pair (spec 01 §7). Does not store anything. */
export async function requestTokenPair(refreshToken: string): Promise<Envelope<TokenPair>> {
  return send(
    {
      method: 'POST',
      path: '/auth/refresh-tokens',
      body: { refreshToken },
      schema: () => import('./auth-contracts').then((m) => m.TokenPairSchema),
    },
    null,
  );
}

type ExpiryListener = () => void;
const expiryListeners = new Set<ExpiryListener>();

/** The session ended because the server refused the refresh token (or it had expired). Tokens are already cleared. */
export function onSessionExpired(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

function expireSession(): void {
  clearSession();
  for (const listener of [...expiryListeners]) listener();
}

/** 4xx answers to a refresh mean the refresh token is no good; 408/429 and 5xx are worth another try later. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![408, 429].includes(error.status)
  );
}

let refreshInFlight: Promise<void> | null = null;

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks API), where the browser has it.
 * The server rotates refresh tokens and treats a reused one as theft (it revokes the whole family), so two tabs must
 * never spend the same refresh token.
 */
function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  return locks ? locks.request('civicfleet.token-refresh', task) : task();
}

async function runRefresh(): Promise<void> {
  const seenRefreshToken = readRefreshToken()?.token ?? null;
  await withCrossTabLock(async () => {
    const refreshToken = readRefreshToken();
    // Another tab refreshed while this one waited for the lock: its tokens are in storage already.
    if (refreshToken !== null && refreshToken.token !== seenRefreshToken && isTokenValid(readAccessToken()))
      return;
    if (!isTokenValid(refreshToken, 0)) {
      expireSession();
      throw new ApiError({ status: 401, serverMessage: AUTH_MESSAGES.refreshInvalid });
    }
    try {
      writeTokens((await requestTokenPair(refreshToken.token)).data);
    } catch (error) {
      if (isRefusal(error)) expireSession();
      throw error;
    }
  });
}

/**
 * Refreshes the stored tokens. Single flight: callers arriving while a refresh runs share it, so the rotated refresh
 * token is spent once. A refusal clears the session and notifies `onSessionExpired`; network or 5xx failures reject
 * without touching the stored session.
 */
export function refreshSessionOnce(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}
