/**
 * GET /v1/healthz (the process answers) and GET /v1/readyz (the database and the bus answer: with REDIS_URL, Redis
 * must answer PING, else live deltas and device commands would not reach the other processes). Load balancers and
 * the e2e harness poll these.
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
        try {
          await deps.bus.ping();
        } catch {
          throw new ServiceUnavailableError('The message bus (Redis) is not reachable.');
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
