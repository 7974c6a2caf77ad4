/** GET /v1/check-port?host=&port= (public, rate-limited per client IP). */
import { PortCheckQuerySchema, PortCheckResultSchema, envelopeSchema } from '@civicfleet/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../http/errors.ts';
import { memoryLimiters } from '../../http/rate-limit.ts';
import type { ApiModule } from '../../http/types.ts';
import { createPortCheckService } from './port-check.service.ts';

export const PORT_CHECKS_PER_MINUTE = 10;
export const PORT_CHECK_RATE_MESSAGE = `Too many port checks: at most ${PORT_CHECKS_PER_MINUTE} a minute. Try again shortly.`;

export const portCheckModule: ApiModule = {
  name: 'port-check',
  register(app, deps) {
    const service = createPortCheckService({ devicePorts: deps.env.devicePorts });
    const limiter = memoryLimiters({ keyPrefix: 'check_port', points: PORT_CHECKS_PER_MINUTE, duration: 60 });

    app.get(
      '/check-port',
      {
        config: { permission: { public: true } },
        schema: {
          tags: ['port-check'],
          querystring: PortCheckQuerySchema,
          response: { 200: envelopeSchema(PortCheckResultSchema) },
        },
        // Counted before validation, so malformed attempts use up the allowance too.
        onRequest: async (request) => {
          try {
            await limiter.consume(request.ip);
          } catch (error) {
            if (error instanceof RateLimiterRes)
              throw new TooManyRequestsError(PORT_CHECK_RATE_MESSAGE, error.msBeforeNext / 1000);
            throw error;
          }
        },
      },
      async (request) => {
        const result = await service.check(request.query.host, request.query.port);
        const message = result.open
          ? `Port ${result.port} on ${result.host} is open.`
          : `Port ${result.port} on ${result.host} is closed or not reachable.`;
        return { success: true, message, data: result };
      },
    );
  },
};
