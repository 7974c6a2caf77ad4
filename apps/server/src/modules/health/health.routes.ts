/**
 * GET /v1/healthz (the process answers) and GET /v1/readyz (the database answers). Load balancers and the e2e
 * harness poll these; the scale-out issue adds the bus to readiness and a Prometheus endpoint.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeSchema } from '@civicfleet/shared';
import { rows } from '../../db/client.ts';
import { ServiceUnavailableError } from '../../http/errors.ts';
import type { ApiModule } from '../../http/types.ts';

const HealthSchema = envelopeSchema(z.object({ status: z.string(), uptimeS: z.number() }));

export const healthModule: ApiModule = {
  name: 'health',
  register(app, deps) {
    app.get(
      '/healthz',
      {
        config: { permission: { public: true } },
        schema: { tags: ['health'], response: { 200: HealthSchema } },
      },
      async () => ({
        success: true,
        message: 'alive',
        data: { status: 'alive', uptimeS: Math.round(process.uptime()) },
      }),
    );
    app.get(
      '/readyz',
      {
        config: { permission: { public: true } },
        schema: { tags: ['health'], response: { 200: HealthSchema } },
      },
      async () => {
        try {
          await rows(deps.db, sql`select 1 as ok`);
        } catch {
          throw new ServiceUnavailableError('The database is not reachable.');
        }
        return {
          success: true,
          message: 'ready',
          data: { status: 'ready', uptimeS: Math.round(process.uptime()) },
        };
      },
    );
  },
};
