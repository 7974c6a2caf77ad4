/** /v1/raw-logs?imei=&from=&to= (spec 01 §7 "raw-logs"; module 'raw-logs'). */
import { RawLogPageSchema, RawLogQuerySchema, envelopeSchema } from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { createRawLogService } from './raw-log.service.ts';

export const rawLogModule: ApiModule = {
  name: 'raw-logs',
  register(app, deps) {
    const service = createRawLogService({ db: deps.db, clock: deps.clock });
    app.get(
      '/raw-logs',
      {
        config: { permission: { module: 'raw-logs' } },
        schema: {
          tags: ['raw-logs'],
          querystring: RawLogQuerySchema,
          response: { 200: envelopeSchema(RawLogPageSchema) },
        },
      },
      async (request) => ok('Raw logs', await service.list(request.auth, request.query)),
    );
  },
};

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
