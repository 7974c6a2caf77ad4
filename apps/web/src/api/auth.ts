/**
 * Sign-in and session calls (spec 01 §7). Each resolves with a result instead of rejecting: "Auth calls wrap failures
 * in a result with success false and the error message". A cancelled call still rejects with its AbortError.
 */
import type {
  ChangePasswordBodySchema,
  Envelope,
  LoginAnswer,
  LoginBody,
  LoginResult,
  SessionUser,
  TokenPair,
} from '@civicfleet/shared';
import type { z } from 'zod';
import type { ForgotPasswordResult } from './auth-contracts';
import { apiEnvelope, isAbortError, requestTokenPair, toApiError } from './client';
import { writeTokens } from './token-store';

export type { ForgotPasswordResult } from './auth-contracts';

/** The answers' schemas load with the first call, in parallel with it: see auth-contracts.ts. */
const contracts = () => import('./auth-contracts');

export type AuthResult<T> =
  | { success: true; message: string; data: T }
  | {
      success: false;
      /** The server's message, or "There is an error!" when it gave none. */
      message: string;
      hasServerMessage: boolean;
      /** HTTP status; 0 when no answer arrived. */
      status: number;
      /** Field path → message, for validation failures. */
      errors?: Record<string, string> | undefined;
    };

async function wrap<T>(call: () => Promise<Envelope<T>>): Promise<AuthResult<T>> {
  try {
    const { message, data } = await call();
    return { success: true, message, data };
  } catch (error) {
    if (isAbortError(error)) throw error;
    const apiError = toApiError(error);
    return {
      success: false,
      message: apiError.message,
      hasServerMessage: apiError.hasServerMessage,
      status: apiError.status,
      errors: apiError.errors,
    };
  }
}

/**
 * POST /auth/login {username, password}. The caller normalises the username (+91 rule of spec 01 §5). Users with
 * two-step verification on get `{ mfaRequired, challenge }` instead of a session: see loginMfa.
 */
export function login(body: LoginBody): Promise<AuthResult<LoginAnswer>> {
  return wrap(() =>
    apiEnvelope({
      method: 'POST',
      path: '/auth/login',
      body,
      schema: () => contracts().then((m) => m.LoginAnswerSchema),
      anonymous: true,
    }),
  );
}

/** The second sign-in step: the challenge of POST /auth/login with a 6-digit code or a recovery code. */
export type LoginMfaInput = { challenge: string } & ({ code: string } | { recoveryCode: string });

/** POST /auth/login/mfa {challenge, code | recoveryCode}: answers the session like POST /auth/login. */
export function loginMfa(body: LoginMfaInput): Promise<AuthResult<LoginResult>> {
  return wrap(() =>
    apiEnvelope({
      method: 'POST',
      path: '/auth/login/mfa',
      body,
      schema: () => contracts().then((m) => m.LoginResultSchema),
      anonymous: true,
    }),
  );
}

/** GET /auth/logged-in-user/{id}: the user with role (authScopes) and the permission list the server computed. */
export function loggedInUser(userId: string, signal?: AbortSignal): Promise<AuthResult<SessionUser>> {
  return wrap(() =>
    apiEnvelope({
      method: 'GET',
      path: `/auth/logged-in-user/${encodeURIComponent(userId)}`,
      schema: () => contracts().then((m) => m.SessionUserSchema),
      signal,
    }),
  );
}

/** POST /auth/refresh-tokens {refreshToken}. Stores nothing; the session uses `refreshSessionOnce` from the client. */
export function refresh(refreshToken: string): Promise<AuthResult<TokenPair>> {
  return wrap(() => requestTokenPair(refreshToken));
}

/** POST /auth/logout {refreshToken}. Public: it must work with an expired access token, so none is sent. */
export function logout(refreshToken: string): Promise<AuthResult<unknown>> {
  return wrap(() =>
    apiEnvelope({ method: 'POST', path: '/auth/logout', body: { refreshToken }, anonymous: true }),
  );
}

/** POST /auth/forgot-password {username}: sends a 6-digit code; `data.otpToken` keys the reset screen. */
export function forgotPassword(username: string): Promise<AuthResult<ForgotPasswordResult>> {
  return wrap(() =>
    apiEnvelope({
      method: 'POST',
      path: '/auth/forgot-password',
      body: { username },
      schema: () => contracts().then((m) => m.ForgotPasswordResultSchema),
      anonymous: true,
    }),
  );
}

/** The two reset forms: the 6-digit code sent by forgot-password, or the token of an e-mailed link. */
export type ResetPasswordInput =
  { otp: string; otpToken: string; password: string } | { token: string; password: string };

/** POST /auth/reset-password?otp={otp} {otpToken, password}, or ?token={token} {password}. */
export function resetPassword(input: ResetPasswordInput): Promise<AuthResult<unknown>> {
  const request =
    'token' in input
      ? { query: { token: input.token }, body: { password: input.password } }
      : { query: { otp: input.otp }, body: { otpToken: input.otpToken, password: input.password } };
  return wrap(() =>
    apiEnvelope({ method: 'POST', path: '/auth/reset-password', ...request, anonymous: true }),
  );
}

/** username is the signed-in user's e-mail or phone. */
export type ChangePasswordInput = z.input<typeof ChangePasswordBodySchema>;

/** POST /auth/change-password {username, password, newpassword} (signed in). Keeps the new tokens it answers. */
export async function changePassword(body: ChangePasswordInput): Promise<AuthResult<unknown>> {
  const result = await wrap(() =>
    apiEnvelope({
      method: 'POST',
      path: '/auth/change-password',
      body,
      schema: () => contracts().then((m) => m.ChangePasswordResultSchema),
    }),
  );
  if (result.success && result.data.token !== undefined) writeTokens(result.data.token);
  return result;
}
