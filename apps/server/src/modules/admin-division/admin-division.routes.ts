/** /v1/admin-divisions (spec 01 §7 "GET /admin-divisions/{id}"; spec 02 §7 "Reference data"). Read-only for now. */
import { z } from 'zod';
import {
  AdminDivisionQuerySchema,
  AdminDivisionSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { toId } from '../organisation/scope.ts';
import { createAdminDivisionService } from './admin-division.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'admin-division';

export const adminDivisionModule: ApiModule = {
  name: 'admin-division',
  register(app, deps) {
    const service = createAdminDivisionService({ db: deps.db });
    const tags = ['admin-division'];

    app.get(
      '/admin-divisions',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: AdminDivisionQuerySchema,
          response: { 200: envelopeSchema(z.array(AdminDivisionSchema)) },
        },
      },
      async (request) => ok('Admin divisions', await service.list(request.auth, request.query)),
    );

    app.get(
      '/admin-divisions/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(AdminDivisionSchema) } },
      },
      async (request) => ok('Admin division', await service.get(request.auth, toId(request.params.id))),
    );
  },
};
