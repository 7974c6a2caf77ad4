/**
 * Test double for the network: replaces global `fetch` only, so the client, the session and the pages run for real.
 * Routes are "METHOD /path" under /v1 (query string ignored); a list of replies is used in order, the last repeats.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** Path under /v1, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON body, or undefined. */
  body: unknown;
}

export type Reply = Response | ((call: RecordedCall) => Response | Promise<Response>);

export function jsonResponse(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A successful envelope. */
export function ok(data: unknown, message = ''): Response {
  return jsonResponse(200, { success: true, message, data });
}

/** A failed envelope; without a message the body carries none (like a bare proxy error). */
export function fail(status: number, message?: string, errors?: Record<string, string>): Response {
  return jsonResponse(
    status,
    message === undefined ? { success: false } : { success: false, message, errors },
  );
}

/** A reply that waits for `release()` (for in-flight states and concurrency). */
export function deferred(reply: () => Response): { reply: Reply; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { reply: async () => gate.then(reply), release };
}

export function stubFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/v1/, '');
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
    };
    calls.push(call);
    const key = `${method} ${path}`;
    const entry = routes[key];
    if (entry === undefined) throw new Error(`Unexpected request in test: ${key}`);
    const replies = Array.isArray(entry) ? entry : [entry];
    const index = served.get(key) ?? 0;
    served.set(key, index + 1);
    const reply = replies[Math.min(index, replies.length - 1)];
    if (reply === undefined) throw new Error(`No reply configured for ${key}`);
    return typeof reply === 'function' ? reply(call) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The recorded calls to one route, e.g. "POST /auth/refresh-tokens". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
