/** Fallback text when a failed call carries no message of its own (spec 01 §7 "Answers"). */
export const GENERIC_ERROR_MESSAGE = 'There is an error!';

interface ApiErrorInit {
  status: number;
  /** The server's `message`; absent when the answer had none (network failure, proxy page, empty body). */
  serverMessage?: string | undefined;
  errors?: Record<string, string> | undefined;
  cause?: unknown;
}

/**
 * Every failed `/v1` call rejects with this. `status` is the HTTP status, 0 when no answer arrived.
 * `errors` maps a field path to a message for validation failures (docs/conventions.md "Wire").
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | undefined;
  /** True when `message` is the server's own text rather than the generic fallback. */
  readonly hasServerMessage: boolean;

  constructor({ status, serverMessage, errors, cause }: ApiErrorInit) {
    const hasServerMessage = typeof serverMessage === 'string' && serverMessage.trim() !== '';
    super(hasServerMessage ? serverMessage : GENERIC_ERROR_MESSAGE, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.hasServerMessage = hasServerMessage;
  }
}

/** Duck-typed: the DOMException of an aborted fetch may come from another realm (jsdom, undici). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** Normalises anything a call may throw into an ApiError (aborts are the caller's business and are not wrapped). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ status: 0, cause: error });
}
