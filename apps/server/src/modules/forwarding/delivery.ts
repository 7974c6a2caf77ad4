/**
 * One delivery attempt to a receiver, classified for the retry rules (docs/forwarding.md "Retries"): network errors,
 * timeouts, 408, 429 and 5xx are worth retrying (429/503 may say when, in Retry-After); any other non-2xx answer is
 * a refusal a retry cannot fix, and so is an address the SSRF guard refuses (address-guard.ts). Redirects are not
 * followed (a receiver must be configured with its real address).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  assertAllowedLiteral,
  guardedLookup,
  PrivateAddressError,
  PUBLIC_ONLY,
  type AddressPolicy,
} from './address-guard.ts';

export interface AttemptResult {
  ok: boolean;
  /** Worth trying again later. */
  retryable: boolean;
  /** HTTP status, null for TCP or no answer. */
  status: number | null;
  /** Retry-After of the answer (ms), when it gave one. */
  retryAfterMs: number | null;
  /** The start of the answer, or what went wrong. */
  detail: string;
  durationMs: number;
}

const DETAIL_MAX = 500;

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
    const cause = (error as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : null;
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

/** One POST with node:http(s) (the guarded lookup decides which addresses may be reached); no redirects. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  policy: AddressPolicy = PUBLIC_ONLY,
): Promise<AttemptResult> {
  const started = Date.now();
  const failed = (error: unknown, retryable: boolean): AttemptResult => ({
    ok: false,
    retryable,
    status: null,
    retryAfterMs: null,
    detail: errorText(error).slice(0, DETAIL_MAX),
    durationMs: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
    assertAllowedLiteral(target.hostname, policy);
  } catch (error) {
    return Promise.resolve(failed(error, !(error instanceof PrivateAddressError)));
  }
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(policy),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < DETAIL_MAX) text += chunk;
        });
        response.on('error', (error) => finish(failed(error, true)));
        response.on('end', () => {
          text = text.slice(0, DETAIL_MAX);
          const ok = status >= 200 && status < 300;
          const retryAfter = response.headers['retry-after'];
          finish({
            ok,
            retryable: !ok && isRetryableStatus(status),
            status,
            retryAfterMs: parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null, Date.now()),
            detail: ok ? text : `HTTP ${status}${text ? `: ${text}` : ''}`.slice(0, DETAIL_MAX),
            durationMs: Date.now() - started,
          });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(failed(new Error('timed out'), true));
    }, timeoutMs);
    req.on('error', (error) => finish(failed(error, !(error instanceof PrivateAddressError))));
    req.end(body);
  });
}

/**
 * Writes `chunks` on one TCP connection and closes it: delivered once the peer has the bytes (our FIN is sent after
 * them and the socket closes without error). ERSS backends answer nothing to forwarded packets.
 */
export function sendTcp(
  host: string,
  port: number,
  chunks: readonly Uint8Array[],
  timeoutMs: number,
  policy: AddressPolicy = PUBLIC_ONLY,
): Promise<AttemptResult> {
  const started = Date.now();
  const result = (error: unknown): AttemptResult => ({
    ok: error === null,
    retryable: error !== null && !(error instanceof PrivateAddressError),
    status: null,
    retryAfterMs: null,
    detail: error === null ? 'sent' : errorText(error).slice(0, DETAIL_MAX),
    durationMs: Date.now() - started,
  });
  try {
    assertAllowedLiteral(host, policy);
  } catch (error) {
    return Promise.resolve(result(error));
  }
  return new Promise((resolve) => {
    let settled = false;
    const socket = net.connect({ host, port, lookup: guardedLookup(policy) });
    const finish = (error: unknown): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result(error));
    };
    const timer = setTimeout(() => finish(new Error('timed out')), timeoutMs);
    socket.on('error', (error) => finish(error));
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      socket.end(() => finish(null));
    });
    socket.on('data', () => undefined);
  });
}
