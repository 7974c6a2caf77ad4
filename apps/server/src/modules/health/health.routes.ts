/**
 * GET /v1/healthz (the process answers) and GET /v1/readyz (the database and the bus answer: with REDIS_URL, Redis
 * must answer PING, else live deltas and device commands would not reach the other processes). Load balancers and
 * the e2e harness poll these.
 *
 * registerRootOpsRoutes (app.ts, outside /v1): the same /healthz and /readyz at the root, where orchestrators look
 * for them, and GET /metrics (Prometheus text of the process's registry; access rule in
 * observability/metrics-access.ts: METRICS_TOKEN bearer, else loopback only). docs/operations.md.
 */
import { z } from 'zod';
import { envelopeSchema } from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Db } from '../../db/client.ts';
import { ServiceUnavailableError } from '../../http/errors.ts';
import type { ApiApp, ApiModule } from '../../http/types.ts';
import { checkMetricsAccess } from '../../observability/metrics-access.ts';
import { renderMetrics, type Metrics } from '../../observability/metrics.ts';
import { checkReadiness } from '../../observability/readiness.ts';

const HealthSchema = envelopeSchema(z.object({ status: z.string(), uptimeS: z.number() }));

const alive = () => ({
  success: true as const,
  message: 'alive',
  data: { status: 'alive', uptimeS: Math.round(process.uptime()) },
});

/** /healthz and /readyz on `app` (under whatever prefix it has). */
function registerProbes(app: ApiApp, deps: { db: Db; bus?: Bus | undefined }): void {
  app.get(
    '/healthz',
    {
      config: { permission: { public: true } },
      schema: { tags: ['health'], response: { 200: HealthSchema } },
    },
    async () => alive(),
  );
  app.get(
    '/readyz',
    {
      config: { permission: { public: true } },
      schema: { tags: ['health'], response: { 200: HealthSchema } },
    },
    async () => {
      const problem = await checkReadiness(deps.db, deps.bus);
      if (problem) throw new ServiceUnavailableError(problem);
      return {
        success: true,
        message: 'ready',
        data: { status: 'ready', uptimeS: Math.round(process.uptime()) },
      };
    },
  );
}

export const healthModule: ApiModule = {
  name: 'health',
  register(app, deps) {
    registerProbes(app, deps);
  },
};

export interface RootOpsDeps {
  db: Db;
  bus: Bus;
  metrics: Metrics;
  /** METRICS_TOKEN; unset: /metrics only for loopback clients. */
  metricsToken: string | undefined;
}

export function registerRootOpsRoutes(app: ApiApp, deps: RootOpsDeps): void {
  registerProbes(app, deps);
  app.get(
    '/metrics',
    { config: { permission: { public: true } }, schema: { tags: ['health'], hide: true } },
    async (request, reply) => {
      const denied = checkMetricsAccess(
        { remoteAddress: request.socket.remoteAddress, headers: request.headers },
        deps.metricsToken,
      );
      if (denied) return reply.status(denied.statusCode).send({ success: false, message: denied.message });
      const { contentType, body } = await renderMetrics(deps.metrics);
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}
