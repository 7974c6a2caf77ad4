/**
 * Request logging without secrets: share links carry their token in the query (and a client may still try
 * `/v1/live?token=…`, which is refused but logged), and Fastify's default request serializer logs the whole URL. Values of secret query parameters are
 * replaced by `[redacted]`; the rest of the URL is kept for debugging.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = new Set(['token', 'share', 'refreshtoken', 'access_token', 'otp', 'key']);

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's `req` log serializer with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
