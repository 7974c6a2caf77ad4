/**
 * GET /v1/fitment/lookup/person and /v1/fitment/lookup/devices: the fitment form's lookups (fitment-lookup.service.ts).
 * Declared `{ module: 'fitment' }`; the service requires add-fitment OR edit-fitment-result-table. The person lookup
 * is rate limited per signed-in user so that nobody can walk the phone numbers.
 */
import {
  FITMENT_LOOKUP_MESSAGES,
  FitmentDeviceLookupQuerySchema,
  FitmentDeviceOptionsSchema,
  FitmentPersonLookupQuerySchema,
  FitmentPersonLookupSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../http/errors.ts';
import { memoryLimiters } from '../../http/rate-limit.ts';
import type { ApiApp, ModuleDeps } from '../../http/types.ts';
import { createFitmentLookupService } from './fitment-lookup.service.ts';

/** Person lookups per user per minute: a busy fitter looks up two numbers per fitment. */
export const PERSON_LOOKUPS_PER_MINUTE = 30;

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export function registerFitmentLookups(app: ApiApp, deps: ModuleDeps): void {
  const service = createFitmentLookupService({ db: deps.db, clock: deps.clock });
  const limiter = memoryLimiters({
    keyPrefix: 'fitment_person_lookup',
    points: PERSON_LOOKUPS_PER_MINUTE,
    duration: 60,
  });
  const limitPerUser = async (request: FastifyRequest) => {
    try {
      await limiter.consume(String(request.auth.userId));
    } catch (error) {
      if (error instanceof RateLimiterRes)
        throw new TooManyRequestsError(FITMENT_LOOKUP_MESSAGES.rateLimited, error.msBeforeNext / 1000);
      throw error;
    }
  };
  const config = { permission: { module: 'fitment' } };
  const tags = ['fitment'];

  app.get(
    '/fitment/lookup/person',
    {
      config,
      preHandler: limitPerUser,
      schema: {
        tags,
        querystring: FitmentPersonLookupQuerySchema,
        response: { 200: envelopeSchema(FitmentPersonLookupSchema) },
      },
    },
    async (request) => ok('Person lookup', await service.person(request.auth, request.query)),
  );

  app.get(
    '/fitment/lookup/devices',
    {
      config,
      schema: {
        tags,
        querystring: FitmentDeviceLookupQuerySchema,
        response: { 200: envelopeSchema(FitmentDeviceOptionsSchema) },
      },
    },
    async (request) => ok('Devices', await service.devices(request.auth, request.query)),
  );
}
