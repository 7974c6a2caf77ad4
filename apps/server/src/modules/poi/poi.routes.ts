/** /v1/poi (spec 01 §2.6 "POI (list, add, edit/:id; actions add, edit, delete)", console path /management/POI). */
import { z } from 'zod';
import {
  IdParamsSchema,
  PoiInputSchema,
  PoiListQuerySchema,
  PoiPageSchema,
  PoiSchema,
  envelopeSchema,
} from '@civicfleet/shared';
import type { ApiModule } from '../../http/types.ts';
import { actorOf, toId } from '../organisation/scope.ts';
import { createPoiService } from './poi.service.ts';

const ok = <T>(message: string, data: T) => ({ success: true, message, data });
const MODULE = 'poi';

export const poiModule: ApiModule = {
  name: 'poi',
  register(app, deps) {
    const service = createPoiService({ db: deps.db, bus: deps.bus });
    const tags = ['poi'];

    app.get(
      '/poi',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, querystring: PoiListQuerySchema, response: { 200: envelopeSchema(PoiPageSchema) } },
      },
      async (request) => ok('POIs', await service.list(request.auth, request.query)),
    );

    app.get(
      '/poi/:id',
      {
        config: { permission: { module: MODULE } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(PoiSchema) } },
      },
      async (request) => ok('POI', await service.get(request.auth, toId(request.params.id))),
    );

    app.post(
      '/poi',
      {
        config: { permission: { module: MODULE, action: 'add-poi' } },
        schema: { tags, body: PoiInputSchema, response: { 200: envelopeSchema(PoiSchema) } },
      },
      async (request) => ok('POI created', await service.create(actorOf(request), request.body)),
    );

    app.put(
      '/poi/:id',
      {
        config: { permission: { module: MODULE, action: 'edit-poi-result-table' } },
        schema: {
          tags,
          params: IdParamsSchema,
          body: PoiInputSchema,
          response: { 200: envelopeSchema(PoiSchema) },
        },
      },
      async (request) =>
        ok('POI updated', await service.update(actorOf(request), toId(request.params.id), request.body)),
    );

    app.delete(
      '/poi/:id',
      {
        config: { permission: { module: MODULE, action: 'delete-poi-result-table' } },
        schema: { tags, params: IdParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await service.remove(actorOf(request), toId(request.params.id));
        return ok('POI deleted', null);
      },
    );
  },
};
