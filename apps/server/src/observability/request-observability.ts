/**
 * Request ids and the HTTP latency histogram (app.ts).
 *
 * - Request id: an incoming `X-Request-Id` of at most 64 characters of [A-Za-z0-9._-] is kept (a proxy's or the
 *   caller's id, so one request can be followed across services); anything else gets a fresh random id. Fastify logs
 *   it as `reqId`; every answer echoes it in `X-Request-Id`; 5xx envelopes carry it as `requestId`.
 * - Latency: every answered request is observed with its route pattern (`/v1/vehicles/:id`, never the raw URL, so
 *   the series stay bounded); a request that matched no route counts as `unmatched`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HttpMetrics } from './metrics.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function registerRequestObservability(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDone(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
