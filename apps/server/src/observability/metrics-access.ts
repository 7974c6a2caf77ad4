/**
 * Who may read /metrics (API and ops server alike). With METRICS_TOKEN: only `Authorization: Bearer <token>` (401
 * otherwise). Without it: only loopback clients that did not come through a proxy (403 otherwise) — a reverse proxy
 * on the same host would make every outside client look like 127.0.0.1, so a request carrying X-Forwarded-For or
 * Forwarded is refused too. Metrics name routes, job names and load figures: not for the public.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface MetricsRequest {
  /** The TCP peer (socket.remoteAddress), never a forwarded address. */
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
}

export type MetricsDenial = { statusCode: 401 | 403; message: string };

export const METRICS_TOKEN_REQUIRED =
  'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).';
export const METRICS_LOOPBACK_ONLY =
  'Metrics are served only to loopback clients; set METRICS_TOKEN to scrape from elsewhere.';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** null: allowed; else the status and message to answer. */
export function checkMetricsAccess(request: MetricsRequest, token: string | undefined): MetricsDenial | null {
  if (token) {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    // Compared as digests: equal length, constant time.
    if (match?.[1] && timingSafeEqual(digest(match[1]), digest(token))) return null;
    return { statusCode: 401, message: METRICS_TOKEN_REQUIRED };
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (isLoopback(request.remoteAddress) && !forwarded) return null;
  return { statusCode: 403, message: METRICS_LOOPBACK_ONLY };
}
