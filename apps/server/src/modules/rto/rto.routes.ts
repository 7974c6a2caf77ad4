/**
 * /v1/rto (spec 02 §7 "Reference data": RTO GET with state filter, a state list GET without filter). Any signed-in
 * user reads them (fitment and vehicle forms); only SUPER_ADMIN imports.
 */
import { z } from 'zod';
import {
  RtoImportInputSchema,
  RtoImportResultSchema,
  RtoListSchema,
  RtoQuerySchema,
  StateSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf } from '../organisation/scope.ts';
import { createRtoService } from './rto.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });

export const rtoModule: ApiModule = {
  name: 'rto',
  register(app, deps) {
    const service = createRtoService({ db: deps.db });
    const tags = ['rto'];

    app.get(
      '/rto/states',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, response: { 200: envelopeSchema(z.array(StateSchema)) } },
      },
      async () => ok('States', service.states()),
    );

    app.get(
      '/rto',
      {
        config: { permission: { authenticated: true } },
        schema: { tags, querystring: RtoQuerySchema, response: { 200: envelopeSchema(RtoListSchema) } },
      },
      async (request) => ok('RTO list', await service.list(request.query)),
    );

    app.post(
      '/rto/import',
      {
        config: { permission: { superAdminOnly: true } },
        schema: {
          tags,
          body: RtoImportInputSchema,
          response: { 200: envelopeSchema(RtoImportResultSchema) },
        },
      },
      async (request) => ok('RTOs imported', await service.importCsv(actorOf(request), request.body)),
    );
  },
};
