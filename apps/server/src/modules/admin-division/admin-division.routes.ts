/**
 * /v1/admin-divisions (spec 01 §7 "GET /admin-divisions/{id}"; §2.6 admin-division add/edit/delete; spec 02 §7
 * "Reference data"). Static paths before /admin-divisions/:id.
 */
import { z } from 'zod';
import {
  AdminDivisionCreateSchema,
  AdminDivisionFilterQuerySchema,
  AdminDivisionImportResultSchema,
  AdminDivisionImportSchema,
  AdminDivisionSchema,
  AdminDivisionUpdateSchema,
  IdParamsSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createAdminDivisionWriteService } from './admin-division-write.service.ts';
import { createAdminDivisionService } from './admin-division.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'admin-division';

export const adminDivisionModule: ApiModule = {
  name: 'admin-division',
  register(app, deps) {
    const service = createAdminDivisionService({ db: deps.db });
    const writes = createAdminDivisionWriteService({ db: deps.db, bus: deps.bus });
    const tags = ['admin-division'];

    app.get(
      '/admin-divisions',
      {
        config: { permission: { module: MODULE } },
        schema: {
          tags,
          querystring: AdminDivisionFilterQuerySchema,
          response: { 200: envelopeSchema(z.array(AdminDivisionSchema)) },
        },
      },
      async (request) => ok('Admin divisions', await service.list(request.auth, request.query)),
    );

    app.post(
      '/admin-divisions/import',
      {
        config: { permission: { module: MODULE, action: 'add-admin-division' } },
        bodyLimit: 25 * 1024 * 1024,
        schema: {
          tags,
          body: AdminDivisionImportSchema,
          response: { 200: envelopeSchema(AdminDivisionImportResultSchema) },
        },
      },
      async (request) =>
        ok('Admin divisions imported', await writes.importFile(actorOf(request), request.body)),
    );

    app.get(
      '/admin-divisions/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(AdminDivisionSchema) } },
      },
      async (request) => ok('Admin division', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/admin-divisions',
      {
        config: { permission: { module: MODULE, action: 'add-admin-division' } },
        schema: {
          tags,
          body: AdminDivisionCreateSchema,
          response: { 200: envelopeSchema(AdminDivisionSchema) },
        },
      },
      async (request) => {
        const id = await writes.create(actorOf(request), request.body);
        return ok('Admin division created', await service.get(request.auth, id));
      },
    );

    app.put(
      '/admin-divisions/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-admin-division-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: AdminDivisionUpdateSchema,
          response: { 200: envelopeSchema(AdminDivisionSchema) },
        },
      },
      async (request) => {
        const id = toId(request.params.id);
        await writes.update(actorOf(request), id, request.body);
        return ok('Admin division updated', await service.get(request.auth, id));
      },
    );

    app.delete(
      '/admin-divisions/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-admin-division-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await writes.remove(actorOf(request), toId(request.params.id));
        return ok('Admin division deleted', null);
      },
    );
  },
};
